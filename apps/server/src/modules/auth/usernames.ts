import { reservedLookAlike, usernameSuggestions } from '@tavola/contract';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { users } from '../../core/db/schema.js';
import { refuse, type AppError } from '../../core/http/errors.js';

/** The taken ones among some usernames, lower case (usernames are unique whatever their case). */
async function takenUsernames(db: DbOrTx, usernames: string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        usernames.map((u) => u.toLowerCase()),
      ),
    );
  return new Set(rows.map((r) => r.username));
}

/**
 * The refusal of a username that cannot be had, with a free one to take instead. The same words,
 * the same queries in the same order, whether the name is reserved, used here or used by another
 * restaurant: neither the text nor the work done tells a restaurant what others use.
 */
export async function usernameUnavailableError(
  db: DbOrTx,
  username: string,
  options: { restaurantSlug: string; reserved: readonly string[] },
): Promise<AppError> {
  const candidates = usernameSuggestions(username, options.restaurantSlug).filter(
    (c) => reservedLookAlike(c, options.reserved) === null,
  );
  const taken = await takenUsernames(db, candidates);
  const suggestion = candidates.find((c) => !taken.has(c)) ?? null;
  return refuse('USERNAME_UNAVAILABLE', { username, suggestion: suggestion || null });
}

/**
 * Refuses, before any password is hashed, a username that is reserved (or looks like one) or
 * already used anywhere on the platform: one lookup that does not ask where.
 */
export async function assertUsernameAvailable(
  db: DbOrTx,
  username: string,
  options: { restaurantSlug: string; reserved: readonly string[] },
): Promise<void> {
  const taken = await takenUsernames(db, [username]);
  const lookAlike = reservedLookAlike(username, options.reserved);
  if (taken.size > 0 || lookAlike !== null) {
    throw await usernameUnavailableError(db, username, options);
  }
}
