import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';

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
});

export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

/** POST /api/sessions/{id}/payments (201). */
export const recordedPaymentSchema = z.object({
  paymentId: z.string(),
  /** The receipt it issued (issue 16, item 2): sequential per restaurant, no gaps. */
  receiptNumber: z.number().int(),
});

export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

export const recordPaymentResponseSchema = successResponseSchema(recordedPaymentSchema);
