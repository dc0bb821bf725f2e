import { PLATFORM_DAILY_EMAILS, PLATFORM_TRIAL_DAILY_EMAILS } from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { emailVolume, platformSettings, restaurants } from '../../core/db/schema.js';

/** What an email counts as: a report, or a recipient's confirmation. */
export type EmailKind = 'reports' | 'confirmations';

const today = sql`(now() at time zone 'utc')::date`;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The emails a restaurant may send today: the platform's daily limit, or its smaller one while
 * the restaurant is on a trial. Read from the database each time (the team's change counts at once).
 */
export async function dailyEmailLimit(db: DbOrTx, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({
      status: restaurants.status,
      paid: sql<
        number | null
      >`(select ${platformSettings.dailyEmailLimit} from ${platformSettings} where ${platformSettings.id} = 1)`,
      trial: sql<
        number | null
      >`(select ${platformSettings.trialDailyEmailLimit} from ${platformSettings} where ${platformSettings.id} = 1)`,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) return 0;
  return row.status === 'trial'
    ? (row.trial ?? PLATFORM_TRIAL_DAILY_EMAILS.default)
    : (row.paid ?? PLATFORM_DAILY_EMAILS.default);
}

/** Emails the restaurant sent today (UTC). */
export async function sentToday(db: DbOrTx, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`(${emailVolume.reports} + ${emailVolume.confirmations})::int` })
    .from(emailVolume)
    .where(and(eq(emailVolume.restaurantId, restaurantId), eq(emailVolume.day, today)));
  return Number(row?.n ?? 0);
}

/**
 * Takes one email of the restaurant's day before it is sent, or answers false when the day's
 * limit is reached (and counts the refusal). One conditional upsert: two instances taking the
 * last one at once cannot both get it. A send that then fails gives it back (`releaseEmail`).
 */
export async function takeEmail(
  db: DbOrTx,
  restaurantId: string,
  kind: EmailKind,
): Promise<{ taken: boolean; limit: number }> {
  const limit = await dailyEmailLimit(db, restaurantId);
  const column = sql.raw(kind === 'reports' ? 'reports' : 'confirmations');
  const taken =
    limit > 0 &&
    rowsOf(
      await db.execute(sql`
        insert into email_volume as v (restaurant_id, day, ${column})
        values (${restaurantId}, ${today}, 1)
        on conflict (restaurant_id, day) do update set ${column} = v.${column} + 1
        where v.reports + v.confirmations < ${limit}
        returning 1 as ok`),
    ).length === 1;
  if (!taken) {
    await db.execute(sql`
      insert into email_volume as v (restaurant_id, day, refused) values (${restaurantId}, ${today}, 1)
      on conflict (restaurant_id, day) do update set refused = v.refused + 1`);
  }
  return { taken, limit };
}

/** Gives back an email taken for a send that failed (it is tried again, and taken again). */
export async function releaseEmail(db: DbOrTx, restaurantId: string, kind: EmailKind) {
  const column = sql.raw(kind === 'reports' ? 'reports' : 'confirmations');
  await db.execute(sql`
    update email_volume set ${column} = greatest(${column} - 1, 0)
    where restaurant_id = ${restaurantId} and day = ${today}`);
}
