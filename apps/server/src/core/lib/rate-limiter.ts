/** A fixed-window counter per key, in memory, bounded in size. */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the milliseconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 50_000) this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? entry.resetAt - now : 0;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full of live keys (a flood): drop the oldest rather than grow without bound.
    if (this.windows.size >= 50_000) this.windows.clear();
  }
}

/** One key's count in its current window. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Counters that every instance of the server shares (Redis when `REDIS_URL` is set), so N
 * instances do not allow N times a limit.
 */
export interface CounterStore {
  /** Counts one hit on `key`; the first hit opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** `key`'s count in its current window, without counting (0 when none is open). */
  peek(key: string): Promise<WindowCount>;
  /** Forgets `key`'s count. */
  reset(key: string): Promise<void>;
  /** Takes one hit back (it turned out not to count). */
  release(key: string): Promise<void>;
}

/** Counters of one instance, bounded in size. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.hitNow(key, windowMs);
  }

  /** Synchronous, so concurrent callers on one instance can never both see the same count. */
  hitNow(key: string, windowMs: number): WindowCount {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 50_000) this.prune(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async peek(key: string): Promise<WindowCount> {
    return this.peekNow(key);
  }

  peekNow(key: string): WindowCount {
    const now = this.now();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async release(key: string): Promise<void> {
    const entry = this.windows.get(key);
    if (entry && --entry.count <= 0) this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= 50_000) this.windows.clear();
  }
}

/** The smallest part of ioredis this needs (a `Redis` client). */
export interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(key: string): Promise<number>;
}

// A key that expired meanwhile would come back as -1 with no expiry: it goes instead.
const RELEASE_SCRIPT = `
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

// One round trip, atomic: count, open the window on the first hit, report what is left of it.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

/**
 * Counters in Redis, shared by every instance. While Redis cannot be reached, each instance
 * counts in memory (its own limits still hold) rather than refusing every request.
 */
export class RedisCounterStore implements CounterStore {
  private readonly fallback = new MemoryCounterStore();
  private lastWarning = 0;

  constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    try {
      const [count, ttl] = (await this.redis.eval(
        HIT_SCRIPT,
        1,
        this.prefix + key,
        Math.max(1, Math.round(windowMs)),
      )) as [number, number];
      return { count: Number(count), resetInMs: Number(ttl) };
    } catch (err) {
      this.warn(err);
      return this.fallback.hitNow(key, windowMs);
    }
  }

  async peek(key: string): Promise<WindowCount> {
    try {
      const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, this.prefix + key)) as [
        number,
        number,
      ];
      return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
    } catch (err) {
      this.warn(err);
      return this.fallback.peekNow(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.warn(err);
    }
  }

  async release(key: string): Promise<void> {
    await this.fallback.release(key);
    try {
      await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
    } catch (err) {
      this.warn(err);
    }
  }

  // One warning per half minute is enough to notice an outage without flooding the log.
  private warn(err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 30_000) return;
    this.lastWarning = now;
    this.onError(err);
  }
}

/** A limit of `max` hits per key and window, counted in a (possibly shared) store. */
export class SharedLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; resolves to the milliseconds to wait when over the limit, else 0. */
  async hit(key: string): Promise<number> {
    const { count, resetInMs } = await this.store.hit(`${this.name}:${key}`, this.windowMs);
    return count > this.max ? Math.max(1, resetInMs) : 0;
  }

  /**
   * Without counting: the milliseconds to wait when the limit is used up (one more hit would be
   * over it), else 0.
   */
  async exhausted(key: string): Promise<number> {
    const { count, resetInMs } = await this.store.peek(`${this.name}:${key}`);
    return count >= this.max ? Math.max(1, resetInMs) : 0;
  }
}
