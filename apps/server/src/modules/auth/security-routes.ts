import { authRoutes, securityRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireAuth } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { listLoginFailures } from './login-failures.js';
import {
  getSecuritySettings,
  listActiveSessions,
  revokeSession,
  updateSecuritySettings,
} from './security.js';
import {
  accountActor,
  disableTwoFactor,
  enableTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.js';

/**
 * The admin's Security tab: the restaurant's session timeout and password policy, its open
 * sign-in sessions, its failed sign-ins (the administrator alone, full access); and each admin's
 * and manager's own two-factor sign-in.
 */
export const securityRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.getSecuritySettings, async (request) => {
    const { restaurantId } = staffActor(request);
    return { success: true as const, data: await getSecuritySettings(app.db, restaurantId) };
  });

  defineRoute(app, routes.updateSecuritySettings, async (request) => ({
    success: true as const,
    data: await updateSecuritySettings(app, staffActor(request), request.body),
  }));

  defineRoute(app, routes.listActiveSessions, async (request) => ({
    success: true as const,
    data: await listActiveSessions(app.db, staffActor(request)),
  }));

  defineRoute(app, routes.revokeSession, async (request) => {
    await revokeSession(app, staffActor(request), request.params.id);
    return { success: true as const, data: { revoked: true as const } };
  });

  defineRoute(app, routes.listLoginFailures, async (request) => {
    const { restaurantId } = staffActor(request);
    return { success: true as const, data: await listLoginFailures(app.db, restaurantId) };
  });

  // Each account's own two-factor sign-in: any signed-in account may ask; admins, managers and
  // the team may turn it on (403 for the others). A team account the team requires it of
  // reaches these before anything else.
  // Codes typed by a signed-in account are guessable too: a few tries per account.
  const codeAttempts = {
    rateLimit: {
      max: 10,
      timeWindow: '15 minutes',
      keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
    },
  };
  const enrolment = { beforeTwoFactorEnrolment: true };

  defineRoute(
    app,
    authRoutes.getTwoFactor,
    async (request) => ({
      success: true as const,
      data: await twoFactorStatus(app.db, requireAuth(request).user),
    }),
    { config: enrolment },
  );

  defineRoute(
    app,
    authRoutes.startTwoFactorSetup,
    async (request) => ({
      success: true as const,
      data: await startTwoFactorSetup(app.db, accountActor(request)),
    }),
    { config: enrolment },
  );

  defineRoute(
    app,
    authRoutes.enableTwoFactor,
    async (request) => ({
      success: true as const,
      data: {
        recoveryCodes: await enableTwoFactor(app, accountActor(request), request.body.code),
      },
    }),
    { config: { ...codeAttempts, ...enrolment } },
  );

  defineRoute(
    app,
    authRoutes.disableTwoFactor,
    async (request) => {
      const actor = accountActor(request);
      await disableTwoFactor(app, actor, request.body.code);
      return { success: true as const, data: await twoFactorStatus(app.db, actor.user) };
    },
    { config: codeAttempts },
  );
};
