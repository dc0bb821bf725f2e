import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import {
  billChargesSchema,
  billPartsSchema,
  paymentStatusSchema,
} from '../dining-sessions/schemas.js';
import { billDiscountSchema } from '../discounts/schemas.js';
import { floorOrderSchema } from '../floor/schemas.js';
import { TAB_TYPES } from '../orders/order-types.js';

/**
 * A tab: a bill without a table. A bar tab (a walk-in's drinks, kept open), a counter order
 * (paid now), or a takeaway (a pickup name and the time promised). It is a dining session of its
 * own, paid, receipted, reported and closed by the same paths as a table's bill.
 */
export const openTabInputSchema = z
  .object({
    type: z.enum(TAB_TYPES, { error: `type must be one of ${TAB_TYPES.join(', ')}` }),
    /** The name (or number) staff call the tab by; the pickup name of a takeaway. */
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(60, 'name must be at most 60 characters')
      .check(singleLine('name')),
    /** For a "ready" message later. */
    phone: z
      .string({ error: 'phone must be text' })
      .trim()
      .min(3, 'phone must be at least 3 characters')
      .max(30, 'phone must be at most 30 characters')
      .regex(/^\+?[0-9 ()./-]+$/, 'phone may use digits, spaces and + ( ) . / -')
      .optional(),
    /** The pickup time promised for a takeaway (ISO 8601 with an offset). */
    pickupAt: z.iso
      .datetime({ offset: true, error: 'pickupAt must be a date and time (ISO 8601)' })
      .optional(),
    guests: z
      .number({ error: 'guests must be a number' })
      .int('guests must be a whole number')
      .min(1, 'guests must be at least 1')
      .max(99, 'guests must be at most 99')
      .optional(),
  })
  .refine((t) => t.pickupAt === undefined || t.type === 'takeaway', {
    error: 'pickupAt is only for a takeaway',
    path: ['pickupAt'],
  });

export type OpenTabInput = z.infer<typeof openTabInputSchema>;

/** An open tab with its bill, as the bar and the counter see it. */
export const tabSchema = z.object({
  /** The tab's dining session: what payments (`/api/sessions/{id}/payments`) settle. */
  id: z.string(),
  type: z.enum(TAB_TYPES),
  name: z.string(),
  phone: z.string().nullable(),
  pickupAt: z.string().nullable(),
  openedAt: z.string(),
  customerCount: z.number().int(),
  /** Who opened it (and takes its payment, with any manager). */
  waiter: z.object({ id: z.string(), name: z.string() }).nullable(),
  orders: z.array(floorOrderSchema),
  /** What the tab pays: its bill's total with tax and service charge (`bill.total`). */
  billTotal: z.number(),
  bill: billPartsSchema,
  charges: billChargesSchema,
  /** The discounts and comps on the tab's bill, in the order they apply. */
  discounts: z.array(billDiscountSchema).default([]),
  paymentStatus: paymentStatusSchema,
});

export type Tab = z.infer<typeof tabSchema>;

/** POST /api/tabs (201) and GET /api/tabs/{id}. */
export const tabResponseSchema = successResponseSchema(tabSchema);

/** GET /api/tabs: the open tabs, oldest first. */
export const tabListResponseSchema = successResponseSchema(z.array(tabSchema));

/** A tab closed without a payment: nothing left on it to pay. */
export const closedTabSchema = z.object({
  id: z.string(),
  type: z.enum(TAB_TYPES),
  name: z.string(),
  /** Its orders that were voided before it closed (none for a tab opened by mistake). */
  voidedOrders: z.number().int(),
});

export type ClosedTab = z.infer<typeof closedTabSchema>;

/** POST /api/tabs/{id}/close. */
export const closedTabResponseSchema = successResponseSchema(closedTabSchema);
