import {
  centsToAmount,
  STAFF_PERFORMANCE_DEFAULT_DAYS,
  STATIONS,
  type StaffPerformance,
  type StaffPerformanceQuery,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNotNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { auditLog, orders, tickets, users } from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { refuse } from '../../core/http/errors.js';
import { tenant } from './service.js';
import { businessTodaySql } from '../business-days/index.js';
import { countedOrders, localDateStart, orderedCents } from './today.js';

/**
 * Staff performance between two business days of the restaurant (both included; by default the
 * last 30 days, today included). What each figure counts is said on the contract's schema.
 */
export async function staffPerformance(
  db: Db,
  restaurantId: string,
  query: StaffPerformanceQuery,
): Promise<StaffPerformance> {
  const r = await tenant(db, restaurantId);
  const tz = r.timezone;
  const today = businessTodaySql(restaurantId);
  const [range] = await db
    .select({
      from: sql<string>`to_char(${query.from ? sql`${query.from}::date` : sql`${today} - ${sql.raw(String(STAFF_PERFORMANCE_DEFAULT_DAYS - 1))}`}, 'YYYY-MM-DD')`,
      to: sql<string>`to_char(${query.to ? sql`${query.to}::date` : today}, 'YYYY-MM-DD')`,
    })
    .from(sql`(select 1) as one`);
  if (!range) throw new Error('no date range');
  if (range.from > range.to) throw refuse('DATE_RANGE_REVERSED');
  // Orders by their business day; tickets and voids by the instants those days begin and end.
  const start = localDateStart(sql`${range.from}::date`, tz, r.dayClosesAtMinutes);
  const end = localDateStart(sql`(${range.to}::date + 1)`, tz, r.dayClosesAtMinutes);
  const within = (column: SQLWrapper) => sql`${column} >= ${start} and ${column} < ${end}`;
  const inDays = sql`${orders.businessDate} between ${range.from}::date and ${range.to}::date`;

  const [byWaiter, waiterAccounts, byStation, byVoider] = await Promise.all([
    db
      .select({
        userId: orders.waiterId,
        name: users.name,
        orders: sql<number>`count(*)::int`,
        ordersServed: sql<number>`(count(*) filter (where ${orders.servedAt} is not null))::int`,
        cents: orderedCents(),
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.waiterId))
      .where(and(countedOrders(restaurantId), inDays))
      .groupBy(orders.waiterId, users.name),
    // Waiters on the books show up with nothing rather than not at all.
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          eq(users.role, 'waiter'),
          ne(users.status, 'inactive'),
        ),
      ),
    db
      .select({
        station: tickets.station,
        tickets: sql<number>`count(*)::int`,
        // A held course's ticket is timed from its firing, not from the order.
        minutes: sql<
          number | null
        >`avg(extract(epoch from (${tickets.readyAt} - coalesce(${tickets.firedAt}, ${tickets.createdAt}))) / 60)`,
      })
      .from(tickets)
      .where(
        and(
          eq(tickets.restaurantId, restaurantId),
          isNotNull(tickets.readyAt),
          within(tickets.createdAt),
        ),
      )
      .groupBy(tickets.station),
    // Who voided what is the audit log's record (the order keeps only a whole void's author).
    db
      .select({
        userId: auditLog.userId,
        name: users.name,
        orderVoids: sql<number>`(count(*) filter (where ${auditLog.action} = 'order.void'))::int`,
        lineVoids: sql<number>`(count(*) filter (where ${auditLog.action} = 'order.void_line'))::int`,
        cents: sumCents(sql`(${auditLog.details}->>'voidedCents')::bigint`),
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.userId))
      .where(
        and(
          eq(auditLog.restaurantId, restaurantId),
          inArray(auditLog.action, ['order.void', 'order.void_line']),
          within(auditLog.createdAt),
        ),
      )
      .groupBy(auditLog.userId, users.name)
      .orderBy(asc(users.name)),
  ]);

  const waiters = byWaiter.flatMap((w) =>
    w.userId
      ? [
          {
            userId: w.userId,
            name: w.name,
            orders: w.orders,
            ordersServed: w.ordersServed,
            sales: centsToAmount(w.cents),
          },
        ]
      : [],
  );
  for (const account of waiterAccounts) {
    if (!waiters.some((w) => w.userId === account.id)) {
      waiters.push({
        userId: account.id,
        name: account.name,
        orders: 0,
        ordersServed: 0,
        sales: 0,
      });
    }
  }
  waiters.sort((a, b) => b.sales - a.sales || a.name.localeCompare(b.name));

  return {
    from: range.from,
    to: range.to,
    timezone: tz,
    currency: r.currency,
    waiters,
    stations: STATIONS.map((station) => {
      const s = byStation.find((x) => x.station === station);
      return {
        station,
        tickets: s?.tickets ?? 0,
        averageMinutesToReady: s?.minutes == null ? null : Math.round(Number(s.minutes) * 10) / 10,
      };
    }),
    voids: byVoider.flatMap((v) =>
      v.userId
        ? [
            {
              userId: v.userId,
              name: v.name,
              orderVoids: v.orderVoids,
              lineVoids: v.lineVoids,
              amount: centsToAmount(v.cents),
            },
          ]
        : [],
    ),
  };
}
