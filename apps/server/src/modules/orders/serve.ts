import { canActOnTable, canMarkServed } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { orders, tables, tickets } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { conflict, forbidden, notFound } from '../../core/http/errors.js';
import { lockTableRow } from '../tables/index.js';
import { syncOrderStatus, tableServedCheck } from '../tickets/index.js';

/** Mark Served: only a ready order, only by the table's waiter (or a manager or admin). */
export async function markOrderServed(ctx: WorkContext, actor: StaffActor, orderId: string) {
  const { user, restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
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
      uow.emit({
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
      });
    }
    await syncOrderStatus(uow, orderId);
    uow.audit({
      action: 'order.served',
      entityType: 'order',
      entityId: orderId,
      details: { tableId: row.table.id, orderNumber: row.order.orderNumber },
    });
    const [table] = await tx.select().from(tables).where(eq(tables.id, row.table.id));
    if (table) await tableServedCheck(uow, table);
  });
}
