import {
  canActOnTable,
  canMarkServed,
  centsToAmount,
  type Floor,
  type FloorOrder,
  type FloorNotification,
  type TableNotificationType,
  type User,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.js';
import {
  auditLog,
  diningSessions,
  orderItems,
  orders,
  payments,
  requests,
  restaurants,
  tables,
  tickets,
  users,
} from '../../core/db/schema.js';
import { conflict, forbidden, notFound } from '../../core/http/errors.js';
import { recordEvents, type EventInput } from '../../core/events/recorder.js';
import { lockTableRow } from '../dining-sessions/service.js';
import { syncOrderStatus, tableServedCheck } from '../tickets/service.js';
import { sumCents } from '../../core/db/money.js';

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

/** Every table of the restaurant as a waiter's screen shows it, from live server state. */
export async function floor(db: Db, restaurantId: string): Promise<Floor> {
  const [restaurant] = await db
    .select({ currency: restaurants.currency, timezone: restaurants.timezone })
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

  // "Today" is the restaurant's day, in its own timezone.
  const [today] = await db
    .select({
      cents: sumCents(payments.amountCents),
    })
    .from(payments)
    .where(
      and(
        eq(payments.restaurantId, restaurantId),
        sql`${payments.createdAt} >= (date_trunc('day', now() at time zone ${restaurant.timezone}) at time zone ${restaurant.timezone})`,
      ),
    );
  const [ordersToday] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        ne(orders.status, 'cancelled'),
        sql`${orders.createdAt} >= (date_trunc('day', now() at time zone ${restaurant.timezone}) at time zone ${restaurant.timezone})`,
      ),
    );

  const toFloorOrder = (o: (typeof orderRows)[number]): FloorOrder => ({
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
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
      const notifications: FloorNotification[] = [];
      if (session && !table.assignedWaiterId) {
        notifications.push({
          type: 'new_table',
          refId: null,
          message: `Table ${table.number} is seated`,
          createdAt: session.openedAt.toISOString(),
        });
      }
      for (const o of sessionOrders) {
        if (!o.acknowledgedAt && o.status !== 'paid') {
          notifications.push({
            type: 'new_order',
            refId: o.id,
            message: `New order #${o.orderNumber}`,
            createdAt: o.createdAt.toISOString(),
          });
        }
      }
      for (const r of sessionRequests) {
        notifications.push({
          type: r.kind === 'call_waiter' ? 'call_waiter' : 'payment_requested',
          refId: r.id,
          message:
            r.kind === 'call_waiter'
              ? (r.message ?? `Table ${table.number} is calling`)
              : `Bill requested${r.amountCents ? ` (${centsToAmount(r.amountCents).toFixed(2)})` : ''}`,
          createdAt: r.createdAt.toISOString(),
        });
      }
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
        billTotal: centsToAmount(sessionOrders.reduce((sum, o) => sum + o.totalCents, 0)),
        notifications,
        lastActivity: last?.toISOString() ?? null,
      };
    }),
    stats: {
      todaysSales: centsToAmount(today?.cents ?? 0),
      currency: restaurant.currency,
      ordersToday: ordersToday?.n ?? 0,
    },
  };
}

async function lockTable(tx: Tx, restaurantId: string, tableId: string) {
  const [table] = await tx
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)))
    // Only the table's own columns change: order inserts may still key-share it.
    .for('no key update');
  if (!table) throw notFound('Table not found');
  return table;
}

async function audit(
  tx: Tx,
  restaurantId: string,
  user: User,
  action: string,
  entityId: string,
  details: Record<string, unknown> = {},
) {
  await tx.insert(auditLog).values({
    restaurantId,
    userId: user.id,
    action,
    entityType: 'table',
    entityId,
    details,
  });
}

async function assignWaiter(
  tx: Tx,
  restaurantId: string,
  table: typeof tables.$inferSelect,
  user: User,
  out: EventInput[],
) {
  await tx
    .update(tables)
    .set({ assignedWaiterId: user.id, updatedAt: new Date() })
    .where(eq(tables.id, table.id));
  const open = await tx
    .update(diningSessions)
    .set({ waiterId: user.id })
    .where(and(eq(diningSessions.tableId, table.id), eq(diningSessions.status, 'open')))
    .returning({ id: diningSessions.id });
  if (open[0]) {
    await tx
      .update(orders)
      .set({ waiterId: user.id })
      .where(and(eq(orders.diningSessionId, open[0].id), isNull(orders.waiterId)));
  }
  await audit(tx, restaurantId, user, 'table.claim', table.id, { tableNumber: table.number });
  out.push({
    type: 'table_updated',
    data: {
      tableId: table.id,
      tableNumber: table.number,
      status: table.status,
      assignedWaiterId: user.id,
      assignedWaiterName: user.name,
    },
    tableId: table.id,
    userId: user.id,
  });
}

/** Claim a table: it becomes this waiter's, and its new_table notification clears. */
export async function claimTable(db: Db, user: User, restaurantId: string, tableId: string) {
  return db.transaction(async (tx) => {
    const out: EventInput[] = [];
    const table = await lockTable(tx, restaurantId, tableId);
    if (table.assignedWaiterId === user.id) return { events: [] };
    if (table.assignedWaiterId && user.role === 'waiter') {
      const [owner] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, table.assignedWaiterId));
      throw conflict(
        `Table ${table.number} is already assigned to ${owner?.name ?? 'another waiter'}`,
      );
    }
    await assignWaiter(tx, restaurantId, table, user, out);
    return { events: await recordEvents(tx, restaurantId, out) };
  });
}

