import {
  loginInputSchema,
  loginResponseSchema,
  loginSessionResponseSchema,
  loginTwoFactorInputSchema,
  logoutResponseSchema,
  profileResponseSchema,
  WS_CLOSE,
  WS_REVOKED,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { AppError } from '../../core/http/errors.js';
import { errorResponses } from '../../core/http/responses.js';
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

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const throttle = new LoginThrottle(app.counters, (username, ip) =>
    hasSignedInFrom(app.db, username, ip, LOGIN_LIMITS.knownAddressDays),
  );

  /** One sign-in attempt (a password or a code) on a username: 429 beyond the limits. */
  const countAttempt = async (username: string, meta: LoginMeta & { ip: string }) => {
    const wait = await throttle.attempt(username, meta.ip);
    if (wait <= 0) return;
    await recordThrottledLogin(app.db, username, meta);
    const minutes = Math.ceil(wait / 60_000);
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with a username and password',
        body: loginInputSchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 403) },
      },
      config: {
        public: true,
        rateLimit: { max: config.rateLimits.login, timeWindow: '1 minute' },
      },
    },
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
  );

  app.post(
    '/api/auth/login/two-factor',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Finish a two-factor sign-in with an authenticator code or a recovery code',
        body: loginTwoFactorInputSchema,
        response: { 200: loginSessionResponseSchema, ...errorResponses(401, 403) },
      },
      config: {
        public: true,
        rateLimit: { max: config.rateLimits.login, timeWindow: '1 minute' },
      },
    },
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
  );

  app.get(
    '/api/auth/profile',
    {
      schema: {
        tags: ['Auth'],
        summary: 'The signed-in user',
        response: { 200: profileResponseSchema },
      },
      config: { beforeTwoFactorEnrolment: true },
    },
    async (request) => ({ success: true as const, data: requireAuth(request).user }),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['Auth'],
        summary: "Sign out: the token and the user's live screens end",
        response: { 200: logoutResponseSchema },
      },
      config: { beforeTwoFactorEnrolment: true },
    },
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
  );

  // The admin's Security tab and each account's own two-factor sign-in.
  await app.register(securityRoutes);
};
