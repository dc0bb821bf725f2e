import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { billChargesSchema, billPartsSchema } from '../dining-sessions/schemas.js';
import { billDiscountSchema } from '../discounts/schemas.js';
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

/** Who rang a line up: a member of staff, or null for the guest's own phone. */
export const enteredBySchema = z.object({ id: z.string().nullable(), name: z.string() }).nullable();

/**
 * A line of an open bill as staff see it. The server always sends its notes, seat, course and
 * who entered it (optional only for answers of servers that predate them).
 */
export const floorLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  notes: z.string().nullable().optional(),
  seat: z.number().int().nullable().optional(),
  course: z.number().int().nullable().optional(),
  /** Its course is held until fired (sent only when true). */
  held: z.boolean().optional(),
  /** Null when the guest ordered it from their phone. */
  enteredBy: enteredBySchema.optional(),
  /** unit × quantity, at menu prices (always sent). */
  lineTotal: z.number().optional(),
  /** What discounts and comps take off it, at menu prices (always sent; 0 for none). */
  discount: z.number().optional(),
});

export type FloorLine = z.infer<typeof floorLineSchema>;

export const floorOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  priority: z.enum(PRIORITIES),
  /** What the order charges at menu prices, voids and discounts taken off. */
  total: z.number(),
  createdAt: z.string(),
  /** What is still billed of each line (`id` names it for a void, a discount or a comp). */
  items: z.array(floorLineSchema),
});

export type FloorOrder = z.infer<typeof floorOrderSchema>;

/** A further open check of a table, split off its bill by staff: paid and closed by itself. */
export const floorCheckSchema = z.object({
  sessionId: z.string(),
  /** 2, 3, …: the table's own bill is check 1. */
  checkNumber: z.number().int(),
  customerCount: z.number().int(),
  orders: z.array(floorOrderSchema),
  billTotal: z.number(),
  bill: billPartsSchema,
  charges: billChargesSchema,
  discounts: z.array(billDiscountSchema).default([]),
});

export type FloorCheck = z.infer<typeof floorCheckSchema>;

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
  /** The discounts and comps on the open bill, in the order they apply. */
  discounts: z.array(billDiscountSchema).default([]),
  notifications: z.array(floorNotificationSchema),
  lastActivity: z.string().nullable(),
  /**
   * The table's further open checks, split off its bill (the fields above are its check 1, the
   * one guests' phone orders join); none for most tables.
   */
  checks: z.array(floorCheckSchema).default([]),
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

/** POST /api/tables/{id}/seat: a waiter seats a party at a table from the floor. */
export const seatTableInputSchema = z.object({
  guests: z
    .number({ error: 'guests must be a number' })
    .int('guests must be a whole number')
    .min(1, 'guests must be at least 1')
    .max(99, 'guests must be at most 99'),
});

export type SeatTableInput = z.infer<typeof seatTableInputSchema>;

/**
 * The table's open bill after seating: opened now (`opened`), or the one already open (its guest
 * count then set to `guests`), and the waiter who holds the table (the one who seated it, when it
 * was nobody's).
 */
export const seatedTableSchema = z.object({
  tableId: z.string(),
  tableNumber: z.number().int(),
  sessionId: z.string(),
  customerCount: z.number().int(),
  opened: z.boolean(),
  assignedWaiter: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export type SeatedTable = z.infer<typeof seatedTableSchema>;

export const seatedTableResponseSchema = successResponseSchema(seatedTableSchema);

/** POST /api/tables/{id}/claim. */
export const claimTableResponseSchema = successResponseSchema(
  z.object({ claimed: z.literal(true) }),
);
