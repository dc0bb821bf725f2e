import { cachesOf, eventTouches } from '../cache/hub.js';
import type { ScopedCache } from '../cache/scoped-cache.js';
import type { Db } from '../db/client.js';
import type { EventBus, SocketMatch } from '../events/bus.js';
import { authenticate, type AuthContext } from './sessions.js';
import { hashToken } from './tokens.js';

/** The scopes a signed-in session's cached check is built from. */
export const authScopes = {
  session: (id: string) => `auth:session:${id}`,
  user: (id: string) => `auth:user:${id}`,
  restaurant: (id: string) => `auth:restaurant:${id}`,
  /** Every team account (the platform's two-factor rule is read with each). */
  team: 'auth:team',
};

/**
 * What may change what a session carries (an account, its role or permissions, the restaurant's
 * name, time zone or notification switch, a restored backup). The operational flow of a service
 * (orders, tickets, payments) does not, and leaves the cached checks alone.
 */
const ACCOUNT_EVENTS = ['staff_updated', 'user_joined', 'menu_updated', 'backup_updated'] as const;
const ACCOUNT_ACTIONS = /^(staff|auth|team|restaurant|backup)\./;

function scopesOfMatch(match: SocketMatch): string[] {
  if (match.authSessionId) return [authScopes.session(match.authSessionId)];
  if (match.userId) return [authScopes.user(match.userId)];
  if (match.restaurantId && !match.tableId) return [authScopes.restaurant(match.restaurantId)];
  return [];
}

const TTL_MS = 30_000;

/**
 * Staff tokens checked from memory: a hit costs no database round trip. Every revocation already
 * ends the session's sockets on every instance (a disconnect on the bus, after its commit:
 * sign-out, a revoked session, a deactivation, a new password or role, a suspended restaurant,
 * a team account's end); the same message drops the cached check there, so the next call is
 * refused at once on every instance. Changes to what a session carries drop it by their events.
 */
export class SessionCache {
  private readonly cache: ScopedCache<AuthContext>;

  constructor(
    private readonly db: Db,
    bus: EventBus,
  ) {
    const hub = cachesOf(bus);
    this.cache = hub.cache<AuthContext>('auth-sessions', { maxEntries: 50_000, ttlMs: TTL_MS });
    bus.subscribeDisconnect((command) => hub.invalidateHere(scopesOfMatch(command.match)));
    bus.subscribe((event) => {
      if (eventTouches(event, ACCOUNT_EVENTS, ACCOUNT_ACTIONS))
        hub.invalidateHere([authScopes.restaurant(event.restaurantId)]);
    });
    // Team accounts hear the platform's changes (its two-factor rule among them).
    bus.subscribePlatform(() => hub.invalidateHere([authScopes.team]));
  }

  async authenticate(token: string, now = new Date()): Promise<AuthContext> {
    if (!token || token.length > 200) return authenticate(this.db, token);
    const key = hashToken(token);
    const cached = this.cache.get(key);
    if (cached) {
      if (cached.expiresAt > now) {
        this.cache.hits++;
        return cached;
      }
      // Ended by itself: the database says so in its words.
      this.cache.delete(key);
    }
    return this.cache.getOrLoad(key, async () => {
      const auth = await authenticate(this.db, token);
      return {
        value: auth,
        scopes: [
          authScopes.session(auth.sessionId),
          authScopes.user(auth.user.id),
          auth.restaurantId ? authScopes.restaurant(auth.restaurantId) : authScopes.team,
        ],
      };
    });
  }
}