/**
 * Respond to a table notification: it clears; responding to a call sets the table active again.
 * Responding to an unassigned table claims it first.
 */
export async function respondToNotification(
  db: Db,
  user: User,
  restaurantId: string,
  tableId: string,
  type: TableNotificationType,
  refId: string | undefined,
) {
  return db.transaction(async (tx) => {
    const out: EventInput[] = [];
    const table = await lockTable(tx, restaurantId, tableId);
    if (!table.assignedWaiterId) {
      await assignWaiter(tx, restaurantId, table, user, out);
      table.assignedWaiterId = user.id;
    }
    if (!canActOnTable(user, table.assignedWaiterId)) {
      throw forbidden('Only the waiter assigned to this table can respond');
    }
    if (type === 'new_table') return { events: await recordEvents(tx, restaurantId, out) };

    const now = new Date();
    if (type === 'new_order') {
      const where = refId
        ? and(eq(orders.id, refId), eq(orders.tableId, table.id), isNull(orders.acknowledgedAt))
        : and(eq(orders.tableId, table.id), isNull(orders.acknowledgedAt));
      const done = await tx
        .update(orders)
        .set({ acknowledgedAt: now })
        .where(where)
        .returning({ id: orders.id });
      if (refId && done.length === 0) throw notFound('No such new order at this table');
    } else {
      const kind = type === 'call_waiter' ? 'call_waiter' : 'payment';
      const where = refId
        ? and(eq(requests.id, refId), eq(requests.tableId, table.id), eq(requests.status, 'open'))
        : and(eq(requests.tableId, table.id), eq(requests.kind, kind), eq(requests.status, 'open'));
      const done = await tx
        .update(requests)
        .set({ status: 'resolved', resolvedAt: now, resolvedBy: user.id })
        .where(where)
        .returning({ id: requests.id });
      if (refId && done.length === 0) throw notFound('No such open request at this table');
      if (type === 'call_waiter' && table.status === 'needs_attention') {
        await tx
          .update(tables)
          .set({ status: 'active', updatedAt: now })
          .where(eq(tables.id, table.id));
        table.status = 'active';
      }
    }
    await audit(tx, restaurantId, user, `table.respond.${type}`, table.id, {
      refId: refId ?? null,
    });
    out.push({
      type: 'table_updated',
      data: {
        tableId: table.id,
        tableNumber: table.number,
        status: table.status,
        responded: type,
        assignedWaiterId: table.assignedWaiterId,
      },
      tableId: table.id,
      userId: user.id,
    });
    return { events: await recordEvents(tx, restaurantId, out) };
  });
}

/** Mark Served: only a ready order, only by the table's waiter (or a manager or admin). */
export async function markOrderServed(db: Db, user: User, restaurantId: string, orderId: string) {
  return db.transaction(async (tx) => {
    const out: EventInput[] = [];
    // Table before order, as every writer of both (see transitionTicket).
    const [owner] = await tx
      .select({ tableId: orders.tableId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
    if (!owner) throw notFound('Order not found');
    await lockTableRow(tx, owner.tableId);
    const [row] = await tx
      .select({ order: orders, table: tables })
      .from(orders)
      .innerJoin(tables, eq(orders.tableId, tables.id))
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)))
      .for('update', { of: orders });
    if (!row) throw notFound('Order not found');
    if (!canActOnTable(user, row.table.assignedWaiterId ?? row.order.waiterId)) {
      throw forbidden('Only the waiter assigned to this table can mark its orders served');
    }
    if (!canMarkServed(row.order.status)) {
      throw conflict(
        `Mark Served only when the order is ready (order #${row.order.orderNumber} is ${row.order.status})`,
      );
    }
    const now = new Date();
    const servedTickets = await tx
      .update(tickets)
      .set({ status: 'served', servedAt: now, updatedAt: now })
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'ready')))
      .returning({ id: tickets.id, station: tickets.station });
    // The stations' screens drop the served tickets from their columns.
    for (const ticket of servedTickets) {
      out.push({
        type: ticket.station === 'kitchen' ? 'kitchen_ticket_updated' : 'bar_ticket_updated',
        data: {
          ticketId: ticket.id,
          orderId,
          orderNumber: row.order.orderNumber,
          tableNumber: row.table.number,
          station: ticket.station,
          status: 'served',
          action: 'served',
        },
        tableId: row.table.id,
        userId: user.id,
      });
    }
    await syncOrderStatus(tx, restaurantId, orderId, out, user.id);
    await audit(tx, restaurantId, user, 'order.served', row.table.id, {
      orderId,
      orderNumber: row.order.orderNumber,
    });
    const [table] = await tx.select().from(tables).where(eq(tables.id, row.table.id));
    if (table) await tableServedCheck(tx, restaurantId, table, out, user.id);
    return { events: await recordEvents(tx, restaurantId, out) };
  });
}
