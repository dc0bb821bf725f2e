import {
  monthlyRecurringCents,
  transactionFeeCents,
  type PlatformAnalytics,
} from '@tavola/contract';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { dailyTotals, restaurants, tables } from '../../core/db/schema.js';

/** The Analytics tab's window: the last 30 days, today included. */
export const ANALYTICS_DAYS = 30;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The platform's figures from live data. Days are UTC calendar days (the platform's clock, the
 * same for every restaurant). Orders and payments come from the per-day totals the database
 * keeps (one row per restaurant and day), so the cost grows with restaurants × 30, not with
 * orders. A USD restaurant's payments are converted to euros at its exchange rate, per day,
 * rounded half away from zero; a day's fee is 1.9% of that day's GMV rounded to the cent, and
 * the window's GMV and fee are the sums of its days.
 */
export async function platformAnalytics(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<PlatformAnalytics> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (ANALYTICS_DAYS - 1) * DAY_MS);
  const to = new Date(today.getTime() + DAY_MS);
  const soon = new Date(now.getTime() + 7 * DAY_MS);

  const [dayRows, [counts], paying, tableRows] = await Promise.all([
    db
      .select({
        day: dailyTotals.day,
        orders: sql<number>`sum(${dailyTotals.orders})::int`,
        gmvCents: sql<string>`sum(case when ${restaurants.currency} = 'usd' then round(${dailyTotals.paymentsCents} / ${restaurants.exchangeRate}) else ${dailyTotals.paymentsCents} end)`,
      })
      .from(dailyTotals)
      .innerJoin(restaurants, eq(restaurants.id, dailyTotals.restaurantId))
      .where(and(gte(dailyTotals.day, isoDay(from)), lt(dailyTotals.day, isoDay(to))))
      .groupBy(dailyTotals.day),
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${restaurants.status} = 'active'))::int`,
        trials: sql<number>`(count(*) filter (where ${restaurants.status} = 'trial'))::int`,
        trialsEnding: sql<number>`(count(*) filter (where ${restaurants.status} = 'trial' and ${restaurants.trialEndsAt} > ${now.toISOString()}::timestamptz and ${restaurants.trialEndsAt} <= ${soon.toISOString()}::timestamptz))::int`,
        trialsExpired: sql<number>`(count(*) filter (where ${restaurants.status} = 'trial' and ${restaurants.trialEndsAt} <= ${now.toISOString()}::timestamptz))::int`,
        suspended: sql<number>`(count(*) filter (where ${restaurants.status} = 'suspended'))::int`,
      })
      .from(restaurants),
    // The paying restaurants and the tables in use (extra tables are recurring revenue too).
    db
      .select({ id: restaurants.id, plan: restaurants.plan })
      .from(restaurants)
      .where(and(eq(restaurants.status, 'active'), sql`${restaurants.plan} <> 'starter'`)),
    db
      .select({ restaurantId: tables.restaurantId, n: sql<number>`count(*)::int` })
      .from(tables)
      .where(isNull(tables.archivedAt))
      .groupBy(tables.restaurantId),
  ]);
  const tablesOf = new Map(tableRows.map((r) => [r.restaurantId, Number(r.n)]));

  const byDay = new Map(dayRows.map((r) => [String(r.day), r]));
  const daily = Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const date = isoDay(new Date(from.getTime() + i * DAY_MS));
    const row = byDay.get(date);
    const gmvCents = Number(row?.gmvCents ?? 0);
    return {
      date,
      orders: Number(row?.orders ?? 0),
      gmvCents,
      feeCents: transactionFeeCents(gmvCents),
    };
  });
  const mrrCents = paying.reduce(
    (sum, r) => sum + monthlyRecurringCents(r.plan, tablesOf.get(r.id) ?? 0),
    0,
  );
  const suspended = Number(counts?.suspended ?? 0);
  const trialsExpired = Number(counts?.trialsExpired ?? 0);
  return {
    generatedAt: now.toISOString(),
    window: { from: from.toISOString(), to: to.toISOString(), days: ANALYTICS_DAYS },
    mrrCents,
    arrCents: mrrCents * 12,
    gmvCents: daily.reduce((s, d) => s + d.gmvCents, 0),
    feeCents: daily.reduce((s, d) => s + d.feeCents, 0),
    orders: daily.reduce((s, d) => s + d.orders, 0),
    restaurants: {
      total: Number(counts?.total ?? 0),
      active: Number(counts?.active ?? 0),
      trials: Number(counts?.trials ?? 0),
      trialsEndingIn7Days: Number(counts?.trialsEnding ?? 0),
      churned: suspended + trialsExpired,
      suspended,
      trialsExpired,
    },
    daily,
  };
}
