import type { Currency } from '../common/constants.js';
import { priceIn } from '../common/money.js';
import { planById, planPeriodMonths, type PlanId, TRANSACTION_FEE_BPS } from './plans.js';

/**
 * How Tavola bills a restaurant, month by month (zod-free: the web previews with it too).
 *
 * - Months are calendar months in UTC: the platform bills every restaurant on the same clock,
 *   whatever its own time zone.
 * - A plan is charged for the part of the month it was in force, to the millisecond: a change
 *   takes effect the moment it is made. Each plan's share is rounded to the cent on its own.
 * - Enterprise Empire is priced per year; a month carries its monthly share (1/12).
 * - Extra tables (tables beyond the plan's included number, on the plans that allow them) are
 *   charged per table per month at the plan's price, pro-rated like the plan, counting the
 *   tables in use when the invoice is drawn up.
 * - The transaction fee is 1.9% of the month's payments (tips excluded), converted to euros at
 *   the restaurant's exchange rate, rounded to the cent once for the month.
 * - Everything is in euro cents.
 */

/** The calendar month (UTC) holding `at`: [start, end). */
export function utcMonth(at: Date): { start: Date; end: Date; label: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  const label = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { start, end, label };
}

/** A plan change as recorded: which plan the restaurant left, which it took, and when. */
export interface PlanChange {
  fromPlan: PlanId;
  toPlan: PlanId;
  changedAt: Date;
}

/** A stretch of the month on one plan. */
export interface PlanSegment {
  plan: PlanId;
  from: Date;
  to: Date;
}

/**
 * The plans in force over [start, end), from the restaurant's plan changes (any order, any
 * period) and its current plan. Billing starts when the restaurant was created, if that falls in
 * the month; before its first recorded change a restaurant was on that change's `fromPlan`.
 */
export function planSegments(args: {
  start: Date;
  end: Date;
  createdAt: Date;
  currentPlan: PlanId;
  changes: readonly PlanChange[];
}): PlanSegment[] {
  const from = Math.max(args.start.getTime(), args.createdAt.getTime());
  const end = args.end.getTime();
  if (from >= end) return [];
  const changes = [...args.changes].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  const before = changes.filter((c) => c.changedAt.getTime() <= from).at(-1);
  const within = changes.filter((c) => c.changedAt.getTime() > from && c.changedAt.getTime() < end);
  // Without a change before the month, the first change says what the plan was until then.
  let plan: PlanId = before?.toPlan ?? changes[0]?.fromPlan ?? args.currentPlan;
  const segments: PlanSegment[] = [];
  let at = from;
  for (const change of within) {
    if (change.changedAt.getTime() > at) {
      segments.push({ plan, from: new Date(at), to: change.changedAt });
    }
    at = change.changedAt.getTime();
    plan = change.toPlan;
  }
  segments.push({ plan, from: new Date(at), to: new Date(end) });
  return segments;
}

/** `monthlyCents × part / whole`, rounded half up to the cent (all inputs non-negative). */
function share(cents: number, part: number, whole: number): number {
  return Math.round((cents * part) / whole);
}

/** A plan's monthly price in cents, exact as a fraction: priceCents / months. */
function monthlyShare(plan: PlanId, part: number, whole: number): number {
  const p = planById(plan);
  const months = planPeriodMonths(p);
  return months === 0 ? 0 : share(p.priceCents, part, whole * months);
}

/** One plan's line on a month's invoice. */
export interface InvoicePlanLine {
  plan: PlanId;
  from: Date;
  to: Date;
  /** The plan's charge for this stretch. */
  planCents: number;
  /** Tables beyond the plan's included number (0 on a plan without extra tables). */
  extraTables: number;
  extraTableUnitCents: number;
  extraTablesCents: number;
}

export interface InvoiceFigures {
  lines: InvoicePlanLine[];
  planCents: number;
  extraTablesCents: number;
  /** The month's payments in euros, the fee's base. */
  paymentsEurCents: number;
  feeCents: number;
  totalCents: number;
}

/** The month's payments in euro cents (a USD restaurant's converted at its own rate). */
export function paymentsInEur(cents: number, currency: Currency, eurToUsd: number): number {
  return priceIn(cents, currency, 'eur', eurToUsd);
}

/** 1.9% of an amount, rounded half up to the cent. */
export function transactionFeeCents(eurCents: number): number {
  return Math.round((eurCents * TRANSACTION_FEE_BPS) / 10_000);
}

/** A month's invoice from its plan segments, the tables in use and the month's payments. */
export function invoiceFigures(args: {
  month: { start: Date; end: Date };
  segments: readonly PlanSegment[];
  tables: number;
  paymentsEurCents: number;
}): InvoiceFigures {
  const whole = args.month.end.getTime() - args.month.start.getTime();
  const lines = args.segments.map((s): InvoicePlanLine => {
    const part = s.to.getTime() - s.from.getTime();
    const plan = planById(s.plan);
    const extraTables =
      plan.extraTableCents === null ? 0 : Math.max(0, args.tables - plan.includedTables);
    const unit = plan.extraTableCents ?? 0;
    return {
      plan: s.plan,
      from: s.from,
      to: s.to,
      planCents: monthlyShare(s.plan, part, whole),
      extraTables,
      extraTableUnitCents: unit,
      extraTablesCents: share(extraTables * unit, part, whole),
    };
  });
  const planCents = lines.reduce((sum, l) => sum + l.planCents, 0);
  const extraTablesCents = lines.reduce((sum, l) => sum + l.extraTablesCents, 0);
  const feeCents = transactionFeeCents(args.paymentsEurCents);
  return {
    lines,
    planCents,
    extraTablesCents,
    paymentsEurCents: args.paymentsEurCents,
    feeCents,
    totalCents: planCents + extraTablesCents + feeCents,
  };
}

/**
 * A restaurant's monthly recurring revenue now: its plan's monthly price (a yearly plan's
 * twelfth, rounded to the cent) plus its extra tables for a month. The free trial brings none.
 */
export function monthlyRecurringCents(plan: PlanId, tables: number): number {
  const p = planById(plan);
  const months = planPeriodMonths(p);
  if (months === 0) return 0;
  const extra = p.extraTableCents === null ? 0 : Math.max(0, tables - p.includedTables);
  return Math.round(p.priceCents / months) + extra * (p.extraTableCents ?? 0);
}
