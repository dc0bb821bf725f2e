import {
  amountToCents,
  CAPTURED_STATUSES,
  centsToAmount,
  hasPermission,
  type Currency,
  nextPaymentState,
  type PaymentMethod,
  type PaymentState,
  type RecordedPayment,
  type OrderPlace,
  type RecordPaymentInput,
  planPayment,
  type PaySplit,
  type PaySplitInput,
} from '@tavola/contract';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import {
  diningSessions,
  orders,
  payments,
  requests,
  restaurants,
  tables,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { billCentsOf, followOpenBill, markSessionOrdersPaid, placeOf } from '../orders/index.js';
import { lockTableRow, moveTable, tableKeepsACheck } from '../tables/index.js';
import { sumCents } from '../../core/db/money.js';
import { lockBusinessDay } from '../business-days/index.js';
import { issueReceipt } from '../receipts/index.js';
import { allocateRest, payableLines, writeAllocations } from './allocations.js';
import { manualProvider, type PaymentProvider } from './providers/index.js';

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
  if (!target) throw refuse('DINING_SESSION_NOT_FOUND');
  // A payment is dated in today's business day, and its bill settled in it: never refused for
  // the day (after a close it is the next day's).
  const businessDate = await lockBusinessDay(tx, restaurantId);
  await lockTableRow(tx, target.tableId);
  const [row] = await tx
    .select({ session: diningSessions, table: tables, restaurant: restaurants })
    .from(diningSessions)
    // A tab's bill has no table.
    .leftJoin(tables, eq(diningSessions.tableId, tables.id))
    .innerJoin(restaurants, eq(diningSessions.restaurantId, restaurants.id))
    .where(and(eq(diningSessions.id, sessionId), eq(diningSessions.restaurantId, restaurantId)))
    .for('no key update', { of: diningSessions });
  if (!row) throw refuse('DINING_SESSION_NOT_FOUND');
  const { session, table, restaurant } = row;
  if (session.status !== 'open') throw refuse('BILL_ALREADY_CLOSED');
  const place = placeOf(session, table);
  // A bill with no order on it (a tab opened by mistake, every order voided) is closed, not paid:
  // a payment would issue a receipt for nothing. A bill comped in full still has its orders.
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.diningSessionId, session.id), ne(orders.status, 'cancelled')))
    .limit(1);
  if (!live) throw refuse('PAY_BILL_EMPTY');

  const supervisor = user.role === 'manager' || user.role === 'admin';
  // A table's bill is its waiter's to take; a tab is the bar's and the counter's, shared by
  // everyone who rings orders up.
  const sharedTab = table === null && hasPermission(user.permissions, 'enter_orders');
  if (!supervisor && !sharedTab) {
    const assigned = table?.assignedWaiterId ?? session.waiterId;
    if (assigned !== user.id) throw refuse('PAY_NOT_YOUR_TABLE');
  }
  // A tab is paid when the guest pays (a counter order before it is made, a bar tab at any
  // round): only a table's bill waits for its orders to be served.
  if (!supervisor && table) {
    const [unserved] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.diningSessionId, session.id),
          notInArray(orders.status, ['served', 'paid', 'cancelled']),
        ),
      );
    // Mark Paid once every order is served. When the guests asked for the bill, their
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
      if (!asked) throw refuse('PAY_ORDERS_NOT_SERVED');
    }
  }

  // The bill is what its orders add up to with their tax and service charge (each order's
  // parts were fixed by the contract's rule when it was placed, and after any void).
  const bill = await billOf(tx, session.id);
  const billCents = bill.cents;
  // What is still due: the bill less what earlier payments towards it captured.
  const dueCents = Math.max(0, billCents - (await capturedCents(tx, session.id)));
  // `amount` is what the guest handed over; the payment records what is due and the tip, and
  // anything above both is change given back (not revenue).
  const receivedCents = input.amount === undefined ? null : amountToCents(input.amount);
  const tipCents = amountToCents(input.tip) ?? 0;
  if (input.amount !== undefined && receivedCents === null) throw refuse('PAY_AMOUNT_NOT_NUMBER');
  // A part of the bill split as guests split it (one guest's cash, another's card), or all of it.
  const part = input.split
    ? await planStaffPart(tx, session.id, input.split, dueCents, restaurant.currency)
    : null;
  const amountCents = part ? part.amountCents : dueCents;
  if (receivedCents !== null && receivedCents < amountCents + tipCents) {
    throw refuse('PAY_AMOUNT_BELOW_BILL', {
      amount: centsToAmount(amountCents + tipCents).toFixed(2),
      currency: restaurant.currency.toUpperCase(),
    });
  }

  const payment = await takePayment(uow, manualProvider, {
    sessionId: session.id,
    tableId: table?.id ?? null,
    method: input.method,
    amountCents,
    tipCents,
    currency: restaurant.currency,
    recordedBy: user.id,
    businessDate,
    ...(part ? { split: part.split } : {}),
  });
  // The guests' itemised bill reads each line paid, whoever paid it.
  if (part) await writeAllocations(uow, payment.id, part.lines);
  else await allocateRest(uow, session.id, payment.id);
  await followOpenBill(tx, session.id);
  const settled = await settleWhenCovered(uow, {
    sessionId: session.id,
    place,
    payment,
    servedBy: user.name,
    resolvedBy: user.id,
  });
  const receipt = settled?.receipt;
  // What is due was just captured, under the session's lock: the bill is covered.
  if (!settled?.settled && !part) {
    throw new Error(`payment ${payment.id} did not settle session ${session.id}`);
  }
  uow.audit({
    action: 'payment.recorded',
    entityType: 'dining_session',
    entityId: session.id,
    details: {
      amountCents,
      tipCents,
      method: input.method,
      billCents,
      netCents: billCents - bill.taxCents - bill.serviceCents,
      taxCents: bill.taxCents,
      serviceCents: bill.serviceCents,
      changeCents: receivedCents === null ? 0 : receivedCents - amountCents - tipCents,
      receiptNumber: receipt?.number ?? null,
      split: input.split?.kind ?? null,
    },
  });
  return {
    paymentId: payment.id,
    receiptNumber: receipt?.number ?? null,
    remaining: centsToAmount(dueCents - amountCents),
  };
}

