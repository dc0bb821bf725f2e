import { type Permission } from '@tavola/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SharedLimiter } from '../lib/rate-limiter.js';
import { authenticate, touchSession, userHasPermission, type AuthContext } from './sessions.js';
import { AppError, refuse } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated staff call; null on public routes. */
    auth: AuthContext | null;
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
  async (app: FastifyInstance, opts: { failedTokensPerMinute?: number }) => {
    const failures = new SharedLimiter(
      app.counters,
      'bad-token',
      opts.failedTokensPerMinute ?? FAILED_TOKENS_PER_MINUTE,
      60_000,
    );
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      // Unmatched routes fall through to the 404 handler without asking for a token.
      if (!request.routeOptions.url || request.routeOptions.config.public) return;
      const token = bearerToken(request);
      if (!token) throw refuse('SIGN_IN_REQUIRED');
      const blocked = await failures.exhausted(request.ip);
      if (blocked > 0) throw tooManyFailures(blocked);
      try {
        request.auth = await authenticate(app.db, token);
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
  { name: 'auth', dependencies: ['database'] },
);

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw refuse('SIGN_IN_REQUIRED');
  return request.auth;
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
