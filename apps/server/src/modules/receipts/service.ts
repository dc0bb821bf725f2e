import {
  billedQuantity,
  bpsToPercent,
  buildReceipt,
  centsToAmount,
  discountLabel,
  lineLabel,
  type OrderType,
  refusalsEn,
  type PaymentMethod,
  type Receipt,
} from '@tavola/contract';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import {
  diningSessions,
  orderItems,
  orders,
  paymentRefunds,
  payments,
  receipts,
  restaurants,
} from '../../core/db/schema.js';
import { nextCounter } from '../../core/events/recorder.js';
import type { UnitOfWork } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { activeDiscounts, lineSnapshotOf, ratesOf, storedParts } from '../orders/index.js';

export const RECEIPT_NOT_FOUND = refusalsEn.RECEIPT_NOT_FOUND;
export const NO_RECEIPT_FOR_VISIT = refusalsEn.RECEIPT_NONE_FOR_VISIT;

export interface IssueReceiptInput {
  paymentId: string;
  sessionId: string;
  /** Null for a tab's bill, which names its order type and tab instead. */
  tableNumber: number | null;
  orderType?: OrderType;
  tabName?: string | null;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  /** Every payment of the bill, when more than one paid it (amount and tip are then their sums). */
  payments?: readonly { method: PaymentMethod; amountCents: number; tipCents: number }[];
  /**
   * A part payment's receipt: what the bill still owes after it (the payments so far and this
   * one are then `payments`, `amountCents` and `tipCents` their sums).
   */
  remainingCents?: number;
  servedBy: string | null;
}

/**
 * Issues the receipt of a payment, inside the payment's transaction. Its
 * number is the restaurant's next from the counters row, which stays locked until the payment
 * commits: numbers follow one another with no gaps, and a payment that rolls back gives its
 * number back. Call it last in the payment, so the counter is held as briefly as possible.
 */
export async function issueReceipt(uow: UnitOfWork, input: IssueReceiptInput): Promise<Receipt> {
  const { tx, restaurantId } = uow;
  const [restaurant] = await tx
    .select({
      name: restaurants.name,
      timezone: restaurants.timezone,
      currency: restaurants.currency,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  const [payment] = await tx
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(eq(payments.id, input.paymentId));
  if (!restaurant || !payment) throw new Error('receipt: payment or restaurant not found');

  const billed = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.diningSessionId, input.sessionId), ne(orders.status, 'cancelled')))
    .orderBy(asc(orders.orderNumber));
  const lines = billed.length
    ? await tx
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            billed.map((o) => o.id),
          ),
        )
        // Each order's lines by name: stable (ids are random) and easy to read.
        .orderBy(asc(orderItems.name), asc(orderItems.unitPriceCents))
    : [];

  // The discounts and comps still given on the bill, each with what it took off.
  const given = await activeDiscounts(tx, [input.sessionId]);

  const number = await nextCounter(tx, restaurantId, 'receipt_number');
  const receipt = buildReceipt({
    number,
    restaurantName: restaurant.name,
    tableNumber: input.tableNumber,
    orderType: input.orderType ?? 'dine_in',
    tabName: input.tabName ?? null,
    sessionId: input.sessionId,
    issuedAt: payment.createdAt.toISOString(),
    timezone: restaurant.timezone,
    currency: restaurant.currency,
    orders: billed.map((o) => ({
      orderNumber: o.orderNumber,
      rates: ratesOf(o),
      parts: storedParts(o),
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          name: lineLabel(lineSnapshotOf(l)),
          unitCents: l.unitPriceCents,
          quantity: billedQuantity(l),
        })),
    })),
    tipCents: input.tipCents,
    method: input.method,
    ...(input.payments ? { payments: input.payments } : {}),
    servedBy: input.servedBy,
    discounts: given.map((d) => {
      const line = d.orderItemId ? lines.find((l) => l.id === d.orderItemId) : undefined;
      return {
        label: discountLabel({
          kind: d.kind,
          scope: d.scope,
          percent: d.percentBps === null ? null : bpsToPercent(d.percentBps),
        }),
        lineName: line ? lineLabel(lineSnapshotOf(line)) : null,
        reason: d.reason,
        amountCents: d.discountCents,
      };
    }),
  });
  // The receipt is the bill the payments charged, to the cent (with what is left of it, for a
  // part), or nothing is recorded.
  const left = input.remainingCents ?? 0;
  if (Math.round(receipt.total * 100) !== input.amountCents + left) {
    throw new Error(
      `receipt ${number}: its orders add up to ${receipt.total}, the payments to ${input.amountCents / 100} with ${left / 100} left`,
    );
  }
  const content: Receipt =
    input.remainingCents === undefined
      ? receipt
      : {
          ...receipt,
          paid: centsToAmount(input.amountCents + input.tipCents),
          remaining: centsToAmount(left),
          payments: (input.payments ?? []).map((p) => ({
            method: p.method,
            amount: centsToAmount(p.amountCents),
            tip: centsToAmount(p.tipCents),
          })),
        };
  await tx.insert(receipts).values({
    restaurantId,
    number,
    paymentId: input.paymentId,
    diningSessionId: input.sessionId,
    content,
    issuedAt: payment.createdAt,
  });
  return content;
}

