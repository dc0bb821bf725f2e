/** The restaurant's courses (docs/decisions/0018). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';

/**
 * A course: order lines and menu items name it by its number (which never changes); `position`
 * says when it is served. A restaurant with no rows has the contract's DEFAULT_COURSES.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    number: integer().notNull(),
    name: text().notNull(),
    position: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courses_restaurant_number_unique').on(t.restaurantId, t.number),
    check('courses_number_range', sql`${t.number} BETWEEN 1 AND 9`),
  ],
);
