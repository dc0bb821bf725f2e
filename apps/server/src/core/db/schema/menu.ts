/** Menu items and the per-category settings (which station prepares them). */
import {
  ALLERGENS,
  CURRENCIES,
  DIETS,
  PRE_MODIFIERS,
  type TextTranslations,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';

/**
 * Each menu text carries its translations beside it (`translations`, by guest language): they are
 * always read with their row (the guest menu in one pass, no join per language), written together
 * by the manager's translation screen, and go wherever the row goes (backups, deletes).
 */
const translations = () =>
  jsonb()
    .$type<TextTranslations>()
    .notNull()
    .default(sql`'{}'::jsonb`);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    description: text(),
    translations: translations(),
    /** Category key, e.g. food, drinks, specials, or a manager's own category. */
    category: text().notNull(),
    /** Which station prepares it; null follows its category's (menu_categories). */
    station: text(),
    priceCents: money().notNull(),
    currency: text({ enum: CURRENCIES }).notNull(),
    available: boolean().notNull().default(true),
    special: boolean().notNull().default(false),
    preparationTime: integer(),
    /** The course its lines are in unless staff choose another; null: none (fired at once). */
    course: integer(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text(),
    sortOrder: integer().notNull().default(0),
    /**
     * The EU-14 allergens it contains; null while the manager has not declared them (a to-do),
     * empty for a declared "none".
     */
    allergens: text({ enum: ALLERGENS }).array(),
    /** What it may contain ("may contain", traces), never one it contains. */
    allergenTraces: text({ enum: ALLERGENS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The diets the manager set; gluten-free also follows from the allergens. */
    diets: text({ enum: DIETS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    station: text().notNull(),
    /** The category's name in other languages (the key itself is the original). */
    translations: translations(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menu_categories_restaurant_name_unique').on(t.restaurantId, t.name)],
);

/**
 * Option groups ("Cooking", "Extras", "Remove"): defined once, attached to many items. The rules
 * are the contract's (`checkOptionSelection`); `preModifiers` lists those its picks carry (empty
 * for an ordinary group).
 */
export const optionGroups = pgTable(
  'option_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    translations: translations(),
    minSelect: integer().notNull().default(0),
    maxSelect: integer().notNull().default(1),
    allowRepeat: boolean().notNull().default(false),
    maxPerOption: integer().notNull().default(1),
    preModifiers: text({ enum: PRE_MODIFIERS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('option_groups_restaurant_idx').on(t.restaurantId, t.name),
    check('option_groups_min_max', sql`${t.minSelect} >= 0 and ${t.maxSelect} >= ${t.minSelect}`),
  ],
);

/**
 * A group's options, in `position` order. Prices in minor units of the currency of the item the
 * group is on; `extraPriceCents` is what "Extra" costs in a group with pre-modifiers.
 */
export const menuOptions = pgTable(
  'menu_options',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    groupId: uuid()
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    translations: translations(),
    priceCents: money().notNull().default(0),
    extraPriceCents: money().notNull().default(0),
    available: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    /** What picking it adds to the dish: allergens it contains and its traces. */
    allergens: text({ enum: ALLERGENS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allergenTraces: text({ enum: ALLERGENS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_options_group_idx').on(t.groupId, t.position)],
);

/** Which groups an item offers, in `position` order. */
export const menuItemOptionGroups = pgTable(
  'menu_item_option_groups',
  {
    restaurantId: tenantId(),
    menuItemId: uuid()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    groupId: uuid()
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.menuItemId, t.groupId] }),
    index('menu_item_option_groups_group_idx').on(t.groupId),
    index('menu_item_option_groups_restaurant_idx').on(t.restaurantId),
  ],
);
