import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../events/bus.js';
import { cachesOf } from './hub.js';
import { InvalidationClock } from './invalidation-clock.js';
import { ScopedCache } from './scoped-cache.js';

const options = { maxEntries: 3, ttlMs: 60_000 };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ScopedCache', () => {
  it('serves a stored answer until one of its scopes is invalidated', async () => {
    const clock = new InvalidationClock();
    const cache = new ScopedCache<string>('t', clock, options);
    let reads = 0;
    const load = async () => ({ value: `v${++reads}`, scopes: ['r:1', 't:1'] });
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    clock.invalidate(['r:2']);
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    clock.invalidate(['t:1']);
    expect(await cache.getOrLoad('k', load)).toBe('v2');
    clock.invalidateAll();
    expect(await cache.getOrLoad('k', load)).toBe('v3');
  });

  it('never stores what a load read before an invalidation that came while it ran', async () => {
    const clock = new InvalidationClock();
    const cache = new ScopedCache<string>('t', clock, options);
    const read = deferred<string>();
    // The reader has read the rows as they were before the commit…
    const first = cache.getOrLoad('k', async () => ({
      value: await read.promise,
      scopes: ['r:1'],
    }));
    // …the writer commits and invalidates, then the reader finishes.
    clock.invalidate(['r:1']);
    read.resolve('before the commit');
    expect(await first).toBe('before the commit');
    // The next reader does not get the old answer: it reads again.
    expect(await cache.getOrLoad('k', async () => ({ value: 'after', scopes: ['r:1'] }))).toBe(
      'after',
    );
  });

  it('shares one load among concurrent misses, but not across an invalidation', async () => {
    const clock = new InvalidationClock();
    const cache = new ScopedCache<number>('t', clock, options);
    let loads = 0;
    const gate = deferred<void>();
    const load = async () => {
      const n = ++loads;
      await gate.promise;
      return { value: n, scopes: ['r:1'] };
    };
    const a = cache.getOrLoad('k', load);
    const b = cache.getOrLoad('k', load);
    clock.invalidate(['r:1']);
    const c = cache.getOrLoad('k', load);
    gate.resolve();
    expect(await Promise.all([a, b, c])).toEqual([1, 1, 2]);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest stored, and expires entries', async () => {
    let now = 0;
    const clock = new InvalidationClock();
    const cache = new ScopedCache<string>('t', clock, options, () => now);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, { value: k, scopes: [] }, clock.ticket());
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe('d');
    now = 60_000;
    expect(cache.get('d')).toBeUndefined();
  });

  it('never serves an answer at or past the moment its load said it changes by time', async () => {
    let now = 1_000;
    const clock = new InvalidationClock();
    const cache = new ScopedCache<string>('t', clock, options, () => now);
    let reads = 0;
    const load = async () => ({ value: `v${++reads}`, scopes: ['r:1'], expiresAt: 5_000 });
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    now = 4_999;
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    now = 5_000;
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('does not cache a failed load', async () => {
    const cache = new ScopedCache<string>('t', new InvalidationClock(), options);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.getOrLoad('k', async () => ({ value: 'ok', scopes: [] }))).toBe('ok');
  });
});

describe('InvalidationClock', () => {
  it('forgets its marks past its bound by invalidating everything older', () => {
    const clock = new InvalidationClock(2);
    const ticket = clock.ticket();
    clock.invalidate(['a']);
    clock.invalidate(['b']);
    expect(clock.fresh(['c'], ticket)).toBe(true);
    clock.invalidate(['c']);
    // Three marks do not fit: every answer read before is stale, whatever its scopes.
    expect(clock.fresh(['z'], ticket)).toBe(false);
    expect(clock.fresh(['a'], clock.ticket())).toBe(true);
  });
});

describe('CacheHub', () => {
  it("invalidates through the bus, and a bus's '*' drops everything", async () => {
    const bus = new InProcessEventBus();
    const hub = cachesOf(bus);
    expect(cachesOf(bus)).toBe(hub);
    const cache = hub.cache<string>('t', options);
    cache.set('k', { value: 'v', scopes: ['r:1'] }, hub.clock.ticket());
    cache.set('j', { value: 'w', scopes: ['r:2'] }, hub.clock.ticket());
    hub.invalidate(['r:1']);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('j')).toBe('w');
    bus.publishInvalidation(['*']);
    expect(cache.get('j')).toBeUndefined();
  });
});
