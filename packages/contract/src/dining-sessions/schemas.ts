import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { singleLine } from '../common/text.js';
import { guestBillDiscountSchema } from '../discounts/schemas.js';
import { BILL_PAYMENT_STATUSES } from './status.js';
import { ORDER_STATUSES } from '../orders/status.js';
import { guestCountAboveMax } from '../settings/system.js';
import { SYSTEM_SETTING_LIMITS } from '../settings/limits.js';
import { tableTokenSchema } from '../tables/schemas.js';

export const summaryQuerySchema = z.object({
  token: tableTokenSchema,
  /** The session the page belongs to, so a paid guest still sees "paid" after the table is reset. */
  sessionId: z.string().max(100).check(singleLine('sessionId')).optional(),
});

export const startSessionInputSchema = z.object({
  token: tableTokenSchema,
  customerCount: z.coerce
    .number({ error: 'customerCount must be a number' })
    .int('customerCount must be a whole number')
    .min(1, 'customerCount must be at least 1')
    // The restaurant's own max table capacity is checked by the server (guestCountAboveMax).
    .max(
      SYSTEM_SETTING_LIMITS.maxTableCapacity.max,
      guestCountAboveMax(SYSTEM_SETTING_LIMITS.maxTableCapacity.max),
    )
    .default(1),
});

export const paymentStatusSchema = z.enum(BILL_PAYMENT_STATUSES);

export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const billLineSchema = z.object({
  /** The order line's id (what a line discount or a comp names). */
  id: z.string().optional(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: dualPriceSchema,
  /** unit × quantity, at menu prices. */
  lineTotal: dualPriceSchema,
  /** What discounts and comps take off the line (at menu prices); absent: nothing. */
  discount: dualPriceSchema.optional(),
});

export type BillLine = z.infer<typeof billLineSchema>;

export const billOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** The order's lines at menu prices (tax and service charge are the bill's `parts`). */
  total: dualPriceSchema,
  createdAt: z.string(),
  items: z.array(billLineSchema),
});

export type BillOrder = z.infer<typeof billOrderSchema>;

/** A bill's parts as amounts (net + service + tax = total), by the contract's rule (`lineParts`). */
export const billPartsSchema = z.object({
  net: z.number(),
  service: z.number(),
  tax: z.number(),
  total: z.number(),
});

export const dualBillPartsSchema = z.object({ eur: billPartsSchema, usd: billPartsSchema });

/** How a bill is charged (`billCharges`): null for what its orders disagree on. */
export const billChargesSchema = z.object({
  taxRate: z.number().nullable(),
  serviceCharge: z.number().nullable(),
  pricesIncludeTax: z.boolean().nullable(),
});

/** GET /api/sessions/public/summary: the guest's running bill. */
export const publicSummarySchema = z.object({
  /** What the guest pays (the bill's total with tax and service charge), restaurant's currency. */
  totalAmount: z.number(),
  /** The same in both currencies (`parts.eur.total`, `parts.usd.total`). */
  totals: dualPriceSchema,
  /**
   * Net, service charge, tax and total in both currencies; voided orders count nothing, and the
   * discounts are taken off (the tax is on the discounted amounts).
   */
  parts: dualBillPartsSchema,
  /** The discounts and comps on the bill (who gave them stays with staff). */
  discounts: z.array(guestBillDiscountSchema).default([]),
  charges: billChargesSchema,
  currency: z.enum(CURRENCIES),
  paymentStatus: paymentStatusSchema,
  hasActiveSession: z.boolean(),
  sessionId: z.string().nullable(),
  tableNumber: z.number().int(),
  orders: z.array(billOrderSchema),
});

export type PublicSummary = z.infer<typeof publicSummarySchema>;

export const publicSummaryResponseSchema = successResponseSchema(publicSummarySchema);

/** POST /api/sessions/public/start: the table's open dining session, joined or opened. */
export const startedSessionSchema = z.object({
  sessionId: z.string(),
  /** False when the guest joined a session already open at the table. */
  opened: z.boolean(),
  tableNumber: z.number().int(),
});

export type StartedSession = z.infer<typeof startedSessionSchema>;

export const startSessionResponseSchema = successResponseSchema(startedSessionSchema);
