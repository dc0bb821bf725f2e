import {
  billedQuantity,
  lineLabel,
  stationInfo,
  type MoveBillInput,
  type MovedBill,
  type TicketChange,
} from '@tavola/contract';
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { retryOnDeadlock } from '../../core/db/errors.js';
import {
  diningSessions,
  orderItems,
  orders,
  payments,
  tickets,
  users,
} from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { followOpenBill, getTicketView, lineSnapshotOf, repriceBill } from '../orders/index.js';
import { assignWaiter, lockTable, takeTableForStaff } from '../tables/index.js';
import { endSession, lockSessionOf } from './close.js';
import { movePartOfOrder, moveWholeOrders, planLineMoves } from './move-lines.js';
import { openOrJoinSession } from './service.js';

/**
 * Moves a table's bill, or some of its orders or lines (see `movePartOfOrder`), to another table. A free table is seated by the
 * move (for the moving party's guest count, and for the source table's waiter); a table with an
 * open bill takes the orders onto it (the bills merge, the guests add up). When nothing unpaid is
 * left at the source, its bill closes and the table is free. A bill with a payment on it stays
 * (the money belongs to that bill). Whoever may ring up at both tables may move (a table held
 * by another waiter is refused unless the caller manages tables). Both tables are locked in one
 * order (by id) before any session or order, so two moves between the same tables, a payment or
 * an order on either, never deadlock nor lose or double an order.
 */
export async function moveBill(
  ctx: WorkContext,
  actor: StaffActor,
  fromTableId: string,
  input: MoveBillInput,
): Promise<MovedBill> {
  // A station moving a ticket of a moved order at that moment.
  return retryOnDeadlock(() =>
    runWork(ctx, actor, (uow) => moveInUnit(uow, actor, fromTableId, input)),
  );
}

