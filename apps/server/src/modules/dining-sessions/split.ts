import { TABLE_MAX_CHECKS, type SplitBill, type SplitBillInput } from '@tavola/contract';
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { retryOnDeadlock } from '../../core/db/errors.js';
import { diningSessions, orders, payments } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { followOpenBill, repriceBill } from '../orders/index.js';
import { takeTableForStaff } from '../tables/index.js';
import { endSession, lockSessionOf } from './close.js';
import { movePartOfOrder, moveWholeOrders, planLineMoves } from './move-lines.js';

/**
 * Splits a table's bill into two open bills: the orders and lines chosen leave the table's bill
 * (its check 1, which guests' phone orders keep joining) for a new check at the same table, with
 * the next free number. Each check is paid (or closed) by itself, with its own receipt; the table
 * stays seated until its last check is settled. The lines move as a move to another table moves
 * them (a line split by quantity, its discounts with it, a bill discount staying on its bill), and
 * the stations keep making them for the same table. Whoever may ring up at the table may split
 * it; a bill with money taken on it is not split, and something must stay on it.
 *
 * The same moves lines between two checks of one table: `fromCheck` (check 1 when absent) gives
 * them, `toCheck` (an open check; a new one when absent) takes them. Everything of a check moved
 * onto another merges the two: the emptied check closes (check 1 closing, the lowest other
 * becomes check 1).
 */
export async function splitBill(
  ctx: WorkContext,
  actor: StaffActor,
  tableId: string,
  input: SplitBillInput,
): Promise<SplitBill> {
  // A station moving a ticket of a split order at that moment.
  return retryOnDeadlock(() =>
    runWork(ctx, actor, (uow) => splitInUnit(uow, actor, tableId, input)),
  );
}

