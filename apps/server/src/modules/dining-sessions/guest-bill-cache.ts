import { cachesOf } from '../../core/cache/hub.js';
import type { EventBus } from '../../core/events/bus.js';
import type { WorkContext } from '../../core/events/unit-of-work.js';
import { guestTableCache, PublicTableCache } from '../tables/index.js';
import { sessionSummary } from './service.js';

/** Every bill of a restaurant, cached or not, is built from this scope. */
export const guestBillScope = (restaurantId: string) => `guest-bill:${restaurantId}`;

export interface GuestBillCache {
  /** The response body of `GET /api/sessions/public/summary`, ready to send. */
  body(token: string, sessionId: string | undefined): Promise<string>;
}

const caches = new WeakMap<EventBus, GuestBillCache>();

/**
 * The guest's bill, which every phone at a table polls every few seconds, served as written JSON until
 * anything happens in its restaurant. Every committed change of a restaurant records at least
 * one event (its audit entry's `audit_logged` if nothing else) and each instance hears each
 * event: the writer's own before its HTTP response (the bus publishes in the same call, after
 * the commit), the others through Redis. A bill read before a commit and finished after its
 * event is never kept (core/cache's tickets), so a phone never reads an order or a payment back
 * as missing once its response was sent.
 */
export function guestBillCache(ctx: Pick<WorkContext, 'db' | 'bus'>): GuestBillCache {
  const existing = caches.get(ctx.bus);
  if (existing) return existing;
  const hub = cachesOf(ctx.bus);
  const tables = guestTableCache(ctx);
  const cache = hub.cache<string>('guest-bills', { maxEntries: 20_000, ttlMs: 60_000 });
  ctx.bus.subscribe((event) => hub.invalidateHere([guestBillScope(event.restaurantId)]));
  // A suspension ends the restaurant's bills at once, as it ends its sockets.
  ctx.bus.subscribeDisconnect((command) => {
    if (command.match.restaurantId) {
      hub.invalidateHere([guestBillScope(command.match.restaurantId)]);
    }
  });
  const bills: GuestBillCache = {
    body: (token, sessionId) =>
      cache.getOrLoad(`${token}\n${sessionId ?? ''}`, async () => {
        const resolved = await tables.resolve(token);
        const summary = await sessionSummary(
          ctx.db,
          resolved.table,
          resolved.restaurant,
          sessionId,
        );
        return {
          value: JSON.stringify({ success: true, data: summary }),
          scopes: [guestBillScope(resolved.restaurant.id), ...PublicTableCache.scopesOf(resolved)],
        };
      }),
  };
  caches.set(ctx.bus, bills);
  return bills;
}
