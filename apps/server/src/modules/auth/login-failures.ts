import {
  LOGIN_FAILURES_KEPT_DAYS,
  LOGIN_FAILURES_SHOWN,
  type LoginFailure,
  type LoginFailureReason,
} from '@tavola/contract';
import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { loginFailures, type users } from '../../core/db/schema.js';
import { describeDevice } from './user-agent.js';

/** Old failures are swept at most this often per database handle, by the next failure recorded. */
const PRUNE_EVERY_MS = 60 * 60_000;
const lastPrune = new WeakMap<Db, number>();

/**
 * Records one failed sign-in. When the username is an account's, the row names the account
 * and its restaurant, whose admin then sees it; unknown usernames are kept for no restaurant.
 */
export async function recordLoginFailure(
  db: Db,
  failure: {
    username: string;
    reason: LoginFailureReason;
    account?: { user: typeof users.$inferSelect };
    ip?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<void> {
  await db.insert(loginFailures).values({
    username: failure.username.slice(0, 64),
    reason: failure.reason,
    restaurantId: failure.account?.user.restaurantId ?? null,
    userId: failure.account?.user.id ?? null,
    ip: failure.ip ?? null,
    userAgent: failure.userAgent?.slice(0, 300) ?? null,
  });
  if (Date.now() - (lastPrune.get(db) ?? 0) > PRUNE_EVERY_MS) {
    lastPrune.set(db, Date.now());
    await pruneLoginFailures(db);
  }
}

/** Keeps the table bounded: failures older than the kept days go. */
export async function pruneLoginFailures(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - LOGIN_FAILURES_KEPT_DAYS * 86_400_000);
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, cutoff));
}

/** The restaurant's latest failed sign-ins, newest first. */
export async function listLoginFailures(db: Db, restaurantId: string): Promise<LoginFailure[]> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.restaurantId, restaurantId))
    .orderBy(desc(loginFailures.createdAt), desc(loginFailures.id))
    .limit(LOGIN_FAILURES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    userId: row.userId,
    ip: row.ip,
    device: describeDevice(row.userAgent),
    reason: row.reason as LoginFailureReason,
    createdAt: row.createdAt.toISOString(),
  }));
}
