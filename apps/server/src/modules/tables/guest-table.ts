import { cachesOf, type CacheHub } from '../../core/cache/hub.js';
import type { ScopedCache } from '../../core/cache/scoped-cache.js';
import type { EventBus } from '../../core/events/bus.js';
import type { WorkContext } from '../../core/events/unit-of-work.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { restaurants, tables } from '../../core/db/schema.js';
import { refusalsEn } from '@tavola/contract';
import { refuse } from '../../core/http/errors.js';

export const TABLE_NOT_FOUND = refusalsEn.GUEST_TABLE_NOT_FOUND;

/** Every guest call reads it: prepared once. */
const tableByToken = preparedQuery((db) =>
  db
    .select({ table: tables, restaurant: restaurants })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(and(eq(tables.qrToken, sql.placeholder('token')), isNull(tables.archivedAt)))
    .limit(1)
    .prepare('table_by_token'),
);

async function findTableByToken(db: DbOrTx, token: string) {
  const [row] = await tableByToken(db).execute({ token });
  return row ?? null;
}

/**
 * The guest's table and restaurant, from the QR token: the only way a public call finds its
 * restaurant. Unknown or rotated tokens are 404; closed tables and suspended restaurants refuse.
 */
export async function resolvePublicTable(
  db: DbOrTx,
  token: string,
  options: { readOnly?: boolean; evenSuspended?: boolean } = {},
) {
  const row = await findTableByToken(db, token);
  if (!row) throw refuse('GUEST_TABLE_NOT_FOUND');
  if (row.restaurant.status === 'suspended' && !options.evenSuspended) {
    throw refuse('RESTAURANT_UNAVAILABLE_FOR_GUESTS');
  }
  // A closed table can still show its menu and bill; it takes no orders or requests.
  if (row.table.status === 'maintenance' && !options.readOnly) {
    throw refuse('TABLE_NOT_TAKING_ORDERS');
  }
  return row;
}

type Resolved = Awaited<ReturnType<typeof resolvePublicTable>>;

/** The scopes of a cached guest table: the table itself, and its restaurant's row. */
export const guestTableScopes = {
  table: (id: string) => `guest-table:${id}`,
  restaurant: (id: string) => `guest-restaurant:${id}`,
};

/**
 * Token → table for the guest's read-only calls (menu, bill), which every phone repeats. Entries
 * live a few seconds and go at once on `table_updated` (rotation, status change, removal) and on
 * `menu_updated` (settings travel with the restaurant row); ordering and requests always read
 * the database. A lookup that raced such a change is not kept (core/cache's tickets).
 */
export class PublicTableCache {
  private readonly cache: ScopedCache<Resolved>;

  constructor(
    private readonly db: DbOrTx,
    private readonly hub: CacheHub,
    ttlMs = 5000,
  ) {
    this.cache = hub.cache<Resolved>('guest-tables', { maxEntries: 10_000, ttlMs });
  }

  resolve(token: string): Promise<Resolved> {
    return this.cache.getOrLoad(token, async () => {
      const value = await resolvePublicTable(this.db, token, { readOnly: true });
      return { value, scopes: PublicTableCache.scopesOf(value) };
    });
  }

  /** What an answer built on a resolved table depends on (a bill cached by table adds these). */
  static scopesOf(resolved: Resolved): string[] {
    return [
      guestTableScopes.table(resolved.table.id),
      guestTableScopes.restaurant(resolved.restaurant.id),
    ];
  }

  invalidateTable(tableId: string): void {
    this.hub.invalidateHere([guestTableScopes.table(tableId)]);
  }

  invalidateRestaurant(restaurantId: string): void {
    this.hub.invalidateHere([guestTableScopes.restaurant(restaurantId)]);
  }
}

const sharedCaches = new WeakMap<EventBus, PublicTableCache>();

/**
 * The one table cache of a bus (one per app), shared by every domain's guest routes (menu, bill). A rotated
 * code, a status change or a settings change (`table_updated`, `menu_updated`) drops entries.
 */
export function guestTableCache(ctx: Pick<WorkContext, 'db' | 'bus'>): PublicTableCache {
  const existing = sharedCaches.get(ctx.bus);
  if (existing) return existing;
  const cache = new PublicTableCache(ctx.db, cachesOf(ctx.bus));
  sharedCaches.set(ctx.bus, cache);
  // Subscribed for as long as the bus lives: closing the bus drops its listeners.
  ctx.bus.subscribe((event) => {
    // Settings (name, currency, rate) travel with the cached restaurant row.
    if (event.type === 'menu_updated') cache.invalidateRestaurant(event.restaurantId);
    if (event.type === 'table_updated' && event.tableId) cache.invalidateTable(event.tableId);
  });
  // A suspension closes the restaurant's sockets on every instance; its menu and bill stop at
  // the same moment, not when the cached entry runs out.
  ctx.bus.subscribeDisconnect((command) => {
    if (command.match.restaurantId) cache.invalidateRestaurant(command.match.restaurantId);
  });
  return cache;
}
