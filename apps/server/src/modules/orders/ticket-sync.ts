import { orderStatusFromTickets } from '@tavola/contract';
import { and, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { diningSessions, orderItems, orders, tables, tickets } from '../../core/db/schema.js';
import type { UnitOfWork } from '../../core/events/unit-of-work.js';
import { moveTable } from '../tables/index.js';
import { placeColumns, placeFrom } from './place.js';
import { setOrderStatus } from './status.js';

/**
 * After a ticket moves, its order's status follows its tickets; an order becoming ready tells the
 * table's waiter, and a fully served table waits for payment.
 */
export async function syncOrderStatus(uow: UnitOfWork, orderId: string) {
  const { tx } = uow;
  const [order] = await tx
    .select({ order: orders, table: tables, ...placeColumns })
    .from(orders)
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    // A tab's order has no table.
    .leftJoin(tables, eq(orders.tableId, tables.id))
    .where(eq(orders.id, orderId));
  if (!order || order.order.status === 'paid' || order.order.status === 'cancelled') return;
  const ticketRows = await tx
    .select({ status: tickets.status, station: tickets.station })
    .from(tickets)
    .where(eq(tickets.orderId, orderId));
  // A ticket held whole (a later course not fired yet) does not hold the rest of the order back:
  // the starters are ready when their stations are; firing the course brings it back.
  const held = await heldStations(tx, orderId);
  const next = orderStatusFromTickets(
    ticketRows.filter((t) => !held.has(t.station)).map((t) => t.status),
  );
  if (next === order.order.status) return;
  await setOrderStatus(tx, order.order, next);
  const waiterId = order.order.waiterId ?? order.table?.assignedWaiterId ?? null;
  const place = placeFrom(order);
  const base = {
    orderId,
    orderNumber: order.order.orderNumber,
    ...place,
    waiterId,
  };
  uow.emit({
    type: 'order_updated',
    data: { ...base, status: next },
    tableId: place.tableId,
  });
  if (next === 'ready') {
    uow.emit({
      type: 'order_ready',
      data: base,
      tableId: place.tableId,
    });
  }
  // A tab has no table to move to waiting for payment.
  if (next === 'served' && order.table) await tableServedCheck(uow, order.table);
}

/**
 * A station served its ticket: its lines that are live (fired) are served now, the moment a later
 * course's delay counts from; `null` (a recall) takes back what was served at `since` or later.
 */
export async function linesServed(
  tx: Tx,
  orderId: string,
  station: string,
  at: Date | null,
  since?: Date,
) {
  await tx
    .update(orderItems)
    .set({ servedAt: at })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.station, station),
        eq(orderItems.held, false),
        at ? isNull(orderItems.servedAt) : since ? gte(orderItems.servedAt, since) : undefined,
      ),
    );
}

/** The stations of an order whose every line still to make is of a held course. */
export async function heldStations(tx: Tx, orderId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ station: orderItems.station, held: orderItems.held })
    .from(orderItems)
    .where(
      and(eq(orderItems.orderId, orderId), gt(orderItems.quantity, orderItems.voidedQuantity)),
    );
  const live = new Set(rows.filter((r) => !r.held).map((r) => r.station));
  return new Set(rows.filter((r) => r.held && !live.has(r.station)).map((r) => r.station));
}

/** Once a table's orders are served (no course still held), it waits for payment. */
export async function tableServedCheck(uow: UnitOfWork, table: typeof tables.$inferSelect) {
  const { tx } = uow;
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    .where(
      and(
        eq(orders.tableId, table.id),
        eq(diningSessions.status, 'open'),
        eq(orderItems.held, true),
        gt(orderItems.quantity, orderItems.voidedQuantity),
        ne(orders.status, 'cancelled'),
      ),
    );
  if ((held?.n ?? 0) > 0) return;
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    .where(
      and(
        eq(orders.tableId, table.id),
        eq(diningSessions.status, 'open'),
        inArray(orders.status, ['new', 'preparing', 'ready']),
      ),
    );
  if ((pending?.n ?? 0) > 0) return;
  if (!(await moveTable(tx, table.id, 'allServed'))) return;
  uow.emit({
    type: 'table_updated',
    data: { tableId: table.id, tableNumber: table.number, status: 'waiting_payment' },
    tableId: table.id,
  });
}
