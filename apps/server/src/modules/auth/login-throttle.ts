import type { CounterStore } from '../../core/lib/rate-limiter.js';

/**
 * Limits on guessing one username's password. Usernames are unique across the platform, so
 * anyone may learn that one exists: the limits must slow guessing without letting a stranger
 * lock the user out of their own restaurant.
 */
export const LOGIN_LIMITS = {
  /** Attempts on one username from one address per window; a successful sign-in starts again. */
  perAddress: 10,
  addressWindowMs: 15 * 60_000,
  /**
   * Failed attempts on one username from all addresses per (longer) window (each attempt counts
   * until its password proves right). Beyond it, only addresses
   * the user signed in from lately may still try: a distributed guesser is slowed to this many
   * guesses an hour, while the restaurant's own devices keep working.
   */
  perUsername: 50,
  usernameWindowMs: 60 * 60_000,
  /** How recent a sign-in from an address must be for it to count as the user's own. */
  knownAddressDays: 30,
};

/**
 * Each attempt is counted before its password is verified, so parallel guesses cannot all pass
 * the check before any of them is counted. Counts live in the shared store (Redis when
 * configured), so every instance sees the same ones.
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    /** Whether the user has signed in from this address lately (then it is theirs). */
    private readonly isKnownAddress: (username: string, ip: string) => Promise<boolean>,
    private readonly limits = LOGIN_LIMITS,
  ) {}

  /** Counts one attempt; resolves to the milliseconds to wait when refused, else 0. */
  async attempt(username: string, ip: string): Promise<number> {
    const user = username.toLowerCase();
    const fromHere = await this.store.hit(addressKey(user, ip), this.limits.addressWindowMs);
    if (fromHere.count > this.limits.perAddress) return Math.max(1, fromHere.resetInMs);
    const fromAnywhere = await this.store.hit(usernameKey(user), this.limits.usernameWindowMs);
    if (fromAnywhere.count > this.limits.perUsername && !(await this.isKnownAddress(user, ip))) {
      return Math.max(1, fromAnywhere.resetInMs);
    }
    return 0;
  }

  /**
   * A correct password: this address starts counting again, and the attempt is taken back from
   * the username's count (a demo account signed in from many places is not a guesser).
   */
  async succeeded(username: string, ip: string): Promise<void> {
    const user = username.toLowerCase();
    await Promise.all([
      this.store.reset(addressKey(user, ip)),
      this.store.release(usernameKey(user)),
    ]);
  }
}

function usernameKey(user: string): string {
  return `login:${encodeURIComponent(user)}`;
}

function addressKey(user: string, ip: string): string {
  return `login:${encodeURIComponent(user)}@${ip}`;
}
