import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { multiLine, singleLine } from '../common/text.js';
import { GUEST_LOCALES } from '../i18n/locales.js';
import { tableTokenSchema } from '../tables/schemas.js';
import { ALLERGENS, DIETS, itemAllergensInputShape, publicAllergensShape } from './allergens.js';
import { itemPricingSchema, publicOptionGroupSchema } from './options.js';
import { stationSlugSchema } from '../stations/schemas.js';

/** The menu rules, enforced by the server with the same words the form shows. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: 'Name and category are required' })
    .trim()
    .min(1, 'Name and category are required')
    .max(max, `must be at most ${max} characters`)
    .check(singleLine(field));

export const menuPriceSchema = z
  .number({ error: 'Price must be greater than zero' })
  .refine((n) => Number.isFinite(n) && n > 0, 'Price must be greater than zero')
  .refine((n) => n <= 100_000, 'Price is too large');

export const menuItemInputSchema = z.object({
  name: requiredText('Name', 120),
  category: requiredText('Category', 40),
  price: menuPriceSchema,
  available: z.boolean({ error: 'available must be true or false' }).default(true),
  special: z.boolean({ error: 'special must be true or false' }).default(false),
  description: z
    .string()
    .trim()
    .max(500, 'Description is too long')
    .check(multiLine('Description'))
    .optional(),
  currency: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['EUR', 'USD'], { error: 'Currency must be EUR or USD' }))
    .optional(),
  preparationTime: z
    .number({ error: 'Preparation time must be a number of minutes' })
    .int('Preparation time must be whole minutes')
    .min(1, 'Preparation time must be between 1 and 480 minutes')
    .max(480, 'Preparation time must be between 1 and 480 minutes')
    .optional(),
  tags: z
    .array(z.string().max(40, 'A tag is at most 40 characters').check(singleLine('A tag')), {
      error: 'tags must be a list',
    })
    .max(20, 'At most 20 tags')
    .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))])
    .optional(),
  // https only: the page's Content-Security-Policy loads images from https: alone.
  imageUrl: z
    .url({ protocol: /^https$/, error: 'Image URL must be an https:// address' })
    .max(500, 'Image URL is too long')
    .check(singleLine('Image URL'))
    .optional(),
  /** The item's own station; null (or left out on create) follows its category's. */
  station: stationSlugSchema.nullable().optional(),
  /** The course its lines are in unless staff choose (a course's number, 1-9); null: none. */
  course: z
    .number({ error: 'course must be a number' })
    .int('course must be a whole number')
    .min(1, 'course must be between 1 and 9')
    .max(9, 'course must be between 1 and 9')
    .nullable()
    .optional(),
  ...itemAllergensInputShape,
});

export type MenuItemInput = z.infer<typeof menuItemInputSchema>;

/** PUT /api/menu/{id}: a full edit, or only `special` (the flip). */
export const menuItemUpdateSchema = z.union([
  menuItemInputSchema,
  z.object({ special: z.boolean({ error: 'special must be true or false' }) }).strict(),
]);

export const menuListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

/** The menu form's body (POST /api/menu, PUT /api/menu/{id}), before the server's defaults. */
export type MenuItemPayload = z.input<typeof menuItemInputSchema>;

/** A menu item as the manager's screens read it. */
export const managerMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().optional(),
  price: z.number(),
  /** The item's own currency, uppercase (EUR, USD). */
  currency: z.string(),
  available: z.boolean(),
  special: z.boolean(),
  preparationTime: z.number().int().optional(),
  tags: z.array(z.string()),
  imageUrl: z.string().optional(),
  /** The item's own station, or null when it follows its category's. */
  station: stationSlugSchema.nullable(),
  /** Where its category sends items (the item's station when it has none of its own). */
  categoryStation: stationSlugSchema,
  /** Its default course's number; absent when it has none (its lines fire at once). */
  course: z.number().int().nullable().optional(),
  /** One of sign-up's sample items ("remove all sample items" takes these). */
  sample: z.boolean(),
  /** What it contains (EU-14 codes); null while not declared (`[]` is a declared "none"). */
  allergens: z.array(z.enum(ALLERGENS)).nullable(),
  traces: z.array(z.enum(ALLERGENS)),
  /** The diets the manager set (gluten-free also follows from the allergens: `itemDiets`). */
  diets: z.array(z.enum(DIETS)),
  /** The item's option groups in the order the guest's chooser shows them (the menu list sends it). */
  optionGroupIds: z.array(z.string()).optional(),
});

export type ManagerMenuItem = z.infer<typeof managerMenuItemSchema>;

/** GET /api/menu. */
export const menuListResponseSchema = successResponseSchema(z.array(managerMenuItemSchema));

/** POST /api/menu (201), PUT /api/menu/{id}, PUT /api/menu/{id}/toggle. */
export const menuItemResponseSchema = successResponseSchema(managerMenuItemSchema);

/** A category in use and the station its items go to unless an item says otherwise. */
export const menuCategorySchema = z.object({ category: z.string(), station: stationSlugSchema });

export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** GET /api/menu/categories: the categories in use, A to Z. */
export const menuCategoryListSchema = z.array(menuCategorySchema);