/**
 * A receipt as it was issued, with the money given back of its bill since (each refund of its
 * payments, on the business day it was given back), so a refunded bill's receipt says so.
 */
async function withRefunds(db: DbOrTx, receipt: Receipt): Promise<Receipt> {
  const refunds = await db
    .select({
      method: payments.method,
      amountCents: paymentRefunds.amountCents,
      tipCents: paymentRefunds.tipCents,
      date: paymentRefunds.businessDate,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.diningSessionId, receipt.sessionId))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  if (refunds.length === 0) return receipt;
  return {
    ...receipt,
    refunds: refunds.map((r) => ({
      method: r.method,
      amount: centsToAmount(r.amountCents),
      tip: centsToAmount(r.tipCents),
      date: r.date,
    })),
  };
}

/** The receipt of the visit a guest's page belongs to: the table's own, and that session's. */
export async function guestReceipt(db: DbOrTx, tableId: string, sessionId: string) {
  const [row] = await db
    .select({ content: receipts.content })
    .from(receipts)
    .innerJoin(diningSessions, eq(receipts.diningSessionId, diningSessions.id))
    .where(and(eq(receipts.diningSessionId, sessionId), eq(diningSessions.tableId, tableId)))
    // A bill paid in parts has a receipt per part: the bill's own is its last.
    .orderBy(desc(receipts.number))
    .limit(1);
  if (!row) throw refuse('RECEIPT_NONE_FOR_VISIT');
  return withRefunds(db, row.content);
}

/** A receipt for staff, by its number or by the number of an order it covers. */
export async function staffReceipt(
  db: DbOrTx,
  restaurantId: string,
  by: { number?: number | undefined; orderNumber?: number | undefined },
): Promise<Receipt> {
  if (by.orderNumber !== undefined) {
    const [order] = await db
      .select({ sessionId: orders.diningSessionId, status: orders.status })
      .from(orders)
      .where(and(eq(orders.restaurantId, restaurantId), eq(orders.orderNumber, by.orderNumber)));
    if (!order) throw refuse('ORDER_NOT_FOUND');
    const [row] = await db
      .select({ content: receipts.content })
      .from(receipts)
      .where(
        and(eq(receipts.restaurantId, restaurantId), eq(receipts.diningSessionId, order.sessionId)),
      )
      .orderBy(desc(receipts.number))
      .limit(1);
    if (!row) {
      throw refuse(
        order.status === 'paid' ? 'RECEIPT_PAID_BEFORE_RECEIPTS' : 'RECEIPT_BILL_NOT_PAID',
        { order: by.orderNumber },
      );
    }
    return withRefunds(db, row.content);
  }
  const [row] = await db
    .select({ content: receipts.content })
    .from(receipts)
    .where(and(eq(receipts.restaurantId, restaurantId), eq(receipts.number, by.number ?? 0)));
  if (!row) throw refuse('RECEIPT_NOT_FOUND');
  return withRefunds(db, row.content);
}
