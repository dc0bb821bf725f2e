import {
  billCharges,
  centsToAmount,
  countsAsNewOrder,
  lineLabel,
  partsAmount,
  sumParts,
  type Floor,
  type FloorOrder,
  type FloorNotification,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import {
  diningSessions,
  type orders,
  requests,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { billsRows, discountViews, enteredByOf, ratesOf, storedParts } from '../orders/index.js';
import { takingsToday } from '../reports/index.js';

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

type OrderRow = typeof orders.$inferSelect;

/**
 * The orders on open bills (voided ones left out), oldest first, and how staff see each: its
 * lines still billed, with their notes, seat, course, who rang them up and what discounts and
 * comps take off them; and each bill's rows, for its discounts.
 */
export async function openBillOrders(db: Db, sessionIds: readonly string[]) {
  const openBills = await billsRows(db, sessionIds);
  const orderRows = [...openBills.values()]
    .flatMap((b) => b.orders)
    .filter((o) => o.status !== 'cancelled')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const lines = [...openBills.values()]
    .flatMap((b) => b.lines)
    // What is still billed: voided quantities are left out.
    .map((l) => ({ ...l, quantity: l.quantity - l.voidedQuantity }))
    .sort(
      (a, b) =>
        (a.course ?? 0) - (b.course ?? 0) ||
        (a.seat ?? 0) - (b.seat ?? 0) ||
        a.name.localeCompare(b.name),
    );
  const toFloorOrder = (o: OrderRow): FloorOrder => ({
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    priority: o.priority,
    total: centsToAmount(o.totalCents),
    createdAt: o.createdAt.toISOString(),
    items: lines
      .filter((l) => l.orderId === o.id && l.quantity > 0)
      .map((l) => ({
        id: l.id,
        name: lineLabel(l),
        quantity: l.quantity,
        notes: l.notes,
        seat: l.seat,
        course: l.course,
        ...(l.held ? { held: true } : {}),
        enteredBy: enteredByOf(l),
        lineTotal: centsToAmount(l.unitPriceCents * l.quantity),
        discount: centsToAmount(l.discountCents),
      })),
  });
  return { orderRows, toFloorOrder, openBills };
}

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
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');

  const tableRows = await db
    .select({ table: tables, waiterName: users.name })
    .from(tables)
    .leftJoin(users, eq(tables.assignedWaiterId, users.id))
    .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
    .orderBy(asc(tables.number));
  const sessions = await db
    .select()
    .from(diningSessions)
    .where(
      and(
        eq(diningSessions.restaurantId, restaurantId),
        eq(diningSessions.status, 'open'),
        // Tabs have no table: the floor is the tables'.
        isNotNull(diningSessions.tableId),
      ),
    );
  const sessionIds = sessions.map((s) => s.id);
  const { orderRows, toFloorOrder, openBills } = await openBillOrders(db, sessionIds);
  const openRequests = sessionIds.length
    ? await db
        .select()
        .from(requests)
        .where(and(inArray(requests.diningSessionId, sessionIds), eq(requests.status, 'open')))
    : [];

  // "Today" and its takings are the reports' own definitions, the manager's too.
  const today = await takingsToday(db, restaurantId);

  return {
    tables: tableRows.map(({ table, waiterName }) => {
      // The table's bill is its check 1; checks split off it are listed beside it.
      const session = sessions.find((s) => s.tableId === table.id && s.checkNumber === 1) ?? null;
      const checks = sessions
        .filter((s) => s.tableId === table.id && s.checkNumber !== 1)
        .sort((a, b) => a.checkNumber - b.checkNumber)
        .map((check) => {
          const own = orderRows.filter((o) => o.diningSessionId === check.id);
          const parts = partsAmount(sumParts(own.map(storedParts)));
          return {
            sessionId: check.id,
            checkNumber: check.checkNumber,
            customerCount: check.customerCount,
            orders: own.map(toFloorOrder),
            billTotal: parts.total,
            bill: parts,
            charges: billCharges(own.map(ratesOf), ratesOf(restaurant)),
            discounts: discountViews(openBills.get(check.id)!),
          };
        });
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
          [
            lastBill?.amountCents
              ? `Bill requested (${centsToAmount(lastBill.amountCents).toFixed(2)} due)`
              : 'Bill requested',
            lastBill?.message,
          ]
            .filter(Boolean)
            .join(' · '),
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
        discounts: session ? discountViews(openBills.get(session.id)!) : [],
        notifications,
        lastActivity: last?.toISOString() ?? null,
        checks,
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
