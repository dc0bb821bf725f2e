import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { checkNumberSchema } from '../orders/schemas.js';
import { moveLineSchema } from './move.js';

/** How many checks a table may have open at once (its bill and those split off it). */
export const TABLE_MAX_CHECKS = 9;

/**
 * Splitting a table's bill into two open bills: the orders and lines chosen (all of a line, or
 * some of its quantity) leave the table's bill (its check 1, the one guests' phone orders join)
 * for a new check at the same table, paid and closed by itself. Something must stay behind.
 */
export const splitBillInputSchema = z
  .object({
    /** The check the lines leave (the table's own bill, check 1, when absent). */
    fromCheck: checkNumberSchema.optional(),
    /**
     * An open check of the same table the lines go to; absent, they make a new check. Moving
     * everything of a check onto another merges the two (the emptied check closes).
     */
    toCheck: checkNumberSchema.optional(),
    /** The orders that go to the new check whole. */
    orderIds: z
      .array(z.uuid({ error: 'orderIds must be valid identifiers' }))
      .min(1, 'Choose at least one order to split off')
      .max(100, 'At most 100 orders move at once')
      .optional(),
    /** The lines that go to the new check (all of a line, or some of its quantity). */
    lines: z
      .array(moveLineSchema)
      .min(1, 'Choose at least one line to split off')
      .max(200, 'At most 200 lines move at once')
      .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, {
        message: 'Each line may be chosen once',
      })
      .optional(),
  })
  .refine((body) => body.orderIds !== undefined || body.lines !== undefined, {
    message: 'Choose the orders or lines to split off',
  });

export type SplitBillInput = z.infer<typeof splitBillInputSchema>;

export const splitBillSchema = z.object({
  tableNumber: z.number().int(),
  /** The table's bill the lines left. */
  fromSessionId: z.string(),
  /** The check's bill the lines went to (a new one, or the one asked for). */
  sessionId: z.string(),
  /** That check's number at the table (the table's own bill is check 1). */
  checkNumber: z.number().int(),
  movedOrders: z.number().int(),
  movedLines: z.number().int(),
  /** True when everything left the check it came from, which closed (checks merged). */
  fromClosed: z.boolean(),
});

export type SplitBill = z.infer<typeof splitBillSchema>;

export const splitBillResponseSchema = successResponseSchema(splitBillSchema);
