import {
  defaultStationFor,
  normalizeCategoryKey,
  type GuestLocale,
  type MenuTranslations,
  type MenuTranslationsInput,
  type TextTranslations,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { menuCategories, menuItems, menuOptions, optionGroups } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';

/**
 * Menu texts in other languages: the manager writes them beside the originals, the guest menu
 * shows them by the guest's language (`localizedMenu`), and everything else (order lines,
 * tickets, receipts, reports) keeps the originals.
 */

type Field = 'name' | 'description';

/** `translations` with one language's `field` set, or removed when `text` is blank. */
export function withTranslation(
  translations: TextTranslations,
  locale: GuestLocale,
  field: Field,
  text: string,
): TextTranslations {
  const entry = { ...translations[locale] };
  if (text) entry[field] = text;
  else delete entry[field];
  const next: TextTranslations = { ...translations };
  if (entry.name === undefined && entry.description === undefined) delete next[locale];
  else next[locale] = entry;
  return next;
}

/** A text in a language: its translation there, else the original. */
export function translated(
  original: string,
  translations: TextTranslations | null | undefined,
  locale: GuestLocale | null,
  field: Field = 'name',
): string {
  if (!locale) return original;
  return translations?.[locale]?.[field] || original;
}

export async function getMenuTranslations(
  db: DbOrTx,
  restaurantId: string,
): Promise<MenuTranslations> {
  const [items, categoryRows, groups, options] = await Promise.all([
    db
      .select({
        id: menuItems.id,
        name: menuItems.name,
        description: menuItems.description,
        category: menuItems.category,
        translations: menuItems.translations,
      })
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt)))
      .orderBy(asc(menuItems.category), asc(menuItems.sortOrder), asc(menuItems.name)),
    db
      .select({ name: menuCategories.name, translations: menuCategories.translations })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId)),
    db
      .select({
        id: optionGroups.id,
        name: optionGroups.name,
        translations: optionGroups.translations,
      })
      .from(optionGroups)
      .where(eq(optionGroups.restaurantId, restaurantId))
      .orderBy(asc(optionGroups.name)),
    db
      .select({
        id: menuOptions.id,
        groupId: menuOptions.groupId,
        name: menuOptions.name,
        translations: menuOptions.translations,
      })
      .from(menuOptions)
      .where(eq(menuOptions.restaurantId, restaurantId))
      .orderBy(asc(menuOptions.position), asc(menuOptions.name)),
  ]);
  const categoryTranslations = new Map(categoryRows.map((c) => [c.name, c.translations]));
  const categories = [...new Set(items.map((i) => normalizeCategoryKey(i.category)))].sort();
  return {
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      description: i.description ?? '',
      category: normalizeCategoryKey(i.category),
      translations: i.translations,
    })),
    categories: categories.map((category) => ({
      category,
      translations: categoryTranslations.get(category) ?? {},
    })),
    optionGroups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      translations: g.translations,
      options: options
        .filter((o) => o.groupId === g.id)
        .map((o) => ({ id: o.id, name: o.name, translations: o.translations })),
    })),
  };
}

/** Every id named, each of the caller's restaurant (and live, for items), or a refusal. */
async function rowsById<T extends { id: string }>(
  ids: readonly string[],
  load: (ids: string[]) => Promise<T[]>,
  missing: () => Error,
): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await load(unique) : [];
  if (rows.length !== unique.length) throw missing();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function setMenuTranslations(
  ctx: WorkContext,
  actor: StaffActor,
  locale: GuestLocale,
  input: MenuTranslationsInput,
): Promise<MenuTranslations> {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const now = new Date();

    const items = input.items ?? [];
    const itemRows = await rowsById(
      items.map((i) => i.id),
      (ids) =>
        tx
          .select({ id: menuItems.id, translations: menuItems.translations })
          .from(menuItems)
          .where(
            and(
              eq(menuItems.restaurantId, restaurantId),
              isNull(menuItems.deletedAt),
              inArray(menuItems.id, ids),
            ),
          ),
      () => refuse('MENU_ITEM_NOT_FOUND'),
    );
    const groups = input.optionGroups ?? [];
    const groupRows = await rowsById(
      groups.map((g) => g.id),
      (ids) =>
        tx
          .select({ id: optionGroups.id, translations: optionGroups.translations })
          .from(optionGroups)
          .where(and(eq(optionGroups.restaurantId, restaurantId), inArray(optionGroups.id, ids))),
      () => refuse('OPTION_GROUP_NOT_FOUND'),
    );
    const options = input.options ?? [];
    const optionRows = await rowsById(
      options.map((o) => o.id),
      (ids) =>
        tx
          .select({ id: menuOptions.id, translations: menuOptions.translations })
          .from(menuOptions)
          .where(and(eq(menuOptions.restaurantId, restaurantId), inArray(menuOptions.id, ids))),
      () => refuse('OPTION_NOT_FOUND'),
    );
    const categories = (input.categories ?? []).map((c) => ({
      key: normalizeCategoryKey(c.category),
      name: c.name,
    }));
    if (categories.length) {
      const inUse = new Set(
        (
          await tx
            .selectDistinct({ category: menuItems.category })
            .from(menuItems)
            .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt)))
        ).map((r) => normalizeCategoryKey(r.category)),
      );
      if (categories.some((c) => !inUse.has(c.key))) throw refuse('MENU_CATEGORY_EMPTY');
    }

    for (const item of items) {
      let next = itemRows.get(item.id)!.translations;
      if (item.name !== undefined) next = withTranslation(next, locale, 'name', item.name);
      if (item.description !== undefined) {
        next = withTranslation(next, locale, 'description', item.description);
      }
      itemRows.get(item.id)!.translations = next;
      await tx
        .update(menuItems)
        .set({ translations: next, updatedAt: now })
        .where(and(eq(menuItems.id, item.id), eq(menuItems.restaurantId, restaurantId)));
    }
    for (const group of groups) {
      const row = groupRows.get(group.id)!;
      row.translations = withTranslation(row.translations, locale, 'name', group.name);
      await tx
        .update(optionGroups)
        .set({ translations: row.translations, updatedAt: now })
        .where(and(eq(optionGroups.id, group.id), eq(optionGroups.restaurantId, restaurantId)));
    }
    for (const option of options) {
      const row = optionRows.get(option.id)!;
      row.translations = withTranslation(row.translations, locale, 'name', option.name);
      await tx
        .update(menuOptions)
        .set({ translations: row.translations, updatedAt: now })
        .where(and(eq(menuOptions.id, option.id), eq(menuOptions.restaurantId, restaurantId)));
    }
    for (const category of categories) {
      const [existing] = await tx
        .select({ translations: menuCategories.translations })
        .from(menuCategories)
        .where(
          and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.name, category.key)),
        );
      const next = withTranslation(existing?.translations ?? {}, locale, 'name', category.name);
      await tx
        .insert(menuCategories)
        .values({
          restaurantId,
          name: category.key,
          station: defaultStationFor(category.key),
          translations: next,
        })
        .onConflictDoUpdate({
          target: [menuCategories.restaurantId, menuCategories.name],
          set: { translations: next, updatedAt: now },
        });
    }

    uow.audit({
      action: 'menu.translations',
      entityType: 'restaurant',
      entityId: restaurantId,
      details: {
        locale,
        items: items.length,
        categories: categories.length,
        optionGroups: groups.length,
        options: options.length,
      },
    });
    uow.emit({ type: 'menu_updated', data: { action: 'translations', name: locale } });
    return getMenuTranslations(tx, restaurantId);
  });
}
