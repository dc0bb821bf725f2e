import {
  DEFAULT_DISCOUNT_REASONS,
  defaultStationFor,
  DEMO_ACCOUNTS,
  DEMO_RESTAURANT_NAME,
  DEMO_RESTAURANT_SLUG,
  type Allergen,
  type Diet,
  type PreModifier,
} from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.js';
import { writeBuiltInStations } from './built-in-stations.js';
import type { Db, Tx } from './client.js';
import {
  counters,
  discountReasons,
  menuCategories,
  menuItemOptionGroups,
  menuItems,
  menuOptions,
  optionGroups,
  restaurants,
  tables,
  users,
} from './schema.js';
import { DEMO_HISTORY_DAYS, seedDemoHistory, utcDayStart } from './seed-history.js';
import {
  DEMO_CATEGORY_TRANSLATIONS,
  DEMO_GROUP_TRANSLATIONS,
  DEMO_ITEM_TRANSLATIONS,
  DEMO_OPTION_TRANSLATIONS,
} from './seed-translations.js';

interface SeedMenuItem {
  name: string;
  description: string;
  category: 'food' | 'drinks' | 'specials';
  station?: 'kitchen' | 'bar';
  price: number;
  preparationTime: number;
  tags: string[];
  special?: boolean;
  available?: boolean;
  /** The names of its option groups (DEMO_OPTION_GROUPS), in order. */
  optionGroups?: string[];
  /** What it contains (`[]`: a declared "none"), may contain, and the diets set for it. */
  allergens: Allergen[];
  traces?: Allergen[];
  diets?: Diet[];
}

interface SeedOptionGroup {
  name: string;
  min: number;
  max: number;
  allowRepeat?: boolean;
  maxPerOption?: number;
  preModifiers?: PreModifier[];
  options: {
    name: string;
    priceCents?: number;
    extraPriceCents?: number;
    default?: boolean;
    allergens?: Allergen[];
  }[];
}

/** The demo's option groups; prices in euro cents. */
export const DEMO_OPTION_GROUPS: readonly SeedOptionGroup[] = [
  {
    name: 'Cooking',
    min: 1,
    max: 1,
    options: [{ name: 'Rare' }, { name: 'Medium' }, { name: 'Well done' }],
  },
  {
    name: 'Extras',
    min: 0,
    max: 3,
    options: [
      { name: 'Bacon', priceCents: 150 },
      { name: 'Cheese', priceCents: 100, allergens: ['milk'] },
      { name: 'Egg', priceCents: 120, allergens: ['eggs'] },
    ],
  },
  {
    name: 'Remove',
    min: 0,
    max: 2,
    preModifiers: ['no'],
    options: [{ name: 'Onion' }, { name: 'Pickles' }],
  },
  {
    name: 'Size',
    min: 1,
    max: 1,
    options: [
      { name: 'Small', priceCents: -200 },
      { name: 'Regular', default: true },
      { name: 'Large', priceCents: 300 },
    ],
  },
  {
    name: 'Ice',
    min: 1,
    max: 1,
    options: [{ name: 'With ice', default: true }, { name: 'No ice' }],
  },
];

