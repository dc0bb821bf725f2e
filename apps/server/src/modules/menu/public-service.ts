import {
  bpsToPercent,
  dualPrice,
  effectiveBranding,
  guestOrderingPause,
  itemDiets,
  normalizeCategoryKey,
  PLATFORM_MAINTENANCE_FOR_GUESTS,
  TRIAL_ENDED_FOR_GUESTS,
  trialHasEnded,
  type Currency,
  type GuestLocale,
  type OptionGroupRule,
  type PublicMenu,
  type PublicMenuItem,
  type PublicOptionGroup,
  type RestaurantMoney,
  type TextTranslations,
} from '@tavola/contract';
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CacheHub } from '../../core/cache/hub.js';
import type { ScopedCache } from '../../core/cache/scoped-cache.js';
import type { DbOrTx } from '../../core/db/client.js';
import {
  menuCategories,
  menuItems,
  menuOptions,
  optionGroups,
  type restaurants,
  type tables,
} from '../../core/db/schema.js';
import { platformBrand, type PlatformSettingsRow } from '../../platform/settings/index.js';
import { PublicTableCache } from '../tables/index.js';
import { itemOptionGroups, publicOptionGroup } from './options-service.js';
import { translated } from './translations-service.js';

/** The platform's settings as the guest menu needs them (its brand, its maintenance mode). */
export interface PlatformSettingsSource {
  get(): Promise<PlatformSettingsRow>;
}

/** The scopes of a guest menu: the restaurant's menu and settings, and the platform's brand. */
export const publicMenuScopes = {
  restaurant: (id: string) => `public-menu:${id}`,
  platform: 'public-menu:platform',
};

/** A guest menu response, written once: its JSON (as the bytes sent) and its entity tag. */
export interface MenuBody {
  body: Buffer;
  etag: string;
  /** The table the code named when the response was written (its guests' presence). */
  tableId: string;
  /** When a free trial ends (the notice must show from then), else null. */
  until: number | null;
}

type Resolved = Awaited<ReturnType<PublicTableCache['resolve']>>;

/**
 * The guest menu, kept in memory on two levels: the restaurant's menu as read (items, options,
 * allergens, translations), and the whole response written once per table code and language.
 * Both go on `menu_updated` (every menu, price or settings change emits one; every instance hears
 * it through the bus) and when the platform's brand or maintenance changes; a load that raced
 * such a change is not kept (core/cache's tickets). A response also names its table's and
 * restaurant's scopes (`table_updated`, a suspension), so a response found here needs no table
 * lookup: it is served only while the table and restaurant it was written for are unchanged.
 */
export class PublicMenuCache {
  private readonly menus: ScopedCache<LoadedMenu>;
  private readonly bodies: ScopedCache<MenuBody>;

  constructor(
    private readonly db: DbOrTx,
    private readonly platform: PlatformSettingsSource,
    private readonly hub: CacheHub,
    private readonly tables: Pick<PublicTableCache, 'resolve'>,
  ) {
    this.menus = hub.cache<LoadedMenu>('public-menus', { maxEntries: 2_000, ttlMs: 600_000 });
    // Served without looking the table up again: a minute bounds a missed invalidation of the
    // table or restaurant (a lost message), as the guest's bill does.
    this.bodies = hub.cache<MenuBody>('public-menu-bodies', {
      maxEntries: 20_000,
      ttlMs: 60_000,
    });
  }

  invalidate(restaurantId: string): void {
    this.hub.invalidateHere([publicMenuScopes.restaurant(restaurantId)]);
  }

  /** The platform's brand or maintenance mode changed: every restaurant's response is built again. */
  invalidateAll(): void {
    this.hub.invalidateHere([publicMenuScopes.platform]);
  }

