import {
  billedQuantity,
  lineLabel,
  orderStatusFromTickets,
  stationInfo,
  type MoveLine,
  type TicketChange,
  type TicketStatus,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { discounts, orderItems, orders, tickets, type tables } from '../../core/db/schema.js';
import { nextCounter } from '../../core/events/recorder.js';
import type { UnitOfWork } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { getTicketView, lineSnapshotOf, setOrderStatus } from '../orders/index.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;
type TableRow = typeof tables.$inferSelect;

/** Some lines of one order that stays (in part) where it is, and how many of each move. */
export interface PartialMove {
  order: OrderRow;
  lines: LineRow[];
  picks: { line: LineRow; quantity: number }[];
}

/** A line moved out of an order that stays: what the audit and the answer tell of it. */
export interface MovedLine {
  orderNumber: number;
  toOrderNumber: number;
  item: string;
  quantity: number;
  /** True when part of the line stayed (the line was split in two). */
  split: boolean;
}

/**
 * Sorts the lines asked for into orders that move whole (every unit still billed of them is
 * asked for: the order goes with its voids, as a move of the order would) and orders that move
 * in part. Refuses a line not on the bill, one voided whole, or more of it than is still billed.
 * The orders are the bill's unpaid ones, locked; their lines are locked here.
 */
export async function planLineMoves(
  uow: UnitOfWork,
  unpaid: readonly OrderRow[],
  picks: readonly MoveLine[],
  alreadyWhole: ReadonlySet<string>,
  tableNumber: number,
): Promise<{ whole: string[]; partial: PartialMove[] }> {
  const { tx } = uow;
  const orderIds = [...new Set(picks.map((p) => p.orderId))];
  for (const id of orderIds) {
    if (!unpaid.some((o) => o.id === id)) {
      throw refuse('MOVE_ORDER_NOT_ON_BILL', { table: tableNumber });
    }
  }
  const lines = await tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id))
    .for('update');
  const whole: string[] = [];
  const partial: PartialMove[] = [];
  for (const order of unpaid.filter((o) => orderIds.includes(o.id))) {
    if (alreadyWhole.has(order.id)) continue;
    const own = lines.filter((l) => l.orderId === order.id);
    const chosen = picks
      .filter((p) => p.orderId === order.id)
      .map((p) => {
        const line = own.find((l) => l.id === p.itemId);
        if (!line) throw refuse('MOVE_LINE_NOT_ON_BILL', { table: tableNumber });
        const left = billedQuantity(line);
        const item = lineLabel(lineSnapshotOf(line));
        if (left === 0) throw refuse('MOVE_LINE_VOIDED', { item, order: order.orderNumber });
        const quantity = p.quantity ?? left;
        if (quantity > left) {
          throw refuse('MOVE_LINE_QUANTITY_ABOVE_LEFT', { left, item, order: order.orderNumber });
        }
        return { line, quantity };
      });
    const everything = own
      .filter((l) => billedQuantity(l) > 0)
      .every((l) => chosen.some((c) => c.line.id === l.id && c.quantity === billedQuantity(l)));
    if (everything) whole.push(order.id);
    else partial.push({ order, lines: own, picks: chosen });
  }
  return { whole, partial };
}

/**
 * Moves orders whole onto another bill, with their lines' discounts and comps; the bill's own
 * discounts go too when the whole bill moves (moving some orders, a bill discount stays with the
 * lines left). The caller holds both sessions and the orders, and reprices both bills.
 */
export async function moveWholeOrders(
  uow: UnitOfWork,
  moving: readonly OrderRow[],
  sourceId: string,
  target: { sessionId: string; tableId: string },
  wholeBill: boolean,
): Promise<void> {
  if (moving.length === 0) return;
  const { tx } = uow;
  const ids = moving.map((o) => o.id);
  await tx
    .update(orders)
    .set({ diningSessionId: target.sessionId, tableId: target.tableId, updatedAt: new Date() })
    .where(inArray(orders.id, ids));
  const movedLines = tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids));
  await tx
    .update(discounts)
    .set({ diningSessionId: target.sessionId })
    .where(
      and(
        eq(discounts.diningSessionId, sourceId),
        wholeBill ? undefined : inArray(discounts.orderItemId, movedLines),
      ),
    );
}

