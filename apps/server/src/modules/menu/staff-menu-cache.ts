import { cachesOf, eventTouches } from '../../core/cache/hub.js';
import type { ScopedCache } from '../../core/cache/scoped-cache.js';
import type { EventBus } from '../../core/events/bus.js';

/** The manager's menu list of a restaurant is built from this scope. */
export const staffMenuScope = (restaurantId: string) => `staff-menu:${restaurantId}`;

/** Changes to items, their options, categories or stations (orders and tickets leave it). */
const MENU_EVENTS = ['menu_updated', 'stations_updated', 'backup_updated'] as const;
const MENU_ACTIONS = /^(menu|station|backup|restaurant)\./;

const caches = new WeakMap<EventBus, ScopedCache<string>>();

/**
 * The manager's menu list (`GET /api/menu`), written once per restaurant and page size and sent
 * as it is until the menu changes: every menu change emits `menu_updated` and its audit entry
 * (heard by every instance); orders and tickets leave it.
 */
export function staffMenuCache(ctx: { bus: EventBus }): ScopedCache<string> {
  const existing = caches.get(ctx.bus);
  if (existing) return existing;
  const hub = cachesOf(ctx.bus);
  const cache = hub.cache<string>('staff-menus', { maxEntries: 5_000, ttlMs: 300_000 });
  ctx.bus.subscribe((event) => {
    if (eventTouches(event, MENU_EVENTS, MENU_ACTIONS))
      hub.invalidateHere([staffMenuScope(event.restaurantId)]);
  });
  caches.set(ctx.bus, cache);
  return cache;
}
