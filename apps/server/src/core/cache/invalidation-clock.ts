/**
 * Which cached answers are still good, by scope. Every invalidation moves the clock on and marks
 * its scopes with the new time; an answer is good while none of the scopes it was built from
 * was marked after the reader looked at the clock, before reading the database. So a reader that
 * read the rows just before a commit, and finishes after the commit's invalidation, never stores
 * what it read: its ticket is older than the mark.
 */
export class InvalidationClock {
  private time = 0;
  /** Every scope is at least this old: raised by `invalidateAll` and when the marks are pruned. */
  private floor = 0;
  private readonly marks = new Map<string, number>();

  /** @param maxScopes marks kept before they are forgotten (forgetting invalidates everything). */
  constructor(private readonly maxScopes = 100_000) {}

  /** Taken before reading what will be cached. */
  ticket(): number {
    return this.time;
  }

  invalidate(scopes: readonly string[]): void {
    if (scopes.length === 0) return;
    this.time++;
    if (this.marks.size + scopes.length > this.maxScopes) {
      // Bounded memory: forgetting the marks is safe only if nothing older survives them.
      this.marks.clear();
      this.floor = this.time;
      return;
    }
    for (const scope of scopes) this.marks.set(scope, this.time);
  }

  /** Nothing read before now is kept (a reconnected bus may have missed invalidations). */
  invalidateAll(): void {
    this.time++;
    this.floor = this.time;
    this.marks.clear();
  }

  /** Whether an answer read from `scopes` after `ticket` was taken is still current. */
  fresh(scopes: readonly string[], ticket: number): boolean {
    if (this.floor > ticket) return false;
    for (const scope of scopes) {
      const mark = this.marks.get(scope);
      if (mark !== undefined && mark > ticket) return false;
    }
    return true;
  }

  /** Whether anything at all was invalidated since `ticket` (a load in flight may be shared). */
  unchangedSince(ticket: number): boolean {
    return this.time === ticket;
  }
}
