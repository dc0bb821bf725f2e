import {
  billedQuantity,
  centsToAmount,
  dualAmount,
  dualBill,
  lineLabel,
  orderStatusFromTickets,
  ticketLine,
  voidRefusalCode,
  type OrderStatus,
  type TicketStatus,
  type VoidedOrder,
  stationInfo,
} from '@tavola/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Tx } from '../../core/db/client.js';
import { retryOnDeadlock } from '../../core/db/errors.js';
import { repriceBill } from './discounts.js';
import { diningSessions, orderItems, orders, tables, tickets } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { lineSnapshotOf } from './lines.js';
import { followOpenBill } from './open-bill.js';
import { setOrderStatus } from './status.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { lockTableRow, takeTableForStaff } from '../tables/index.js';
import { orderForUpdate } from './order-lock.js';
import { tableServedCheck } from './ticket-sync.js';
import { lockBusinessDay } from '../business-days/index.js';

type LineRow = typeof orderItems.$inferSelect;

/** What to take off: the whole order, or `quantity` of one line. */
type VoidTarget = { kind: 'order' } | { kind: 'line'; itemId: string; quantity: number };

const WAITING: readonly OrderStatus[] = ['new', 'preparing', 'ready'];

/** A manager (or admin) voids a whole order on an open bill. */
export function voidOrder(ctx: WorkContext, actor: StaffActor, orderId: string, reason: string) {
  return applyVoid(ctx, actor, orderId, reason, { kind: 'order' });
}

/** A manager (or admin) voids `quantity` of one line of an order on an open bill. */
export function voidOrderLine(
  ctx: WorkContext,
  actor: StaffActor,
  orderId: string,
  itemId: string,
  quantity: number,
  reason: string,
) {
  return applyVoid(ctx, actor, orderId, reason, { kind: 'line', itemId, quantity });
}

async function applyVoid(
  ctx: WorkContext,
  actor: StaffActor,
  orderId: string,
  reason: string,
  target: VoidTarget,
): Promise<VoidedOrder> {
  // Locks are taken as the other writers take them (session, then order, then its tickets), so
  // a void does not deadlock with orders, payments or the stations; PostgreSQL may still pick a
  // void as the victim of a three-way wait (a payment and a ticket move on the same table at
  // once), and it is simply tried again.
  const result = await retryOnDeadlock(() =>
    runWork(ctx, actor, (uow) => voidInTransaction(uow, orderId, reason, target)),
  );
  // Once no order of the table is waiting for a station any more, the table waits for payment
  // (as when its last order is served). Its own transaction: the table is locked before its
  // session by every writer of both, and this one already holds the session.
  if (result.settleTable && result.tableId !== null) {
    const tableId = result.tableId;
    await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      await lockTableRow(tx, tableId);
      const [table] = await tx.select().from(tables).where(eq(tables.id, tableId));
      // Unless the bill was paid in between (the table is free again).
      const [open] = await tx
        .select({ id: diningSessions.id })
        .from(diningSessions)
        .where(and(eq(diningSessions.tableId, tableId), eq(diningSessions.status, 'open')));
      if (table && open) await tableServedCheck(uow, table);
    });
  }
  return result.order;
}

/**
 * Voids a whole order inside the caller's unit of work (a manager closing a table voids its
 * unpaid orders this way), with its events and audit entry. The caller holds the table and its
 * session, and frees the table itself.
 */
export async function voidWholeOrder(
  uow: UnitOfWork,
  orderId: string,
  reason: string,
): Promise<VoidedOrder> {
  return (await voidInTransaction(uow, orderId, reason, { kind: 'order' })).order;
}

/**
 * An order on an open bill about to change (a void, a line changed before its station starts),
 * found in the caller's restaurant and locked as every writer locks: today's business day shared
 * (a bill changes on the day it is settled, so a close does not count it halfway), the table
 * when `holdTable` (a waiter changing it must hold the table), the session FOR NO KEY UPDATE (a
 * payment or a close settles either before, and the change finds the bill closed, or after, and
 * bills what is left; a discount or another change of the bill waits, since the bill's discounts
 * span its orders and are repriced), then the order and its lines FOR UPDATE. Refused as a void
 * is when the order or its bill can no longer change.
 */
