import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { paySplitSchema } from './split-schema.js';
import { PAYMENT_STATES } from './state.js';

export const PAYMENT_METHODS = ['cash', 'card'] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const recordPaymentInputSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: 'method must be cash or card' }),
  /** Amount received, in the restaurant's currency; defaults to the bill's total. */
  amount: z
    .number({ error: 'amount must be a number' })
    .positive('amount must be greater than zero')
    .max(1_000_000, 'amount is too large')
    .optional(),
  tip: z
    .number({ error: 'tip must be a number' })
    .min(0, 'tip cannot be negative')
    .max(100_000, 'tip is too large')
    .default(0),
  /**
   * Part of the bill, split as guests split it at the table (decision 0013): the payment takes
   * that part and the bill stays open until its payments cover it. Without it the payment takes
   * everything still due and settles the bill.
   */
  split: paySplitSchema.optional(),
});

export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

/** POST /api/sessions/{id}/payments (201). */
export const recordedPaymentSchema = z.object({
  paymentId: z.string(),
  /**
   * The receipt it issued (sequential per restaurant, no gaps): the bill's when it settled it, its
   * own (with what is left to pay) for a part payment.
   */
  receiptNumber: z.number().int().nullable(),
  /** What the bill still owes after it. */
  remaining: z.number().optional(),
});

export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

export const recordPaymentResponseSchema = successResponseSchema(recordedPaymentSchema);

/** POST /api/payments/{id}/refunds: money given back from a captured payment. */
export const refundPaymentInputSchema = z.object({
  /** Of the bill part, in the restaurant's currency. */
  amount: z
    .number({ error: 'amount must be a number' })
    .min(0, 'amount cannot be negative')
    .max(1_000_000, 'amount is too large'),
  /** Of the tip. */
  tip: z
    .number({ error: 'tip must be a number' })
    .min(0, 'tip cannot be negative')
    .max(100_000, 'tip is too large')
    .default(0),
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(500, 'reason is too long'),
});

export type RefundPaymentInput = z.infer<typeof refundPaymentInputSchema>;

export const refundedPaymentSchema = z.object({
  refundId: z.string(),
  paymentId: z.string(),
  /** The payment's status after the refund: partially_refunded or refunded. */
  status: z.enum(PAYMENT_STATES),
  amount: z.number(),
  tip: z.number(),
  /** The business day the refund is dated in (today's, whatever the payment's own day). */
  businessDate: z.string(),
});

export type RefundedPayment = z.infer<typeof refundedPaymentSchema>;

export const refundPaymentResponseSchema = successResponseSchema(refundedPaymentSchema);

/** GET /api/payments: a business day's payments (today's when no date is given). */
export const listPaymentsQuerySchema = z.object({
  date: z.iso.date({ error: 'date must be a date (YYYY-MM-DD)' }).optional(),
});

export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;

/** Money given back of a payment: dated in the business day it was given back. */
export const paymentRefundSchema = z.object({
  id: z.string(),
  /** Of the bill part, and of the tip, in the restaurant's currency. */
  amount: z.number(),
  tip: z.number(),
  reason: z.string(),
  businessDate: z.string(),
  /** When it was given back (ISO). */
  at: z.string(),
  /** Who gave it back (their display name), if still known. */
  by: z.string().nullable(),
});

export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** A captured payment as staff review it: what it took, and what was given back of it. */
export const dayPaymentSchema = z.object({
  id: z.string(),
  tableNumber: z.number().int(),
  /** Its receipt (a part of a bill has its own; null for one taken before receipts were kept). */
  receiptNumber: z.number().int().nullable(),
  method: z.enum(PAYMENT_METHODS),
  /** captured, partially_refunded or refunded. */
  status: z.enum(PAYMENT_STATES),
  /** When the money was taken (ISO). */
  capturedAt: z.string(),
  /** The bill part and the tip it took. */
  amount: z.number(),
  tip: z.number(),
  /** What is left to give back of each. */
  refundable: z.object({ amount: z.number(), tip: z.number() }),
  /** Its refunds, oldest first, whichever day each was given back. */
  refunds: z.array(paymentRefundSchema),
});

export type DayPayment = z.infer<typeof dayPaymentSchema>;

export const dayPaymentsSchema = z.object({
  /** The business day whose captured payments these are. */
  date: z.string(),
  /** Today's business day: a refund is dated in it, whatever the payment's day. */
  today: z.string(),
  currency: z.enum(CURRENCIES),
  timezone: z.string(),
  /** In the order they were taken. */
  payments: z.array(dayPaymentSchema),
});

export type DayPayments = z.infer<typeof dayPaymentsSchema>;

export const dayPaymentsResponseSchema = successResponseSchema(dayPaymentsSchema);

/** A payment provider by its name in a callback's path. */
export const providerParamSchema = z.object({ provider: z.string().min(1).max(40) });

/** POST /api/payments/providers/{provider}/callback: the notification was taken. */
export const providerCallbackResponseSchema = successResponseSchema(
  z.object({ received: z.literal(true) }),
);
