import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { singleLine } from '../common/text.js';
import { refusalText } from '../i18n/messages.js';
import type { RefusalCode } from '../i18n/refusals.js';
import { ORDER_MAX_QUANTITY, ORDER_STATUSES, type OrderStatus } from './status.js';

/**
 * Voids: a manager (or admin) takes a whole order, or some of one line's quantity, off a bill that
 * is still open, with a reason. Voided money leaves the bill, the payment, the order history and
 * the reports; the audit log keeps who, when, why and how much.
 */
export const VOID_REASON_MAX = 200;

const reasonSchema = z
  .string({ error: 'A reason is required to void' })
  .trim()
  .min(1, 'A reason is required to void')
  .max(VOID_REASON_MAX, `The reason is at most ${VOID_REASON_MAX} characters`)
  .check(singleLine('The reason'));

/** POST /api/orders/{id}/void: the whole order. */
export const voidOrderInputSchema = z.object({ reason: reasonSchema });

export type VoidOrderInput = z.infer<typeof voidOrderInputSchema>;

/** POST /api/orders/{id}/items/{itemId}/void: `quantity` of one line. */
export const voidOrderLineInputSchema = z.object({
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(ORDER_MAX_QUANTITY, `quantity must be at most ${ORDER_MAX_QUANTITY}`),
  reason: reasonSchema,
});

export type VoidOrderLineInput = z.infer<typeof voidOrderLineInputSchema>;

export const orderLineParamSchema = z.object({
  id: z.uuid({ error: 'id must be a valid identifier' }),
  itemId: z.uuid({ error: 'itemId must be a valid identifier' }),
});

/** An order after a void, as the staff screens show it. */
export const voidedOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  /** What the order still costs, in the restaurant's currency. */
  total: z.number(),
  /** What the table's open bill now comes to, in the restaurant's currency. */
  billTotal: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      voidedQuantity: z.number().int(),
      unitPrice: dualPriceSchema,
      lineTotal: dualPriceSchema,
    }),
  ),
});

export type VoidedOrder = z.infer<typeof voidedOrderSchema>;

/** POST /api/orders/{id}/void and /api/orders/{id}/items/{itemId}/void. */
export const voidedOrderResponseSchema = successResponseSchema(voidedOrderSchema);

/**
 * Why an order cannot be voided now, or null when it can: a paid (closed) bill is final, and a
 * voided order has nothing left to take off.
 */
export function voidRefusalCode(
  order: { orderNumber: number; status: OrderStatus },
  sessionStatus: 'open' | 'closed',
): { code: RefusalCode; params: { order: number } } | null {
  const params = { order: order.orderNumber };
  if (sessionStatus !== 'open' || order.status === 'paid')
    return { code: 'VOID_BILL_PAID', params };
  if (order.status === 'cancelled') return { code: 'VOID_ORDER_ALREADY_VOIDED', params };
  return null;
}

/** `voidRefusalCode` in the words the screens show. */
export function voidRefusal(
  order: { orderNumber: number; status: OrderStatus },
  sessionStatus: 'open' | 'closed',
): string | null {
  const refusal = voidRefusalCode(order, sessionStatus);
  return refusal && refusalText(refusal.code, refusal.params);
}

/** How many of a line may still be voided: what is still billed of it. */
export function billedQuantity(line: { quantity: number; voidedQuantity: number }): number {
  return line.quantity - line.voidedQuantity;
}
