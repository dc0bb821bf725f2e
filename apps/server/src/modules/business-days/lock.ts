import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { businessDays, restaurants } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';

/**
 * The business day a change is dated in, and its lock. Today's business day is the restaurant's
 * local date less its closing time (an order at 01:30 in a bar closing at 02:00 is the day
 * before's), but never a closed day: once a day is closed, the day after it has begun, whatever
 * the clock, the time zone or the closing time say. (`business_date_at` in the migration
 * 0017_business_day_dates; by the database's clock, the transaction's `now()`.)
 *
 * A change (a payment, a void, an order) takes the day's transaction lock SHARED and is dated in
 * it for good (its `business_date`): changes never wait for each other. Closing or reopening
 * takes it EXCLUSIVE. So a close starts only once the changes under way have committed, and its
 * figures include them; a change arriving during the close waits, then finds the day closed and
 * is dated in the next day instead, which has begun. Nothing is refused for the day. The key is
 * the restaurant and the date, hashed to 64 bits: another day or restaurant sharing a key would
 * only wait a moment.
 */
const dayKey = (restaurantId: SQL | string, date: SQL | string) =>
  sql`hashtextextended('business_day:' || (${restaurantId})::uuid::text || ':' || (${date}), 0)`;

/** Today's business day (YYYY-MM-DD) of the restaurant in the row, closed days counted. */
const businessDate = sql<string>`to_char(business_date_at(${restaurants.id}, now(), 'infinity'), 'YYYY-MM-DD')`;

/** Today's business day of a restaurant, as a SQL `date` (for queries about "today"). */
export const businessTodaySql = (restaurantId: string): SQL =>
  sql`business_date_at(${restaurantId}::uuid, now(), 'infinity')`;

/** The restaurant's business day now (YYYY-MM-DD), by the database's clock. */
export async function businessToday(db: DbOrTx, restaurantId: string): Promise<string> {
  const [row] = await db
    .select({ day: businessDate })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} not found`);
  return row.day;
}

/**
 * When the business day that is current at `at` ends by the clock (epoch ms): the next local
 * closing time in the restaurant's zone. What "today" means (takings today, the last 30 days)
 * changes then at the latest; closing a day early changes it sooner, but that is a change of
 * its own, with its events. A day closed ahead keeps today's date past this moment, so this
 * is never later than the real change.
 */
export async function businessDayEndsAt(db: DbOrTx, restaurantId: string, at: Date) {
  const instant = sql`${at.toISOString()}::timestamptz`;
  const shifted = sql`((${instant} at time zone ${restaurants.timezone}) - make_interval(mins => ${restaurants.dayClosesAtMinutes}))`;
  const [row] = await db
    .select({
      ms: sql<number>`extract(epoch from ((date_trunc('day', ${shifted}) + interval '1 day' + make_interval(mins => ${restaurants.dayClosesAtMinutes})) at time zone ${restaurants.timezone})) * 1000`.mapWith(
        Number,
      ),
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} not found`);
  return row.ms;
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
      throw refuse('DAY_PAYMENTS_IN_PROGRESS');
    }
    await new Promise((resolve) => setTimeout(resolve, EXCLUSIVE_RETRY_MS));
  }
}

/** A day closed under a change that then waits for another close: never more than a few. */
const DATING_TRIES = 5;

/**
 * Dates a change in today's business day and holds that day's lock shared until the
 * transaction ends, so the day cannot be closed under the change. Returns the date, which the
 * change keeps. Never refuses: a day closed while the change waited sends it to the next day.
 */
export async function lockBusinessDay(tx: Tx, restaurantId: string): Promise<string> {
  for (let tries = 0; tries < DATING_TRIES; tries++) {
    // Today's date and its lock in one statement.
    const [row] = await tx
      .select({
        day: businessDate,
        locked: sql<string>`pg_advisory_xact_lock_shared(${dayKey(sql`${restaurants.id}`, businessDate)})::text`,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw new Error(`restaurant ${restaurantId} not found`);
    // A statement of its own, after the lock: it sees a close that committed while we waited.
    const [day] = await tx
      .select({ status: businessDays.status })
      .from(businessDays)
      .where(and(eq(businessDays.restaurantId, restaurantId), eq(businessDays.date, row.day)));
    if (day?.status !== 'closed') return row.day;
  }
  throw refuse('DAY_CLOSE_IN_PROGRESS');
}
