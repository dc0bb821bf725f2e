import {
  allergenProblem,
  dualPrice,
  type ItemOptionGroupsInput,
  type ManagerOption,
  type ManagerOptionGroup,
  type OptionGroupInput,
  type OptionGroupRule,
  type PublicOptionGroup,
  type RestaurantMoney,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import {
  menuItemOptionGroups,
  menuItems,
  menuOptions,
  optionGroups,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';

type GroupRow = typeof optionGroups.$inferSelect;
type OptionRow = typeof menuOptions.$inferSelect;

/**
 * Option groups: the manager's definitions, attached to items in order, and the rules every
 * order line is checked against (`itemOptionGroups`, then the contract's `checkOptionSelection`).
 */

function toRule(group: GroupRow, options: readonly OptionRow[]): OptionGroupRule {
  return {
    id: group.id,
    name: group.name,
    min: group.minSelect,
    max: group.maxSelect,
    allowRepeat: group.allowRepeat,
    maxPerOption: group.allowRepeat ? group.maxPerOption : 1,
    preModifiers: group.preModifiers,
    options: options.map((o) => ({
      id: o.id,
      name: o.name,
      priceCents: o.priceCents,
      extraPriceCents: o.extraPriceCents,
      available: o.available,
      isDefault: o.isDefault,
      allergens: o.allergens,
      traces: o.allergenTraces,
    })),
  };
}

async function optionsOf(db: DbOrTx, groupIds: readonly string[]) {
  const byGroup = new Map<string, OptionRow[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select()
    .from(menuOptions)
    .where(inArray(menuOptions.groupId, [...groupIds]))
    .orderBy(asc(menuOptions.groupId), asc(menuOptions.position), asc(menuOptions.name));
  for (const row of rows) {
    const list = byGroup.get(row.groupId) ?? [];
    list.push(row);
    byGroup.set(row.groupId, list);
  }
  return byGroup;
}

/** The groups of some items (every order reads them): prepared once, the ids comma-separated. */
const groupLinksOf = preparedQuery((db) =>
  db
    .select({ itemId: menuItemOptionGroups.menuItemId, group: optionGroups })
    .from(menuItemOptionGroups)
    .innerJoin(optionGroups, eq(optionGroups.id, menuItemOptionGroups.groupId))
    .where(
      and(
        eq(menuItemOptionGroups.restaurantId, sql.placeholder('restaurantId')),
        eq(optionGroups.restaurantId, sql.placeholder('restaurantId')),
        sql`${menuItemOptionGroups.menuItemId} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`,
      ),
    )
    .orderBy(asc(menuItemOptionGroups.menuItemId), asc(menuItemOptionGroups.position))
    .prepare('option_group_links'),
);

/**
 * The groups each of a restaurant's items offers, in the item's order, as the validator reads
 * them. Items without groups are absent. `itemIds` left out: every item of the restaurant.
 */
export async function itemOptionGroups(
  db: DbOrTx,
  restaurantId: string,
  itemIds?: readonly string[],
): Promise<Map<string, OptionGroupRule[]>> {
  const result = new Map<string, OptionGroupRule[]>();
  if (itemIds && itemIds.length === 0) return result;
  const links = itemIds
    ? await groupLinksOf(db).execute({ restaurantId, ids: itemIds.join(',') })
    : await db
        .select({ itemId: menuItemOptionGroups.menuItemId, group: optionGroups })
        .from(menuItemOptionGroups)
        .innerJoin(optionGroups, eq(optionGroups.id, menuItemOptionGroups.groupId))
        .where(
          and(
            eq(menuItemOptionGroups.restaurantId, restaurantId),
            eq(optionGroups.restaurantId, restaurantId),
          ),
        )
        .orderBy(asc(menuItemOptionGroups.menuItemId), asc(menuItemOptionGroups.position));
  if (links.length === 0) return result;
  const options = await optionsOf(db, [...new Set(links.map((l) => l.group.id))]);
  const rules = new Map<string, OptionGroupRule>();
  for (const { itemId, group } of links) {
    let rule = rules.get(group.id);
    if (!rule) {
      rule = toRule(group, options.get(group.id) ?? []);
      rules.set(group.id, rule);
    }
    const list = result.get(itemId) ?? [];
    list.push(rule);
    result.set(itemId, list);
  }
  return result;
}

/**
 * A group as the guest menu and the order screen show it: each option's change in both
 * currencies (converted from the item's currency, each on its own, for display), and in cents.
 */
export function publicOptionGroup(
  rule: OptionGroupRule,
  restaurant: RestaurantMoney,
  itemCurrency: RestaurantMoney['currency'],
): PublicOptionGroup {
  return {
    id: rule.id,
    name: rule.name,
    min: rule.min,
    max: rule.max,
    allowRepeat: rule.allowRepeat,
    maxPerOption: rule.maxPerOption,
    preModifiers: [...rule.preModifiers],
    options: rule.options.map((o) => ({
      id: o.id,
      name: o.name,
      price: signedDualPrice(o.priceCents, restaurant, itemCurrency),
      extraPrice: signedDualPrice(o.extraPriceCents, restaurant, itemCurrency),
      priceCents: o.priceCents,
      extraPriceCents: o.extraPriceCents,
      available: o.available,
      default: o.isDefault,
      allergens: [...(o.allergens ?? [])],
      traces: [...(o.traces ?? [])],
    })),
  };
}

/** `dualPrice` of a change that may be negative (a substitution), rounded the same either way. */
function signedDualPrice(cents: number, r: RestaurantMoney, from: RestaurantMoney['currency']) {
  if (cents >= 0) return dualPrice(cents, r, from);
  const p = dualPrice(-cents, r, from);
  return { eur: -p.eur, usd: -p.usd };
}

// --- The manager's groups --------------------------------------------------------------------

function toManagerOption(o: OptionRow): ManagerOption {
  return {
    id: o.id,
    name: o.name,
    priceCents: o.priceCents,
    extraPriceCents: o.extraPriceCents,
    available: o.available,
    default: o.isDefault,
    allergens: o.allergens,
    traces: o.allergenTraces,
  };
}

function toManagerGroup(g: GroupRow, options: readonly OptionRow[], itemIds: string[]) {
  return {
    id: g.id,
    name: g.name,
    min: g.minSelect,
    max: g.maxSelect,
    allowRepeat: g.allowRepeat,
    maxPerOption: g.maxPerOption,
    preModifiers: g.preModifiers,
    options: options.map(toManagerOption),
    itemIds,
  } satisfies ManagerOptionGroup;
}

async function attachedItems(db: DbOrTx, restaurantId: string, groupIds: readonly string[]) {
  const byGroup = new Map<string, string[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ groupId: menuItemOptionGroups.groupId, itemId: menuItemOptionGroups.menuItemId })
    .from(menuItemOptionGroups)
    .innerJoin(menuItems, eq(menuItems.id, menuItemOptionGroups.menuItemId))
    .where(
      and(
        eq(menuItemOptionGroups.restaurantId, restaurantId),
        inArray(menuItemOptionGroups.groupId, [...groupIds]),
        isNull(menuItems.deletedAt),
      ),
    )
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.name));
  for (const r of rows) {
    const list = byGroup.get(r.groupId) ?? [];
    list.push(r.itemId);
    byGroup.set(r.groupId, list);
  }
  return byGroup;
}