/** The demo restaurant's menu; prices in euro. */
export const DEMO_MENU: readonly SeedMenuItem[] = [
  {
    name: 'Classic Burger',
    description: 'Beef patty, cheddar, lettuce, tomato and house sauce on a brioche bun',
    category: 'food',
    price: 12.5,
    preparationTime: 15,
    tags: ['beef', 'popular'],
    allergens: ['gluten', 'eggs', 'milk', 'mustard', 'sesame'],
    traces: ['soybeans'],
  },
  {
    name: 'Margherita Pizza',
    description: 'San Marzano tomato, fior di latte and fresh basil',
    category: 'food',
    price: 10.9,
    preparationTime: 12,
    tags: ['vegetarian'],
    allergens: ['gluten', 'milk'],
    diets: ['vegetarian'],
  },
  {
    name: 'Caesar Salad',
    description: 'Romaine, parmesan, croutons and anchovy dressing',
    category: 'food',
    price: 9.5,
    preparationTime: 8,
    tags: ['salad'],
    allergens: ['gluten', 'eggs', 'fish', 'milk', 'mustard'],
  },
  {
    name: 'Spaghetti Carbonara',
    description: 'Guanciale, egg yolk, pecorino and black pepper',
    category: 'food',
    price: 13.8,
    preparationTime: 14,
    tags: ['pasta', 'popular'],
    allergens: ['gluten', 'eggs', 'milk'],
  },
  {
    name: 'Grilled Salmon',
    description: 'Salmon fillet with lemon butter and seasonal greens',
    category: 'food',
    price: 18.9,
    preparationTime: 20,
    tags: ['fish', 'gluten-free'],
    allergens: ['fish', 'milk'],
  },
  {
    name: 'Truffle Fries',
    description: 'Hand-cut fries with truffle oil and parmesan',
    category: 'food',
    price: 6.5,
    preparationTime: 8,
    tags: ['vegetarian', 'sides'],
    allergens: ['milk'],
    // Fried beside breaded dishes.
    traces: ['gluten'],
    diets: ['vegetarian'],
  },
  {
    name: 'Tiramisu',
    description: 'Mascarpone, espresso-soaked savoiardi and cocoa',
    category: 'food',
    price: 7.0,
    preparationTime: 5,
    tags: ['dessert'],
    allergens: ['gluten', 'eggs', 'milk'],
    traces: ['nuts'],
    diets: ['vegetarian'],
  },
  {
    name: 'Lobster Risotto',
    description: 'Carnaroli rice with lobster bisque (sold out today)',
    category: 'food',
    price: 24.0,
    preparationTime: 25,
    tags: ['seafood'],
    available: false,
    allergens: ['crustaceans', 'milk', 'celery', 'sulphites'],
  },
  {
    name: 'Craft Beer',
    description: 'Local pale ale on draught, 0.4 l',
    category: 'drinks',
    price: 5.5,
    preparationTime: 2,
    tags: ['beer', 'alcoholic'],
    allergens: ['gluten'],
    diets: ['vegan'],
  },
  {
    name: 'House Red Wine',
    description: 'Montepulciano d’Abruzzo by the glass',
    category: 'drinks',
    price: 6.5,
    preparationTime: 2,
    tags: ['wine', 'alcoholic'],
    allergens: ['sulphites'],
  },
  {
    name: 'Aperol Spritz',
    description: 'Aperol, prosecco and a splash of soda',
    category: 'drinks',
    price: 8.0,
    preparationTime: 4,
    tags: ['cocktail', 'alcoholic'],
    allergens: ['sulphites'],
    diets: ['vegan'],
  },
  {
    name: 'Fresh Lemonade',
    description: 'Squeezed lemons, mint and sparkling water',
    category: 'drinks',
    price: 4.0,
    preparationTime: 3,
    tags: ['non-alcoholic'],
    allergens: [],
    diets: ['vegan'],
  },
  {
    name: 'Espresso',
    description: 'Single shot of our house blend',
    category: 'drinks',
    price: 2.2,
    preparationTime: 2,
    tags: ['coffee', 'non-alcoholic'],
    allergens: [],
    diets: ['vegan'],
  },
  {
    name: 'Chef’s Tasting Plate',
    description: 'Five small plates chosen by the chef tonight',
    category: 'specials',
    station: 'kitchen',
    price: 22.0,
    preparationTime: 25,
    tags: ['chef', 'sharing'],
    special: true,
    allergens: ['gluten', 'eggs', 'fish', 'milk', 'nuts', 'celery'],
    traces: ['crustaceans', 'sesame'],
  },
  {
    name: 'Truffle Tagliatelle',
    description: 'Fresh egg pasta with black truffle and butter',
    category: 'specials',
    station: 'kitchen',
    price: 19.5,
    preparationTime: 18,
    tags: ['pasta', 'seasonal'],
    special: true,
    allergens: ['gluten', 'eggs', 'milk'],
    diets: ['vegetarian'],
  },
  {
    name: 'Negroni of the Week',
    description: 'Gin, vermouth and Campari with a seasonal twist',
    category: 'specials',
    station: 'bar',
    price: 9.0,
    preparationTime: 5,
    tags: ['cocktail', 'alcoholic'],
    special: true,
    allergens: ['sulphites'],
    diets: ['vegan'],
  },
  // Items with options (added after the others: the demo's first items and their order stay).
  {
    name: 'Tavola Burger',
    description: 'Beef patty cooked to your liking, lettuce, tomato, onion and pickles',
    category: 'food',
    price: 14.0,
    preparationTime: 15,
    tags: ['beef'],
    optionGroups: ['Cooking', 'Extras', 'Remove'],
    allergens: ['gluten', 'mustard', 'sesame'],
    traces: ['milk'],
  },
  {
    name: 'Pizza Diavola',
    description: 'Tomato, mozzarella and spicy salami, in three sizes',
    category: 'food',
    price: 11.0,
    preparationTime: 12,
    tags: ['pizza', 'spicy'],
    optionGroups: ['Size'],
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Iced Tea',
    description: 'Brewed black tea with lemon',
    category: 'drinks',
    price: 3.5,
    preparationTime: 2,
    tags: ['non-alcoholic'],
    optionGroups: ['Ice'],
    allergens: [],
    diets: ['vegan'],
  },
];

