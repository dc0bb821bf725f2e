import { API_KEY_LIMITS, type ApiKeyScope, type Permission } from '@tavola/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { SharedLimiter } from '../lib/rate-limiter.js';
import { authenticateApiKey, looksLikeApiKey, sourceAllowed, type ApiKeyAuth } from './api-keys.js';
import { SessionCache } from './session-cache.js';
import { touchSession, userHasPermission, type AuthContext } from './sessions.js';
import { AppError, refuse } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated staff call; null on public routes. */
    auth: AuthContext | null;
    /** Set for every call of the public API (an `api` route); null elsewhere. */
    apiKey: ApiKeyAuth | null;
  }
  interface FastifyContextConfig {
    /** Public routes (guest calls, login) skip staff authentication. */
    public?: boolean;
    /** Any one of these permissions lets the caller in (from `requirePermission`). */
    permissions?: Permission[];
    /**
     * Open to a team account that must set up two-factor sign-in before anything else (its
     * profile, its own two-factor set-up, signing out).
     */
    beforeTwoFactorEnrolment?: boolean;
    /** The API key's scope an `api` route needs (from its contract entry). */
    apiScope?: ApiKeyScope;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const FAILED_TOKENS_PER_MINUTE = 60;

function tooManyFailures(waitMs: number): AppError {
  return refuse('INVALID_TOKENS_RATE_LIMITED', { seconds: Math.ceil(waitMs / 1000) });
}

/**
 * Every `/api` route is staff-only unless its config says `public: true`. Invalid tokens are
 * counted per address (by every instance together when Redis is configured): an address that
 * keeps guessing is refused before any lookup until its minute is over.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { failedTokensPerMinute?: number; apiKeyPerSecond?: number; apiKeyPerWindow?: number },
  ) => {
    const failures = new SharedLimiter(
      app.counters,
      'bad-token',
      opts.failedTokensPerMinute ?? FAILED_TOKENS_PER_MINUTE,
      60_000,
    );
    const keyLimits = apiKeyLimits(app, {
      perSecond: opts.apiKeyPerSecond ?? API_KEY_LIMITS.perSecond,
      perWindow: opts.apiKeyPerWindow ?? API_KEY_LIMITS.perWindow,
    });
    const sessions = new SessionCache(app.db, app.bus);
    app.decorateRequest('auth', null);
    app.decorateRequest('apiKey', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      // Unmatched routes fall through to the 404 handler without asking for a token.
      if (!request.routeOptions.url) return;
      if (request.routeOptions.config.public) {
        // A key is no guest's either: outside the public API's own routes it is refused (a
        // prefix check, no lookup), so it reaches nothing of any restaurant's but through v1.
        const offered = bearerToken(request);
        if (
          offered &&
          looksLikeApiKey(offered) &&
          !request.routeOptions.url.startsWith('/api/v1/')
        ) {
          throw refuse('API_KEY_NOT_ALLOWED_HERE');
        }
        return;
      }
      const token = bearerToken(request);
      const config = request.routeOptions.config;
      if (config.scope === 'api') {
        if (!token) throw refuse('API_KEY_REQUIRED');
        const blocked = await failures.exhausted(request.ip);
        if (blocked > 0) throw tooManyFailures(blocked);
        let key: ApiKeyAuth;
        try {
          key = await authenticateApiKey(app.db, token);
        } catch (err) {
          const wait = await failures.hit(request.ip);
          if (wait > 0) throw tooManyFailures(wait);
          throw err;
        }
        if (!sourceAllowed(request.ip, key.allowedSources)) {
          throw refuse('API_KEY_SOURCE_NOT_ALLOWED');
        }
        await keyLimits(key.actor.apiKeyId, reply);
        if (!config.apiScope || !key.scopes.includes(config.apiScope)) {
          throw refuse('API_KEY_SCOPE_MISSING', { scope: config.apiScope ?? 'none' });
        }
        request.apiKey = key;
        return;
      }
      if (!token) throw refuse('SIGN_IN_REQUIRED');
      // A key is refused outright on every route but the public API's, before any lookup: it
      // can never stand for a person, and it does not count as a guessed token.
      if (looksLikeApiKey(token)) throw refuse('API_KEY_NOT_ALLOWED_HERE');
      const blocked = await failures.exhausted(request.ip);
      if (blocked > 0) throw tooManyFailures(blocked);
      try {
        request.auth = await sessions.authenticate(token);
      } catch (err) {
        if (err instanceof AppError && err.kind === 'UNAUTHORIZED') {
          const wait = await failures.hit(request.ip);
          if (wait > 0) throw tooManyFailures(wait);
        }
        throw err;
      }
      await touchSession(app.db, request.auth);
      if (
        request.auth.user.two_factor_enrolment_required &&
        !request.routeOptions.config.beforeTwoFactorEnrolment
      )
        throw refuse('TEAM_TWO_FACTOR_REQUIRED');
      // Checked before the body is validated: a caller without the right learns nothing more.
      const needed = request.routeOptions.config.permissions;
      if (needed && !needed.some((p) => userHasPermission(request.auth!.user, p)))
        throw refuse('PERMISSION_DENIED');
    });
  },
  { name: 'auth', dependencies: ['database', 'events'] },
);

/**
 * One key's two limits (a burst per second, a budget per quarter hour), counted by every
 * instance together. Each answer announces the nearer limit in the IETF draft's `RateLimit-*`
 * headers (seconds to its reset); a refusal says when to retry (`Retry-After`).
 */
function apiKeyLimits(app: FastifyInstance, limits: { perSecond: number; perWindow: number }) {
  const windows = [
    { name: 'api-key-s', max: limits.perSecond, ms: 1000 },
    { name: 'api-key-w', max: limits.perWindow, ms: API_KEY_LIMITS.windowSeconds * 1000 },
  ];
  return async (keyId: string, reply: FastifyReply) => {
    const counts = await Promise.all(
      windows.map(async (w) => ({ ...w, ...(await app.counters.hit(`${w.name}:${keyId}`, w.ms)) })),
    );
    const over = counts.filter((c) => c.count > c.max);
    const nearest = over.length
      ? over.reduce((a, b) => (a.resetInMs >= b.resetInMs ? a : b))
      : counts.reduce((a, b) => (a.max - a.count <= b.max - b.count ? a : b));
    const reset = Math.max(1, Math.ceil(nearest.resetInMs / 1000));
    reply.header('RateLimit-Limit', nearest.max);
    reply.header('RateLimit-Remaining', Math.max(0, nearest.max - nearest.count));
    reply.header('RateLimit-Reset', reset);
    reply.header('RateLimit-Policy', windows.map((w) => `${w.max};w=${w.ms / 1000}`).join(', '));
    if (over.length) {
      reply.header('Retry-After', reset);
      throw refuse('API_KEY_RATE_LIMITED', { seconds: reset });
    }
  };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw refuse('SIGN_IN_REQUIRED');
  return request.auth;
}

/** The API key behind a call of the public API (its actor is the one that acts). */
export function requireApiKey(request: FastifyRequest): ApiKeyAuth {
  if (!request.apiKey) throw refuse('API_KEY_REQUIRED');
  return request.apiKey;
}

/** The caller's restaurant: staff calls are always scoped by it, never by anything in the request. */
export function requireRestaurantId(request: FastifyRequest): string {
  const auth = requireAuth(request);
  if (!auth.restaurantId) throw refuse('RESTAURANT_ACCOUNT_REQUIRED');
  return auth.restaurantId;
}

export type PermissionGuard = preHandlerAsyncHookHandler & { permissions: Permission[] };

/**
 * Declares the permissions a route needs (any one suffices). `buildApp` lifts it into the route's
 * config, where the authentication hook enforces it and the route list reports it.
 */
export function requirePermission(...permissions: Permission[]): PermissionGuard {
  const guard = async (request: FastifyRequest) => {
    const { user } = requireAuth(request);
    if (!permissions.some((p) => userHasPermission(user, p))) throw refuse('PERMISSION_DENIED');
  };
  return Object.assign(guard, { permissions });
}

export function isPermissionGuard(value: unknown): value is PermissionGuard {
  return (
    typeof value === 'function' && Array.isArray((value as { permissions?: unknown }).permissions)
  );
}

/** The signed-in staff member and their restaurant, for a call scoped to it. */
export function requireStaff(request: FastifyRequest) {
  return { user: requireAuth(request).user, restaurantId: requireRestaurantId(request) };
}
