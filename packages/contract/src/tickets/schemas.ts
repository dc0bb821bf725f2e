import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { ticketOptionsShape } from '../menu/options.js';
import { ticketChangeSchema } from '../orders/line-changes.js';
import { orderPlaceShape } from '../orders/order-types.js';
import { PRIORITIES, TICKET_ACTIONS, TICKET_STATUSES } from './status.js';
import { stationSlugSchema } from '../stations/schemas.js';

export const ticketListQuerySchema = z.object({
  station: stationSlugSchema,
});

export const ticketTransitionInputSchema = z.object({
  action: z.enum(TICKET_ACTIONS, { error: `action must be one of ${TICKET_ACTIONS.join(', ')}` }),
});

/** POST /api/tickets/{id}/priority and POST /api/orders/{id}/priority. */
export const priorityInputSchema = z.object({
  priority: z.enum(PRIORITIES, { error: `priority must be one of ${PRIORITIES.join(', ')}` }),
});

export type PriorityInput = z.infer<typeof priorityInputSchema>;

/**
 * A station ticket as the kitchen and bar displays show it. A tab's ticket has no table: its
 * order type and tab (the name, and a takeaway's pickup time) say where it goes.
 */
export const ticketSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  ...orderPlaceShape,
  station: stationSlugSchema,
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(PRIORITIES),
  orderTime: z.string(),
  estimatedTime: z.number(),
  startTime: z.string().nullable(),
  readyTime: z.string().nullable(),
  servedTime: z.string().nullable(),
  waiter: z.string().nullable(),
  customerCount: z.number().int(),
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      notes: z.string().nullable(),
      category: z.string(),
      /** The guest's seat and the course, when staff gave them (the server always sends both). */
      seat: z.number().int().nullable().optional(),
      course: z.number().int().nullable().optional(),
      /** The course's name in the restaurant's list ("Mains"), sent with a course. */
      courseName: z.string().optional(),
      /** Its course is held: shown greyed until fired (sent only when true). */
      held: z.boolean().optional(),
      ...ticketOptionsShape,
    }),
  ),
  /** Every line is of a held course: greyed, and not worked until fired (sent only when true). */
  held: z.boolean().optional(),
  /** Changes the waiter made after the ticket arrived, oldest first (the server always sends them). */
  changes: z.array(ticketChangeSchema).optional(),
  /** The guest's allergy note for the whole order, or null (the server always sends it). */
  allergyNote: z.string().nullable().optional(),
});

export type Ticket = z.infer<typeof ticketSchema>;

/** GET /api/tickets: a station's open tickets and those it may still recall. */
export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  recentlyServed: z.array(ticketSchema),
});

export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketListResponseSchema = successResponseSchema(ticketListSchema);

/** POST /api/tickets/{id}/transition: the ticket after the move. */
export const ticketResponseSchema = successResponseSchema(ticketSchema);

/** POST /api/orders/{id}/priority: the order's priority and its tickets after the change. */
export const orderPrioritySchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  priority: z.enum(PRIORITIES),
  tickets: z.array(ticketSchema),
});

export type OrderPriority = z.infer<typeof orderPrioritySchema>;

export const orderPriorityResponseSchema = successResponseSchema(orderPrioritySchema);