/** GET /api/menu/option-groups: every group, A to Z, with its options and items. */
export async function listOptionGroups(db: Db, restaurantId: string) {
  const groups = await db
    .select()
    .from(optionGroups)
    .where(eq(optionGroups.restaurantId, restaurantId))
    .orderBy(asc(optionGroups.name), asc(optionGroups.createdAt));
  const ids = groups.map((g) => g.id);
  const [options, items] = await Promise.all([
    optionsOf(db, ids),
    attachedItems(db, restaurantId, ids),
  ]);
  return groups.map((g) => toManagerGroup(g, options.get(g.id) ?? [], items.get(g.id) ?? []));
}

export function groupColumns(input: OptionGroupInput) {
  return {
    name: input.name,
    minSelect: input.min,
    maxSelect: input.max,
    allowRepeat: input.allowRepeat,
    maxPerOption: input.allowRepeat ? input.maxPerOption : 1,
    preModifiers: input.preModifiers,
  };
}

export function optionColumns(input: OptionGroupInput['options'][number], position: number) {
  const problem = allergenProblem({ allergens: input.allergens, traces: input.traces });
  if (problem) throw refuse(problem.code, problem.params);
  return {
    allergens: input.allergens,
    allergenTraces: input.traces,
    name: input.name,
    priceCents: input.priceCents,
    extraPriceCents: input.extraPriceCents,
    available: input.available,
    isDefault: input.default,
    position,
  };
}

