import {
  amountToCents,
  centsToAmount,
  type DomainEvent,
  type ManagerMenuItem,
  type MenuItemInput,
  type User,
} from '@tavola/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.js';
import { auditLog, menuItems, restaurants } from '../../core/db/schema.js';
import { badRequest, notFound } from '../../core/http/errors.js';
import { recordEvent } from '../../core/events/recorder.js';

type MenuRow = typeof menuItems.$inferSelect;

export function toManagerItem(row: MenuRow): ManagerMenuItem {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    ...(row.description ? { description: row.description } : {}),
    price: centsToAmount(row.priceCents),
    currency: row.currency.toUpperCase(),
    available: row.available,
    special: row.special,
    ...(row.preparationTime ? { preparationTime: row.preparationTime } : {}),
    tags: row.tags,
    ...(row.imageUrl ? { imageUrl: row.imageUrl } : {}),
  };
}

const live = (restaurantId: string) =>
  and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt));

export async function listMenu(db: Db, restaurantId: string, limit: number) {
  const rows = await db
    .select()
    .from(menuItems)
    .where(live(restaurantId))
    .orderBy(asc(menuItems.category), asc(menuItems.sortOrder), asc(menuItems.name))
    .limit(limit);
  return rows.map(toManagerItem);
}

export async function listCategories(db: Db, restaurantId: string) {
  const rows = await db
    .selectDistinct({ category: menuItems.category })
    .from(menuItems)
    .where(live(restaurantId))
    .orderBy(asc(menuItems.category));
  return rows;
}

async function changed(
  tx: Tx,
  restaurantId: string,
  user: User,
  row: MenuRow,
  action: string,
): Promise<DomainEvent> {
  await tx.insert(auditLog).values({
    restaurantId,
    userId: user.id,
    action: `menu.${action}`,
    entityType: 'menu_item',
    entityId: row.id,
    details: { name: row.name },
  });
  return recordEvent(tx, restaurantId, {
    type: 'menu_updated',
    data: { itemId: row.id, name: row.name, action, available: row.available },
    userId: user.id,
  });
}

function columnsFrom(input: MenuItemInput, defaultCurrency: 'eur' | 'usd') {
  const cents = amountToCents(input.price);
  if (cents === null || cents <= 0) throw badRequest('Price must be greater than zero');
  return {
    name: input.name,
    category: input.category.toLowerCase(),
    priceCents: cents,
    currency: (input.currency?.toLowerCase() as 'eur' | 'usd' | undefined) ?? defaultCurrency,
    available: input.available,
    special: input.special,
    description: input.description || null,
    preparationTime: input.preparationTime ?? null,
    tags: input.tags ?? [],
    imageUrl: input.imageUrl ?? null,
    ...(input.station !== undefined ? { station: input.station } : {}),
  };
}

async function restaurantCurrency(tx: Tx, restaurantId: string) {
  const [r] = await tx
    .select({ currency: restaurants.currency })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return r?.currency ?? 'eur';
}

export async function createMenuItem(
  db: Db,
  user: User,
  restaurantId: string,
  input: MenuItemInput,
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ next: sql<number>`coalesce(max(${menuItems.sortOrder}), 0)::int + 1` })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId));
    const [row] = await tx
      .insert(menuItems)
      .values({
        restaurantId,
        ...columnsFrom(input, await restaurantCurrency(tx, restaurantId)),
        sortOrder: order?.next ?? 0,
      })
      .returning();
    if (!row) throw new Error('menu insert returned nothing');
    return {
      item: toManagerItem(row),
      events: [await changed(tx, restaurantId, user, row, 'created')],
    };
  });
}

async function update(
  db: Db,
  user: User,
  restaurantId: string,
  id: string,
  action: string,
  values: (row: MenuRow, currency: 'eur' | 'usd') => Partial<typeof menuItems.$inferInsert>,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.id, id), live(restaurantId)))
      .for('update');
    if (!current) throw notFound('Menu item not found');
    const [row] = await tx
      .update(menuItems)
      .set({
        ...values(current, await restaurantCurrency(tx, restaurantId)),
        updatedAt: new Date(),
      })
      .where(eq(menuItems.id, id))
      .returning();
    if (!row) throw notFound('Menu item not found');
    return {
      item: toManagerItem(row),
      events: [await changed(tx, restaurantId, user, row, action)],
    };
  });
}

export function updateMenuItem(
  db: Db,
  user: User,
  restaurantId: string,
  id: string,
  input: MenuItemInput | { special: boolean },
) {
  if ('name' in input) {
    return update(db, user, restaurantId, id, 'updated', (_row, currency) =>
      columnsFrom(input, currency),
    );
  }
  return update(db, user, restaurantId, id, input.special ? 'special_on' : 'special_off', () => ({
    special: input.special,
  }));
}

export function toggleMenuItem(db: Db, user: User, restaurantId: string, id: string) {
  return update(db, user, restaurantId, id, 'toggled', (row) => ({ available: !row.available }));
}

/** Soft delete: past orders keep their lines (names and prices are snapshots on the order). */
export async function deleteMenuItem(db: Db, user: User, restaurantId: string, id: string) {
  const { events } = await update(db, user, restaurantId, id, 'deleted', () => ({
    deletedAt: new Date(),
    available: false,
  }));
  return { events };
}
