import {
  invoiceFigures,
  paymentsInEur,
  PLANS,
  planSegments,
  utcMonth,
  type InvoicePreview,
  type PlanChange,
  type Subscriptions,
} from '@tavola/contract';
import { and, desc, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { dailyTotals, planChanges, restaurants, tables } from '../../core/db/schema.js';

/** The most invoices the Subscriptions tab lists at once (highest first). */
export const INVOICE_LIST_LIMIT = 500;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Every restaurant's invoice for the month holding `now` (UTC; the rules are the contract's
 * billing.ts): its plans pro-rated over the month (the current one to the month's end), its
 * extra tables and 1.9% of the month's payments so far. Four queries whatever the number of
 * restaurants: the payments come from the per-day totals, not from every payment.
 */
export async function monthInvoices(db: DbOrTx, now: Date = new Date()) {
  const month = utcMonth(now);
  const [rows, changeRows, tableRows, paymentRows] = await Promise.all([
    db.select().from(restaurants),
    // The changes in the month or after it, and each restaurant's last one before it.
    db
      .select({
        restaurantId: planChanges.restaurantId,
        fromPlan: planChanges.fromPlan,
        toPlan: planChanges.toPlan,
        changedAt: planChanges.changedAt,
      })
      .from(planChanges)
      .where(gte(planChanges.changedAt, month.start))
      .unionAll(
        db
          .selectDistinctOn([planChanges.restaurantId], {
            restaurantId: planChanges.restaurantId,
            fromPlan: planChanges.fromPlan,
            toPlan: planChanges.toPlan,
            changedAt: planChanges.changedAt,
          })
          .from(planChanges)
          .where(lt(planChanges.changedAt, month.start))
          .orderBy(planChanges.restaurantId, desc(planChanges.changedAt), desc(planChanges.id)),
      ),
    db
      .select({ restaurantId: tables.restaurantId, n: sql<number>`count(*)::int` })
      .from(tables)
      .where(isNull(tables.archivedAt))
      .groupBy(tables.restaurantId),
    db
      .select({
        restaurantId: dailyTotals.restaurantId,
        cents: sql<string>`sum(${dailyTotals.paymentsCents})`,
      })
      .from(dailyTotals)
      .where(and(gte(dailyTotals.day, isoDay(month.start)), lt(dailyTotals.day, isoDay(month.end))))
      .groupBy(dailyTotals.restaurantId),
  ]);
  const changesOf = new Map<string, PlanChange[]>();
  for (const c of changeRows) {
    const list = changesOf.get(c.restaurantId) ?? [];
    list.push({ fromPlan: c.fromPlan, toPlan: c.toPlan, changedAt: new Date(c.changedAt) });
    changesOf.set(c.restaurantId, list);
  }
  const tablesOf = new Map(tableRows.map((r) => [r.restaurantId, Number(r.n)]));
  const paymentsOf = new Map(paymentRows.map((r) => [r.restaurantId, Number(r.cents)]));

  const invoices = rows.map((r): InvoicePreview => {
    const segments = planSegments({
      start: month.start,
      end: month.end,
      createdAt: r.createdAt,
      currentPlan: r.plan,
      changes: changesOf.get(r.id) ?? [],
    });
    const tableCount = tablesOf.get(r.id) ?? 0;
    const paymentsCents = paymentsOf.get(r.id) ?? 0;
    const figures = invoiceFigures({
      month,
      segments,
      tables: tableCount,
      paymentsEurCents: paymentsInEur(paymentsCents, r.currency, r.exchangeRate),
    });
    return {
      restaurantId: r.id,
      name: r.name,
      status: r.status,
      plan: r.plan,
      tables: tableCount,
      lines: figures.lines.map((l) => ({
        ...l,
        from: l.from.toISOString(),
        to: l.to.toISOString(),
      })),
      planCents: figures.planCents,
      extraTablesCents: figures.extraTablesCents,
      payments: { currency: r.currency, cents: paymentsCents },
      paymentsEurCents: figures.paymentsEurCents,
      feeCents: figures.feeCents,
      totalCents: figures.totalCents,
    };
  });
  return { month, invoices };
}

/** The Subscriptions tab: the contract's plans with their customers and revenue, and invoices. */
export async function subscriptions(db: DbOrTx, now: Date = new Date()): Promise<Subscriptions> {
  const { month, invoices } = await monthInvoices(db, now);
  const plans = PLANS.map((plan) => {
    const mine = invoices.filter((i) => i.plan === plan.id);
    return {
      id: plan.id,
      name: plan.name,
      priceCents: plan.priceCents,
      period: plan.period,
      trialDays: plan.trialDays ?? null,
      features: plan.features,
      customers: mine.length,
      revenueCents: mine.reduce((sum, i) => sum + i.totalCents, 0),
    };
  });
  const sorted = [...invoices].sort(
    (a, b) => b.totalCents - a.totalCents || a.name.localeCompare(b.name),
  );
  return {
    month: month.label,
    monthStart: month.start.toISOString(),
    monthEnd: month.end.toISOString(),
    plans,
    invoices: sorted.slice(0, INVOICE_LIST_LIMIT),
    total: invoices.length,
  };
}
