import {
  amountToCents,
  centsToAmount,
  type RecordedPayment,
  type RecordPaymentInput,
} from '@tavola/contract';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import {
  diningSessions,
  orders,
  payments,
  requests,
  restaurants,
  tables,
} from '../../core/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../core/http/errors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { billCentsOf, markSessionOrdersPaid } from '../orders/index.js';
import { lockTableRow, moveTable } from '../tables/index.js';
import { sumCents } from '../../core/db/money.js';
import { lockBusinessDay } from '../business-days/index.js';
import { issueReceipt } from '../receipts/index.js';

const SESSION_NOT_FOUND = 'Dining session not found';

/**
 * Records a table's payment and closes its dining session: the guest's page then reads "paid".
 * A waiter may do it for their own table once every order is served, or as soon as its guests
 * asked for the bill; a manager or admin may settle any bill of their restaurant at any time.
 */
export function recordPayment(
  ctx: WorkContext,
  actor: StaffActor,
  sessionId: string,
  input: RecordPaymentInput,
): Promise<RecordedPayment> {
  return runWork(ctx, actor, (uow) => settleBill(uow, actor, sessionId, input));
}

/**
 * Records a payment that settles an open session's bill, inside the caller's unit of work (a
 * manager closing a table with unpaid orders settles them this way). The same rules as Mark Paid.
 */
export async function settleBill(
  uow: UnitOfWork,
  actor: StaffActor,
  sessionId: string,
  input: RecordPaymentInput,
): Promise<RecordedPayment> {
  const { user, restaurantId } = actor;
  const { tx } = uow;
  // Table, then session, as every writer of both. The session lock waits for orders and
  // requests that hold it and keeps new ones out, so this payment covers exactly the orders
  // committed in the session; an order arriving later opens a new bill.
  const [target] = await tx
    .select({ tableId: diningSessions.tableId })
    .from(diningSessions)
    .where(and(eq(diningSessions.id, sessionId), eq(diningSessions.restaurantId, restaurantId)));
  if (!target) throw notFound(SESSION_NOT_FOUND);
  // A payment is dated in today's business day, and its bill settled in it: never refused for
  // the day (after a close it is the next day's).
  const businessDate = await lockBusinessDay(tx, restaurantId);
  await lockTableRow(tx, target.tableId);
  const [row] = await tx
    .select({ session: diningSessions, table: tables, restaurant: restaurants })
    .from(diningSessions)
    .innerJoin(tables, eq(diningSessions.tableId, tables.id))
    .innerJoin(restaurants, eq(diningSessions.restaurantId, restaurants.id))
    .where(and(eq(diningSessions.id, sessionId), eq(diningSessions.restaurantId, restaurantId)))
    .for('no key update', { of: diningSessions });
  if (!row) throw notFound(SESSION_NOT_FOUND);
  const { session, table, restaurant } = row;
  if (session.status !== 'open') throw conflict('This bill is already closed');

  const supervisor = user.role === 'manager' || user.role === 'admin';
  if (!supervisor) {
    const assigned = table.assignedWaiterId ?? session.waiterId;
    if (assigned !== user.id)
      throw forbidden('Only the waiter assigned to this table can mark it paid');
    const [unserved] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.diningSessionId, session.id),
          notInArray(orders.status, ['served', 'paid', 'cancelled']),
        ),
      );
    // Spec §4: Mark Paid once every order is served. When the guests asked for the bill, their
    // waiter takes it as it is: what is still to come is a warning in the pay dialog, not a wall.
    if ((unserved?.n ?? 0) > 0) {
      const [asked] = await tx
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            eq(requests.diningSessionId, session.id),
            eq(requests.kind, 'payment'),
            eq(requests.status, 'open'),
          ),
        )
        .limit(1);
      if (!asked) throw conflict('Mark Paid only when every order is served');
    }
  }

  // The bill is what its orders add up to with their tax and service charge (each order's
  // parts were fixed by the contract's rule when it was placed, and after any void).
  const [sum] = await tx
    .select({
      cents: sumCents(billCentsOf),
      tax: sumCents(orders.taxCents),
      service: sumCents(orders.serviceCents),
    })
    .from(orders)
    .where(and(eq(orders.diningSessionId, session.id), ne(orders.status, 'cancelled')));
  const billCents = sum?.cents ?? 0;
  const taxCents = sum?.tax ?? 0;
  const serviceCents = sum?.service ?? 0;
  // `amount` is what the guest handed over; the payment records the bill and the tip, and
  // anything above both is change given back (not revenue).
  const receivedCents = input.amount === undefined ? null : amountToCents(input.amount);
  const tipCents = amountToCents(input.tip) ?? 0;
  if (input.amount !== undefined && receivedCents === null)
    throw badRequest('amount must be a number');
  const amountCents = billCents;
  if (receivedCents !== null && receivedCents < billCents + tipCents) {
    throw badRequest(
      `The amount received is less than the bill and tip (${centsToAmount(billCents + tipCents).toFixed(2)} ${restaurant.currency.toUpperCase()})`,
    );
  }

  const now = new Date();
  const [payment] = await tx
    .insert(payments)
    .values({
      restaurantId,
      diningSessionId: session.id,
      tableId: table.id,
      method: input.method,
      amountCents,
      tipCents,
      currency: restaurant.currency,
      recordedBy: user.id,
      businessDate,
    })
    .returning({ id: payments.id });
  await tx
    .update(diningSessions)
    .set({
      status: 'closed',
      paymentStatus: 'paid',
      closedAt: now,
      closeReason: 'paid',
      settledOn: businessDate,
    })
    .where(eq(diningSessions.id, session.id));
  await markSessionOrdersPaid(tx, session.id, now);
  await tx
    .update(requests)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: user.id })
    .where(and(eq(requests.diningSessionId, session.id), eq(requests.status, 'open')));
  await moveTable(tx, table.id, 'paid', { assignedWaiterId: null });
  // Last: the receipt number's counter stays locked from here to the commit (issue 16, item 2).
  const receipt = await issueReceipt(uow, {
    paymentId: payment!.id,
    sessionId: session.id,
    tableNumber: table.number,
    method: input.method,
    amountCents,
    tipCents,
    servedBy: user.name,
  });
  uow.audit({
    action: 'payment.recorded',
    entityType: 'dining_session',
    entityId: session.id,
    details: {
      amountCents,
      tipCents,
      method: input.method,
      billCents,
      netCents: billCents - taxCents - serviceCents,
      taxCents,
      serviceCents,
      changeCents: receivedCents === null ? 0 : receivedCents - billCents - tipCents,
      receiptNumber: receipt.number,
    },
  });
  uow.emit({
    type: 'payment_completed',
    data: {
      tableId: table.id,
      tableNumber: table.number,
      sessionId: session.id,
      amount: centsToAmount(amountCents),
      tip: centsToAmount(tipCents),
      method: input.method,
      currency: restaurant.currency,
    },
    tableId: table.id,
  });
  return { paymentId: payment!.id, receiptNumber: receipt.number };
}