type GroupAction = 'option_group_created' | 'option_group_updated' | 'option_group_deleted';

function groupChanged(uow: UnitOfWork, group: GroupRow, action: GroupAction) {
  uow.audit({
    action: `menu.${action}`,
    entityType: 'option_group',
    entityId: group.id,
    details: { name: group.name },
  });
  uow.emit({ type: 'menu_updated', data: { action, groupId: group.id, name: group.name } });
}

async function lockGroup(tx: Tx, restaurantId: string, id: string) {
  const [group] = await tx
    .select()
    .from(optionGroups)
    .where(and(eq(optionGroups.id, id), eq(optionGroups.restaurantId, restaurantId)))
    .for('update');
  if (!group) throw refuse('OPTION_GROUP_NOT_FOUND');
  return group;
}

async function readGroup(tx: Tx, restaurantId: string, group: GroupRow) {
  const [options, items] = await Promise.all([
    optionsOf(tx, [group.id]),
    attachedItems(tx, restaurantId, [group.id]),
  ]);
  return toManagerGroup(group, options.get(group.id) ?? [], items.get(group.id) ?? []);
}

export async function createOptionGroup(
  ctx: WorkContext,
  actor: StaffActor,
  input: OptionGroupInput,
): Promise<ManagerOptionGroup> {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [group] = await tx
      .insert(optionGroups)
      .values({ restaurantId, ...groupColumns(input) })
      .returning();
    if (!group) throw new Error('option group insert returned nothing');
    await tx
      .insert(menuOptions)
      .values(
        input.options.map((o, i) => ({ restaurantId, groupId: group.id, ...optionColumns(o, i) })),
      );
    groupChanged(uow, group, 'option_group_created');
    return readGroup(tx, restaurantId, group);
  });
}

/**
 * A group's rules and its whole list of options: an option sent with its `id` keeps it (an
 * unknown id is refused), one without is new, one left out is removed. Orders already placed
 * keep what they were placed with (their lines' snapshots).
 */
export async function updateOptionGroup(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: OptionGroupInput,
): Promise<ManagerOptionGroup> {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    await lockGroup(tx, restaurantId, id);
    const existing = await tx
      .select({ id: menuOptions.id })
      .from(menuOptions)
      .where(and(eq(menuOptions.groupId, id), eq(menuOptions.restaurantId, restaurantId)));
    const known = new Set(existing.map((o) => o.id));
    for (const o of input.options) {
      if (o.id && !known.has(o.id)) throw refuse('OPTION_NOT_FOUND');
    }
    const kept = new Set(input.options.flatMap((o) => (o.id ? [o.id] : [])));
    const removed = [...known].filter((o) => !kept.has(o));
    if (removed.length) await tx.delete(menuOptions).where(inArray(menuOptions.id, removed));
    for (const [i, o] of input.options.entries()) {
      if (o.id) {
        await tx
          .update(menuOptions)
          .set({ ...optionColumns(o, i), updatedAt: new Date() })
          .where(eq(menuOptions.id, o.id));
      } else {
        await tx.insert(menuOptions).values({ restaurantId, groupId: id, ...optionColumns(o, i) });
      }
    }
    const [group] = await tx
      .update(optionGroups)
      .set({ ...groupColumns(input), updatedAt: new Date() })
      .where(eq(optionGroups.id, id))
      .returning();
    if (!group) throw refuse('OPTION_GROUP_NOT_FOUND');
    groupChanged(uow, group, 'option_group_updated');
    return readGroup(tx, restaurantId, group);
  });
}

