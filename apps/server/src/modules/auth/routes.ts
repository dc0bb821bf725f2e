import { authRoutes as routes, WS_CLOSE, WS_REVOKED } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { refuse } from '../../core/http/errors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { requireAuth } from '../../core/auth/plugin.js';
import { LOGIN_LIMITS, LoginThrottle } from './login-throttle.js';
import { securityRoutes } from './security-routes.js';
import {
  beginLogin,
  finishLogin,
  hasSignedInFrom,
  logout,
  readLoginChallenge,
  recordThrottledLogin,
  type LoginMeta,
} from './service.js';

export const authRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const throttle = new LoginThrottle(app.counters, (username, ip) =>
    hasSignedInFrom(app.db, username, ip, LOGIN_LIMITS.knownAddressDays),
  );

  /** One sign-in attempt (a password or a code) on a username: 429 beyond the limits. */
  const countAttempt = async (username: string, meta: LoginMeta & { ip: string }) => {
    const wait = await throttle.attempt(username, meta.ip);
    if (wait <= 0) return;
    await recordThrottledLogin(app.db, username, meta);
    const minutes = Math.ceil(wait / 60_000);
    throw refuse('LOGIN_LOCKED', { minutes });
  };

  const signInLimit = {
    config: { rateLimit: { max: config.rateLimits.login, timeWindow: '1 minute' } },
  };
  // Screens an account must reach before it has turned on the two-factor sign-in it is required to.
  const enrolment = { config: { beforeTwoFactorEnrolment: true } };

  defineRoute(
    app,
    routes.login,
    async (request) => {
      const { username, password } = request.body;
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      // Counted before the password is verified, so parallel guesses are counted too.
      await countAttempt(username, meta);
      const outcome = await beginLogin(app.db, username, password, config.sessionTtlHours, meta);
      if (outcome.kind === 'challenge') {
        // The attempt stays counted until the code is right: a known password does not buy
        // an unlimited run of code guesses.
        return {
          success: true as const,
          data: {
            twoFactorRequired: true as const,
            challenge: outcome.challenge,
            expiresAt: outcome.expiresAt.toISOString(),
          },
        };
      }
      await throttle.succeeded(username, request.ip);
      return {
        success: true as const,
        data: {
          token: outcome.token,
          user: outcome.user,
          expiresAt: outcome.expiresAt.toISOString(),
        },
      };
    },
    signInLimit,
  );

  defineRoute(
    app,
    routes.loginTwoFactor,
    async (request) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const account = await readLoginChallenge(app.db, request.body.challenge);
      const { username } = account.user;
      // Every code is an attempt on the account, counted like a password.
      await countAttempt(username, meta);
      const result = await finishLogin(
        app.db,
        app.counters,
        account,
        request.body.code,
        config.sessionTtlHours,
        meta,
      );
      await throttle.succeeded(username, request.ip);
      return {
        success: true as const,
        data: {
          token: result.token,
          user: result.user,
          expiresAt: result.expiresAt.toISOString(),
        },
      };
    },
    signInLimit,
  );

  defineRoute(
    app,
    routes.getProfile,
    async (request) => ({ success: true as const, data: requireAuth(request).user }),
    enrolment,
  );

  defineRoute(
    app,
    routes.logout,
    async (request) => {
      const auth = requireAuth(request);
      await logout(app.db, auth, request.ip);
      app.disconnectSockets(
        { authSessionId: auth.sessionId },
        WS_CLOSE.unauthorized,
        WS_REVOKED.signedOut,
      );
      return { success: true as const, data: { loggedOut: true as const } };
    },
    enrolment,
  );

  // The admin's Security tab and each account's own two-factor sign-in.
  await app.register(securityRoutes);
};
