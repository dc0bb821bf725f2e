import {
  amountToCents,
  centsToAmount,
  type ManagerMenuItem,
  type MenuItemInput,
} from '@tavola/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.js';
import { menuItems, restaurants } from '../../core/db/schema.js';
import { badRequest, notFound } from '../../core/http/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';

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

type MenuAction = 'created' | 'updated' | 'toggled' | 'deleted' | 'special_on' | 'special_off';

function changed(uow: UnitOfWork, row: MenuRow, action: MenuAction) {
  uow.audit({
    action: `menu.${action}`,
    entityType: 'menu_item',
    entityId: row.id,
    details: { name: row.name },
  });
  uow.emit({
    type: 'menu_updated',
    data: { itemId: row.id, name: row.name, action, available: row.available },
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

export async function createMenuItem(ctx: WorkContext, actor: StaffActor, input: MenuItemInput) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
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
    changed(uow, row, 'created');
    return toManagerItem(row);
  });
}

async function update(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  action: MenuAction,
  values: (row: MenuRow, currency: 'eur' | 'usd') => Partial<typeof menuItems.$inferInsert>,
) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
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
    changed(uow, row, action);
    return toManagerItem(row);
  });
}

export function updateMenuItem(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: MenuItemInput | { special: boolean },
) {
  if ('name' in input) {
    return update(ctx, actor, id, 'updated', (_row, currency) => columnsFrom(input, currency));
  }
  return update(ctx, actor, id, input.special ? 'special_on' : 'special_off', () => ({
    special: input.special,
  }));
}

export function toggleMenuItem(ctx: WorkContext, actor: StaffActor, id: string) {
  return update(ctx, actor, id, 'toggled', (row) => ({ available: !row.available }));
}

/** Soft delete: past orders keep their lines (names and prices are snapshots on the order). */
export async function deleteMenuItem(ctx: WorkContext, actor: StaffActor, id: string) {
  await update(ctx, actor, id, 'deleted', () => ({ deletedAt: new Date(), available: false }));
}
