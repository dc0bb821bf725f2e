import {
  billCharges,
  centsToAmount,
  countsAsNewOrder,
  partsAmount,
  sumParts,
  type Floor,
  type FloorOrder,
  type FloorNotification,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import {
  diningSessions,
  orderItems,
  orders,
  requests,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { notFound } from '../../core/http/errors.js';
import { ratesOf, storedParts } from '../orders/index.js';
import { takingsToday } from '../reports/index.js';

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

/** Every table of the restaurant as a waiter's screen shows it, from live server state. */
export async function floor(db: Db, restaurantId: string): Promise<Floor> {
  const [restaurant] = await db
    .select({
      currency: restaurants.currency,
      timezone: restaurants.timezone,
      taxRateBps: restaurants.taxRateBps,
      serviceChargeBps: restaurants.serviceChargeBps,
      pricesIncludeTax: restaurants.pricesIncludeTax,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw notFound('Restaurant not found');

  const tableRows = await db
    .select({ table: tables, waiterName: users.name })
    .from(tables)
    .leftJoin(users, eq(tables.assignedWaiterId, users.id))
    .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
    .orderBy(asc(tables.number));
  const sessions = await db
    .select()
    .from(diningSessions)
    .where(and(eq(diningSessions.restaurantId, restaurantId), eq(diningSessions.status, 'open')));
  const sessionIds = sessions.map((s) => s.id);
  const orderRows = sessionIds.length
    ? await db
        .select()
        .from(orders)
        .where(and(inArray(orders.diningSessionId, sessionIds), ne(orders.status, 'cancelled')))
        .orderBy(asc(orders.createdAt))
    : [];
  const lines = orderRows.length
    ? await db
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          name: orderItems.name,
          // What is still billed: voided quantities are left out.
          quantity: sql<number>`${orderItems.quantity} - ${orderItems.voidedQuantity}`.mapWith(
            Number,
          ),
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
    : [];
  const openRequests = sessionIds.length
    ? await db
        .select()
        .from(requests)
        .where(and(inArray(requests.diningSessionId, sessionIds), eq(requests.status, 'open')))
    : [];

  // "Today" and its takings are the reports' own definitions, the manager's too.
  const today = await takingsToday(db, restaurantId);

  const toFloorOrder = (o: (typeof orderRows)[number]): FloorOrder => ({
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    priority: o.priority,
    total: centsToAmount(o.totalCents),
    createdAt: o.createdAt.toISOString(),
    items: lines
      .filter((l) => l.orderId === o.id && l.quantity > 0)
      .map((l) => ({ id: l.id, name: l.name, quantity: l.quantity })),
  });

  return {
    tables: tableRows.map(({ table, waiterName }) => {
      const session = sessions.find((s) => s.tableId === table.id) ?? null;
      const sessionOrders = session
        ? orderRows.filter((o) => o.diningSessionId === session.id)
        : [];
      const sessionRequests = session
        ? openRequests.filter((r) => r.diningSessionId === session.id)
        : [];
      // From what is open now, one per kind with its count: a served order or an answered
      // request is no longer news.
      const notifications: FloorNotification[] = [];
      if (session && !table.assignedWaiterId) {
        notifications.push({
          type: 'new_table',
          count: 1,
          refIds: [],
          message: `Table ${table.number} is seated`,
          createdAt: session.openedAt.toISOString(),
        });
      }
      const newOrders = sessionOrders.filter((o) =>
        countsAsNewOrder({ status: o.status, acknowledged: o.acknowledgedAt !== null }),
      );
      const calls = sessionRequests.filter((r) => r.kind === 'call_waiter');
      const bills = sessionRequests.filter((r) => r.kind !== 'call_waiter');
      const lastOrder = newOrders.at(-1);
      const lastCall = calls.at(-1);
      const lastBill = bills.at(-1);
      const grouped: [FloorNotification['type'], { id: string; createdAt: Date }[], string][] = [
        ['new_order', newOrders, lastOrder ? `New order #${lastOrder.orderNumber}` : ''],
        ['call_waiter', calls, lastCall?.message ?? `Table ${table.number} is calling`],
        [
          'payment_requested',
          bills,
          lastBill?.amountCents
            ? `Bill requested (${centsToAmount(lastBill.amountCents).toFixed(2)})`
            : 'Bill requested',
        ],
      ];
      for (const [type, open, message] of grouped) {
        const [first] = open;
        if (!first) continue;
        notifications.push({
          type,
          count: open.length,
          refIds: open.map((x) => x.id),
          message,
          createdAt: first.createdAt.toISOString(),
        });
      }
      // What the table pays: its orders' parts as stored (voided orders are not listed).
      const bill = partsAmount(sumParts(sessionOrders.map(storedParts)));
      const unpaid = sessionOrders.filter((o) => o.status !== 'paid');
      const current = unpaid[unpaid.length - 1] ?? null;
      const last = latest(
        table.updatedAt,
        session?.openedAt,
        ...sessionOrders.map((o) => o.updatedAt),
        ...sessionRequests.map((r) => r.createdAt),
      );
      return {
        id: table.id,
        number: table.number,
        capacity: table.capacity,
        status: table.status,
        customerCount: session?.customerCount ?? 0,
        assignedWaiter:
          table.assignedWaiterId && waiterName
            ? { id: table.assignedWaiterId, name: waiterName }
            : null,
        sessionId: session?.id ?? null,
        sessionStart: session?.openedAt.toISOString() ?? null,
        currentOrder: current ? toFloorOrder(current) : null,
        orders: sessionOrders.map(toFloorOrder),
        billTotal: bill.total,
        bill,
        charges: billCharges(sessionOrders.map(ratesOf), ratesOf(restaurant)),
        notifications,
        lastActivity: last?.toISOString() ?? null,
      };
    }),
    stats: {
      todaysSales: centsToAmount(today.paidCents),
      orderedToday: centsToAmount(today.orderedCents),
      currency: restaurant.currency,
      ordersToday: today.orders,
    },
  };
}
