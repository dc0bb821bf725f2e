import { dayClosedRefusal } from '@tavola/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { businessDays, restaurants } from '../../core/db/schema.js';
import { conflict } from '../../core/http/errors.js';

/**
 * The lock of a business day (issue 16, item 3). The day of a change (a payment, a void, an
 * order) is the restaurant's local date when it happens, in its own time zone (reports/today.ts:
 * the day starts at local midnight) and by the database's clock: the transaction's `now()`, the
 * same instant a payment's `created_at` records.
 *
 * A change takes the day's transaction lock SHARED (changes never wait for each other); closing
 * or reopening takes it EXCLUSIVE. So a close starts only once the changes under way have
 * committed, and its figures include them; a change arriving during the close waits and then
 * reads the day as closed, and is refused. The key is the restaurant and the date, hashed to 64
 * bits: another day or restaurant sharing a key would only wait a moment, never be refused.
 */
const dayKey = (restaurantId: SQL | string, date: SQL | string) =>
  sql`hashtextextended('business_day:' || (${restaurantId})::uuid::text || ':' || (${date}), 0)`;

/** The restaurant's local date (YYYY-MM-DD) at the transaction's `now()`. */
const localDate = sql<string>`to_char((now() at time zone ${restaurants.timezone})::date, 'YYYY-MM-DD')`;

/** The restaurant's local date now (YYYY-MM-DD), by the database's clock. */
export async function localToday(db: DbOrTx, restaurantId: string): Promise<string> {
  const [row] = await db
    .select({ day: localDate })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} not found`);
  return row.day;
}

const EXCLUSIVE_TRIES_MS = 10_000;
const EXCLUSIVE_RETRY_MS = 20;

/**
 * Holds the day's lock exclusively until the transaction ends (closing or reopening it). It is
 * tried, not waited for: a waiting exclusive request would queue every change behind it, and a
 * change already holding the day shared and waiting for a row another change holds would wait
 * in a circle. So changes never wait for a close that has not started; a close retries until the
 * changes under way have committed (a moment), or gives up with a 409.
 */
export async function lockDayExclusive(tx: Tx, restaurantId: string, date: string): Promise<void> {
  const until = Date.now() + EXCLUSIVE_TRIES_MS;
  for (;;) {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${dayKey(restaurantId, date)}) as ok`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      ok: boolean;
    }[];
    if (rows[0]?.ok) return;
    if (Date.now() > until) {
      throw conflict('Payments are being recorded for this day right now; try again in a moment');
    }
    await new Promise((resolve) => setTimeout(resolve, EXCLUSIVE_RETRY_MS));
  }
}

/**
 * Refuses (409) a change dated in a closed business day; otherwise holds the day's lock shared
 * until the transaction ends, so the day cannot be closed under the change. Returns the date.
 */
export async function assertDayOpen(tx: Tx, restaurantId: string): Promise<string> {
  // Today's date and its lock in one statement.
  const [row] = await tx
    .select({
      day: localDate,
      locked: sql<string>`pg_advisory_xact_lock_shared(${dayKey(sql`${restaurants.id}`, localDate)})::text`,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} not found`);
  const date = row.day;
  // A statement of its own, after the lock: it sees a close that committed while we waited.
  const [day] = await tx
    .select({ status: businessDays.status })
    .from(businessDays)
    .where(and(eq(businessDays.restaurantId, restaurantId), eq(businessDays.date, date)));
  if (day?.status === 'closed') throw conflict(dayClosedRefusal(date));
  return date;
}