  /** The response for `GET /api/menu/public` at the table with this code, ready to send. */
  async body(token: string, locale: GuestLocale | null = null): Promise<MenuBody> {
    const key = `${token}\n${locale ?? ''}`;
    const hit = this.bodies.get(key);
    // A free trial ends with time, not with an event: the notice shows from that moment.
    if (hit && (hit.until === null || hit.until > Date.now())) return hit;
    if (hit) this.bodies.delete(key);
    return this.bodies.getOrLoad(key, async () => {
      const resolved = await this.tables.resolve(token);
      const { restaurant } = resolved;
      const body = Buffer.from(
        JSON.stringify({
          success: true,
          data: await this.get(restaurant, resolved.table, locale),
        }),
      );
      const trialEnd = restaurant.status === 'trial' ? restaurant.trialEndsAt : null;
      return {
        value: {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
          tableId: resolved.table.id,
          until: trialEnd && trialEnd.getTime() > Date.now() ? trialEnd.getTime() : null,
        },
        scopes: this.scopesOf(resolved),
      };
    });
  }

  private scopesOf(resolved: Resolved): string[] {
    return [
      publicMenuScopes.restaurant(resolved.restaurant.id),
      publicMenuScopes.platform,
      ...PublicTableCache.scopesOf(resolved),
    ];
  }

  async get(
    restaurant: typeof restaurants.$inferSelect,
    table: typeof tables.$inferSelect,
    locale: GuestLocale | null = null,
  ): Promise<PublicMenu> {
    const [platform, loaded] = await Promise.all([
      this.platform.get(),
      this.menus.getOrLoad(restaurant.id, async () => ({
        value: await loadMenu(this.db, restaurant),
        scopes: [publicMenuScopes.restaurant(restaurant.id)],
      })),
    ]);
    return {
      menu: localizedMenu(loaded, locale),
      language: locale,
      ...(locale ? { categoryNames: categoryNames(loaded, locale) } : {}),
      restaurant: {
        id: restaurant.id,
        name: restaurant.name,
        currency: restaurant.currency,
        exchangeRate: restaurant.exchangeRate,
        // Its own brand on a white-label plan, else the platform's.
        branding: guestBranding(restaurant, platform),
        charges: {
          taxRate: bpsToPercent(restaurant.taxRateBps),
          serviceCharge: bpsToPercent(restaurant.serviceChargeBps),
          pricesIncludeTax: restaurant.pricesIncludeTax,
        },
        // The guest page's notice; ordering itself is refused by the order route's check (an
        // ended trial first, as there).
        // The platform's maintenance comes first, as in the order check.
        orderingPaused: platform.maintenanceMode
          ? PLATFORM_MAINTENANCE_FOR_GUESTS
          : trialHasEnded(restaurant)
            ? TRIAL_ENDED_FOR_GUESTS
            : guestOrderingPause(restaurant),
      },
      table: { number: table.number },
    };
  }
}

function guestBranding(
  restaurant: typeof restaurants.$inferSelect,
  platform: PlatformSettingsRow,
): PublicMenu['restaurant']['branding'] {
  const { source: _source, ...brand } = effectiveBranding(restaurant, platformBrand(platform));
  return brand;
}

/** The guest menu in its original words, and every translation the manager wrote for it. */
interface LoadedMenu {
  menu: PublicMenu['menu'];
  items: Map<string, TextTranslations>;
  groups: Map<string, TextTranslations>;
  options: Map<string, TextTranslations>;
  categories: Map<string, TextTranslations>;
}

const hasAny = (t: TextTranslations) => Object.keys(t).length > 0;

/** The menu with every text in `locale` where it has a translation there (the original if not). */
function localizedMenu(loaded: LoadedMenu, locale: GuestLocale | null): PublicMenu['menu'] {
  if (!locale) return loaded.menu;
  const { items, groups, options } = loaded;
  const localized = new Map<string, PublicMenuItem[]>();
  for (const [key, list] of Object.entries(loaded.menu)) {
    localized.set(
      key,
      list.map((item) => ({
        ...item,
        name: translated(item.name, items.get(item.id), locale),
        description: translated(item.description, items.get(item.id), locale, 'description'),
        ...(item.optionGroups
          ? {
              optionGroups: item.optionGroups.map((g) => ({
                ...g,
                name: translated(g.name, groups.get(g.id), locale),
                options: g.options.map((o) => ({
                  ...o,
                  name: translated(o.name, options.get(o.id), locale),
                })),
              })),
            }
          : {}),
      })),
    );
  }
  return Object.fromEntries(localized);
}