export type MenuCategoryList = z.infer<typeof menuCategoryListSchema>;

export const menuCategoriesResponseSchema = successResponseSchema(menuCategoryListSchema);

/** PUT /api/menu/categories: where a category's items go. */
export const menuCategoryStationInputSchema = z.object({
  category: requiredText('Category', 40),
  station: stationSlugSchema,
});

export type MenuCategoryStationInput = z.infer<typeof menuCategoryStationInputSchema>;

export const menuCategoryResponseSchema = successResponseSchema(menuCategorySchema);

/** DELETE /api/menu/samples: how many sample items left the menu. */
export const menuSamplesRemovedResponseSchema = successResponseSchema(
  z.object({ removed: z.number().int() }),
);

export const publicMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: dualPriceSchema,
  /** The category key (food, drinks, specials, or the manager's own word). */
  category: z.string(),
  available: z.boolean(),
  special: z.boolean(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  preparationTime: z.number().int().nullable(),
  /**
   * The item's option groups, in its order; absent when it has none. Each with `min`, `max`
   * and `options` (each with `price` in `eur` and `usd` and `available`).
   */
  optionGroups: z.array(publicOptionGroupSchema).optional(),
  /** The item's own price, for pricing a line with options (`pickedUnitPrice`); with `optionGroups`. */
  pricing: itemPricingSchema.optional(),
  /** `allergens` (EU-14 codes it contains), `traces`, `allergensDeclared` and `diets`. */
  ...publicAllergensShape,
});

export type PublicMenuItem = z.infer<typeof publicMenuItemSchema>;

/** GET /api/menu/public: the guest menu by category key, the restaurant and the table. */
export const publicMenuSchema = z.object({
  menu: z.record(z.string(), z.array(publicMenuItemSchema)),
  restaurant: z.object({
    id: z.string(),
    name: z.string(),
    currency: z.enum(CURRENCIES),
    exchangeRate: z.number(),
    branding: z.object({
      brandName: z.string().optional(),
      primaryColor: z.string().optional(),
      logoUrl: z.string().optional(),
    }),
    /** Tax rate and service charge in percent, and whether menu prices include tax. */
    charges: z.object({
      taxRate: z.number(),
      serviceCharge: z.number(),
      pricesIncludeTax: z.boolean(),
    }),
    /** Why guests cannot order now (maintenance, guest orders off), or null when they can. */
    orderingPaused: z.string().nullable(),
  }),
  table: z.object({ number: z.number().int() }),
  /**
   * The guest language the menu's texts were asked in (`lang`, else `Accept-Language`), or null
   * for the originals; a text the manager has not translated stays the original.
   */
  language: z.enum(GUEST_LOCALES).nullable().optional(),
  /** Category names in that language, by category key, for the categories that have one. */
  categoryNames: z.record(z.string(), z.string()).optional(),
});

export type PublicMenu = z.infer<typeof publicMenuSchema>;

/** GET /api/menu/public: the table's token, and the guest's language (any tag; `de-AT` reads German). */
export const publicMenuQuerySchema = z.object({
  token: tableTokenSchema,
  lang: z.string().max(35, 'lang must be a language tag').optional(),
});

export const publicMenuResponseSchema = successResponseSchema(publicMenuSchema);

/** Category keys food, drinks, specials; the singular forms are accepted on input. */
export function normalizeCategoryKey(category: string): string {
  const key = category.trim().toLowerCase();
  if (key === 'drink') return 'drinks';
  if (key === 'special') return 'specials';
  return key;
}

/** A menu item as the staff order screen shows it: its price in the restaurant's currency. */
export const orderMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The category key (food, drinks, specials, or the manager's own word). */
  category: z.string(),
  /** In the restaurant's currency (`currency` of the menu), as the bill counts it. */
  price: z.number(),
  available: z.boolean(),
  special: z.boolean(),
  /** Where it is made: its own station, else its category's. */
  station: stationSlugSchema,
  /** As on the guest menu (`publicMenuItemSchema`): absent when the item has none. */
  optionGroups: z.array(publicOptionGroupSchema).optional(),
  pricing: itemPricingSchema.optional(),
  /** As on the guest menu, so a waiter can answer "is there nuts in it?" at the table. */
  ...publicAllergensShape,
});

export type OrderMenuItem = z.infer<typeof orderMenuItemSchema>;

/**
 * GET /api/menu/order-entry: the whole menu for staff ringing up an order (unavailable items
 * included, marked), and the items ordered most over the last weeks, first the most ordered.
 */
export const orderMenuSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** The categories in use, food, drinks and specials first. */
  categories: z.array(z.string()),
  items: z.array(orderMenuItemSchema),
  /** Menu item ids, the most ordered first (at most ORDER_MENU_POPULAR). */
  mostOrdered: z.array(z.string()),
});

export type OrderMenu = z.infer<typeof orderMenuSchema>;

export const orderMenuResponseSchema = successResponseSchema(orderMenuSchema);

/** How many of the most ordered items the order screen is given, and over how many days. */
export const ORDER_MENU_POPULAR = 12;
export const ORDER_MENU_POPULAR_DAYS = 28;