async function splitInUnit(
  uow: UnitOfWork,
  actor: StaffActor,
  tableId: string,
  input: SplitBillInput,
): Promise<SplitBill> {
  const { tx, restaurantId } = uow;
  await lockBusinessDay(tx, restaurantId);
  // The table, then its bill, then its orders: as every writer of them.
  const table = await takeTableForStaff(uow, tableId, actor.user);
  const fromCheck = input.fromCheck ?? 1;
  if (input.toCheck !== undefined && input.toCheck === fromCheck) {
    throw refuse('SPLIT_SAME_CHECK', { table: table.number, check: fromCheck });
  }
  // Both checks in number order, as two moves between the same checks take them.
  const wantedChecks = [fromCheck, ...(input.toCheck !== undefined ? [input.toCheck] : [])];
  const locked = new Map<number, Awaited<ReturnType<typeof lockSessionOf>>>();
  for (const n of [...wantedChecks].sort((a, b) => a - b)) {
    locked.set(n, await lockSessionOf(tx, table.id, n));
  }
  const source = locked.get(fromCheck);
  if (!source) {
    if (fromCheck === 1) throw refuse('SPLIT_NO_OPEN_BILL', { table: table.number });
    throw refuse('CHECK_NOT_OPEN', { table: table.number, check: fromCheck });
  }
  const existing = input.toCheck !== undefined ? locked.get(input.toCheck) : undefined;
  if (input.toCheck !== undefined && !existing) {
    throw refuse('CHECK_NOT_OPEN', { table: table.number, check: input.toCheck });
  }
  // Money taken on either bill belongs to it as it was.
  for (const bill of [source, existing]) {
    if (!bill) continue;
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.diningSessionId, bill.id), ne(payments.status, 'failed')))
      .limit(1);
    if (paid) throw refuse('SPLIT_BILL_HAS_PAYMENTS', { table: table.number });
  }

  const unpaid = await tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.diningSessionId, source.id), notInArray(orders.status, ['paid', 'cancelled'])),
    )
    .orderBy(asc(orders.orderNumber))
    .for('update');
  const wanted = new Set(input.orderIds ?? []);
  if ([...wanted].some((id) => !unpaid.some((o) => o.id === id))) {
    throw refuse('MOVE_ORDER_NOT_ON_BILL', { table: table.number });
  }
  const plan = input.lines
    ? await planLineMoves(uow, unpaid, input.lines, wanted, table.number)
    : { whole: [], partial: [] };
  for (const id of plan.whole) wanted.add(id);
  const moving = unpaid.filter((o) => wanted.has(o.id));
  // Everything of a check onto another check merges the two; a new check takes a part only.
  const emptied = moving.length === unpaid.length && plan.partial.length === 0;
  if (emptied && !existing) {
    throw refuse('SPLIT_WHOLE_BILL', { table: table.number });
  }

  const check = existing ?? (await newCheck(uow, table.id, source.waiterId, table.number));

  // A check merged whole into another takes its bill discounts too.
  await moveWholeOrders(
    uow,
    moving,
    source.id,
    { sessionId: check.id, tableId: table.id },
    emptied,
  );
  const split: Awaited<ReturnType<typeof movePartOfOrder>>[] = [];
  for (const part of plan.partial) {
    split.push(await movePartOfOrder(uow, actor, part, { sessionId: check.id, table }, table));
  }
  await repriceBill(tx, check.id);
  await followOpenBill(tx, check.id);
  if (emptied) {
    // What is left of the check is voided or paid orders, if anything: it closes as empty.
    await endSession(uow, table, source, 'closed_by_staff', 0);
  } else {
    await repriceBill(tx, source.id);
    await followOpenBill(tx, source.id);
  }
  // Closing check 1 makes the lowest other check check 1: answer the number it has now.
  const [now] = await tx
    .select({ checkNumber: diningSessions.checkNumber })
    .from(diningSessions)
    .where(eq(diningSessions.id, check.id));
  const checkNumber = now?.checkNumber ?? check.checkNumber;

  for (const order of moving) {
    uow.emit({
      type: 'order_updated',
      data: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        tableId: table.id,
        tableNumber: table.number,
        orderType: 'dine_in',
        tab: null,
        waiterId: order.waiterId,
        status: order.status,
      },
      tableId: table.id,
      userId: actor.user.id,
    });
  }
  const movedLines = split.flatMap((m) => m.lines);
  uow.audit({
    action: 'table.bill_split',
    entityType: 'dining_session',
    entityId: check.id,
    details: {
      tableNumber: table.number,
      fromSessionId: source.id,
      sessionId: check.id,
      fromCheck: source.checkNumber,
      checkNumber,
      newCheck: !existing,
      fromClosed: emptied,
      orders: moving.map((o) => o.orderNumber),
      ...(movedLines.length ? { lines: movedLines } : {}),
    },
  });
  return {
    tableNumber: table.number,
    fromSessionId: source.id,
    sessionId: check.id,
    checkNumber,
    movedOrders: moving.length,
    movedLines: movedLines.length,
    fromClosed: emptied,
  };
}

/** A new check at the table, with the next number among its open checks (at most nine open). */
async function newCheck(
  uow: UnitOfWork,
  tableId: string,
  waiterId: string | null,
  tableNumber: number,
) {
  const { tx, restaurantId } = uow;
  // The table's lock keeps the number free.
  const open = await tx
    .select({ n: diningSessions.checkNumber })
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, tableId), eq(diningSessions.status, 'open')));
  if (open.length >= TABLE_MAX_CHECKS) {
    throw refuse('SPLIT_TOO_MANY_CHECKS', { table: tableNumber, max: TABLE_MAX_CHECKS });
  }
  const checkNumber = Math.max(1, ...open.map((o) => o.n)) + 1;
  const [check] = await tx
    .insert(diningSessions)
    .values({ restaurantId, tableId, checkNumber, customerCount: 1, waiterId })
    .returning();
  if (!check) throw new Error('session insert returned nothing');
  return check;
}