function categoryNames(loaded: LoadedMenu, locale: GuestLocale): Record<string, string> {
  const names = new Map<string, string>();
  for (const [key, translations] of loaded.categories) {
    const name = translations[locale]?.name;
    if (name && key in loaded.menu) names.set(key, name);
  }
  return Object.fromEntries(names);
}

/** The guest menu, grouped by category key, with every price in both currencies. */
async function loadMenu(
  db: DbOrTx,
  restaurant: typeof restaurants.$inferSelect,
): Promise<LoadedMenu> {
  const [rows, groups, groupTexts, optionTexts, categoryTexts] = await Promise.all([
    db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurant.id), isNull(menuItems.deletedAt)))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
    itemOptionGroups(db, restaurant.id),
    db
      .select({ id: optionGroups.id, translations: optionGroups.translations })
      .from(optionGroups)
      .where(eq(optionGroups.restaurantId, restaurant.id)),
    db
      .select({ id: menuOptions.id, translations: menuOptions.translations })
      .from(menuOptions)
      .where(eq(menuOptions.restaurantId, restaurant.id)),
    db
      .select({ name: menuCategories.name, translations: menuCategories.translations })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurant.id)),
  ]);
  const itemTexts = new Map<string, TextTranslations>();

  // Category names are the manager's own words: a Map, so `__proto__` or `constructor` is just a
  // category. Object.fromEntries then defines each key as an own property.
  const menu = new Map<string, PublicMenuItem[]>([
    ['food', []],
    ['drinks', []],
    ['specials', []],
  ]);
  for (const row of rows) {
    const key = normalizeCategoryKey(row.category);
    // The unit the bill will charge, in both currencies, even for an item priced in the other.
    const price = dualPrice(row.priceCents, restaurant, row.currency);
    let items = menu.get(key);
    if (!items) {
      items = [];
      menu.set(key, items);
    }
    items.push({
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
      ...publicAllergens(row),
      ...withOptions(groups.get(row.id), row, restaurant),
    });
    if (hasAny(row.translations)) itemTexts.set(row.id, row.translations);
  }
  return {
    menu: Object.fromEntries(menu),
    items: itemTexts,
    groups: new Map(
      groupTexts.filter((g) => hasAny(g.translations)).map((g) => [g.id, g.translations]),
    ),
    options: new Map(
      optionTexts.filter((o) => hasAny(o.translations)).map((o) => [o.id, o.translations]),
    ),
    categories: new Map(
      categoryTexts
        .filter((c) => hasAny(c.translations))
        .map((c) => [normalizeCategoryKey(c.name), c.translations]),
    ),
  };
}

/** An item's allergens, traces and diets as the guest menu shows them. */
export function publicAllergens(
  row: Pick<typeof menuItems.$inferSelect, 'allergens' | 'allergenTraces' | 'diets'>,
): Pick<PublicMenuItem, 'allergens' | 'traces' | 'allergensDeclared' | 'diets'> {
  const declaration = { allergens: row.allergens, traces: row.allergenTraces, diets: row.diets };
  return {
    allergens: row.allergens ?? [],
    traces: row.allergenTraces,
    allergensDeclared: row.allergens !== null,
    diets: itemDiets(declaration),
  };
}

/** An item's `optionGroups` and `pricing` on the guest menu and the order screen; nothing without groups. */
export function withOptions(
  rules: readonly OptionGroupRule[] | undefined,
  item: Pick<typeof menuItems.$inferSelect, 'priceCents' | 'currency'>,
  restaurant: RestaurantMoney,
): { optionGroups?: PublicOptionGroup[]; pricing?: { priceCents: number; currency: Currency } } {
  if (!rules?.length) return {};
  return {
    optionGroups: rules.map((r) => publicOptionGroup(r, restaurant, item.currency)),
    pricing: { priceCents: item.priceCents, currency: item.currency },
  };
}
