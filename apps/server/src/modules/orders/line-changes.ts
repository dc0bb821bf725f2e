import {
  billedQuantity,
  centsToAmount,
  dualAmount,
  dualBill,
  lineLabel,
  orderStatusFromTickets,
  stationInfo,
  type ChangeOrderLineInput,
  type OrderStatus,
  type TicketChange,
  type TicketStatus,
  type VoidedOrder,
} from '@tavola/contract';
import { asc, eq } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { retryOnDeadlock } from '../../core/db/errors.js';
import { orderItems, tickets } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { repriceBill } from './discounts.js';
import { lineSnapshotOf } from './lines.js';
import { followOpenBill } from './open-bill.js';
import { setOrderStatus } from './status.js';
import { getTicketView } from './ticket-views.js';
import { lockOrderForChange, voidWholeOrder } from './void-service.js';

/**
 * A sent line changed before its station starts it: more or fewer, other notes, or taken off
 * (quantity 0; taking off an order's last line withdraws the order, as a void of it would, with
 * the waiter's name as the reason). Allowed to whoever may ring up at the table (a table held by
 * another waiter is refused unless the caller manages tables); once the station has started the
 * ticket the line is refused here and only a manager's void takes it off. The order is repriced
 * by its frozen rates, the station's ticket keeps the change (its display marks it, also after a
 * reload), and the change is audited.
 */
export async function changeOrderLine(
  ctx: WorkContext,
  actor: StaffActor,
  orderId: string,
  itemId: string,
  input: ChangeOrderLineInput,
): Promise<VoidedOrder> {
  // A change can meet a payment and a station's move on the same table at once.
  return retryOnDeadlock(() =>
    runWork(ctx, actor, (uow) => changeInTransaction(uow, orderId, itemId, input)),
  );
}

async function changeInTransaction(
  uow: UnitOfWork,
  orderId: string,
  itemId: string,
  input: ChangeOrderLineInput,
): Promise<VoidedOrder> {
  const { tx } = uow;
  const { user } = uow.actor as StaffActor;
  // A waiter changes a line at a table they may ring up at: the table is held first.
  const { order, place, lines } = await lockOrderForChange(uow, orderId, { holdTable: true });
  const line = lines.find((l) => l.id === itemId);
  if (!line) throw refuse('ORDER_LINE_NOT_FOUND');
  const label = lineLabel(lineSnapshotOf(line));
  if (line.voidedQuantity > 0) {
    throw refuse('ORDER_LINE_HAS_VOID', { item: label, order: order.orderNumber });
  }
  const ticketRows = await tx
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id))
    .for('update');
  const ticket = ticketRows.find((t) => t.station === line.station);
  if (ticket && ticket.status !== 'new') {
    throw refuse('ORDER_LINE_STARTED', {
      station: stationInfo(line.station).label.toLowerCase(),
      order: order.orderNumber,
      item: label,
    });
  }

  const from = { quantity: line.quantity, notes: line.notes };
  const to = {
    quantity: input.quantity ?? line.quantity,
    notes: input.notes === undefined ? line.notes : input.notes || null,
  };
  const others = lines.filter((l) => l.id !== line.id && billedQuantity(l) > 0);
  // The order's last line taken off: the order is withdrawn whole.
  if (to.quantity === 0 && others.length === 0) {
    return voidWholeOrder(uow, orderId, `Taken off by ${user.name} before it was started`);
  }

  if (to.quantity === 0) {
    await tx.delete(orderItems).where(eq(orderItems.id, line.id));
  } else {
    await tx
      .update(orderItems)
      .set({
        quantity: to.quantity,
        notes: to.notes,
        // Repriced with the bill's discounts below.
        discountCents: 0,
        lineTotalCents: line.unitPriceCents * to.quantity,
      })
      .where(eq(orderItems.id, line.id));
  }
  const kept = lines
    .filter((l) => l.id !== line.id)
    .concat(to.quantity === 0 ? [] : [{ ...line, quantity: to.quantity, notes: to.notes }])
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  // The bill's parts are its lines' as they are now, at each order's own rates, less the
  // discounts allocated anew (a percentage follows the line, an amount is shared again).
  const repriced = await repriceBill(tx, order.diningSessionId);
  const after = repriced.orders.find((o) => o.id === orderId)!;
  const charges = {
    totalCents: after.totalCents,
    surchargeCents: after.surchargeCents,
    taxCents: after.taxCents,
    serviceCents: after.serviceCents,
    displayTotalCents: after.displayTotalCents,
  };
  const bill = dualBill(
    [
      kept.map((l) => ({
        unitCents: l.unitPriceCents,
        quantity: billedQuantity(l),
        discountCents: repriced.lines.find((r) => r.id === l.id)?.discountCents ?? 0,
      })),
    ],
    order.baseCurrency,
    order.exchangeRate,
  );

  // The station's ticket keeps the change; a ticket left with nothing to make goes away.
  const change: TicketChange = {
    name: label,
    from,
    to,
    by: user.name,
    at: new Date().toISOString(),
  };
  const remaining: TicketStatus[] = [];
  for (const t of ticketRows) {
    const left = kept.some((l) => l.station === t.station && billedQuantity(l) > 0);
    if (!left) {
      await tx.delete(tickets).where(eq(tickets.id, t.id));
      continue;
    }
    remaining.push(t.status);
    if (t.id === ticket?.id) {
      await tx
        .update(tickets)
        .set({ changes: [...t.changes, change], updatedAt: new Date() })
        .where(eq(tickets.id, t.id));
    }
  }
  if (ticket) {
    const view = await getTicketView(tx, uow.restaurantId, ticket.id);
    uow.emit({
      type: stationInfo(ticket.station).ticketUpdatedEvent,
      data: {
        ticketId: ticket.id,
        orderId,
        orderNumber: order.orderNumber,
        tableNumber: place.tableNumber,
        station: ticket.station,
        status: ticket.status,
        action: 'changed',
        ...(view ? { ticket: view } : { removed: true }),
      },
      tableId: place.tableId,
      userId: user.id,
    });
  }

  const status: OrderStatus = orderStatusFromTickets(remaining);
  await setOrderStatus(tx, order, status);

  // The bill an open payment request asks for follows.
  const billCents = await followOpenBill(tx, order.diningSessionId);

  uow.audit({
    action: 'order.line_changed',
    entityType: 'order',
    entityId: orderId,
    details: {
      orderNumber: order.orderNumber,
      ...(place.tableNumber !== null
        ? { tableNumber: place.tableNumber }
        : { tab: place.tab?.name }),
      item: label,
      station: line.station,
      from,
      to,
      totalCentsBefore: order.totalCents,
      totalCentsAfter: charges.totalCents,
      currency: order.baseCurrency,
    },
  });
  uow.emit({
    type: 'order_updated',
    data: {
      orderId,
      orderNumber: order.orderNumber,
      ...place,
      waiterId: order.waiterId,
      status,
    },
    tableId: place.tableId,
    userId: user.id,
  });

  return {
    orderId,
    orderNumber: order.orderNumber,
    status,
    currency: order.baseCurrency,
    total: centsToAmount(charges.totalCents),
    billTotal: centsToAmount(billCents),
    items: kept.map((l, i) => ({
      id: l.id,
      name: lineLabel(lineSnapshotOf(l)),
      quantity: l.quantity,
      voidedQuantity: l.voidedQuantity,
      unitPrice: dualAmount(bill.orders[0]!.lines[i]!.unit),
      lineTotal: dualAmount(bill.orders[0]!.lines[i]!.total),
    })),
  };
}
