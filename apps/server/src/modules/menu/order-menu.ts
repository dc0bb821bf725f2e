import {
  dualPrice,
  normalizeCategoryKey,
  ORDER_MENU_POPULAR,
  ORDER_MENU_POPULAR_DAYS,
  stationFor,
  type OrderMenu,
} from '@tavola/contract';
import { and, asc, desc, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import {
  menuCategories,
  menuItems,
  orderItems,
  orders,
  restaurants,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { itemOptionGroups } from './options-service.js';
import { publicAllergens, withOptions } from './public-service.js';

const FIRST_CATEGORIES = ['food', 'drinks', 'specials'];

/**
 * The menu staff ring up from: every live item (an unavailable one marked, so a waiter sees why
 * it cannot be added), its price as the bill will charge it in the restaurant's currency, where it
 * is made, and the items ordered most over the last ORDER_MENU_POPULAR_DAYS days.
 */
export async function orderMenu(db: DbOrTx, restaurantId: string): Promise<OrderMenu> {
  const [restaurant] = await db
    .select({ currency: restaurants.currency, exchangeRate: restaurants.exchangeRate })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');

  const rows = await db
    .select({ item: menuItems, categoryStation: menuCategories.station })
    .from(menuItems)
    .leftJoin(
      menuCategories,
      and(
        eq(menuCategories.restaurantId, menuItems.restaurantId),
        eq(menuCategories.name, menuItems.category),
      ),
    )
    .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt)))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.name));

  const groups = await itemOptionGroups(db, restaurantId);
  const items = rows.map(({ item, categoryStation }) => ({
    id: item.id,
    name: item.name,
    category: normalizeCategoryKey(item.category),
    price: dualPrice(item.priceCents, restaurant, item.currency)[restaurant.currency],
    available: item.available,
    special: item.special,
    station: stationFor({ category: item.category, station: item.station, categoryStation }),
    ...withOptions(groups.get(item.id), item, restaurant),
    ...publicAllergens(item),
  }));

  const inUse = new Set(items.map((i) => i.category));
  const categories = [
    ...FIRST_CATEGORIES.filter((c) => inUse.has(c)),
    ...[...inUse].filter((c) => !FIRST_CATEGORIES.includes(c)).sort(),
  ];

  const since = new Date(Date.now() - ORDER_MENU_POPULAR_DAYS * 24 * 60 * 60 * 1000);
  const ordered = sql<number>`sum(${orderItems.quantity} - ${orderItems.voidedQuantity})`;
  const popular = await db
    .select({ menuItemId: orderItems.menuItemId, ordered })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.restaurantId, restaurantId),
        eq(orders.restaurantId, restaurantId),
        isNotNull(orderItems.menuItemId),
        ne(orders.status, 'cancelled'),
        gte(orders.createdAt, since),
      ),
    )
    .groupBy(orderItems.menuItemId)
    .orderBy(desc(ordered), asc(orderItems.menuItemId))
    .limit(ORDER_MENU_POPULAR * 2);

  const live = new Set(items.map((i) => i.id));
  const mostOrdered = popular
    .filter((p) => p.menuItemId && live.has(p.menuItemId) && Number(p.ordered) > 0)
    .map((p) => p.menuItemId as string)
    .slice(0, ORDER_MENU_POPULAR);

  return { currency: restaurant.currency, categories, items, mostOrdered };
}
