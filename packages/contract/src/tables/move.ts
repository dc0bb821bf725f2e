import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';

/**
 * Moving a table's bill: all of it (the party moves to another table) or some of its orders (a
 * round rung up at the wrong table), to a free table (seated by the move) or onto another table's
 * open bill (the two bills are merged). A bill with money taken on it stays where it is.
 */
export const moveBillInputSchema = z.object({
  toTableId: z.uuid({ error: 'toTableId must be a valid identifier' }),
  /** The orders to move; none given: the whole bill. */
  orderIds: z
    .array(z.uuid({ error: 'orderIds must be valid identifiers' }))
    .min(1, 'Choose at least one order to move')
    .max(100, 'At most 100 orders move at once')
    .optional(),
});

export type MoveBillInput = z.infer<typeof moveBillInputSchema>;

export const movedBillSchema = z.object({
  fromTableNumber: z.number().int(),
  toTableNumber: z.number().int(),
  /** The bill the orders are on now. */
  sessionId: z.string(),
  movedOrders: z.number().int(),
  /** True when the orders joined a bill the other table already had. */
  merged: z.boolean(),
  /** True when the source table's bill is now empty and closed (the whole bill moved). */
  fromClosed: z.boolean(),
});

export type MovedBill = z.infer<typeof movedBillSchema>;

export const movedBillResponseSchema = successResponseSchema(movedBillSchema);
