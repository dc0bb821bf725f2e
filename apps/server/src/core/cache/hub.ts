import type { DomainEvent, EventType } from '@tavola/contract';
import type { EventBus } from '../events/bus.js';
import { InvalidationClock } from './invalidation-clock.js';
import { ScopedCache, type CacheOptions } from './scoped-cache.js';

/** Every scope: a bus that may have missed messages drops everything cached. */
export const ALL_SCOPES = '*';

/**
 * A restaurant's live state as staff read it (its tables, orders, tickets, payments, staff and
 * settings): dropped by any event of the restaurant, heard by every instance, and by its
 * suspension. An answer built from it is as current as the guest's bill.
 */
export const liveScope = (restaurantId: string) => `live:${restaurantId}`;

/**
 * The caches of one process (one per bus) on one invalidation clock. Invalidation reaches every
 * instance: a domain event is heard by each instance itself (modules map events to scopes with
 * `invalidateHere`), and a change that has no event says what it changed with `invalidate`
 * (this instance at once, the others through the bus; Redis when configured).
 */
export class CacheHub {
  readonly clock = new InvalidationClock();
  private readonly caches = new Map<string, ScopedCache<unknown>>();

  constructor(private readonly bus: EventBus) {
    bus.subscribeInvalidation((scopes) => this.invalidateHere(scopes));
    // Every committed change of a restaurant records at least one event (its audit entry's
    // `audit_logged`), published after the commit and before the writer's response.
    bus.subscribe((event) => this.invalidateHere([liveScope(event.restaurantId)]));
    bus.subscribeDisconnect((command) => {
      if (command.match.restaurantId) this.invalidateHere([liveScope(command.match.restaurantId)]);
    });
  }

  /** The named cache, created on first use (a name is one kind of answer). */
  cache<V>(name: string, options: CacheOptions): ScopedCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new ScopedCache<unknown>(name, this.clock, options);
      this.caches.set(name, cache);
    }
    return cache as ScopedCache<V>;
  }

  /** After a commit: drops the scopes here at once and on every other instance. */
  invalidate(scopes: readonly string[]): void {
    if (scopes.length) this.bus.publishInvalidation(scopes);
  }

  /** Drops scopes on this instance only (for what every instance hears itself: domain events). */
  invalidateHere(scopes: readonly string[]): void {
    if (scopes.includes(ALL_SCOPES)) this.clock.invalidateAll();
    else this.clock.invalidate(scopes);
  }

  /** Entries, hits and misses per cache (for the health page and the benchmarks). */
  stats(): Record<string, { size: number; hits: number; misses: number }> {
    return Object.fromEntries(
      [...this.caches].map(([name, c]) => [name, { size: c.size, hits: c.hits, misses: c.misses }]),
    );
  }
}

const hubs = new WeakMap<EventBus, CacheHub>();

/**
 * The one cache hub of a bus (one per app, or per worker process), so every module's caches
 * share a clock and hear the same invalidations.
 */
export function cachesOf(bus: EventBus): CacheHub {
  let hub = hubs.get(bus);
  if (!hub) {
    hub = new CacheHub(bus);
    hubs.set(bus, hub);
  }
  return hub;
}

/**
 * Whether a restaurant's event is one of `types`, or the audit entries of a change (its
 * `audit_logged`) name an action `actions` matches: how a cache says which changes drop it.
 */
export function eventTouches(
  event: DomainEvent,
  types: readonly EventType[],
  actions: RegExp,
): boolean {
  if (event.type === 'audit_logged') return event.data.actions.some((a) => actions.test(a));
  return types.includes(event.type);
}
