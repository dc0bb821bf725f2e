import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { billChargesSchema, billPartsSchema } from '../dining-sessions/schemas.js';
import { TABLE_NOTIFICATION_TYPES } from './rules.js';
import { ORDER_STATUSES } from '../orders/status.js';
import { TABLE_STATUSES } from '../tables/status.js';
import { PRIORITIES } from '../tickets/status.js';

/**
 * The waiter's floor: every table with its session, orders and open notifications. A table has
 * at most one notification of each kind, counting what is open now (orders not yet acknowledged
 * nor served, calls and bill requests not yet answered).
 */
export const floorNotificationSchema = z.object({
  type: z.enum(TABLE_NOTIFICATION_TYPES),
  count: z.number().int().min(1),
  /** The requests or orders it counts, oldest first (none for new_table). */
  refIds: z.array(z.string()),
  /** The latest one's words. */
  message: z.string(),
  /** When the oldest one arrived. */
  createdAt: z.string(),
});

export type FloorNotification = z.infer<typeof floorNotificationSchema>;

export const floorOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  priority: z.enum(PRIORITIES),
  total: z.number(),
  createdAt: z.string(),
  /** What is still billed of each line (`id` names it for a void). */
  items: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int() })),
});

export type FloorOrder = z.infer<typeof floorOrderSchema>;

export const floorTableSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  capacity: z.number().int(),
  status: z.enum(TABLE_STATUSES),
  customerCount: z.number().int(),
  assignedWaiter: z.object({ id: z.string(), name: z.string() }).nullable(),
  sessionId: z.string().nullable(),
  sessionStart: z.string().nullable(),
  currentOrder: floorOrderSchema.nullable(),
  orders: z.array(floorOrderSchema),
  /** What the table pays: its bill's total with tax and service charge (`bill.total`). */
  billTotal: z.number(),
  /** Net, service charge, tax and total of the open bill (voided orders count nothing). */
  bill: billPartsSchema,
  charges: billChargesSchema,
  notifications: z.array(floorNotificationSchema),
  lastActivity: z.string().nullable(),
});

export type FloorTable = z.infer<typeof floorTableSchema>;

/** GET /api/tables/floor. */
export const floorSchema = z.object({
  tables: z.array(floorTableSchema),
  /** Today is the restaurant's local calendar day; the measures are the manager's too. */
  stats: z.object({
    /** Paid today: the payments received today. The card "Today's Sales". */
    todaysSales: z.number(),
    /** Ordered today: the orders placed today, voids excluded. */
    orderedToday: z.number(),
    currency: z.enum(CURRENCIES),
    /** Orders placed today, voided ones left out. */
    ordersToday: z.number().int(),
  }),
});

export type Floor = z.infer<typeof floorSchema>;

export const floorResponseSchema = successResponseSchema(floorSchema);

/** POST /api/tables/{id}/claim. */
export const claimTableResponseSchema = successResponseSchema(
  z.object({ claimed: z.literal(true) }),
);