/**
 * A waiter's part payment, planned on the bill's lines as a guest's is (the caller holds the
 * session's lock): refused as a guest's would be when what it asks is no longer owed.
 */
async function planStaffPart(
  tx: UnitOfWork['tx'],
  sessionId: string,
  split: PaySplitInput,
  dueCents: number,
  currency: Currency,
) {
  const lines = await payableLines(tx, sessionId);
  const asked: PaySplit =
    split.kind === 'amount'
      ? { kind: 'amount', amountCents: amountToCents(split.amount) ?? 0 }
      : split;
  const [equal] =
    asked.kind === 'equal'
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(payments)
          .where(
            and(
              eq(payments.diningSessionId, sessionId),
              eq(payments.splitKind, 'equal'),
              eq(payments.splitParts, asked.parts),
              inArray(payments.status, CAPTURED_STATUSES),
            ),
          )
      : [];
  const plan = planPayment(lines, asked, equal?.n ?? 0);
  const balance = {
    remaining: centsToAmount(dueCents).toFixed(2),
    currency: currency.toUpperCase(),
  };
  if (!plan.ok) {
    if (plan.reason === 'unknown') throw refuse('PAY_LINE_UNKNOWN');
    if (plan.reason === 'nothing') throw refuse('PAY_NOTHING_LEFT');
    if (plan.reason === 'above') throw refuse('PAY_SPLIT_ABOVE_BALANCE', balance);
    throw refuse('PAY_SPLIT_LINE_PAID', balance);
  }
  if (plan.amountCents > dueCents) throw refuse('PAY_SPLIT_ABOVE_BALANCE', balance);
  const parts = asked.kind === 'equal' ? asked.parts : asked.kind === 'share' ? asked.shares : null;
  return { ...plan, split: { kind: asked.kind, parts } };
}

