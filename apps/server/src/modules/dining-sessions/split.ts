import { TABLE_MAX_CHECKS, type SplitBill, type SplitBillInput } from '@tavola/contract';
import { and, asc, eq, max, ne, notInArray } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { retryOnDeadlock } from '../../core/db/errors.js';
import { diningSessions, orders, payments } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { followOpenBill, repriceBill } from '../orders/index.js';
import { takeTableForStaff } from '../tables/index.js';
import { lockSessionOf } from './close.js';
import { movePartOfOrder, moveWholeOrders, planLineMoves } from './move-lines.js';

/**
 * Splits a table's bill into two open bills: the orders and lines chosen leave the table's bill
 * (its check 1, which guests' phone orders keep joining) for a new check at the same table, with
 * the next free number. Each check is paid (or closed) by itself, with its own receipt; the table
 * stays seated until its last check is settled. The lines move as a move to another table moves
 * them (a line split by quantity, its discounts with it, a bill discount staying on its bill), and
 * the stations keep making them for the same table. Whoever may ring up at the table may split
 * it; a bill with money taken on it is not split, and something must stay on it.
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
  const source = await lockSessionOf(tx, table.id);
  if (!source) throw refuse('SPLIT_NO_OPEN_BILL', { table: table.number });
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.diningSessionId, source.id), ne(payments.status, 'failed')))
    .limit(1);
  if (paid) throw refuse('SPLIT_BILL_HAS_PAYMENTS', { table: table.number });

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
  if (moving.length === unpaid.length && plan.partial.length === 0) {
    throw refuse('SPLIT_WHOLE_BILL', { table: table.number });
  }

  // The next check number among the table's open checks (the table's lock keeps it free).
  const [highest] = await tx
    .select({ n: max(diningSessions.checkNumber) })
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, table.id), eq(diningSessions.status, 'open')));
  const open = await tx
    .select({ id: diningSessions.id })
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, table.id), eq(diningSessions.status, 'open')));
  if (open.length >= TABLE_MAX_CHECKS) {
    throw refuse('SPLIT_TOO_MANY_CHECKS', { table: table.number, max: TABLE_MAX_CHECKS });
  }
  const checkNumber = (highest?.n ?? 1) + 1;
  const [check] = await tx
    .insert(diningSessions)
    .values({
      restaurantId,
      tableId: table.id,
      checkNumber,
      customerCount: 1,
      waiterId: source.waiterId,
    })
    .returning();
  if (!check) throw new Error('session insert returned nothing');

  await moveWholeOrders(uow, moving, source.id, { sessionId: check.id, tableId: table.id }, false);
  const split: Awaited<ReturnType<typeof movePartOfOrder>>[] = [];
  for (const part of plan.partial) {
    split.push(await movePartOfOrder(uow, actor, part, { sessionId: check.id, table }, table));
  }
  await repriceBill(tx, source.id);
  await repriceBill(tx, check.id);
  await followOpenBill(tx, source.id);
  await followOpenBill(tx, check.id);

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
      checkNumber,
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
  };
}
