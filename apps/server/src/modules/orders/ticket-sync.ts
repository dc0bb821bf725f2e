import { orderStatusFromTickets } from '@tavola/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { diningSessions, orders, tables, tickets } from '../../core/db/schema.js';
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
    .select({ status: tickets.status })
    .from(tickets)
    .where(eq(tickets.orderId, orderId));
  const next = orderStatusFromTickets(ticketRows.map((t) => t.status));
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

/** Once a table's orders are served, it waits for payment. */
export async function tableServedCheck(uow: UnitOfWork, table: typeof tables.$inferSelect) {
  const { tx } = uow;
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
