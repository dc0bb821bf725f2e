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
