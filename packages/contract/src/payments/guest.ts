import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { idempotencyHeadersSchema } from '../orders/schemas.js';
import { tableTokenSchema } from '../tables/schemas.js';
import { PAYMENT_METHODS } from './schemas.js';
import { paySplitSchema } from './split-schema.js';

/** GET /api/sessions/public/bill?token=…: the table's itemised bill, with what is paid of it. */
export const guestBillQuerySchema = z.object({
  token: tableTokenSchema,
  /** The page's own bill: once paid, it still reads paid (the Payment Completed banner). */
  sessionId: z.string().max(64).optional(),
});

const money = z.number();

/** One line of the bill: what it costs, and what of it is paid and remains. */
export const guestBillLineSchema = z.object({
  lineId: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  name: z.string(),
  /** Units still billed (ordered less voided). */
  quantity: z.number().int(),
  /** Units paid in full. */
  paidQuantity: z.number().int(),
  /** The line with its discounts, tax and service charge, in the bill's currency. */
  total: money,
  /** Its tax and service charge (a tip is reckoned on the goods: total less tax). */
  tax: money,
  service: money,
  paid: money,
  remaining: money,
});

export type GuestBillLine = z.infer<typeof guestBillLineSchema>;

/** A payment towards the bill, as the table sees it: no names, no card numbers. */
export const guestBillPaymentSchema = z.object({
  id: z.string(),
  /** 'all', 'items', 'share', 'equal', 'amount', or 'staff' for one a waiter recorded. */
  split: z.string(),
  method: z.enum(PAYMENT_METHODS),
  provider: z.string(),
  amount: money,
  tip: money,
  at: z.string(),
});

export const guestBillSchema = z.object({
  sessionId: z.string().nullable(),
  tableNumber: z.number().int(),
  /** The bill's currency: the restaurant's own, in which payments are taken. */
  currency: z.enum(CURRENCIES),
  /** open: payments are taken; paid: settled; none: no bill at this table. */
  status: z.enum(['open', 'paid', 'none']),
  total: money,
  paid: money,
  remaining: money,
  lines: z.array(guestBillLineSchema),
  payments: z.array(guestBillPaymentSchema),
  /** Equal splits in progress: for each number of parts, how many were paid. */
  equalParts: z.array(z.object({ parts: z.number().int(), paid: z.number().int() })),
  /** The providers a guest may pay with here. */
  providers: z.array(z.enum(['demo', 'stripe'])),
});

export type GuestBill = z.infer<typeof guestBillSchema>;

export const guestBillResponseSchema = successResponseSchema(guestBillSchema);

/**
 * GET /api/sessions/{id}/bill: the same itemised bill for the staff taking payment for it, a
 * table's check or a tab (no table number).
 */
export const staffBillSchema = guestBillSchema
  .omit({ providers: true })
  .extend({ tableNumber: z.number().int().nullable() });

export type StaffBill = z.infer<typeof staffBillSchema>;

export const staffBillResponseSchema = successResponseSchema(staffBillSchema);

const amount = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(100_000, `${name} is too large`);

export { paySplitSchema, type PaySplitInput } from './split-schema.js';

export const GUEST_PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;

/** POST /api/payments/public: a guest pays part or all of the table's bill. */
export const guestPayInputSchema = z.object({
  token: tableTokenSchema,
  split: paySplitSchema,
  /** In the bill's currency, on top of the split's amount. */
  tip: amount('tip').default(0),
  provider: z.enum(GUEST_PAYMENT_PROVIDERS, { error: 'provider must be demo or stripe' }),
  /**
   * What the guest's page showed for the split (without the tip). When the bill moved meanwhile
   * and the split now comes to another amount, the payment is refused with the new balance
   * rather than charging what the guest did not see.
   */
  expectedAmount: amount('expectedAmount').optional(),
});

export type GuestPayInput = z.infer<typeof guestPayInputSchema>;

export const guestPayHeadersSchema = idempotencyHeadersSchema;

export const guestPaymentSchema = z.object({
  paymentId: z.string(),
  status: z.enum(['captured', 'pending']),
  amount: money,
  tip: money,
  currency: z.enum(CURRENCIES),
  /** What the bill still owes after it. */
  remaining: money,
  /** True once the bill is fully paid (and closed). */
  billPaid: z.boolean(),
  /**
   * The payment's receipt: the bill's when it settled it, its own (with what is left) for a
   * part; null while a card payment waits for its provider.
   */
  receiptNumber: z.number().int().nullable(),
  /** True when this answers a retry with the same Idempotency-Key. */
  replayed: z.boolean(),
  /**
   * A Stripe payment (status pending): what the guest's card form confirms it with. The payment
   * is captured only when Stripe's signed notification says so, never on the page's word.
   */
  stripe: z.object({ clientSecret: z.string(), publishableKey: z.string() }).optional(),
});

export type GuestPayment = z.infer<typeof guestPaymentSchema>;

export const guestPaymentResponseSchema = successResponseSchema(guestPaymentSchema);