/** Removes a group, its options, and its place on every item (placed orders keep their lines). */
export async function deleteOptionGroup(ctx: WorkContext, actor: StaffActor, id: string) {
  const { restaurantId } = actor;
  await runWork(ctx, actor, async (uow) => {
    const group = await lockGroup(uow.tx, restaurantId, id);
    await uow.tx.delete(optionGroups).where(eq(optionGroups.id, id));
    groupChanged(uow, group, 'option_group_deleted');
  });
}

/**
 * Makes an option available or not (86 it in one tap): the same live path as an item's toggle,
 * a `menu_updated` event that clears the guest menu's cache and reloads every menu on screen.
 */
export async function toggleOption(
  ctx: WorkContext,
  actor: StaffActor,
  groupId: string,
  optionId: string,
): Promise<ManagerOption> {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const group = await lockGroup(tx, restaurantId, groupId);
    const [current] = await tx
      .select()
      .from(menuOptions)
      .where(
        and(
          eq(menuOptions.id, optionId),
          eq(menuOptions.groupId, groupId),
          eq(menuOptions.restaurantId, restaurantId),
        ),
      );
    if (!current) throw refuse('OPTION_NOT_FOUND');
    const [row] = await tx
      .update(menuOptions)
      .set({ available: !current.available, updatedAt: new Date() })
      .where(eq(menuOptions.id, optionId))
      .returning();
    if (!row) throw refuse('OPTION_NOT_FOUND');
    uow.audit({
      action: 'menu.option_toggled',
      entityType: 'menu_option',
      entityId: row.id,
      details: { group: group.name, name: row.name, available: row.available },
    });
    uow.emit({
      type: 'menu_updated',
      data: {
        action: 'option_toggled',
        groupId,
        optionId: row.id,
        name: row.name,
        available: row.available,
      },
    });
    return toManagerOption(row);
  });
}

/** PUT /api/menu/{id}/option-groups: the item's groups become `groupIds`, in that order. */
export async function setItemOptionGroups(
  ctx: WorkContext,
  actor: StaffActor,
  itemId: string,
  input: ItemOptionGroupsInput,
) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [item] = await tx
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.id, itemId),
          eq(menuItems.restaurantId, restaurantId),
          isNull(menuItems.deletedAt),
        ),
      )
      .for('update');
    if (!item) throw refuse('MENU_ITEM_NOT_FOUND');
    const groups = input.groupIds.length
      ? await tx
          .select({ id: optionGroups.id, name: optionGroups.name })
          .from(optionGroups)
          .where(
            and(
              eq(optionGroups.restaurantId, restaurantId),
              inArray(optionGroups.id, input.groupIds),
            ),
          )
      : [];
    if (groups.length !== input.groupIds.length) throw refuse('OPTION_GROUP_NOT_FOUND');
    await tx.delete(menuItemOptionGroups).where(eq(menuItemOptionGroups.menuItemId, itemId));
    if (input.groupIds.length) {
      await tx.insert(menuItemOptionGroups).values(
        input.groupIds.map((groupId, position) => ({
          restaurantId,
          menuItemId: itemId,
          groupId,
          position,
        })),
      );
    }
    const names = new Map(groups.map((g) => [g.id, g.name]));
    uow.audit({
      action: 'menu.item_option_groups',
      entityType: 'menu_item',
      entityId: itemId,
      details: { name: item.name, groups: input.groupIds.map((g) => names.get(g) ?? g) },
    });
    uow.emit({
      type: 'menu_updated',
      data: { action: 'item_option_groups', itemId, name: item.name },
    });
    return { itemId, groupIds: input.groupIds };
  });
}