/** Deterministic demo tokens (the spec's QR-T1 … QR-T12); real restaurants get random ones. */
export const DEMO_TABLE_COUNT = 12;

export interface SeedResult {
  restaurantId: string;
  created: boolean;
}

/**
 * Seeds the demo restaurant, its tables, menu and demo accounts, and the platform team account.
 * Idempotent: running it again changes nothing that exists.
 */
export async function seedDemo(
  db: Db,
  options: { history?: boolean; now?: Date } = {},
): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const history = options.history !== false;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(restaurants)
      .values({
        name: DEMO_RESTAURANT_NAME,
        slug: DEMO_RESTAURANT_SLUG,
        status: 'active',
        plan: 'growth',
        currency: 'eur',
        exchangeRate: 1.08,
        taxRateBps: 850,
        serviceChargeBps: 0,
        timezone: 'Europe/Rome',
        branding: { brandName: DEMO_RESTAURANT_NAME, primaryColor: '#c2410c' },
        isDemo: true,
        // With its weeks of history, the demo has been open since the first day of it.
        ...(history
          ? { createdAt: new Date(utcDayStart(now.getTime()) - DEMO_HISTORY_DAYS * 86_400_000) }
          : {}),
      })
      .onConflictDoNothing({ target: restaurants.slug })
      .returning({ id: restaurants.id });
    const created = inserted.length > 0;
    const [restaurant] = created
      ? inserted
      : await tx
          .select({ id: restaurants.id })
          .from(restaurants)
          .where(eq(restaurants.slug, DEMO_RESTAURANT_SLUG));
    if (!restaurant) throw new Error('Demo restaurant could not be created');
    await writeBuiltInStations(tx, restaurant.id);
    const restaurantId = restaurant.id;

    await tx
      .insert(counters)
      .values([
        { restaurantId, name: 'order_number', value: 1000 },
        { restaurantId, name: 'event_seq', value: 0 },
      ])
      .onConflictDoNothing();

    await tx
      .insert(tables)
      .values(
        Array.from({ length: DEMO_TABLE_COUNT }, (_, i) => ({
          restaurantId,
          number: i + 1,
          capacity: [2, 2, 4, 4, 4, 4, 6, 6, 2, 4, 8, 4][i] ?? 4,
          qrToken: `QR-T${i + 1}`,
        })),
      )
      .onConflictDoNothing();

    // The reasons the demo's staff give discounts and comps for.
    await tx
      .insert(discountReasons)
      .values(DEFAULT_DISCOUNT_REASONS.map((name) => ({ restaurantId, name })))
      .onConflictDoNothing();

    const [menuCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId));
    if ((menuCount?.n ?? 0) === 0) {
      const items = await tx
        .insert(menuItems)
        .values(
          DEMO_MENU.map((item, i) => ({
            restaurantId,
            name: item.name,
            description: item.description,
            translations: DEMO_ITEM_TRANSLATIONS[item.name] ?? {},
            category: item.category,
            station: item.station ?? null,
            priceCents: Math.round(item.price * 100),
            currency: 'eur' as const,
            available: item.available ?? true,
            special: item.special ?? false,
            preparationTime: item.preparationTime,
            tags: item.tags,
            allergens: item.allergens,
            allergenTraces: item.traces ?? [],
            diets: item.diets ?? [],
            sortOrder: i,
          })),
        )
        .returning({ id: menuItems.id, name: menuItems.name });
      await seedOptionGroups(tx, restaurantId, items);
      // Each category says where its items go: the drinks to the bar, the rest to the kitchen.
      await tx
        .insert(menuCategories)
        .values(
          [...new Set(DEMO_MENU.map((item) => item.category))].map((name) => ({
            restaurantId,
            name,
            station: defaultStationFor(name),
            translations: DEMO_CATEGORY_TRANSLATIONS[name] ?? {},
          })),
        )
        .onConflictDoNothing();
    }

    for (const account of DEMO_ACCOUNTS) {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = ${account.username}`));
      if (existing) continue;
      await tx.insert(users).values({
        restaurantId: account.role === 'team' ? null : restaurantId,
        username: account.username,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        name: DEMO_NAMES[account.username] ?? account.username,
        status: 'active',
        shift: account.role === 'team' ? null : 'evening',
      });
    }
    // A demo started again on a later day gets the days since its last order, up to today.
    if (history) await seedDemoHistory(tx, restaurantId, DEMO_HISTORY_DAYS, now);
    return { restaurantId, created };
  });
}

/** The demo's option groups with their options, attached to the items that name them. */
async function seedOptionGroups(
  tx: Tx,
  restaurantId: string,
  items: readonly { id: string; name: string }[],
): Promise<void> {
  const groupIds = new Map<string, string>();
  for (const group of DEMO_OPTION_GROUPS) {
    const [row] = await tx
      .insert(optionGroups)
      .values({
        restaurantId,
        name: group.name,
        translations: DEMO_GROUP_TRANSLATIONS[group.name] ?? {},
        minSelect: group.min,
        maxSelect: group.max,
        allowRepeat: group.allowRepeat ?? false,
        maxPerOption: group.maxPerOption ?? 1,
        preModifiers: group.preModifiers ?? [],
      })
      .returning({ id: optionGroups.id });
    if (!row) throw new Error('Demo option group could not be created');
    groupIds.set(group.name, row.id);
    await tx.insert(menuOptions).values(
      group.options.map((o, position) => ({
        restaurantId,
        groupId: row.id,
        name: o.name,
        translations: DEMO_OPTION_TRANSLATIONS[`${group.name}/${o.name}`] ?? {},
        priceCents: o.priceCents ?? 0,
        extraPriceCents: o.extraPriceCents ?? 0,
        isDefault: o.default ?? false,
        allergens: o.allergens ?? [],
        position,
      })),
    );
  }
  const links = DEMO_MENU.flatMap((item) => {
    const id = items.find((i) => i.name === item.name)?.id;
    return (item.optionGroups ?? []).map((name, position) => ({
      restaurantId,
      menuItemId: id!,
      groupId: groupIds.get(name)!,
      position,
    }));
  });
  if (links.length) await tx.insert(menuItemOptionGroups).values(links);
}

const DEMO_NAMES: Record<string, string> = {
  waiter1: 'Marco Rossi',
  kitchen1: 'Giulia Bianchi',
  bar1: 'Luca Romano',
  manager1: 'Sofia Conti',
  admin1: 'Alessandro Ferri',
  team1: 'Tavola Platform Team',
};
