import { z } from 'zod';
import { multiLine } from '../common/text.js';
import { ORDER_MAX_QUANTITY } from './status.js';

/**
 * A change of a sent line before its station starts it: the waiter who rang it up (or anyone
 * allowed to ring up at the table) makes it more or fewer, rewrites its notes, or takes it off
 * (quantity 0). Once the station has started the ticket, taking something off is a void.
 */
export const changeOrderLineInputSchema = z
  .object({
    quantity: z
      .number({ error: 'quantity must be a number' })
      .int('quantity must be a whole number')
      .min(0, 'quantity must be at least 0')
      .max(ORDER_MAX_QUANTITY, `quantity must be at most ${ORDER_MAX_QUANTITY}`)
      .optional(),
    notes: z
      .string()
      .trim()
      .max(300, 'notes are too long')
      .check(multiLine('notes'))
      .nullable()
      .optional(),
  })
  .refine((body) => body.quantity !== undefined || body.notes !== undefined, {
    message: 'Give the new quantity or notes',
  });

export type ChangeOrderLineInput = z.infer<typeof changeOrderLineInputSchema>;

/**
 * What a station's ticket shows of a change made after it arrived: the line, as it was and as
 * it is (quantity 0: taken off, or moved whole), who changed it and when. Kept on the ticket, so a reloaded
 * display still marks it.
 */
export const ticketChangeSchema = z.object({
  name: z.string(),
  from: z.object({ quantity: z.number().int(), notes: z.string().nullable() }),
  to: z.object({ quantity: z.number().int(), notes: z.string().nullable() }),
  by: z.string(),
  at: z.string(),
  /** Set when the line (or this much of it) went to another table: its new ticket is there. */
  movedTo: z.number().int().optional(),
  /**
   * Set on the ticket the line arrived on from another table (`from.quantity` 0, `to.quantity`
   * what arrived): the kitchen sees why a table's ticket holds food it did not expect.
   */
  movedFrom: z.number().int().optional(),
});

export type TicketChange = z.infer<typeof ticketChangeSchema>;
