import { Readable } from 'node:stream';
import {
  centsToAmount,
  HISTORY_CSV_MAX_ROWS,
  HISTORY_PDF_MAX_ROWS,
  historyLabel,
  partsAmount,
  placeLabel,
  ZERO_PARTS,
} from '@tavola/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import {
  diningSessions,
  orderItems,
  orders,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { storedParts } from '../orders/index.js';
import { activeStaffCount } from '../staff/index.js';
import { sumCents } from '../../core/db/money.js';
import { localTime, type HistoryRow } from './history-render.js';
import { businessTodaySql } from '../business-days/index.js';
import { countedOrders, orderedCents, orderedParts, takingsToday } from './today.js';

export type { HistoryRow } from './history-render.js';

/** The most orders one export holds; above it the manager is asked for a shorter period. */
export const HISTORY_EXPORT_MAX_ROWS = { csv: HISTORY_CSV_MAX_ROWS, pdf: HISTORY_PDF_MAX_ROWS };

interface Tenant {
  id: string;
  name: string;
  timezone: string;
  currency: 'eur' | 'usd';
  dayClosesAtMinutes: number;
}

export async function tenant(db: Db, restaurantId: string): Promise<Tenant> {
  const [r] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      timezone: restaurants.timezone,
      currency: restaurants.currency,
      dayClosesAtMinutes: restaurants.dayClosesAtMinutes,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  return r;
}

/** Order history between two business days (default: the last 30), newest first. */
export async function orderHistory(
  db: Db,
  restaurantId: string,
  query: { from?: string | undefined; to?: string | undefined; page: number; pageSize: number },
  exportAs?: 'csv' | 'pdf',
  maxRows: Record<'csv' | 'pdf', number> = HISTORY_EXPORT_MAX_ROWS,
) {
  const r = await tenant(db, restaurantId);
  if (query.from && query.to && query.from > query.to) throw refuse('DATE_RANGE_REVERSED');
  const from = query.from
    ? sql`${query.from}::date`
    : sql`(${businessTodaySql(restaurantId)} - 29)`;
  const where = and(
    countedOrders(restaurantId),
    sql`${orders.businessDate} >= ${from}`,
    query.to ? sql`${orders.businessDate} <= ${query.to}::date` : undefined,
  );

  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const total = count?.n ?? 0;
  const cap = exportAs ? maxRows[exportAs] : undefined;
  if (exportAs && cap !== undefined && total > cap) {
    throw refuse('EXPORT_TOO_MANY_ORDERS', {
      total,
      max: cap,
      format: exportAs.toUpperCase(),
    });
  }
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      tableNumber: tables.number,
      orderType: diningSessions.orderType,
      tabName: diningSessions.tabName,
      totalCents: orders.totalCents,
      surchargeCents: orders.surchargeCents,
      taxCents: orders.taxCents,
      serviceCents: orders.serviceCents,
      waiter: users.name,
      createdAt: orders.createdAt,
      status: orders.status,
      // What was sold: voided quantities are left out.
      items: sql<string>`(select string_agg((${orderItems.quantity} - ${orderItems.voidedQuantity}) || '× ' || ${orderItems.name}, ', ' order by ${orderItems.name}) from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.quantity} > ${orderItems.voidedQuantity})`,
    })
    .from(orders)
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    // A tab's order has no table.
    .leftJoin(tables, eq(orders.tableId, tables.id))
    .leftJoin(users, eq(orders.waiterId, users.id))
    .where(where)
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(cap ?? query.pageSize)
    .offset(exportAs ? 0 : (query.page - 1) * query.pageSize);

  return {
    restaurant: r,
    total,
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((o): HistoryRow => ({
      orderNumber: o.orderNumber,
      tableNumber: o.tableNumber,
      orderType: o.orderType,
      tabName: o.tabName,
      items: o.items ?? '',
      ...partsAmount(storedParts(o)),
      waiter: o.waiter,
      time: o.createdAt.toISOString(),
      status: o.status,
    })),
  };
}

/** The Table column of an export: the table's number, or the tab ("Takeaway · Ben"). */
export const placeCell = (row: Pick<HistoryRow, 'tableNumber' | 'orderType' | 'tabName'>) =>
  row.tableNumber !== null ? String(row.tableNumber) : placeLabel(row);

/** CSV cell: quoted, and never a formula when opened in a spreadsheet. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const CSV_ROWS_PER_SLICE = 1000;

async function* csvLines(rows: HistoryRow[], tz: string): AsyncGenerator<string> {
  const header = (
    [
      'ORDER_NUMBER',
      'TABLE',
      'ITEMS',
      'NET',
      'SERVICE',
      'TAX',
      'TOTAL',
      'WAITER',
      'TIME',
      'STATUS',
    ] as const
  ).map((key) => historyLabel(key));
  yield `${header.map(cell).join(',')}\r\n`;
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_SLICE) {
    // Other requests get their turn between slices (100,000 rows are about 1 s of work).
    if (start > 0) await new Promise(setImmediate);
    let chunk = '';
    for (const r of rows.slice(start, start + CSV_ROWS_PER_SLICE)) {
      chunk += `${[
        r.orderNumber,
        placeCell(r),
        r.items,
        r.net.toFixed(2),
        r.service.toFixed(2),
        r.tax.toFixed(2),
        r.total.toFixed(2),
        r.waiter,
        localTime(r.time, tz),
        r.status,
      ]
        .map(cell)
        .join(',')}\r\n`;
    }
    yield chunk;
  }
}

/** The history as CSV, written and sent a slice of rows at a time. */
export function historyCsv(rows: HistoryRow[], tz: string): Readable {
  return Readable.from(csvLines(rows, tz), { objectMode: false });
}

