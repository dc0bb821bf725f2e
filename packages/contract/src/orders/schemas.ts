import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { multiLine, singleLine } from '../common/text.js';
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY, ORDER_STATUSES } from './status.js';
import { tableTokenSchema } from '../tables/schemas.js';

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

/** POST /api/orders/{id}/serve. */
export const serveOrderResponseSchema = successResponseSchema(
  z.object({ served: z.literal(true) }),
);
