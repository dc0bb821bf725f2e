/**
 * Counts failed sign-ins per username so a password cannot be guessed from many IPs at once.
 * In memory per instance; the per-IP limit is @fastify/rate-limit's.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until this username may try again, or 0 when it may now. */
  retryAfter(username: string): number {
    const entry = this.failures.get(username.toLowerCase());
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.failures.delete(username.toLowerCase());
      return 0;
    }
    return entry.count >= this.maxFailures ? left : 0;
  }

  recordFailure(username: string): void {
    const key = username.toLowerCase();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= this.now()) {
      this.failures.set(key, { count: 1, resetAt: this.now() + this.windowMs });
      this.prune();
      return;
    }
    entry.count += 1;
  }

  reset(username: string): void {
    this.failures.delete(username.toLowerCase());
  }

  // Bound memory under a flood of random usernames.
  private prune(): void {
    if (this.failures.size < 10_000) return;
    const now = this.now();
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
