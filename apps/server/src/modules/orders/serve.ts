import { canActOnTable, canMarkServed, stationInfo } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { diningSessions, orders, tables, tickets } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockTableRow } from '../tables/index.js';
import { placeColumns, placeFrom } from './place.js';
import { linesServed, syncOrderStatus, tableServedCheck } from './ticket-sync.js';

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
    if (!owner) throw refuse('ORDER_NOT_FOUND');
    await lockTableRow(tx, owner.tableId);
    const [row] = await tx
      .select({ order: orders, table: tables, ...placeColumns })
      .from(orders)
      .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
      // A tab's order has no table.
      .leftJoin(tables, eq(orders.tableId, tables.id))
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)))
      .for('update', { of: orders });
    if (!row) throw refuse('ORDER_NOT_FOUND');
    const place = placeFrom(row);
    if (!canActOnTable(user, row.table?.assignedWaiterId ?? row.order.waiterId)) {
      throw refuse('SERVE_NOT_YOUR_TABLE');
    }
    if (!canMarkServed(row.order.status)) {
      throw refuse('SERVE_ORDER_NOT_READY', {
        order: row.order.orderNumber,
        status: row.order.status,
      });
    }
    const now = new Date();
    const servedTickets = await tx
      .update(tickets)
      .set({ status: 'served', servedAt: now, updatedAt: now })
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'ready')))
      .returning({ id: tickets.id, station: tickets.station });
    // The stations' screens drop the served tickets from their columns.
    for (const ticket of servedTickets) {
      await linesServed(tx, orderId, ticket.station, now);
      uow.emit({
        type: stationInfo(ticket.station).ticketUpdatedEvent,
        data: {
          ticketId: ticket.id,
          orderId,
          orderNumber: row.order.orderNumber,
          tableNumber: place.tableNumber,
          station: ticket.station,
          status: 'served',
          action: 'served',
        },
        tableId: place.tableId,
      });
    }
    await syncOrderStatus(uow, orderId);
    uow.audit({
      action: 'order.served',
      entityType: 'order',
      entityId: orderId,
      details: {
        ...(place.tableId ? { tableId: place.tableId } : { tab: place.tab?.name }),
        orderNumber: row.order.orderNumber,
      },
    });
    if (!place.tableId) return;
    const [table] = await tx.select().from(tables).where(eq(tables.id, place.tableId));
    if (table) await tableServedCheck(uow, table);
  });
}