export async function lockOrderForChange(
  uow: UnitOfWork,
  orderId: string,
  options: { holdTable?: boolean } = {},
) {
  const { tx, restaurantId } = uow;
  const [found] = await tx
    .select({ sessionId: orders.diningSessionId, tableId: orders.tableId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
  if (!found) throw refuse('ORDER_NOT_FOUND');
  await lockBusinessDay(tx, restaurantId);
  if (options.holdTable && found.tableId !== null) {
    await takeTableForStaff(uow, found.tableId, (uow.actor as StaffActor).user);
  }
  const [session] = await tx
    .select({ status: diningSessions.status })
    .from(diningSessions)
    .where(eq(diningSessions.id, found.sessionId))
    .for('no key update');
  const row = await orderForUpdate(tx, orderId);
  if (!row || !session) throw refuse('ORDER_NOT_FOUND');
  const refusal = voidRefusalCode(row.order, session.status);
  if (refusal) throw refuse(refusal.code, refusal.params);
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .for('update');
  return { order: row.order, table: row.table, place: row.place, lines };
}

async function voidInTransaction(
  uow: UnitOfWork,
  orderId: string,
  reason: string,
  target: VoidTarget,
) {
  const { tx } = uow;
  const { user } = uow.actor as StaffActor;
  const { order, table, place, lines } = await lockOrderForChange(uow, orderId);
  const taken = takeOff(lines, target, order.orderNumber);

  // The voided quantities leave the lines; a line's discount is kept within what is left until
  // the bill is repriced below.
  const now = new Date();
  for (const [line, quantity] of taken) {
    line.voidedQuantity += quantity;
    const billed = line.unitPriceCents * billedQuantity(line);
    line.discountCents = Math.min(line.discountCents, billed);
    line.lineTotalCents = billed - line.discountCents;
    await tx
      .update(orderItems)
      .set({
        voidedQuantity: line.voidedQuantity,
        discountCents: line.discountCents,
        lineTotalCents: line.lineTotalCents,
      })
      .where(eq(orderItems.id, line.id));
  }
  // The bill's parts are its remaining lines', at each order's own rates, less the discounts
  // allocated anew to what is left (a percentage shrinks with its line, an amount is capped).
  const repriced = await repriceBill(tx, order.diningSessionId);
  const after = repriced.orders.find((o) => o.id === orderId)!;
  for (const line of lines) {
    const fresh = repriced.lines.find((l) => l.id === line.id);
    if (fresh) Object.assign(line, fresh);
  }
  const { totalCents } = after;
  const bill = dualBill(
    [
      lines.map((l) => ({
        unitCents: l.unitPriceCents,
        quantity: billedQuantity(l),
        discountCents: l.discountCents,
      })),
    ],
    order.baseCurrency,
    order.exchangeRate,
  );
  const cancelled = lines.every((l) => billedQuantity(l) === 0);

  // The stations: a ticket with nothing left to make goes away; the others show what is left.
  const ticketRows = await tx
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id))
    .for('update');
  const touched = new Set([...taken.keys()].map((l) => l.station));
  const remaining: TicketStatus[] = [];
  for (const ticket of ticketRows) {
    const left = lines.filter((l) => l.station === ticket.station && billedQuantity(l) > 0);
    if (left.length === 0) {
      await tx.delete(tickets).where(eq(tickets.id, ticket.id));
    } else {
      remaining.push(ticket.status);
    }
    if (!touched.has(ticket.station)) continue;
    uow.emit({
      type: stationInfo(ticket.station).ticketUpdatedEvent,
      data: {
        ticketId: ticket.id,
        orderId,
        orderNumber: order.orderNumber,
        tableNumber: place.tableNumber,
        station: ticket.station,
        status: ticket.status,
        action: 'void',
        removed: left.length === 0,
        items: left.map((l) => ticketLine(lineSnapshotOf(l), billedQuantity(l))),
      },
      tableId: place.tableId,
      userId: user.id,
    });
  }

  // With a station's lines gone, the order follows the tickets it still has.
  const status: OrderStatus = cancelled ? 'cancelled' : orderStatusFromTickets(remaining);
  await setOrderStatus(
    tx,
    order,
    status,
    cancelled ? { voidedAt: now, voidedBy: user.id, voidReason: reason } : {},
  );

  // The bill the table's open payment request asks for follows (what the table pays).
  const billCents = await followOpenBill(tx, order.diningSessionId);

  const voidedLines = [...taken].map(([line, quantity]) => ({
    orderItemId: line.id,
    name: lineLabel(lineSnapshotOf(line)),
    station: line.station,
    quantity,
    unitCents: line.unitPriceCents,
  }));
  const voidedCents = voidedLines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  uow.audit({
    action: target.kind === 'order' ? 'order.void' : 'order.void_line',
    entityType: 'order',
    entityId: orderId,
    details: {
      orderNumber: order.orderNumber,
      ...(table ? { tableNumber: table.number } : { tab: place.tab?.name }),
      reason,
      lines: voidedLines,
      voidedCents,
      totalCentsBefore: order.totalCents,
      totalCentsAfter: totalCents,
      currency: order.baseCurrency,
    },
  });

  const base = {
    orderId,
    orderNumber: order.orderNumber,
    ...place,
    waiterId: order.waiterId ?? table?.assignedWaiterId ?? null,
  };
  // The reason stays with staff and the audit log: the table's guest page hears this event too.
  uow.emit({
    type: 'order_voided',
    data: {
      ...base,
      status,
      whole: target.kind === 'order',
      items: voidedLines.map((l) => ({ name: l.name, quantity: l.quantity, station: l.station })),
      voidedAmount: centsToAmount(voidedCents),
      total: centsToAmount(totalCents),
      billTotal: centsToAmount(billCents),
      currency: order.baseCurrency,
    },
    tableId: place.tableId,
    userId: user.id,
  });
  if (status !== order.status && !cancelled) {
    uow.emit({
      type: 'order_updated',
      data: { ...base, status },
      tableId: place.tableId,
      userId: user.id,
    });
    if (status === 'ready') {
      uow.emit({ type: 'order_ready', data: base, tableId: place.tableId, userId: user.id });
    }
  }

  const view: VoidedOrder = {
    orderId,
    orderNumber: order.orderNumber,
    status,
    currency: order.baseCurrency,
    total: centsToAmount(totalCents),
    billTotal: centsToAmount(billCents),
    items: lines.map((l, i) => ({
      id: l.id,
      name: lineLabel(lineSnapshotOf(l)),
      quantity: l.quantity,
      voidedQuantity: l.voidedQuantity,
      unitPrice: dualAmount(bill.orders[0]!.lines[i]!.unit),
      lineTotal: dualAmount(bill.orders[0]!.lines[i]!.total),
    })),
  };
  return {
    order: view,
    tableId: place.tableId,
    // Only when the order was waiting for a station and now is not, and something was served.
    settleTable:
      WAITING.includes(order.status) &&
      (status === 'served' || (cancelled && (await hasServedOrder(tx, order)))),
  };
}

/** The lines to take off and how many of each, or why not. */
function takeOff(lines: LineRow[], target: VoidTarget, orderNumber: number) {
  const taken = new Map<LineRow, number>();
  if (target.kind === 'order') {
    for (const line of lines) if (billedQuantity(line) > 0) taken.set(line, billedQuantity(line));
    return taken;
  }
  const line = lines.find((l) => l.id === target.itemId);
  if (!line) throw refuse('ORDER_LINE_NOT_FOUND');
  const left = billedQuantity(line);
  if (left === 0) throw refuse('VOID_LINE_ALREADY_VOIDED', { item: line.name, order: orderNumber });
  if (target.quantity > left) {
    throw refuse('VOID_QUANTITY_ABOVE_LEFT', { left, item: line.name, order: orderNumber });
  }
  taken.set(line, target.quantity);
  return taken;
}

async function hasServedOrder(tx: Tx, order: typeof orders.$inferSelect) {
  const [served] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.diningSessionId, order.diningSessionId), eq(orders.status, 'served')))
    .limit(1);
  return Boolean(served);
}
