/** Menu items and the per-category settings (which station prepares them). */
import { CURRENCIES, STATIONS } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    description: text(),
    /** Category key, e.g. food, drinks, specials, or a manager's own category. */
    category: text().notNull(),
    /** Which station prepares it; null follows its category's (menu_categories). */
    station: text({ enum: STATIONS }),
    priceCents: money().notNull(),
    currency: text({ enum: CURRENCIES }).notNull(),
    available: boolean().notNull().default(true),
    special: boolean().notNull().default(false),
    preparationTime: integer(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text(),
    sortOrder: integer().notNull().default(0),
    /** Put there by sign-up's sample menu: "remove all sample items" takes these and no others. */
    isSample: boolean().notNull().default(false),
    /** Soft delete: past orders keep pointing at the item; menus stop showing it. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId, t.category, t.sortOrder),
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/**
 * A menu category's own settings, keyed by the category word its items carry (lowercase). A
 * category without a row routes by the contract's default (drinks to the bar, the rest to the
 * kitchen); setting its station writes the row.
 */
export const menuCategories = pgTable(
  'menu_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    station: text({ enum: STATIONS }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menu_categories_restaurant_name_unique').on(t.restaurantId, t.name)],
);
