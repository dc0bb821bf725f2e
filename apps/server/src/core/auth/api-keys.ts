import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { API_KEY_PREFIX, isApiKeyScope, type ApiKeyScope } from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys, restaurants } from '../db/schema.js';
import { refuse } from '../http/errors.js';
import type { ApiKeyActor } from './actors.js';

/**
 * A new key's secret: the prefix and 32 random bytes (256 bits) in base64url.
 *
 * Stored as its SHA-256, not with a password hash (argon2, scrypt): those are slow on purpose to
 * make guessing a person's short password expensive, but nobody can guess 256 random bits, fast
 * hash or not. A slow hash would cost every request (a key is used up to 20 times a second) and,
 * being salted, could not be looked up by its hash: the key would need an id beside its secret.
 */
export function newApiKeySecret(): {
  key: string;
  secretHash: string;
  start: string;
  last4: string;
} {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return {
    key,
    secretHash: hashApiKey(key),
    start: key.slice(0, API_KEY_PREFIX.length + 4),
    last4: key.slice(-4),
  };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** What a request's key lets it do, read from the database at every request. */
export interface ApiKeyAuth {
  actor: ApiKeyActor;
  scopes: readonly ApiKeyScope[];
  allowedSources: readonly string[];
}

/**
 * The key a request carries, or a 401. Read from the database at every request (no cache), so a
 * revoke or a roll on any instance holds for the next request on every instance. The request is
 * counted on the key (its last use and request count) in the same statement.
 */
export async function authenticateApiKey(db: Db, key: string): Promise<ApiKeyAuth> {
  if (!looksLikeApiKey(key) || key.length > 200) throw refuse('API_KEY_INVALID');
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(), requestCount: sql`${apiKeys.requestCount} + 1` })
    .where(
      and(
        eq(apiKeys.secretHash, hashApiKey(key)),
        sql`${apiKeys.revokedAt} is null`,
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
        // A suspended restaurant's keys are refused like its staff's sessions.
        sql`exists (select 1 from ${restaurants} where ${restaurants.id} = ${apiKeys.restaurantId} and ${restaurants.status} <> 'suspended')`,
      ),
    )
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      restaurantId: apiKeys.restaurantId,
      scopes: apiKeys.scopes,
      allowedSources: apiKeys.allowedSources,
    });
  if (!row) throw refuse('API_KEY_INVALID');
  return {
    actor: {
      kind: 'api_key',
      restaurantId: row.restaurantId,
      apiKeyId: row.id,
      apiKeyName: row.name,
    },
    scopes: row.scopes.filter(isApiKeyScope),
    allowedSources: row.allowedSources,
  };
}

/** An IPv4 address written as IPv6 (`::ffff:203.0.113.7`) as the IPv4 address it is. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Whether `ip` is one of the addresses or networks a key allows (any, when it names none). */
export function sourceAllowed(ip: string, sources: readonly string[]): boolean {
  if (sources.length === 0) return true;
  const address = plainAddress(ip);
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!type) return false;
  const list = new BlockList();
  for (const source of sources) {
    const [net, bits] = source.split('/');
    const family = isIPv4(net!) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(net!, family);
    else list.addSubnet(net!, Number(bits), family);
  }
  return list.check(address, type);
}
