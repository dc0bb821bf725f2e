import {
  addDays,
  centsToAmount,
  type PreModifier,
  dayClosesAtText,
  daysBetween,
  lineParts,
  localInstant,
  PAYMENT_METHODS,
  resolveReportRange,
  type BillParts,
  type ItemsReport,
  type PaymentsReport,
  type ReportData,
  type ReportDates,
  type ReportKind,
  type ReportParts,
  type ReportRange,
  type reportRangeQuerySchema,
  type SalesReport,
  type StaffReport,
  type TablesReport,
  type TaxReport,
  type VoidsReport,
} from '@tavola/contract';
import { and, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../core/db/client.js';
import {
  auditLog,
  diningSessions,
  orderItems,
  orders,
  paymentMovements,
  tables,
  users,
} from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { refuse } from '../../core/http/errors.js';
import { staffPerformance } from './performance.js';
import { tenant } from './service.js';
import { businessToday } from '../business-days/index.js';
import { countedOrders } from './today.js';

/**
 * The period reports: what each counts is written on the contract's schemas
 * (reports/period-reports.ts). The period is a run of business days: orders and payments count
 * by the business day they were made in (kept with them, so a closed day's figures here are its
 * Z report's whatever the settings do later), on the `(restaurant_id, business_date)` indexes;
 * what has no business day of its own (voids in the audit log, sittings) is read between the
 * instants the period begins and ends (the closing time at each end, computed once). The hour of
 * a row is its time in the restaurant's zone.
 */

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** A report's period, resolved for a restaurant: its dates and the instants they begin and end. */
export interface ReportWindow {
  tenant: Tenant;
  dates: ReportDates;
  range: ReportRange;
  start: Date;
  end: Date;
}

function windowOf(r: Tenant, dates: ReportDates, now: Date): ReportWindow {
  return {
    tenant: r,
    dates,
    range: {
      period: dates.period,
      from: dates.from,
      to: dates.to,
      timezone: r.timezone,
      currency: r.currency,
      generatedAt: now.toISOString(),
    },
    start: localInstant(dates.from, dayClosesAtText(r.dayClosesAtMinutes), r.timezone),
    end: localInstant(addDays(dates.to, 1), dayClosesAtText(r.dayClosesAtMinutes), r.timezone),
  };
}

/** The window a query asks for, "today" being the restaurant's business day (400 if unanswerable). */
export async function queryWindow(
  db: Db,
  restaurantId: string,
  query: z.infer<typeof reportRangeQuerySchema>,
  now = new Date(),
): Promise<ReportWindow> {
  const r = await tenant(db, restaurantId);
  const dates = resolveReportRange(query, await businessToday(db, restaurantId));
  if ('code' in dates) throw refuse(dates.code, dates.params);
  return windowOf(r, dates, now);
}

/** The window of given dates (what a scheduled email covers). */
export async function datesWindow(
  db: Db,
  restaurantId: string,
  dates: ReportDates,
  now = new Date(),
): Promise<ReportWindow> {
  return windowOf(await tenant(db, restaurantId), dates, now);
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const within = (column: SQLWrapper, w: ReportWindow) =>
  sql`${column} >= ${at(w.start)} and ${column} < ${at(w.end)}`;

/** What the tables were charged for an order: menu prices plus its surcharge (frozen parts). */
const billCents = sql`(${orders.totalCents} + ${orders.surchargeCents})`;

const amount = centsToAmount;
const partsAmount = (p: BillParts): ReportParts => ({
  net: amount(p.net),
  service: amount(p.service),
  tax: amount(p.tax),
  total: amount(p.total),
});
/** Parts from summed order columns: total = bill, net = bill − tax − service. */
const storedParts = (s: { total: number; tax: number; service: number }): BillParts => ({
  net: s.total - s.tax - s.service,
  service: s.service,
  tax: s.tax,
  total: s.total,
});

/** A row's business day in the window's dates. */
const inDays = (column: SQLWrapper, w: ReportWindow) =>
  sql`${column} between ${w.dates.from}::date and ${w.dates.to}::date`;

const countedInWindow = (restaurantId: string, w: ReportWindow) =>
  and(countedOrders(restaurantId), inDays(orders.businessDate, w));

/** Voids made in the window (the audit log's record of each). */
const voidEntries = (restaurantId: string, w: ReportWindow) =>
  and(
    eq(auditLog.restaurantId, restaurantId),
    inArray(auditLog.action, ['order.void', 'order.void_line']),
    within(auditLog.createdAt, w),
  );

export async function salesReport(
  db: Db,
  restaurantId: string,
  w: ReportWindow,
): Promise<SalesReport> {
  const tz = w.tenant.timezone;
  // The period's orders by business day and quarter-hour first (no time-zone conversion per
  // order: every zone's offset is a whole number of quarter-hours, so each quarter lies in one
  // local hour), then the quarters by day and local hour: a 100,000-order range takes a third of
  // the time.
  const quarters = db
    .select({
      day: sql`${orders.businessDate}`.as('day'),
      start:
        sql`date_bin('15 minutes', ${orders.createdAt}, timestamptz '2000-01-01 00:00:00+00')`.as(
          'start',
        ),
      orders: sql<number>`count(*)`.as('orders'),
      menu: sql`sum(${orders.totalCents})`.as('menu'),
      total: sql`sum(${billCents})`.as('total'),
      tax: sql`sum(${orders.taxCents})`.as('tax'),
      service: sql`sum(${orders.serviceCents})`.as('service'),
    })
    .from(orders)
    .where(countedInWindow(restaurantId, w))
    .groupBy(sql`1`, sql`2`)
    .as('quarters');
  const local = sql`(${quarters.start} at time zone ${tz})`;
  const [byHour, [sold], [voids], [paid]] = await Promise.all([
    db
      .select({
        date: sql<string>`to_char(${quarters.day}, 'YYYY-MM-DD')`,
        hour: sql<number>`extract(hour from ${local})::int`,
        orders: sql<number>`sum(${quarters.orders})::int`,
        menu: sumCents(quarters.menu),
        total: sumCents(quarters.total),
        tax: sumCents(quarters.tax),
        service: sumCents(quarters.service),
      })
      .from(quarters)
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        quantity: sql<number>`coalesce(sum(${orderItems.quantity} - ${orderItems.voidedQuantity}), 0)::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(countedInWindow(restaurantId, w)),
    db
      .select({
        orderVoids: sql<number>`(count(*) filter (where ${auditLog.action} = 'order.void'))::int`,
        lineVoids: sql<number>`(count(*) filter (where ${auditLog.action} = 'order.void_line'))::int`,
        cents: sumCents(sql`(${auditLog.details}->>'voidedCents')::bigint`),
      })
      .from(auditLog)
      .where(voidEntries(restaurantId, w)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sumCents(paymentMovements.amountCents),
        tips: sumCents(paymentMovements.tipCents),
      })
      .from(paymentMovements)
      .where(
        and(
          eq(paymentMovements.restaurantId, restaurantId),
          eq(paymentMovements.kind, 'capture'),
          inDays(paymentMovements.businessDate, w),
        ),
      ),
  ]);

  const sum = { orders: 0, menu: 0, total: 0, tax: 0, service: 0 };
  const days = new Map<string, { orders: number; total: number }>();
  const hours = Array.from({ length: 24 }, () => ({ orders: 0, total: 0 }));
  for (const row of byHour) {
    sum.orders += row.orders;
    sum.menu += row.menu;
    sum.total += row.total;
    sum.tax += row.tax;
    sum.service += row.service;
    const day = days.get(row.date) ?? { orders: 0, total: 0 };
    day.orders += row.orders;
    day.total += row.total;
    days.set(row.date, day);
    const hour = hours[row.hour]!;
    hour.orders += row.orders;
    hour.total += row.total;
  }
  return {
    range: w.range,
    orders: sum.orders,
    itemsSold: sold?.quantity ?? 0,
    menu: amount(sum.menu),
    parts: partsAmount(storedParts(sum)),
    averageOrder: sum.orders ? amount(Math.round(sum.total / sum.orders)) : 0,
    voids: {
      orderVoids: voids?.orderVoids ?? 0,
      lineVoids: voids?.lineVoids ?? 0,
      amount: amount(voids?.cents ?? 0),
    },
    payments: {
      count: paid?.count ?? 0,
      amount: amount(paid?.amount ?? 0),
      tips: amount(paid?.tips ?? 0),
    },
    days: Array.from({ length: daysBetween(w.dates.from, w.dates.to) }, (_, i) => {
      const date = addDays(w.dates.from, i);
      const day = days.get(date) ?? { orders: 0, total: 0 };
      return { date, orders: day.orders, total: amount(day.total) };
    }),
    hours: hours.map((h, hour) => ({ hour, orders: h.orders, total: amount(h.total) })),
  };
}

type Sold = BillParts & { quantity: number };
const addSold = (a: Sold | undefined, parts: BillParts, quantity: number): Sold => ({
  net: (a?.net ?? 0) + parts.net,
  service: (a?.service ?? 0) + parts.service,
  tax: (a?.tax ?? 0) + parts.tax,
  total: (a?.total ?? 0) + parts.total,
  quantity: (a?.quantity ?? 0) + quantity,
});
const soldAmount = (s: Sold) => ({ quantity: s.quantity, ...partsAmount(s) });
const byTotal = <T extends { total: number }>(a: T, b: T) => b.total - a.total;

export async function itemsReport(
  db: Db,
  restaurantId: string,
  w: ReportWindow,
): Promise<ItemsReport> {
  const billed = sql<number>`(${orderItems.quantity} - ${orderItems.voidedQuantity})`;
  // Lines alike (same item, same amount, same rates) have the same parts by the contract's rule:
  // the database groups them, each group is split once and multiplied.
  const groups = await db
    .select({
      name: orderItems.name,
      category: orderItems.category,
      cents: sql<number>`(${orderItems.unitPriceCents} * ${billed})`.mapWith(Number),
      taxRateBps: orders.taxRateBps,
      serviceChargeBps: orders.serviceChargeBps,
      pricesIncludeTax: orders.pricesIncludeTax,
      lines: sql<number>`count(*)::int`,
      quantity: sql<number>`sum(${billed})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(countedInWindow(restaurantId, w), sql`${billed} > 0`))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`, sql`5`, sql`6`);

  const items = new Map<string, Sold & { name: string; category: string }>();
  const categories = new Map<string, Sold>();
  let totals: Sold = { net: 0, service: 0, tax: 0, total: 0, quantity: 0 };
  for (const g of groups) {
    const one = lineParts(g.cents, g);
    const parts: BillParts = {
      net: one.net * g.lines,
      service: one.service * g.lines,
      tax: one.tax * g.lines,
      total: one.total * g.lines,
    };
    const key = `${g.category}\0${g.name}`;
    items.set(key, {
      ...addSold(items.get(key), parts, g.quantity),
      name: g.name,
      category: g.category,
    });
    categories.set(g.category, addSold(categories.get(g.category), parts, g.quantity));
    totals = addSold(totals, parts, g.quantity);
  }
  return {
    range: w.range,
    items: [...items.values()]
      .sort((a, b) => byTotal(a, b) || a.name.localeCompare(b.name))
      .map((i) => ({ name: i.name, category: i.category, ...soldAmount(i) })),
    categories: [...categories.entries()]
      .sort(([ca, a], [cb, b]) => byTotal(a, b) || ca.localeCompare(cb))
      .map(([category, c]) => ({ category, ...soldAmount(c) })),
    totals: soldAmount(totals),
    options: await optionSales(db, restaurantId, w),
  };
}

/** Sales by option: every billed line's picks (its snapshot), counted per group, option and pre-modifier. */
async function optionSales(db: Db, restaurantId: string, w: ReportWindow) {
  const billed = sql<number>`(${orderItems.quantity} - ${orderItems.voidedQuantity})`;
  const lines = await db
    .select({ options: orderItems.options, billed: billed.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        countedInWindow(restaurantId, w),
        sql`${billed} > 0`,
        sql`jsonb_array_length(${orderItems.options}) > 0`,
      ),
    );
  const sold = new Map<
    string,
    {
      group: string;
      option: string;
      preModifier: PreModifier | null;
      quantity: number;
      cents: number;
    }
  >();
  for (const line of lines) {
    for (const o of line.options) {
      const key = `${o.group}\0${o.option}\0${o.preModifier ?? ''}`;
      const row = sold.get(key) ?? {
        group: o.group,
        option: o.option,
        preModifier: o.preModifier,
        quantity: 0,
        cents: 0,
      };
      row.quantity += o.quantity * line.billed;
      row.cents += o.priceCents * line.billed;
      sold.set(key, row);
    }
  }
  return [...sold.values()]
    .sort(
      (a, b) =>
        b.quantity - a.quantity ||
        a.group.localeCompare(b.group) ||
        a.option.localeCompare(b.option),
    )
    .map(({ cents, ...o }) => ({ ...o, amount: centsToAmount(cents) }));
}

export async function staffReport(
  db: Db,
  restaurantId: string,
  w: ReportWindow,
): Promise<StaffReport> {
  const { waiters, stations, voids } = await staffPerformance(db, restaurantId, {
    from: w.dates.from,
    to: w.dates.to,
  });
  return { range: w.range, waiters, stations, voids };
}

export async function tablesReport(
  db: Db,
  restaurantId: string,
  w: ReportWindow,
): Promise<TablesReport> {
  // A sitting: a dining session opened in the period with an order still counted in it (its
  // orders were all placed after it opened, so none before the period's start is read).
  const billed = db
    .select({
      sessionId: orders.diningSessionId,
      cents: sql<number>`sum(${billCents})`.as('cents'),
    })
    .from(orders)
    .where(and(countedOrders(restaurantId), sql`${orders.createdAt} >= ${at(w.start)}`))
    .groupBy(orders.diningSessionId)
    .as('billed');
  const minutes = sql`extract(epoch from (${diningSessions.closedAt} - ${diningSessions.openedAt})) / 60`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        tableNumber: tables.number,
        sittings: sql<number>`count(*)::int`,
        guests: sql<number>`sum(${diningSessions.customerCount})::int`,
        ended: sql<number>`(count(*) filter (where ${diningSessions.closedAt} is not null))::int`,
        minutes: sql<
          string | null
        >`sum(${minutes}) filter (where ${diningSessions.closedAt} is not null)`,
        cents: sumCents(billed.cents),
      })
      .from(diningSessions)
      .innerJoin(billed, eq(billed.sessionId, diningSessions.id))
      .innerJoin(tables, eq(tables.id, diningSessions.tableId))
      .where(and(eq(diningSessions.restaurantId, restaurantId), within(diningSessions.openedAt, w)))
      .groupBy(tables.id, tables.number)
      .orderBy(tables.number),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt))),
  ]);
  const minutesOf = (sum: string | number | null, ended: number) =>
    ended && sum !== null ? Math.round((Number(sum) / ended) * 10) / 10 : null;
  const totals = rows.reduce(
    (t, r) => ({
      sittings: t.sittings + r.sittings,
      guests: t.guests + r.guests,
      ended: t.ended + r.ended,
      minutes: t.minutes + Number(r.minutes ?? 0),
      cents: t.cents + r.cents,
    }),
    { sittings: 0, guests: 0, ended: 0, minutes: 0, cents: 0 },
  );
  const tableCount = count?.n ?? 0;
  const days = daysBetween(w.dates.from, w.dates.to);
  return {
    range: w.range,
    tables: rows.map((r) => ({
      tableNumber: r.tableNumber,
      sittings: r.sittings,
      guests: r.guests,
      averageMinutes: minutesOf(r.minutes, r.ended),
      total: amount(r.cents),
    })),
    totals: {
      tables: tableCount,
      sittings: totals.sittings,
      guests: totals.guests,
      averageMinutes: minutesOf(totals.minutes, totals.ended),
      total: amount(totals.cents),
      turnover: tableCount ? Math.round((totals.sittings / tableCount / days) * 100) / 100 : 0,
    },
  };
}

export async function paymentsReport(
  db: Db,
  restaurantId: string,
  w: ReportWindow,
): Promise<PaymentsReport> {
  // The money that moved in the period: payments captured, and refunds (negative) given back.
  const rows = await db
    .select({
      kind: paymentMovements.kind,
      method: paymentMovements.method,
      count: sql<number>`count(*)::int`,
      amount: sumCents(paymentMovements.amountCents),
      tips: sumCents(paymentMovements.tipCents),
    })
    .from(paymentMovements)
    .where(
      and(
        eq(paymentMovements.restaurantId, restaurantId),
        inDays(paymentMovements.businessDate, w),
      ),
    )
    .groupBy(paymentMovements.kind, paymentMovements.method);
  type Sums = { count: number; amount: number; tips: number };
  const takings = (r: Sums | undefined) => ({
    count: r?.count ?? 0,
    amount: amount(r?.amount ?? 0),
    tips: amount(r?.tips ?? 0),
    total: amount((r?.amount ?? 0) + (r?.tips ?? 0)),
  });
  const sumOf = (list: Sums[]) =>
    list.reduce(
      (t, r) => ({ count: t.count + r.count, amount: t.amount + r.amount, tips: t.tips + r.tips }),
      { count: 0, amount: 0, tips: 0 },
    );
  const captures = rows.filter((r) => r.kind === 'capture');
  const refunds = rows
    .filter((r) => r.kind === 'refund')
    .map((r) => ({ ...r, amount: -r.amount, tips: -r.tips }));
  // Only a period with refunds names them: the report reads as before otherwise.
  const refundsOf = (list: Sums[]) => (list.length === 0 ? {} : { refunds: takings(sumOf(list)) });
  return {
    range: w.range,
    methods: PAYMENT_METHODS.map((method) => ({
      method,
      ...takings(captures.find((r) => r.method === method)),
      ...refundsOf(refunds.filter((r) => r.method === method)),
    })),
    totals: { ...takings(sumOf(captures)), ...refundsOf(refunds) },
  };
}

export async function taxReport(db: Db, restaurantId: string, w: ReportWindow): Promise<TaxReport> {
  const rows = await db
    .select({
      taxRateBps: orders.taxRateBps,
      serviceChargeBps: orders.serviceChargeBps,
      pricesIncludeTax: orders.pricesIncludeTax,
      orders: sql<number>`count(*)::int`,
      total: sumCents(billCents),
      tax: sumCents(orders.taxCents),
      service: sumCents(orders.serviceCents),
    })
    .from(orders)
    .where(countedInWindow(restaurantId, w))
    .groupBy(orders.taxRateBps, orders.serviceChargeBps, orders.pricesIncludeTax)
    .orderBy(
      sql`${orders.taxRateBps} desc`,
      sql`${orders.serviceChargeBps} desc`,
      orders.pricesIncludeTax,
    );
  const all = rows.reduce(
    (t, r) => ({
      orders: t.orders + r.orders,
      total: t.total + r.total,
      tax: t.tax + r.tax,
      service: t.service + r.service,
    }),
    { orders: 0, total: 0, tax: 0, service: 0 },
  );
  return {
    range: w.range,
    rates: rows.map((r) => ({
      taxRate: r.taxRateBps / 100,
      serviceCharge: r.serviceChargeBps / 100,
      pricesIncludeTax: r.pricesIncludeTax,
      orders: r.orders,
      ...partsAmount(storedParts(r)),
    })),
    totals: { orders: all.orders, ...partsAmount(storedParts(all)) },
  };
}

interface VoidDetails {
  orderNumber?: number;
  tableNumber?: number;
  reason?: string;
  voidedCents?: number;
  lines?: { name: string; quantity: number }[];
}

export async function voidsReport(
  db: Db,
  restaurantId: string,
  w: ReportWindow,
): Promise<VoidsReport> {
  const rows = await db
    .select({
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      details: auditLog.details,
      by: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(voidEntries(restaurantId, w))
    .orderBy(sql`${auditLog.createdAt} desc`, sql`${auditLog.id} desc`);
  const voids = rows.map((r) => {
    const d = r.details as VoidDetails;
    return {
      time: r.createdAt.toISOString(),
      orderNumber: d.orderNumber ?? null,
      tableNumber: d.tableNumber ?? null,
      whole: r.action === 'order.void',
      items: (d.lines ?? []).map((l) => `${l.quantity}× ${l.name}`).join(', '),
      cents: Number(d.voidedCents ?? 0),
      by: r.by,
      reason: d.reason ?? '',
    };
  });
  return {
    range: w.range,
    voids: voids.map(({ cents, ...v }) => ({ ...v, amount: amount(cents) })),
    totals: {
      orderVoids: voids.filter((v) => v.whole).length,
      lineVoids: voids.filter((v) => !v.whole).length,
      amount: amount(voids.reduce((s, v) => s + v.cents, 0)),
    },
  };
}

const BUILDERS: {
  [K in ReportKind]: (db: Db, restaurantId: string, w: ReportWindow) => Promise<ReportData[K]>;
} = {
  sales: salesReport,
  items: itemsReport,
  staff: staffReport,
  tables: tablesReport,
  payments: paymentsReport,
  tax: taxReport,
  voids: voidsReport,
};

/** One report over a window. */
export function buildReport<K extends ReportKind>(
  db: Db,
  restaurantId: string,
  kind: K,
  w: ReportWindow,
): Promise<ReportData[K]> {
  return BUILDERS[kind](db, restaurantId, w);
}
