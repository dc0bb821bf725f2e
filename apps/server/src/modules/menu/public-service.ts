import { normalizeCategoryKey, type PublicMenu, type PublicMenuItem } from '@tavola/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { menuItems, type restaurants, type tables } from '../../db/schema.js';
import { dualPrice } from '../sessions/service.js';

/** The guest menu, grouped by category key, with every price in both currencies. */
export async function publicMenu(
  db: DbOrTx,
  restaurant: typeof restaurants.$inferSelect,
  table: typeof tables.$inferSelect,
): Promise<PublicMenu> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurant.id), isNull(menuItems.deletedAt)))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.name));

  const menu: Record<string, PublicMenuItem[]> = { food: [], drinks: [], specials: [] };
  for (const row of rows) {
    const key = normalizeCategoryKey(row.category);
    const price = dualPrice(row.priceCents, {
      currency: row.currency,
      exchangeRate: restaurant.exchangeRate,
    });
    (menu[key] ??= []).push({
      id: row.id,
      name: row.name,
      description: row.description ?? '',
      price,
      category: key,
      available: row.available,
      special: row.special,
      image: row.imageUrl,
      tags: row.tags,
      preparationTime: row.preparationTime,
    });
  }
  return {
    menu,
    restaurant: {
      id: restaurant.id,
      name: restaurant.name,
      currency: restaurant.currency,
      exchangeRate: restaurant.exchangeRate,
      branding: restaurant.branding,
    },
    table: { number: table.number },
  };
}
