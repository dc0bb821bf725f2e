import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { orderPlaceShape } from '../orders/order-types.js';
import { stationSlugSchema } from '../stations/schemas.js';
import { type TicketStatus, TICKET_STATUSES } from './status.js';
import { ticketSchema } from './schemas.js';

/** One station's part of an order, as the expo sees it. */
export const expoStationSchema = z.object({
  station: stationSlugSchema,
  /** The station's name (its row's; kitchen and bar by default). */
  name: z.string(),
  status: z.enum(TICKET_STATUSES),
  ticket: ticketSchema,
});

/** An open order across its stations: which still cook, which are ready. */
export const expoOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  ...orderPlaceShape,
  orderTime: z.string(),
  waiter: z.string().nullable(),
  /** Every station is ready (or has served its part): the expo may send it to the waiter. */
  ready: z.boolean(),
  stations: z.array(expoStationSchema),
  allergyNote: z.string().nullable(),
});

export type ExpoOrder = z.infer<typeof expoOrderSchema>;

export const expoListResponseSchema = successResponseSchema(
  z.object({ orders: z.array(expoOrderSchema) }),
);

export const expoBumpResponseSchema = successResponseSchema(
  z.object({ orderId: z.string(), orderNumber: z.number().int(), bumpedAt: z.string() }),
);

/**
 * An order is ready for its waiter when each of its stations is ready or has already served its
 * part, and at least one is ready (a fully served order has nothing left to send).
 */
export function expoOrderReady(statuses: readonly TicketStatus[]): boolean {
  return (
    statuses.length > 0 &&
    statuses.every((s) => s === 'ready' || s === 'served') &&
    statuses.some((s) => s === 'ready')
  );
}