/** A session's bill: its orders (voided ones left out) with their tax and service charge. */
export async function billOf(tx: DbOrTx, sessionId: string) {
  const [sum] = await tx
    .select({
      cents: sumCents(billCentsOf),
      tax: sumCents(orders.taxCents),
      service: sumCents(orders.serviceCents),
    })
    .from(orders)
    .where(and(eq(orders.diningSessionId, sessionId), ne(orders.status, 'cancelled')));
  return { cents: sum?.cents ?? 0, taxCents: sum?.tax ?? 0, serviceCents: sum?.service ?? 0 };
}

/**
 * What the payments towards a session's bill captured (tips excluded). A later refund does not
 * reopen a settled bill: it is money given back, dated on its own day.
 */
export async function capturedCents(tx: DbOrTx, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sumCents(payments.amountCents) })
    .from(payments)
    .where(
      and(eq(payments.diningSessionId, sessionId), inArray(payments.status, CAPTURED_STATUSES)),
    );
  return row?.cents ?? 0;
}

export interface PaymentRequest {
  sessionId: string;
  /** Null for a tab's bill. */
  tableId: string | null;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  currency: Currency;
  recordedBy: string | null;
  businessDate: string;
  /** How the payer split the bill (null: a waiter's payment of what was due). */
  split?: { kind: string; parts: number | null };
  /** A guest's Idempotency-Key and its request's hash. */
  idempotency?: { key: string; hash: string };
}

export interface TakenPayment {
  id: string;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  currency: Currency;
  status: PaymentState;
  businessDate: string;
}

/**
 * Takes a payment through its provider, step by step as the state machine allows (pending,
 * authorized, captured), and writes it with the status it reached. Only a provider that answers
 * at once may be used here (the manual one): the caller holds the bill's locks.
 */
export async function takePayment(
  uow: UnitOfWork,
  provider: PaymentProvider,
  request: PaymentRequest,
): Promise<TakenPayment> {
  const money = {
    amountCents: request.amountCents,
    tipCents: request.tipCents,
    currency: request.currency,
  };
  let status: PaymentState = 'pending';
  const step = (type: 'authorize' | 'capture') => {
    const next = nextPaymentState(status, { type });
    if (!next.ok) throw new Error(`payment: ${next.reason}`);
    status = next.status;
  };
  const authorized = await provider.authorize({ ...money, method: request.method });
  if (!authorized.ok) throw refuse('PAYMENT_PROVIDER_DECLINED', { reason: authorized.reason });
  step('authorize');
  const captured = await provider.capture(authorized.reference, money);
  if (!captured.ok) throw refuse('PAYMENT_PROVIDER_DECLINED', { reason: captured.reason });
  step('capture');

  const [payment] = await uow.tx
    .insert(payments)
    .values({
      restaurantId: uow.restaurantId,
      diningSessionId: request.sessionId,
      tableId: request.tableId,
      method: request.method,
      amountCents: request.amountCents,
      tipCents: request.tipCents,
      currency: request.currency,
      status,
      provider: provider.id,
      providerRef: captured.reference ?? authorized.reference,
      recordedBy: request.recordedBy,
      capturedAt: new Date(),
      businessDate: request.businessDate,
      splitKind: request.split?.kind ?? null,
      splitParts: request.split?.parts ?? null,
      idempotencyKey: request.idempotency?.key ?? null,
      requestHash: request.idempotency?.hash ?? null,
    })
    .returning({ id: payments.id });
  return {
    id: payment!.id,
    ...money,
    method: request.method,
    status,
    businessDate: request.businessDate,
  };
}

export interface SettleContext {
  sessionId: string;
  /** The bill's table, or the tab it is. */
  place: OrderPlace;
  /** The captured payment that may have covered the bill (its receipt, if it did). */
  payment: TakenPayment;
  servedBy: string | null;
  resolvedBy: string | null;
}

