import {
  allergenProblem,
  amountToCents,
  centsToAmount,
  defaultStationFor,
  type ManagerMenuItem,
  type MenuCategory,
  type MenuCategoryStationInput,
  type MenuItemInput,
  type Station,
} from '@tavola/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import {
  menuCategories,
  menuItemOptionGroups,
  menuItems,
  restaurants,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { ApiKeyActor, StaffActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { requireActiveStation } from '../stations/index.js';

type MenuRow = typeof menuItems.$inferSelect;

export function toManagerItem(row: MenuRow, categoryStation: Station | null): ManagerMenuItem {
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
    station: row.station,
    categoryStation: categoryStation ?? defaultStationFor(row.category),
    ...(row.course ? { course: row.course } : {}),
    sample: row.isSample,
    allergens: row.allergens,
    traces: row.allergenTraces,
    diets: row.diets,
  };
}

const live = (restaurantId: string) =>
  and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt));

/** An item's category row, when its category has one (the join every station reading uses). */
const ownCategory = and(
  eq(menuCategories.restaurantId, menuItems.restaurantId),
  eq(menuCategories.name, menuItems.category),
);

/** Every order reads its items: prepared once (the ids as one comma-separated parameter). */
const itemsWithStation = preparedQuery((db) =>
  db
    .select({ item: menuItems, categoryStation: menuCategories.station })
    .from(menuItems)
    .leftJoin(menuCategories, ownCategory)
    .where(
      and(
        eq(menuItems.restaurantId, sql.placeholder('restaurantId')),
        isNull(menuItems.deletedAt),
        sql`${menuItems.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`,
      ),
    )
    .prepare('menu_items_with_station'),
);

/**
 * A restaurant's live menu items by id, each with its category's station beside it, for
 * `stationFor` (the one reading of where an item goes).
 */
export async function menuItemsWithCategoryStation(
  db: DbOrTx,
  restaurantId: string,
  ids: string[],
) {
  const rows = await itemsWithStation(db).execute({ restaurantId, ids: ids.join(',') });
  return rows.map((r) => ({ ...r.item, categoryStation: r.categoryStation }));
}

export async function listMenu(db: Db, restaurantId: string, limit: number) {
  const rows = await db
    .select({ item: menuItems, categoryStation: menuCategories.station })
    .from(menuItems)
    .leftJoin(menuCategories, ownCategory)
    .where(live(restaurantId))
    .orderBy(asc(menuItems.category), asc(menuItems.sortOrder), asc(menuItems.name))
    .limit(limit);
  const groups = await db
    .select({ itemId: menuItemOptionGroups.menuItemId, groupId: menuItemOptionGroups.groupId })
    .from(menuItemOptionGroups)
    .where(eq(menuItemOptionGroups.restaurantId, restaurantId))
    .orderBy(asc(menuItemOptionGroups.position));
  const groupIds = new Map<string, string[]>();
  for (const g of groups) groupIds.set(g.itemId, [...(groupIds.get(g.itemId) ?? []), g.groupId]);
  return rows.map((r) => ({
    ...toManagerItem(r.item, r.categoryStation),
    optionGroupIds: groupIds.get(r.item.id) ?? [],
  }));
}

/** The categories in use, A to Z, each with the station its items go to. */
export async function listCategories(db: Db, restaurantId: string): Promise<MenuCategory[]> {
  const rows = await db
    .selectDistinct({ category: menuItems.category, station: menuCategories.station })
    .from(menuItems)
    .leftJoin(menuCategories, ownCategory)
    .where(live(restaurantId))
    .orderBy(asc(menuItems.category));
  return rows.map((r) => ({
    category: r.category,
    station: r.station ?? defaultStationFor(r.category),
  }));
}

async function categoryStationOf(tx: Tx, restaurantId: string, category: string) {
  const [row] = await tx
    .select({ station: menuCategories.station })
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.name, category)));
  return row?.station ?? null;
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

/**
 * The allergen columns of an edit: what it sends, over what the item had (`current`, none on
 * create), refused when the result contradicts itself.
 */
function allergenColumnsFrom(input: MenuItemInput, current?: MenuRow) {
  const allergens = input.allergens !== undefined ? input.allergens : (current?.allergens ?? null);
  const traces = input.traces ?? current?.allergenTraces ?? [];
  const diets = input.diets ?? current?.diets ?? [];
  const problem = allergenProblem({ allergens, traces, diets });
  if (problem) throw refuse(problem.code, problem.params);
  // Only what the input sends: a writer that leaves them out (the CSV import) keeps the item's.
  return {
    ...(input.allergens !== undefined ? { allergens } : {}),
    ...(input.traces !== undefined ? { allergenTraces: traces } : {}),
    ...(input.diets !== undefined ? { diets } : {}),
  };
}

