import { z } from 'zod';
import { successResponseSchema } from './api.js';
import {
  BILL_PAYMENT_STATUSES,
  CURRENCIES,
  ORDER_MAX_LINES,
  ORDER_MAX_QUANTITY,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from './constants.js';
import { multiLine, singleLine } from './text.js';

/** A table token as printed in a QR code. Anything else is simply an unknown table (404). */
export const tableTokenSchema = z
  .string({
    error: (iss) => (iss.input === undefined ? 'token is required' : 'token must be text'),
  })
  .trim()
  .min(1, 'token is required')
  .max(200, 'token is too long')
  .check(singleLine('token'));

export const tokenQuerySchema = z.object({ token: tableTokenSchema });

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
    .max(50, 'customerCount must be at most 50')
    .default(1),
});

/** Currency as the guest page sends it (spec §3: uppercase); lowercase is accepted too. */
export const orderCurrencySchema = z
  .string({ error: 'currency must be EUR or USD' })
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['eur', 'usd'], { error: 'currency must be EUR or USD' }));

export const orderLineInputSchema = z.object({
  menuItemId: z
    .union([z.string(), z.number()], { error: 'menuItemId is required' })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, 'menuItemId is required')
        .max(100, 'menuItemId is too long')
        .check(singleLine('menuItemId')),
    ),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(ORDER_MAX_QUANTITY, `quantity must be at most ${ORDER_MAX_QUANTITY}`),
  notes: z.string().trim().max(300, 'notes are too long').check(multiLine('notes')).optional(),
});

export const placeOrderInputSchema = z.object({
  token: tableTokenSchema,
  items: z
    .array(orderLineInputSchema, { error: 'items must be a list' })
    .min(1, 'Your order is empty')
    .max(ORDER_MAX_LINES, `An order can have at most ${ORDER_MAX_LINES} lines`),
  currency: orderCurrencySchema.default('eur'),
  notes: z.string().trim().max(500, 'notes are too long').check(multiLine('notes')).optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;

export const callWaiterInputSchema = z.object({
  token: tableTokenSchema,
  message: z.string().trim().max(300, 'message is too long').check(multiLine('message')).optional(),
});

export const requestPaymentInputSchema = z.object({
  token: tableTokenSchema,
  method: z.enum(PAYMENT_METHODS, { error: 'method must be cash or card' }).optional(),
});

/** Prices in both currencies (decimal amounts) as the guest page shows them. */
export const dualPriceSchema = z.object({ eur: z.number(), usd: z.number() });
export type DualPrice = z.infer<typeof dualPriceSchema>;

export const publicMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: dualPriceSchema,
  /** The category key (food, drinks, specials, or the manager's own word). */
  category: z.string(),
  available: z.boolean(),
  special: z.boolean(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  preparationTime: z.number().int().nullable(),
});
export type PublicMenuItem = z.infer<typeof publicMenuItemSchema>;

/** GET /api/menu/public: the guest menu by category key, the restaurant and the table. */
export const publicMenuSchema = z.object({
  menu: z.record(z.string(), z.array(publicMenuItemSchema)),
  restaurant: z.object({
    id: z.string(),
    name: z.string(),
    currency: z.enum(CURRENCIES),
    exchangeRate: z.number(),
    branding: z.object({
      brandName: z.string().optional(),
      primaryColor: z.string().optional(),
      logoUrl: z.string().optional(),
    }),
  }),
  table: z.object({ number: z.number().int() }),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;
export const publicMenuResponseSchema = successResponseSchema(publicMenuSchema);

export const paymentStatusSchema = z.enum(BILL_PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const billLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: dualPriceSchema,
  lineTotal: dualPriceSchema,
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total: dualPriceSchema,
  createdAt: z.string(),
  items: z.array(billLineSchema),
});
export type BillOrder = z.infer<typeof billOrderSchema>;

/** GET /api/sessions/public/summary: the guest's running bill. */
export const publicSummarySchema = z.object({
  /** Total of the session's orders in the restaurant's currency. */
  totalAmount: z.number(),
  totals: dualPriceSchema,
  currency: z.enum(CURRENCIES),
  paymentStatus: paymentStatusSchema,
  hasActiveSession: z.boolean(),
  sessionId: z.string().nullable(),
  tableNumber: z.number().int(),
  orders: z.array(billOrderSchema),
});
export type PublicSummary = z.infer<typeof publicSummarySchema>;
export const publicSummaryResponseSchema = successResponseSchema(publicSummarySchema);

/** POST /api/orders/public: 201 for a new order, 200 for a retry with the same Idempotency-Key. */
export const placedOrderSchema = z.object({
  order_number: z.number().int(),
  orderId: z.string(),
  sessionId: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  total: dualPriceSchema,
  /** True when this answers a retry of an order already placed with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
export const placedOrderResponseSchema = successResponseSchema(placedOrderSchema);

/** POST /api/sessions/public/start: the table's open dining session, joined or opened. */
export const startedSessionSchema = z.object({
  sessionId: z.string(),
  /** False when the guest joined a session already open at the table. */
  opened: z.boolean(),
  tableNumber: z.number().int(),
});
export type StartedSession = z.infer<typeof startedSessionSchema>;
export const startSessionResponseSchema = successResponseSchema(startedSessionSchema);

/** POST /api/tables/public/call-waiter and /request-payment. */
export const guestRequestResultSchema = z.object({
  requestId: z.string(),
  /** True when an open request of this kind already existed: acknowledged, not duplicated. */
  alreadyRequested: z.boolean(),
});
export type GuestRequestResult = z.infer<typeof guestRequestResultSchema>;
export const guestRequestResponseSchema = successResponseSchema(guestRequestResultSchema);

/** Spec §3: category keys food, drinks, specials; the singular forms are accepted on input. */
export function normalizeCategoryKey(category: string): string {
  const key = category.trim().toLowerCase();
  if (key === 'drink') return 'drinks';
  if (key === 'special') return 'specials';
  return key;
}

/** Which station prepares an item: its own setting, else drinks to the bar and the rest to the kitchen. */
export function stationFor(item: { category: string; station?: 'kitchen' | 'bar' | null }) {
  if (item.station) return item.station;
  return normalizeCategoryKey(item.category) === 'drinks' ? 'bar' : 'kitchen';
}

/** Demo estimated times (spec §9): kitchen 20 to 30 minutes, bar 5 to 8; else from the items. */
export function estimateTicketMinutes(
  station: 'kitchen' | 'bar',
  preparationTimes: (number | null)[],
): number {
  const known = preparationTimes.filter((t): t is number => typeof t === 'number' && t > 0);
  if (known.length === 0) return station === 'kitchen' ? 20 : 5;
  return Math.max(...known);
}

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
export const recordedPaymentSchema = z.object({ paymentId: z.string() });
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;
export const recordPaymentResponseSchema = successResponseSchema(recordedPaymentSchema);

export const idParamSchema = z.object({
  id: z.uuid({ error: 'id must be a valid identifier' }),
});
