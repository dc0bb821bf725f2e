import {
  hasPermission,
  isReadScope,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeyWithSecret,
  type CreateApiKeyInput,
} from '@tavola/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { newApiKeySecret } from '../../core/auth/api-keys.js';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { apiKeys, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';

type KeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: KeyRow, createdBy: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    masked: `${row.start}…${row.last4}`,
    scopes: row.scopes as ApiKeyScope[],
    allowedSources: row.allowedSources,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    requestCount: row.requestCount,
    createdAt: row.createdAt.toISOString(),
    createdBy,
  };
}

/** Whether the actor may hold a key with these scopes: an admin any, a manager reading ones. */
function mayGrant(actor: StaffActor, scopes: readonly string[]): boolean {
  return (
    hasPermission(actor.user.permissions, 'full_access') ||
    scopes.every((s) => isReadScope(s as ApiKeyScope))
  );
}

async function keyView(db: DbOrTx, restaurantId: string, id: string): Promise<ApiKey> {
  const [row] = await db
    .select({ key: apiKeys, createdBy: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.restaurantId, restaurantId)));
  if (!row) throw refuse('API_KEY_NOT_FOUND');
  return toApiKey(row.key, row.createdBy);
}

/** The restaurant's keys, newest first, revoked ones included (their history stays visible). */
export async function listApiKeys(db: Db, restaurantId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, createdBy: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.restaurantId, restaurantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toApiKey(r.key, r.createdBy));
}

export async function createApiKey(
  ctx: WorkContext,
  actor: StaffActor,
  input: CreateApiKeyInput,
): Promise<ApiKeyWithSecret> {
  if (!mayGrant(actor, input.scopes)) throw refuse('API_KEY_WRITE_ADMIN_ONLY');
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw refuse('API_KEY_EXPIRY_PAST');
  const secret = newApiKeySecret();
  return runWork(ctx, actor, async (uow) => {
    const [row] = await uow.tx
      .insert(apiKeys)
      .values({
        restaurantId: actor.restaurantId,
        name: input.name,
        secretHash: secret.secretHash,
        start: secret.start,
        last4: secret.last4,
        scopes: [...input.scopes],
        allowedSources: input.allowedSources ?? [],
        expiresAt,
        createdBy: actor.user.id,
      })
      .returning();
    uow.audit({
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: row!.id,
      details: { name: input.name, scopes: input.scopes, key: `${secret.start}…${secret.last4}` },
    });
    return { ...toApiKey(row!, actor.user.name), key: secret.key };
  });
}

/** The key's row, locked, if it is the restaurant's and still in use. */
async function liveKey(tx: DbOrTx, restaurantId: string, id: string): Promise<KeyRow> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.restaurantId, restaurantId)))
    .for('update');
  if (!row) throw refuse('API_KEY_NOT_FOUND');
  if (row.revokedAt) throw refuse('API_KEY_REVOKED');
  return row;
}

/**
 * Revokes a key. Every instance reads the key from the database at each request, so the next
 * request with it is refused wherever it lands. A manager may revoke any key (stopping a leaked
 * key must never wait for an admin).
 */
export async function revokeApiKey(ctx: WorkContext, actor: StaffActor, id: string) {
  await runWork(ctx, actor, async (uow) => {
    const row = await liveKey(uow.tx, actor.restaurantId, id);
    await uow.tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
    uow.audit({
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: id,
      details: { name: row.name, key: `${row.start}…${row.last4}` },
    });
  });
  return keyView(ctx.db, actor.restaurantId, id);
}

/**
 * Gives a key a new secret (answered once); the old secret is refused from the next request on.
 * Rolling hands out a secret with the key's scopes, so it needs the right to create that key.
 */
export async function rollApiKey(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
): Promise<ApiKeyWithSecret> {
  const secret = newApiKeySecret();
  await runWork(ctx, actor, async (uow) => {
    const row = await liveKey(uow.tx, actor.restaurantId, id);
    if (!mayGrant(actor, row.scopes)) throw refuse('API_KEY_WRITE_ADMIN_ONLY');
    await uow.tx
      .update(apiKeys)
      .set({ secretHash: secret.secretHash, start: secret.start, last4: secret.last4 })
      .where(eq(apiKeys.id, id));
    uow.audit({
      action: 'api_key.rolled',
      entityType: 'api_key',
      entityId: id,
      details: {
        name: row.name,
        from: `${row.start}…${row.last4}`,
        to: `${secret.start}…${secret.last4}`,
      },
    });
  });
  return { ...(await keyView(ctx.db, actor.restaurantId, id)), key: secret.key };
}
