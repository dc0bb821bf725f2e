import {
  loginInputSchema,
  loginResponseSchema,
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
import { hasSignedInFrom, login, logout } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const throttle = new LoginThrottle(app.counters, (username, ip) =>
    hasSignedInFrom(app.db, username, ip, LOGIN_LIMITS.knownAddressDays),
  );

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
      // Counted before the password is verified, so parallel guesses are counted too.
      const wait = await throttle.attempt(username, request.ip);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60_000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      const result = await login(app.db, username, password, config.sessionTtlHours, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
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
};