export function itemColumns(
  input: MenuItemInput,
  defaultCurrency: 'eur' | 'usd',
  current?: MenuRow,
) {
  const cents = amountToCents(input.price);
  if (cents === null || cents <= 0) throw refuse('MENU_PRICE_NOT_POSITIVE');
  return {
    ...allergenColumnsFrom(input, current),
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
    ...(input.course !== undefined ? { course: input.course } : {}),
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
    if (input.station) await requireActiveStation(tx, restaurantId, input.station);
    const [order] = await tx
      .select({ next: sql<number>`coalesce(max(${menuItems.sortOrder}), 0)::int + 1` })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId));
    const [row] = await tx
      .insert(menuItems)
      .values({
        restaurantId,
        ...itemColumns(input, await restaurantCurrency(tx, restaurantId)),
        sortOrder: order?.next ?? 0,
      })
      .returning();
    if (!row) throw new Error('menu insert returned nothing');
    changed(uow, row, 'created');
    return toManagerItem(row, await categoryStationOf(tx, restaurantId, row.category));
  });
}

async function update(
  ctx: WorkContext,
  actor: StaffActor | ApiKeyActor,
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
    if (!current) throw refuse('MENU_ITEM_NOT_FOUND');
    const [row] = await tx
      .update(menuItems)
      .set({
        ...values(current, await restaurantCurrency(tx, restaurantId)),
        updatedAt: new Date(),
      })
      .where(eq(menuItems.id, id))
      .returning();
    if (!row) throw refuse('MENU_ITEM_NOT_FOUND');
    changed(uow, row, action);
    return toManagerItem(row, await categoryStationOf(tx, restaurantId, row.category));
  });
}

export function updateMenuItem(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: MenuItemInput | { special: boolean },
) {
  if ('name' in input) {
    const { station } = input;
    if (station) {
      return requireActiveStation(ctx.db, actor.restaurantId, station).then(() =>
        update(ctx, actor, id, 'updated', (row, currency) => itemColumns(input, currency, row)),
      );
    }
    return update(ctx, actor, id, 'updated', (row, currency) => itemColumns(input, currency, row));
  }
  return update(ctx, actor, id, input.special ? 'special_on' : 'special_off', () => ({
    special: input.special,
  }));
}

/**
 * An integration's change to an item's sale (public API): on or off, and its price in cents.
 * Audited and announced as an edit, by the key.
 */
export function setMenuItemSale(
  ctx: WorkContext,
  actor: ApiKeyActor,
  id: string,
  patch: { available?: boolean | undefined; priceCents?: number | undefined },
) {
  return update(ctx, actor, id, 'updated', () => ({
    ...(patch.available !== undefined ? { available: patch.available } : {}),
    ...(patch.priceCents !== undefined ? { priceCents: patch.priceCents } : {}),
  }));
}

export function toggleMenuItem(ctx: WorkContext, actor: StaffActor, id: string) {
  return update(ctx, actor, id, 'toggled', (row) => ({ available: !row.available }));
}

/** Soft delete: past orders keep their lines (names and prices are snapshots on the order). */
export async function deleteMenuItem(ctx: WorkContext, actor: StaffActor, id: string) {
  await update(ctx, actor, id, 'deleted', () => ({ deletedAt: new Date(), available: false }));
}

/**
 * Where a category's items go unless an item says otherwise. Its items' open tickets stay where
 * they are: the station decides where the next order's lines go.
 */
export async function setCategoryStation(
  ctx: WorkContext,
  actor: StaffActor,
  input: MenuCategoryStationInput,
): Promise<MenuCategory> {
  const { restaurantId } = actor;
  const category = input.category.toLowerCase();
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [inUse] = await tx
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(and(live(restaurantId), eq(menuItems.category, category)))
      .limit(1);
    if (!inUse) throw refuse('MENU_CATEGORY_EMPTY');
    await requireActiveStation(tx, restaurantId, input.station);
    const [row] = await tx
      .insert(menuCategories)
      .values({ restaurantId, name: category, station: input.station })
      .onConflictDoUpdate({
        target: [menuCategories.restaurantId, menuCategories.name],
        set: { station: input.station, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('category upsert returned nothing');
    uow.audit({
      action: 'menu.category_station',
      entityType: 'menu_category',
      entityId: row.id,
      details: { category, station: input.station },
    });
    uow.emit({ type: 'menu_updated', data: { action: 'category', name: category } });
    return { category, station: row.station };
  });
}

/**
 * Sign-up's sample items leave the menu in one go, the owner's own items stay. A soft delete like
 * any removal: an order that had a sample item keeps its line, its reports and its history.
 */
export async function removeSampleItems(ctx: WorkContext, actor: StaffActor) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const removed = await uow.tx
      .update(menuItems)
      .set({ deletedAt: new Date(), available: false, updatedAt: new Date() })
      .where(and(live(restaurantId), eq(menuItems.isSample, true)))
      .returning({ id: menuItems.id, name: menuItems.name });
    if (removed.length > 0) {
      uow.audit({
        action: 'menu.samples_removed',
        entityType: 'restaurant',
        entityId: restaurantId,
        details: { names: removed.map((r) => r.name) },
      });
      uow.emit({ type: 'menu_updated', data: { action: 'samples_removed' } });
    }
    return { removed: removed.length };
  });
}