/**
 * Moves some lines of an order onto another bill: they become a new order there (a new number;
 * the original's time, business day, rates and currency), a line moved whole keeps its identity,
 * a line moved in part is split (the part that moves is a new line with the same snapshot). A
 * line's discounts go with it (a percentage or comp on both parts; an amount shared by quantity);
 * a bill discount stays on its bill. The stations keep cooking: each ticket with moved lines gets
 * a twin for the new order at the same status and time (so it keeps its place in the queue and
 * names the table the food now goes to), and the original ticket marks what went where, or goes
 * away when nothing is left on it (a check split off at the same table marks nothing: the food
 * goes where it went). The caller holds both tables, both sessions and the order, and
 * reprices both bills afterwards.
 */
export async function movePartOfOrder(
  uow: UnitOfWork,
  actor: StaffActor,
  move: PartialMove,
  target: { sessionId: string; table: TableRow },
  from: TableRow,
): Promise<{ orderId: string; orderNumber: number; lines: MovedLine[] }> {
  const { tx, restaurantId } = uow;
  const { order } = move;
  const orderNumber = await nextCounter(tx, restaurantId, 'order_number');
  const ticketRows = await tx
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(tickets.id))
    .for('update');
  const stations = [...new Set(move.picks.map((p) => p.line.station))];
  const twinStatuses = ticketRows.filter((t) => stations.includes(t.station)).map((t) => t.status);
  const [copy] = await tx
    .insert(orders)
    .values({
      restaurantId,
      diningSessionId: target.sessionId,
      tableId: target.table.id,
      orderNumber,
      status: orderStatusFromTickets(twinStatuses),
      priority: order.priority,
      escalatedAt: order.escalatedAt,
      // Repriced with the bill by the caller.
      totalCents: 0,
      displayTotalCents: 0,
      taxRateBps: order.taxRateBps,
      serviceChargeBps: order.serviceChargeBps,
      pricesIncludeTax: order.pricesIncludeTax,
      baseCurrency: order.baseCurrency,
      currency: order.currency,
      exchangeRate: order.exchangeRate,
      notes: order.notes,
      // The guests' allergies go with their food: the twin ticket shows them.
      allergyNote: order.allergyNote,
      waiterId: order.waiterId,
      createdAt: order.createdAt,
      readyAt: order.readyAt,
      servedAt: order.servedAt,
      acknowledgedAt: order.acknowledgedAt,
      businessDate: order.businessDate,
    })
    .returning();
  if (!copy) throw new Error('order insert returned nothing');

  const moved: MovedLine[] = [];
  // What is left to make of each line at the source, as the tickets will count it.
  const left = new Map(move.lines.map((l) => [l.id, billedQuantity(l)]));
  for (const { line, quantity } of move.picks) {
    const billed = billedQuantity(line);
    const item = lineLabel(lineSnapshotOf(line));
    left.set(line.id, billed - quantity);
    if (quantity === line.quantity && line.voidedQuantity === 0) {
      // All of it: the line itself moves, with its line discounts.
      await tx.update(orderItems).set({ orderId: copy.id }).where(eq(orderItems.id, line.id));
      await tx
        .update(discounts)
        .set({ diningSessionId: target.sessionId })
        .where(eq(discounts.orderItemId, line.id));
      moved.push({
        orderNumber: order.orderNumber,
        toOrderNumber: orderNumber,
        item,
        quantity,
        split: false,
      });
      continue;
    }
    // Part of it: the line keeps the rest (and its voids), a new line takes what moves.
    await tx
      .update(orderItems)
      .set({
        quantity: line.quantity - quantity,
        // Repriced with the bill's discounts by the caller.
        discountCents: 0,
        lineTotalCents: line.unitPriceCents * (billed - quantity),
      })
      .where(eq(orderItems.id, line.id));
    const {
      id: _id,
      orderId: _orderId,
      quantity: _quantity,
      voidedQuantity: _voided,
      discountCents: _discount,
      lineTotalCents: _total,
      lineKey,
      ...snapshot
    } = line;
    const [part] = await tx
      .insert(orderItems)
      .values({
        ...snapshot,
        orderId: copy.id,
        // Unique in the new order: it holds at most one part of each line.
        lineKey: `${lineKey}:moved`,
        quantity,
        lineTotalCents: line.unitPriceCents * quantity,
      })
      .returning({ id: orderItems.id });
    const own = await tx
      .select()
      .from(discounts)
      .where(and(eq(discounts.orderItemId, line.id), isNull(discounts.removedAt)));
    for (const d of own) {
      const { id: _did, ...given } = d;
      const copyOf = (extra: Partial<typeof discounts.$inferInsert>) =>
        tx.insert(discounts).values({
          ...given,
          diningSessionId: target.sessionId,
          orderItemId: part!.id,
          allocation: [],
          discountCents: 0,
          totalCents: 0,
          ...extra,
        });
      if (d.kind !== 'amount') {
        await copyOf({});
        continue;
      }
      // An amount off the line is shared by quantity: the part that moves takes its share.
      const share = Math.round((d.amountCents! * quantity) / billed);
      if (share === 0) continue;
      if (share >= d.amountCents!) {
        await tx
          .update(discounts)
          .set({ diningSessionId: target.sessionId, orderItemId: part!.id })
          .where(eq(discounts.id, d.id));
      } else {
        await tx
          .update(discounts)
          .set({ amountCents: d.amountCents! - share })
          .where(eq(discounts.id, d.id));
        await copyOf({ amountCents: share });
      }
    }
    moved.push({
      orderNumber: order.orderNumber,
      toOrderNumber: orderNumber,
      item,
      quantity,
      split: true,
    });
  }

  const at = new Date();
  const remaining: TicketStatus[] = [];
  for (const ticket of ticketRows) {
    if (!stations.includes(ticket.station)) {
      remaining.push(ticket.status);
      continue;
    }
    const { id: _tid, orderId: _tOrder, changes: _changes, ...kept } = ticket;
    // At another table the twin says where its lines came from; a split check marks nothing.
    const arrived: TicketChange[] =
      target.table.id === from.id
        ? []
        : move.picks
            .filter((p) => p.line.station === ticket.station)
            .map((p) => ({
              name: lineLabel(lineSnapshotOf(p.line)),
              from: { quantity: 0, notes: p.line.notes },
              to: { quantity: p.quantity, notes: p.line.notes },
              by: actor.user.name,
              at: at.toISOString(),
              movedFrom: from.number,
            }));
    const [twin] = await tx
      .insert(tickets)
      .values({ ...kept, orderId: copy.id, changes: arrived, updatedAt: at })
      .returning({ id: tickets.id });
    const view = await getTicketView(tx, restaurantId, twin!.id);
    if (view) {
      uow.emit({
        type: stationInfo(ticket.station).ticketUpdatedEvent,
        data: {
          ticketId: twin!.id,
          orderId: copy.id,
          orderNumber,
          tableNumber: target.table.number,
          station: ticket.station,
          status: ticket.status,
          action: 'moved',
          ticket: view,
        },
        tableId: target.table.id,
        userId: actor.user.id,
      });
    }
    const stillHere = move.lines.some(
      (l) => l.station === ticket.station && (left.get(l.id) ?? 0) > 0,
    );
    if (!stillHere) {
      await tx.delete(tickets).where(eq(tickets.id, ticket.id));
    } else if (target.table.id === from.id) {
      // A check split off at the same table: the food goes to the same table, nothing to mark.
      remaining.push(ticket.status);
    } else {
      remaining.push(ticket.status);
      const changes: TicketChange[] = move.picks
        .filter((p) => p.line.station === ticket.station)
        .map((p) => ({
          name: lineLabel(lineSnapshotOf(p.line)),
          from: { quantity: billedQuantity(p.line), notes: p.line.notes },
          to: { quantity: billedQuantity(p.line) - p.quantity, notes: p.line.notes },
          by: actor.user.name,
          at: at.toISOString(),
          movedTo: target.table.number,
        }));
      await tx
        .update(tickets)
        .set({ changes: [...ticket.changes, ...changes], updatedAt: at })
        .where(eq(tickets.id, ticket.id));
    }
    const leftView = stillHere ? await getTicketView(tx, restaurantId, ticket.id) : null;
    uow.emit({
      type: stationInfo(ticket.station).ticketUpdatedEvent,
      data: {
        ticketId: ticket.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        tableNumber: from.number,
        station: ticket.station,
        status: ticket.status,
        action: 'moved',
        ...(leftView ? { ticket: leftView } : { removed: true }),
      },
      tableId: from.id,
      userId: actor.user.id,
    });
  }
  const status = orderStatusFromTickets(remaining);
  if (status !== order.status) await setOrderStatus(tx, order, status);
  uow.emit({
    type: 'order_updated',
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      tableId: from.id,
      tableNumber: from.number,
      orderType: 'dine_in',
      tab: null,
      waiterId: order.waiterId,
      status,
    },
    tableId: from.id,
    userId: actor.user.id,
  });
  uow.emit({
    type: 'order_updated',
    data: {
      orderId: copy.id,
      orderNumber,
      tableId: target.table.id,
      tableNumber: target.table.number,
      orderType: 'dine_in',
      tab: null,
      waiterId: copy.waiterId,
      status: copy.status,
    },
    tableId: target.table.id,
    userId: actor.user.id,
  });
  return { orderId: copy.id, orderNumber, lines: moved };
}
