import type { InvalidationClock } from './invalidation-clock.js';

export interface CacheOptions {
  /** Entries kept; past it the oldest stored goes first. */
  maxEntries: number;
  /** A safety net only: entries are dropped by invalidation; this bounds a missed one. */
  ttlMs: number;
}

/** What a load read, and the scopes whose invalidation makes it wrong. */
export interface Loaded<V> {
  value: V;
  scopes: readonly string[];
  /**
   * The moment (epoch ms) the answer would change by time alone (a day ends, a served ticket
   * leaves the recall list): it is never served from then on, whatever its time to live.
   */
  expiresAt?: number;
}

interface Entry<V> {
  value: V;
  scopes: readonly string[];
  ticket: number;
  expiresAt: number;
}

/**
 * A bounded map of answers, each built from some scopes (a restaurant's menu, a table's bill, a
 * session) and good until one of them is invalidated on the shared clock. A load takes its
 * ticket before it reads, so what it read before a commit is never stored after that commit's
 * invalidation. Concurrent misses of one key share one load while nothing has been invalidated
 * since it started. `undefined` is not a value (it means a miss).
 */
export class ScopedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, { ticket: number; promise: Promise<V> }>();
  hits = 0;
  misses = 0;

  constructor(
    readonly name: string,
    private readonly clock: InvalidationClock,
    private readonly options: CacheOptions,
    // Read at each call, so a test's fake clock (vi.setSystemTime) is the cache's clock too.
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The current answer for `key`, or undefined (absent, invalidated or expired). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() || !this.clock.fresh(entry.scopes, entry.ticket)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores what a load read after `ticket` was taken, unless its scopes changed since. */
  set(key: string, loaded: Loaded<V>, ticket: number): boolean {
    if (!this.clock.fresh(loaded.scopes, ticket)) return false;
    this.entries.delete(key);
    this.entries.set(key, {
      value: loaded.value,
      scopes: loaded.scopes,
      ticket,
      expiresAt: Math.min(this.now() + this.options.ttlMs, loaded.expiresAt ?? Infinity),
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The cached answer, else `load`'s (stored if still current when it finishes). */
  async getOrLoad(key: string, load: () => Promise<Loaded<V>>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const inFlight = this.loading.get(key);
    if (inFlight && this.clock.unchangedSince(inFlight.ticket)) return inFlight.promise;
    const ticket = this.clock.ticket();
    const promise: Promise<V> = load()
      .then((loaded) => {
        this.set(key, loaded, ticket);
        return loaded.value;
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { ticket, promise });
    return promise;
  }
}
