import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { tableTokenSchema } from '../tables/schemas.js';

/**
 * A receipt (issue 16, item 2): what a paid bill was, as it was issued when the payment was
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
  tableNumber: z.number().int(),
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
  /** Whether the menu prices include tax (then the tax is shown as included, not added). */
  pricesIncludeTax: z.boolean(),
  /** Percent; null when the bill's orders were placed at different service charges. */
  serviceChargeRate: z.number().nullable(),
  /**
   * What the service charge adds to the items on the receipt: total − items − (tax, when it is
   * added rather than included). Where prices include tax it carries its own share of tax, so it
   * is more than `service` (the service charge's net part); either way the receipt's lines add
   * up: items + service added (+ tax added) = total.
   */
  serviceAdded: z.number(),
  net: z.number(),
  service: z.number(),
  tax: z.number(),
  taxes: z.array(receiptTaxSchema),
  /** What the bill came to: net + service + tax. */
  total: z.number(),
  tip: z.number(),
  /** total + tip. */
  paid: z.number(),
  method: z.enum(PAYMENT_METHODS),
  /** Who recorded the payment (their display name), if still known. */
  servedBy: z.string().nullable(),
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