/**
 * The one place a bill is settled: when the payments captured towards it reach its total, the
 * dining session closes as paid, its orders are paid, its open requests resolved, the table
 * freed, the bill's receipt issued and the guests' page told. A payment that leaves the bill
 * short gets a receipt of its own (with what is left to pay) and settles nothing. Answers the
 * receipt issued and whether the bill is settled, or null when it was already settled (so two
 * captures racing to settle one bill settle it once: the second waits for the session's lock
 * and finds it closed).
 *
 * The caller holds the table's lock and has dated the payment in the business day it locked.
 */
export async function settleWhenCovered(uow: UnitOfWork, c: SettleContext) {
  const { tx } = uow;
  const [session] = await tx
    .select({ status: diningSessions.status })
    .from(diningSessions)
    .where(eq(diningSessions.id, c.sessionId))
    .for('no key update');
  if (session?.status !== 'open') return null;
  const bill = await billOf(tx, c.sessionId);
  const captured = await capturedCents(tx, c.sessionId);
  if (captured < bill.cents) {
    // A part: its own receipt, with what is left to pay.
    const receipt = await issueReceipt(uow, {
      ...receiptOf(c, await capturedPayments(tx, c.sessionId)),
      remainingCents: bill.cents - captured,
    });
    return { settled: false, receipt };
  }

  const now = new Date();
  await tx
    .update(diningSessions)
    .set({
      status: 'closed',
      paymentStatus: 'paid',
      closedAt: now,
      closeReason: 'paid',
      // Settled in the business day of the payment that covered it.
      settledOn: c.payment.businessDate,
    })
    .where(eq(diningSessions.id, c.sessionId));
  await markSessionOrdersPaid(tx, c.sessionId, now);
  await tx
    .update(requests)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: c.resolvedBy })
    .where(and(eq(requests.diningSessionId, c.sessionId), eq(requests.status, 'open')));
  // A table with another check still open stays seated until that one is paid too.
  if (c.place.tableId && !(await tableKeepsACheck(tx, c.place.tableId))) {
    await moveTable(tx, c.place.tableId, 'paid', { assignedWaiterId: null });
  }
  // The receipt is the bill's, whatever number of payments paid it: it lists them when several
  // did. Last: the receipt number's counter stays locked from here to the commit.
  const paid = await capturedPayments(tx, c.sessionId);
  const receipt = await issueReceipt(uow, {
    ...receiptOf(c, paid),
    ...(paid.length > 1 ? { payments: paid } : {}),
  });
  uow.emit({
    type: 'payment_completed',
    data: {
      ...c.place,
      sessionId: c.sessionId,
      paymentId: c.payment.id,
      amount: centsToAmount(c.payment.amountCents),
      tip: centsToAmount(c.payment.tipCents),
      method: c.payment.method,
      currency: c.payment.currency,
    },
    tableId: c.place.tableId,
  });
  return { settled: true, receipt };
}

/** The captured payments towards a bill, oldest first. */
function capturedPayments(tx: UnitOfWork['tx'], sessionId: string) {
  return tx
    .select({
      method: payments.method,
      amountCents: payments.amountCents,
      tipCents: payments.tipCents,
    })
    .from(payments)
    .where(
      and(eq(payments.diningSessionId, sessionId), inArray(payments.status, CAPTURED_STATUSES)),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The receipt of the payment `c` names: what the payments so far came to, with their tips. */
function receiptOf(
  c: SettleContext,
  paid: readonly { method: PaymentMethod; amountCents: number; tipCents: number }[],
) {
  return {
    paymentId: c.payment.id,
    sessionId: c.sessionId,
    tableNumber: c.place.tableNumber,
    orderType: c.place.orderType,
    tabName: c.place.tab?.name ?? null,
    method: c.payment.method,
    amountCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
    tipCents: paid.reduce((sum, p) => sum + p.tipCents, 0),
    payments: paid,
    servedBy: c.servedBy,
  };
}
