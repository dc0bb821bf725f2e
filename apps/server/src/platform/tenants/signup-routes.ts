import { platformRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import { SharedLimiter } from '../../core/lib/rate-limiter.js';
import { login, sendVerificationLink } from '../../modules/auth/index.js';
import { signUp } from './onboarding.js';

const HOUR_MS = 3600_000;
const SIGNUP_DEFAULT_LIMIT = 10;

/**
 * Self-serve sign-up for a free trial (the landing page's and login page's "Start free trial").
 * Public, and limited per address (counted by every instance together when Redis is configured):
 * each attempt counts, so a script cannot fill the platform with restaurants.
 */
export const signupRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const perAddress = new SharedLimiter(
    app.counters,
    'signup',
    config.rateLimits.signup ?? SIGNUP_DEFAULT_LIMIT,
    HOUR_MS,
  );

  defineRoute(
    app,
    routes.signUp,
    async (request, reply) => {
      const restaurant = await signUp(app, request.body);
      // The owner is signed in at once, as a sign-in would (audited, a session of its own).
      const session = await login(
        app.db,
        request.body.username,
        request.body.password,
        config.sessionTtlHours,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      // The restaurant exists whatever becomes of the mail; the answer says which.
      const email = request.body.email;
      const emailVerification = email
        ? await sendVerificationLink(app.db, app.accountMail, request.log, {
            id: restaurant.ownerId,
            name: request.body.ownerName,
            email,
          })
        : null;
      return reply.status(201).send({
        success: true as const,
        data: {
          token: session.token,
          user: session.user,
          expiresAt: session.expiresAt.toISOString(),
          restaurant: {
            id: restaurant.id,
            name: restaurant.name,
            trialEndsAt: restaurant.trialEndsAt.toISOString(),
          },
          emailVerification,
        },
      });
    },
    {
      // Counted before the body is validated: malformed attempts count too.
      onRequest: async (request) => {
        const wait = await perAddress.hit(request.ip);
        if (wait > 0) {
          const minutes = Math.ceil(wait / 60_000);
          throw refuse('SIGNUPS_RATE_LIMITED', { minutes });
        }
      },
    },
  );
};
