import type { MenuImportInput, MenuImportResult } from '@tavola/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../core/db/client.js';
import {
  menuItemOptionGroups,
  menuItems,
  menuOptions,
  optionGroups,
  restaurants,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { nameKey, readMenuCsv, writeMenuCsv, type ImportGroup } from './menu-csv.js';
import { groupColumns, optionColumns } from './options-service.js';
import { itemColumns } from './service.js';
import { stationFacts } from '../stations/index.js';

/** The live items and every group, by name as the import matches them (the oldest of a name). */
async function namesOnMenu(db: DbOrTx, restaurantId: string) {
  const [items, groups] = await Promise.all([
    db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt)))
      .orderBy(asc(menuItems.createdAt)),
    db
      .select({ id: optionGroups.id, name: optionGroups.name })
      .from(optionGroups)
      .where(eq(optionGroups.restaurantId, restaurantId))
      .orderBy(asc(optionGroups.createdAt)),
  ]);
  const byName = (rows: { id: string; name: string }[]) => {
    const map = new Map<string, string>();
    for (const r of rows) if (!map.has(nameKey(r.name))) map.set(nameKey(r.name), r.id);
    return map;
  };
  return { items: byName(items), groups: byName(groups) };
}

/**
 * POST /api/menu/import: the file checked row by row; on a dry run (or with a mistake) nothing is
 * written. Otherwise every group and item of the file is added or updated in one unit of work,
 * so a file imports whole or not at all, with one audit entry and one live menu update.
 */
export async function importMenu(
  ctx: WorkContext,
  actor: StaffActor,
  input: MenuImportInput,
): Promise<MenuImportResult> {
  const { restaurantId } = actor;
  const check = async (db: DbOrTx) => {
    const known = await namesOnMenu(db, restaurantId);
    // Any active station of the restaurant (grill, pizza…), not only kitchen and bar.
    const facts = await stationFacts(db, restaurantId);
    const active = [...facts.values()].filter((f) => f.active).map((f) => f.slug);
    const plan = readMenuCsv(input.csv, new Set(known.groups.keys()), active);
    const count = <T extends { input: { name: string } }>(list: T[], on: Map<string, string>) => {
      const updated = list.filter((x) => on.has(nameKey(x.input.name))).length;
      return { created: list.length - updated, updated };
    };
    return {
      known,
      plan,
      result: {
        dryRun: input.dryRun,
        items: count(plan.items, known.items),
        groups: count(plan.groups, known.groups),
        errors: plan.errors,
      },
    };
  };
  if (input.dryRun) return (await check(ctx.db)).result;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    // One import at a time per restaurant: two at once would both add the same new names.
    await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('update');
    const { known, plan, result } = await check(tx);
    if (plan.errors.length) throw refuse('MENU_IMPORT_HAS_ERRORS', { count: plan.errors.length });

    const groupIds = new Map(known.groups);
    for (const g of plan.groups) {
      groupIds.set(nameKey(g.input.name), await writeGroup(tx, restaurantId, g, known.groups));
    }
    const [currency] = await tx
      .select({ currency: restaurants.currency })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${menuItems.sortOrder}), 0)::int` })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId));
    let sortOrder = last?.max ?? 0;
    for (const item of plan.items) {
      const values = itemColumns(item.input, currency?.currency ?? 'eur');
      let id = known.items.get(nameKey(item.input.name));
      if (id) {
        await tx
          .update(menuItems)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(menuItems.id, id));
      } else {
        const [row] = await tx
          .insert(menuItems)
          .values({ restaurantId, ...values, sortOrder: ++sortOrder })
          .returning({ id: menuItems.id });
        id = row!.id;
      }
      await tx.delete(menuItemOptionGroups).where(eq(menuItemOptionGroups.menuItemId, id));
      const groups = [...new Set(item.groups.map((g) => groupIds.get(nameKey(g))!))];
      if (groups.length) {
        await tx.insert(menuItemOptionGroups).values(
          groups.map((groupId, position) => ({
            restaurantId,
            menuItemId: id,
            groupId,
            position,
          })),
        );
      }
    }
    uow.audit({
      action: 'menu.imported',
      entityType: 'restaurant',
      entityId: restaurantId,
      details: { items: result.items, groups: result.groups },
    });
    uow.emit({ type: 'menu_updated', data: { action: 'imported' } });
    return result;
  });
}

/** A group of the file: its rules, and its options matched by name (kept, added or removed). */
async function writeGroup(
  tx: Tx,
  restaurantId: string,
  group: ImportGroup,
  known: Map<string, string>,
): Promise<string> {
  const id = known.get(nameKey(group.input.name));
  if (!id) {
    const [row] = await tx
      .insert(optionGroups)
      .values({ restaurantId, ...groupColumns(group.input) })
      .returning({ id: optionGroups.id });
    await tx.insert(menuOptions).values(
      group.input.options.map((o, i) => ({
        restaurantId,
        groupId: row!.id,
        ...optionColumns(o, i),
      })),
    );
    return row!.id;
  }
  await tx
    .update(optionGroups)
    .set({ ...groupColumns(group.input), updatedAt: new Date() })
    .where(eq(optionGroups.id, id));
  const existing = await tx
    .select({ id: menuOptions.id, name: menuOptions.name })
    .from(menuOptions)
    .where(eq(menuOptions.groupId, id));
  const byName = new Map(existing.map((o) => [nameKey(o.name), o.id]));
  const kept = new Set<string>();
  for (const [i, o] of group.input.options.entries()) {
    const optionId = byName.get(nameKey(o.name));
    if (optionId) {
      kept.add(optionId);
      await tx
        .update(menuOptions)
        .set({ ...optionColumns(o, i), updatedAt: new Date() })
        .where(eq(menuOptions.id, optionId));
    } else {
      await tx.insert(menuOptions).values({ restaurantId, groupId: id, ...optionColumns(o, i) });
    }
  }
  const removed = existing.filter((o) => !kept.has(o.id)).map((o) => o.id);
  if (removed.length) await tx.delete(menuOptions).where(inArray(menuOptions.id, removed));
  return id;
}

/** GET /api/menu/export: the live menu and every group, in the import's layout. */
export async function exportMenu(db: Db, restaurantId: string): Promise<string> {
  const [groups, options, items, links] = await Promise.all([
    db
      .select()
      .from(optionGroups)
      .where(eq(optionGroups.restaurantId, restaurantId))
      .orderBy(asc(optionGroups.name), asc(optionGroups.createdAt)),
    db
      .select()
      .from(menuOptions)
      .where(eq(menuOptions.restaurantId, restaurantId))
      .orderBy(asc(menuOptions.position), asc(menuOptions.name)),
    db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt)))
      .orderBy(asc(menuItems.category), asc(menuItems.sortOrder), asc(menuItems.name)),
    db
      .select({ itemId: menuItemOptionGroups.menuItemId, groupId: menuItemOptionGroups.groupId })
      .from(menuItemOptionGroups)
      .where(eq(menuItemOptionGroups.restaurantId, restaurantId))
      .orderBy(asc(menuItemOptionGroups.position)),
  ]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return writeMenuCsv(
    groups.map((g) => ({
      name: g.name,
      min: g.minSelect,
      max: g.maxSelect,
      maxPerOption: g.allowRepeat ? g.maxPerOption : 1,
      preModifiers: g.preModifiers,
      options: options.filter((o) => o.groupId === g.id),
    })),
    items.map((i) => ({
      ...i,
      groups: links.filter((l) => l.itemId === i.id).map((l) => groupName.get(l.groupId)!),
    })),
  );
}
