/** Guests' reviews of their visit. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { diningSessions } from './dining-sessions.js';
import { tenantId } from './restaurants.js';
import { tables } from './tables.js';

/** A guest's review of their visit: one per dining session, after at least one order. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .unique()
      .references(() => diningSessions.id, { onDelete: 'cascade' }),
    tableId: uuid()
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_restaurant_idx').on(t.restaurantId, t.createdAt),
  ],
);
