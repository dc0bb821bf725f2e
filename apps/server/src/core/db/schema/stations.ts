/** The restaurant's stations: kitchen and bar, and those a manager added (docs/decisions/0015). */
import { STATION_KINDS } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { printers } from './printers.js';
import { tenantId } from './restaurants.js';

/**
 * A station: where tickets are made and shown. Tickets, order lines, items and categories name it
 * by its slug (which never changes); kitchen and bar are written for every restaurant.
 */
export const stations = pgTable(
  'stations',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    slug: text().notNull(),
    name: text().notNull(),
    /** Which role works its display: kitchen cooks or the bar. */
    kind: text({ enum: STATION_KINDS }).notNull(),
    displayOrder: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** A ticket's estimate when its items give none; null for the contract's default. */
    ticketMinutes: integer(),
    /** Where its tickets print, and where they go when that printer fails (none: not printed). */
    printerId: uuid().references(() => printers.id, { onDelete: 'set null' }),
    backupPrinterId: uuid().references(() => printers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stations_restaurant_slug_unique').on(t.restaurantId, t.slug),
    check(
      'stations_ticket_minutes_range',
      sql`${t.ticketMinutes} IS NULL OR ${t.ticketMinutes} BETWEEN 1 AND 480`,
    ),
  ],
);
