import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { ORDER_MAX_QUANTITY } from '../orders/status.js';

/**
 * One line (or some of its quantity) to move: 2 of 3 beers go, 1 stays. Moving part of a line
 * splits it in two lines, each with its own identity; moving every unit still billed of an
 * order's lines moves the order whole.
 */
export const moveLineSchema = z.object({
  orderId: z.uuid({ error: 'orderId must be a valid identifier' }),
  itemId: z.uuid({ error: 'itemId must be a valid identifier' }),
  /** How many of it move; none given: all of it that is still billed. */
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(ORDER_MAX_QUANTITY, `quantity must be at most ${ORDER_MAX_QUANTITY}`)
    .optional(),
});

export type MoveLine = z.infer<typeof moveLineSchema>;

/**
 * Moving a table's bill: all of it (the party moves to another table), some of its orders (a
 * round rung up at the wrong table) or some of its lines (the two beers the next table ordered),
 * to a free table (seated by the move) or onto another table's open bill (the two bills are
 * merged). A bill with money taken on it stays where it is.
 */
export const moveBillInputSchema = z.object({
  toTableId: z.uuid({ error: 'toTableId must be a valid identifier' }),
  /** The check the orders leave: the table's own bill (1) when absent, or one split off it. */
  fromCheck: z
    .number({ error: 'fromCheck must be a number' })
    .int('fromCheck must be a whole number')
    .min(1, 'fromCheck must be at least 1')
    .max(9, 'fromCheck must be at most 9')
    .optional(),
  /** The orders to move whole; neither orders nor lines given: the whole bill. */
  orderIds: z
    .array(z.uuid({ error: 'orderIds must be valid identifiers' }))
    .min(1, 'Choose at least one order to move')
    .max(100, 'At most 100 orders move at once')
    .optional(),
  /** The lines to move (all of a line, or some of its quantity). */
  lines: z
    .array(moveLineSchema)
    .min(1, 'Choose at least one line to move')
    .max(200, 'At most 200 lines move at once')
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, {
      message: 'Each line may be chosen once',
    })
    .optional(),
});

export type MoveBillInput = z.infer<typeof moveBillInputSchema>;

export const movedBillSchema = z.object({
  fromTableNumber: z.number().int(),
  toTableNumber: z.number().int(),
  /** The bill the orders are on now. */
  sessionId: z.string(),
  /** The orders that moved whole. */
  movedOrders: z.number().int(),
  /** The lines that moved out of orders that stay (some of them split: part moved, part stayed). */
  movedLines: z.number().int(),
  /** True when the orders joined a bill the other table already had. */
  merged: z.boolean(),
  /** True when the source table's bill is now empty and closed (the whole bill moved). */
  fromClosed: z.boolean(),
});

export type MovedBill = z.infer<typeof movedBillSchema>;

export const movedBillResponseSchema = successResponseSchema(movedBillSchema);
