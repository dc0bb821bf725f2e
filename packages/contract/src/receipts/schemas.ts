import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { ORDER_TYPES } from '../orders/order-types.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { tableTokenSchema } from '../tables/schemas.js';

/**
 * A receipt: what a paid bill was, as it was issued when the payment was
 * recorded. Amounts are in the restaurant's currency (12.5 for 12.50); the parts follow the
 * contract's one bill rule (`lineParts`, rounded per line): net + service + tax = total, and
 * total + tip = paid.
 */
export const receiptLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** At menu prices, as the guest ordered. */
  unitPrice: z.number(),
  lineTotal: z.number(),
});

/** A discount or comp on a receipt: what it was, why, and what it took off at menu prices. */
export const receiptDiscountSchema = z.object({
  /** "10% off the bill", "On the house". */
  label: z.string(),
  /** The line it was on, for a line discount or a comp. */
  lineName: z.string().nullable(),
  reason: z.string(),
  amount: z.number(),
});

export type ReceiptDiscount = z.infer<typeof receiptDiscountSchema>;

/** Tax by rate: what it was charged on (goods and service charge) and how much. */
export const receiptTaxSchema = z.object({
  /** Percent (8.5). */
  rate: z.number(),
  base: z.number(),
  tax: z.number(),
});

export const receiptSchema = z.object({
  /** Sequential per restaurant, from 1, with no gaps (allocated in the payment's transaction). */
  number: z.number().int().positive(),
  restaurantName: z.string(),
  /** Null for a tab (a bar tab, a counter order or a takeaway: a bill without a table). */
  tableNumber: z.number().int().nullable(),
  /** Receipts issued before tabs existed read as dine-in. */
  orderType: z.enum(ORDER_TYPES).optional(),
  /** The name a tab was opened under; null at a table. */
  tabName: z.string().nullable().optional(),
  sessionId: z.string(),
  /** The orders the bill covered. */
  orderNumbers: z.array(z.number().int()),
  /** When the payment was recorded (ISO); shown in the restaurant's time zone. */
  issuedAt: z.string(),
  timezone: z.string(),
  currency: z.enum(CURRENCIES),
  lines: z.array(receiptLineSchema),
  /** The lines at menu prices. */
  itemsTotal: z.number(),
  /**
   * The discounts and comps given on the bill, each with what it took off the lines at menu
   * prices (absent on receipts issued before discounts existed).
   */
  discounts: z.array(receiptDiscountSchema).optional(),
  /** What they took off, at menu prices: the items less this are what was charged. */
  discountTotal: z.number().optional(),
  /** Whether the menu prices include tax (then the tax is shown as included, not added). */
  pricesIncludeTax: z.boolean(),
  /** Percent; null when the bill's orders were placed at different service charges. */
  serviceChargeRate: z.number().nullable(),
  /**
   * What the service charge adds to the items on the receipt: total − (items − discounts) − (tax,
   * when it is added rather than included). Where prices include tax it carries its own share of
   * tax, so it is more than `service` (the service charge's net part); either way the receipt's
   * lines add up: items − discounts + service added (+ tax added) = total.
   */
  serviceAdded: z.number(),
  net: z.number(),
  service: z.number(),
  tax: z.number(),
  taxes: z.array(receiptTaxSchema),
  /** What the bill came to: net + service + tax. */
  total: z.number(),
  tip: z.number(),
  /** total + tip; on a part payment's receipt, what the payments so far came to with their tips. */
  paid: z.number(),
  /**
   * A part payment's receipt (a bill paid in parts has one per part): what the bill still owed
   * after this payment. Absent on the receipt of the payment that settled the bill.
   */
  remaining: z.number().optional(),
  method: z.enum(PAYMENT_METHODS),
  /**
   * The payments that paid the bill, when there were more than one (each with its tip; they add
   * up to `paid`). `method` is then the one of the payment that settled it (of this payment, on
   * a part payment's receipt, which lists the payments so far, this one last).
   */
  payments: z
    .array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number(), tip: z.number() }))
    .optional(),
  /** Who recorded the payment (their display name), if still known. */
  servedBy: z.string().nullable(),
  /**
   * Money given back of this bill after it was paid, oldest first: each refund with the business
   * day it was given back, its bill part and its tip. Read with the receipt, never written into
   * it (the receipt as issued does not change); absent when nothing was given back.
   */
  refunds: z
    .array(
      z.object({
        method: z.enum(PAYMENT_METHODS),
        amount: z.number(),
        tip: z.number(),
        date: z.string(),
      }),
    )
    .optional(),
});

export type Receipt = z.infer<typeof receiptSchema>;
export type ReceiptLine = z.infer<typeof receiptLineSchema>;
export type ReceiptTax = z.infer<typeof receiptTaxSchema>;

export const receiptResponseSchema = successResponseSchema(receiptSchema);

const receiptFormat = z.enum(['json', 'pdf']).default('json');

/**
 * GET /api/receipts/public: the receipt of the visit the guest's page belongs to. Both the
 * table's code and the session id are needed, so only that party's page can fetch it.
 */
export const publicReceiptQuerySchema = z.object({
  token: tableTokenSchema,
  sessionId: z.uuid({ error: 'sessionId must be a valid identifier' }),
  format: receiptFormat,
});

export type PublicReceiptQuery = z.infer<typeof publicReceiptQuerySchema>;

const positiveInt = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(2_147_483_647, `${field} is too large`);

/**
 * GET /api/receipts: staff reprint a receipt by its number, or by the number of one of the
 * orders it covers (the order history's Receipt button).
 */
export const staffReceiptQuerySchema = z
  .object({
    number: positiveInt('number').optional(),
    orderNumber: positiveInt('orderNumber').optional(),
    format: receiptFormat,
  })
  .refine((q) => (q.number === undefined) !== (q.orderNumber === undefined), {
    error: 'Give either number or orderNumber',
  });

export type StaffReceiptQuery = z.infer<typeof staffReceiptQuerySchema>;

/** A receipt's PDF file name. */
export const receiptFileName = (number: number) => `receipt-${number}.pdf`;
