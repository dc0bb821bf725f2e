/** The kitchen's and the bar's share of an order. */
import { PRIORITIES, TICKET_STATUSES, type TicketChange } from '@tavola/contract';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { orders } from './orders.js';
import { tenantId } from './restaurants.js';

/** An order's items for one station, moved through the kitchen or bar display. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    station: text().notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default('new'),
    priority: text({ enum: PRIORITIES }).notNull().default('normal'),
    estimatedMinutes: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp({ withTimezone: true }),
    readyAt: timestamp({ withTimezone: true }),
    servedAt: timestamp({ withTimezone: true }),
    /** When a held course last went live on it: its prep timer counts from then. */
    firedAt: timestamp({ withTimezone: true }),
    /** Lines the waiter changed or took off after the ticket arrived (before it was started). */
    changes: jsonb().$type<TicketChange[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('tickets_order_station_unique').on(t.orderId, t.station),
    index('tickets_station_status_idx').on(t.restaurantId, t.station, t.status),
  ],
);