export async function overview(db: Db, restaurantId: string) {
  const r = await tenant(db, restaurantId);
  const today = await takingsToday(db, restaurantId);
  const [tableCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)));
  const [occupied] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(diningSessions)
    .where(and(eq(diningSessions.restaurantId, restaurantId), eq(diningSessions.status, 'open')));
  const tablesTotal = tableCount?.n ?? 0;
  return {
    currency: r.currency,
    todaysRevenue: centsToAmount(today.orderedCents),
    paidToday: centsToAmount(today.paidCents),
    ordersToday: today.orders,
    activeStaff: await activeStaffCount(db, restaurantId),
    tableUtilization: tablesTotal ? Math.round(((occupied?.n ?? 0) / tablesTotal) * 100) : 0,
    tablesOccupied: occupied?.n ?? 0,
    tablesTotal,
  };
}

/**
 * Revenue, order statistics and best sellers, computed in SQL by business day (today's, and the
 * week and month it is in); the hours are the restaurant's local clock hours.
 */
export async function analytics(db: Db, restaurantId: string) {
  const r = await tenant(db, restaurantId);
  const tz = r.timezone;
  // Today's business day and the first days of its week, month and last 30 days, computed once.
  const ymd = (d: SQL) => sql<string>`to_char(${d}, 'YYYY-MM-DD')`;
  const day = sql`(${businessTodaySql(restaurantId)})`;
  const [bounds] = await db
    .select({
      day: ymd(day),
      week: ymd(sql`date_trunc('week', ${day})::date`),
      month: ymd(sql`date_trunc('month', ${day})::date`),
      days30: ymd(sql`${day} - 29`),
    })
    .from(sql`(select 1) as one`);
  if (!bounds) throw new Error('no time bounds');
  const since = (date: string) => sql`${orders.businessDate} >= ${date}::date`;
  const last30 = since(bounds.days30);
  const inWindow = (unit: 'day' | 'week' | 'month') => since(bounds[unit]);
  const earliest = [bounds.day, bounds.week, bounds.month, bounds.days30].reduce((a, b) =>
    a < b ? a : b,
  );

  // One scan for the revenue windows and the order statistics; the rest in parallel.
  const [totals, best, byHour, byDay] = await Promise.all([
    db
      .select({
        today: orderedParts(inWindow('day')),
        week: orderedParts(inWindow('week')),
        month: orderedParts(inWindow('month')),
        count: sql<number>`(count(*) filter (where ${last30}))::int`,
        cents: orderedCents(last30),
        avgReadyMinutes: sql<
          number | null
        >`avg(extract(epoch from (${orders.readyAt} - ${orders.createdAt})) / 60) filter (where ${last30})`,
      })
      .from(orders)
      .where(and(countedOrders(restaurantId), since(earliest))),
    db
      .select({
        name: orderItems.name,
        quantity: sql<number>`sum(${orderItems.quantity} - ${orderItems.voidedQuantity})::int`,
        cents: sumCents(orderItems.lineTotalCents),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orderItems.orderId, orders.id))
      .where(and(countedOrders(restaurantId), last30))
      .groupBy(orderItems.name),
    db
      .select({
        hour: sql<number>`extract(hour from ${orders.createdAt} at time zone ${tz})::int`,
        cents: orderedCents(),
      })
      .from(orders)
      .where(and(countedOrders(restaurantId), inWindow('day')))
      .groupBy(sql`1`),
    db
      .select({
        day: sql<string>`to_char(${orders.businessDate}, 'YYYY-MM-DD')`,
        cents: orderedCents(),
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(countedOrders(restaurantId), last30))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
  ]);
  const [stats] = totals;
  const parts = {
    today: partsAmount(stats?.today ?? ZERO_PARTS),
    week: partsAmount(stats?.week ?? ZERO_PARTS),
    month: partsAmount(stats?.month ?? ZERO_PARTS),
  };
  const today = parts.today.total;
  const week = parts.week.total;
  const month = parts.month.total;

  const count = stats?.count ?? 0;
  const top = (key: 'quantity' | 'cents') =>
    [...best]
      .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name))
      .slice(0, 5)
      .map((b) => ({ name: b.name, quantity: b.quantity, revenue: centsToAmount(b.cents) }));
  return {
    currency: r.currency,
    timezone: tz,
    revenue: { today, week, month },
    revenueParts: parts,
    orders: {
      count,
      averageValue: count ? centsToAmount(Math.round((stats?.cents ?? 0) / count)) : 0,
      averageMinutesToReady:
        stats?.avgReadyMinutes == null ? null : Math.round(Number(stats.avgReadyMinutes) * 10) / 10,
    },
    bestSellersByQuantity: top('quantity'),
    bestSellersByRevenue: top('cents'),
    revenueByHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      revenue: centsToAmount(byHour.find((h) => h.hour === hour)?.cents ?? 0),
    })),
    revenueByDay: byDay.map((d) => ({ day: d.day, revenue: centsToAmount(d.cents), orders: d.n })),
  };
}