async function moveInUnit(
  uow: UnitOfWork,
  actor: StaffActor,
  fromTableId: string,
  input: MoveBillInput,
): Promise<MovedBill> {
  const { tx, restaurantId } = uow;
  await lockBusinessDay(tx, restaurantId);
  if (input.toTableId === fromTableId) {
    const table = await lockTable(tx, restaurantId, fromTableId);
    throw refuse('MOVE_TO_SAME_TABLE', { table: table.number });
  }
  // Both tables, in id order, with the ringing-up rule on each.
  const taken = new Map<string, Awaited<ReturnType<typeof takeTableForStaff>>>();
  for (const id of [fromTableId, input.toTableId].sort()) {
    taken.set(id, await takeTableForStaff(uow, id, actor.user));
  }
  const from = taken.get(fromTableId)!;
  const to = taken.get(input.toTableId)!;

  const source = await lockSessionOf(tx, from.id, input.fromCheck ?? 1);
  if (!source && input.fromCheck !== undefined && input.fromCheck !== 1) {
    throw refuse('CHECK_NOT_OPEN', { table: from.number, check: input.fromCheck });
  }
  if (!source) throw refuse('MOVE_NO_OPEN_BILL', { table: from.number });
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.diningSessionId, source.id), ne(payments.status, 'failed')))
    .limit(1);
  if (paid) throw refuse('MOVE_BILL_HAS_PAYMENTS', { table: from.number });

  const unpaid = await tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.diningSessionId, source.id), notInArray(orders.status, ['paid', 'cancelled'])),
    )
    .orderBy(asc(orders.orderNumber))
    .for('update');
  const picked = input.orderIds !== undefined || input.lines !== undefined;
  const wanted = new Set(input.orderIds ?? []);
  if ([...wanted].some((id) => !unpaid.some((o) => o.id === id))) {
    throw refuse('MOVE_ORDER_NOT_ON_BILL', { table: from.number });
  }
  // Lines asked for: every unit still billed of an order moves the order whole.
  const plan = input.lines
    ? await planLineMoves(uow, unpaid, input.lines, wanted, from.number)
    : { whole: [], partial: [] };
  for (const id of plan.whole) wanted.add(id);
  const moving = picked ? unpaid.filter((o) => wanted.has(o.id)) : unpaid;
  const whole = moving.length === unpaid.length && plan.partial.length === 0;

  const { session: target, opened } = await openOrJoinSession(
    uow,
    to,
    whole ? source.customerCount : 1,
  );
  if (opened && !to.assignedWaiterId && from.assignedWaiterId) {
    // The party's waiter comes with it to the table it is seated at.
    const [waiter] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, from.assignedWaiterId));
    if (waiter) await assignWaiter(uow, to, waiter);
  }
  await moveWholeOrders(uow, moving, source.id, { sessionId: target.id, tableId: to.id }, whole);
  const split: Awaited<ReturnType<typeof movePartOfOrder>>[] = [];
  for (const part of plan.partial) {
    split.push(await movePartOfOrder(uow, actor, part, { sessionId: target.id, table: to }, from));
  }
  if (moving.length > 0 || split.length > 0) {
    if (!whole) await repriceBill(tx, source.id);
    await repriceBill(tx, target.id);
  }

  let fromClosed = false;
  if (whole) {
    if (!opened) {
      await tx
        .update(diningSessions)
        .set({ customerCount: target.customerCount + source.customerCount })
        .where(eq(diningSessions.id, target.id));
    }
    await endSession(uow, from, source, 'closed_by_staff', 0);
    fromClosed = true;
  } else {
    await followOpenBill(tx, source.id);
  }
  await followOpenBill(tx, target.id);

  // Every screen that shows the moved orders follows: the floors, and the stations' tickets
  // (which name the table).
  const place = {
    tableId: to.id,
    tableNumber: to.number,
    orderType: 'dine_in' as const,
    tab: null,
  };
  for (const order of moving) {
    uow.emit({
      type: 'order_updated',
      data: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        ...place,
        waiterId: order.waiterId,
        status: order.status,
      },
      tableId: to.id,
      userId: actor.user.id,
    });
  }
  const movingIds = moving.map((o) => o.id);
  const moved = moving.length
    ? await tx.select().from(tickets).where(inArray(tickets.orderId, movingIds))
    : [];
  const movedLines = moving.length
    ? await tx
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, movingIds))
        .orderBy(asc(orderItems.id))
    : [];
  const at = new Date();
  for (const ticket of moved) {
    // The ticket now names the new table; it says where it came from, line by line.
    const arrived: TicketChange[] = movedLines
      .filter(
        (l) =>
          l.orderId === ticket.orderId && l.station === ticket.station && billedQuantity(l) > 0,
      )
      .map((l) => ({
        name: lineLabel(lineSnapshotOf(l)),
        from: { quantity: 0, notes: l.notes },
        to: { quantity: billedQuantity(l), notes: l.notes },
        by: actor.user.name,
        at: at.toISOString(),
        movedFrom: from.number,
      }));
    if (arrived.length > 0) {
      await tx
        .update(tickets)
        .set({ changes: [...ticket.changes, ...arrived], updatedAt: at })
        .where(eq(tickets.id, ticket.id));
    }
    const view = await getTicketView(tx, restaurantId, ticket.id);
    if (!view) continue;
    uow.emit({
      type: stationInfo(ticket.station).ticketUpdatedEvent,
      data: {
        ticketId: ticket.id,
        orderId: view.orderId,
        orderNumber: view.orderNumber,
        tableNumber: to.number,
        station: ticket.station,
        status: ticket.status,
        action: 'moved',
        ticket: view,
      },
      tableId: to.id,
      userId: actor.user.id,
    });
  }

  uow.audit({
    action: 'table.bill_moved',
    entityType: 'dining_session',
    entityId: target.id,
    details: {
      fromTableNumber: from.number,
      toTableNumber: to.number,
      fromSessionId: source.id,
      toSessionId: target.id,
      orders: moving.map((o) => o.orderNumber),
      ...(split.length ? { lines: split.flatMap((m) => m.lines) } : {}),
      merged: !opened,
      fromClosed,
    },
  });
  return {
    fromTableNumber: from.number,
    toTableNumber: to.number,
    sessionId: target.id,
    movedOrders: moving.length,
    movedLines: split.reduce((n, m) => n + m.lines.length, 0),
    merged: !opened,
    fromClosed,
  };
}
