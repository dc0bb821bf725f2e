import { billedQuantity, buildReceipt, type PaymentMethod, type Receipt } from '@tavola/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import {
  diningSessions,
  orderItems,
  orders,
  payments,
  receipts,
  restaurants,
} from '../../core/db/schema.js';
import { nextCounter } from '../../core/events/recorder.js';
import type { UnitOfWork } from '../../core/events/unit-of-work.js';
import { notFound } from '../../core/http/errors.js';
import { ratesOf, storedParts } from '../orders/index.js';

export const RECEIPT_NOT_FOUND = 'Receipt not found';
export const NO_RECEIPT_FOR_VISIT = 'There is no receipt for this visit yet';

export interface IssueReceiptInput {
  paymentId: string;
  sessionId: string;
  tableNumber: number;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  servedBy: string | null;
}

/**
 * Issues the receipt of a payment, inside the payment's transaction (issue 16, item 2). Its
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

  const number = await nextCounter(tx, restaurantId, 'receipt_number');
  const receipt = buildReceipt({
    number,
    restaurantName: restaurant.name,
    tableNumber: input.tableNumber,
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
        .map((l) => ({ name: l.name, unitCents: l.unitPriceCents, quantity: billedQuantity(l) })),
    })),
    tipCents: input.tipCents,
    method: input.method,
    servedBy: input.servedBy,
  });
  // The receipt is the bill the payment charged, to the cent, or nothing is recorded.
  if (Math.round(receipt.total * 100) !== input.amountCents) {
    throw new Error(
      `receipt ${number}: its orders add up to ${receipt.total}, the payment to ${input.amountCents / 100}`,
    );
  }
  await tx.insert(receipts).values({
    restaurantId,
    number,
    paymentId: input.paymentId,
    diningSessionId: input.sessionId,
    content: receipt,
    issuedAt: payment.createdAt,
  });
  return receipt;
}

/** The receipt of the visit a guest's page belongs to: the table's own, and that session's. */
export async function guestReceipt(db: DbOrTx, tableId: string, sessionId: string) {
  const [row] = await db
    .select({ content: receipts.content })
    .from(receipts)
    .innerJoin(diningSessions, eq(receipts.diningSessionId, diningSessions.id))
    .where(and(eq(receipts.diningSessionId, sessionId), eq(diningSessions.tableId, tableId)));
  if (!row) throw notFound(NO_RECEIPT_FOR_VISIT);
  return row.content;
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
    if (!order) throw notFound('Order not found');
    const [row] = await db
      .select({ content: receipts.content })
      .from(receipts)
      .where(
        and(eq(receipts.restaurantId, restaurantId), eq(receipts.diningSessionId, order.sessionId)),
      );
    if (!row) {
      throw notFound(
        order.status === 'paid'
          ? `Order #${by.orderNumber} was paid before receipts were issued`
          : `Order #${by.orderNumber} has no receipt: its bill is not paid`,
      );
    }
    return row.content;
  }
  const [row] = await db
    .select({ content: receipts.content })
    .from(receipts)
    .where(and(eq(receipts.restaurantId, restaurantId), eq(receipts.number, by.number ?? 0)));
  if (!row) throw notFound(RECEIPT_NOT_FOUND);
  return row.content;
}
