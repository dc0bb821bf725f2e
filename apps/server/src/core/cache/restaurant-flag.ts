import type { EventType } from '@tavola/contract';
import type { EventBus } from '../events/bus.js';
import { cachesOf, eventTouches } from './hub.js';

export interface RestaurantFlagSpec {
  /** Events of a restaurant that may change the answer. */
  events: readonly EventType[];
  /** Audit actions (of an `audit_logged`) that may change it. */
  actions: RegExp;
  /** Reads the answer. */
  load(restaurantId: string): Promise<boolean>;
}

/** Answered from memory when it can be (a boolean), else by a read (a promise). */
export type RestaurantFlag = (restaurantId: string) => boolean | Promise<boolean>;

const flags = new WeakMap<EventBus, Map<string, RestaurantFlag>>();

/**
 * A yes or no per restaurant ("has a webhook endpoint", "has a printer") that is asked on every
 * commit and changes a few times in a restaurant's life: kept per process on the caches' clock,
 * and dropped on every instance by the events that may change it (each instance hears each
 * restaurant event: its own at once, the others' through Redis). A read that began before such
 * an event is not kept (core/cache's tickets).
 */
export function restaurantFlag(
  bus: EventBus,
  name: string,
  spec: RestaurantFlagSpec,
): RestaurantFlag {
  let ofBus = flags.get(bus);
  if (!ofBus) {
    ofBus = new Map();
    flags.set(bus, ofBus);
  }
  const existing = ofBus.get(name);
  if (existing) return existing;
  const hub = cachesOf(bus);
  const cache = hub.cache<boolean>(name, { maxEntries: 50_000, ttlMs: 60_000 });
  const scope = (restaurantId: string) => `${name}:${restaurantId}`;
  bus.subscribe((event) => {
    if (eventTouches(event, spec.events, spec.actions)) {
      hub.invalidateHere([scope(event.restaurantId)]);
    }
  });
  const flag: RestaurantFlag = (restaurantId) => {
    const known = cache.get(restaurantId);
    if (known !== undefined) {
      cache.hits++;
      return known;
    }
    return cache.getOrLoad(restaurantId, async () => ({
      value: await spec.load(restaurantId),
      scopes: [scope(restaurantId)],
    }));
  };
  ofBus.set(name, flag);
  return flag;
}
