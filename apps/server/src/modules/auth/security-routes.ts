import {
  activeSessionsResponseSchema,
  idParamSchema,
  loginFailuresResponseSchema,
  securitySettingsInputSchema,
  securitySettingsResponseSchema,
  sessionRevokeResponseSchema,
  twoFactorCodeInputSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@tavola/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requireAuth, requirePermission } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
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
 * The admin's Security tab (issue 15, item 5): the restaurant's session timeout and password
 * policy, its open sign-in sessions, its failed sign-ins; and each admin's and manager's own
 * two-factor sign-in.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  // The restaurant's administrator alone (full access).
  const preHandler = requirePermission('full_access');
  const tags = ['Security'];

  app.get(
    '/api/security/settings',
    {
      schema: {
        tags,
        summary: 'Session timeout and password policy',
        response: { 200: securitySettingsResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const { restaurantId } = staffActor(request);
      return { success: true as const, data: await getSecuritySettings(app.db, restaurantId) };
    },
  );

  app.put(
    '/api/security/settings',
    {
      schema: {
        tags,
        summary: 'Change the session timeout (for sign-ins from now on) or the password policy',
        body: securitySettingsInputSchema,
        response: { 200: securitySettingsResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await updateSecuritySettings(app, staffActor(request), request.body),
    }),
  );

  app.get(
    '/api/security/sessions',
    {
      schema: {
        tags,
        summary: "The restaurant's sign-in sessions open now",
        response: { 200: activeSessionsResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await listActiveSessions(app.db, staffActor(request)),
    }),
  );

  app.delete(
    '/api/security/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End a sign-in session (its live screens close at once)',
        params: idParamSchema,
        response: { 200: sessionRevokeResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      await revokeSession(app, staffActor(request), request.params.id);
      return { success: true as const, data: { revoked: true as const } };
    },
  );

  app.get(
    '/api/security/login-failures',
    {
      schema: {
        tags,
        summary: "The restaurant's latest failed sign-ins",
        response: { 200: loginFailuresResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const { restaurantId } = staffActor(request);
      return { success: true as const, data: await listLoginFailures(app.db, restaurantId) };
    },
  );

  // Each account's own two-factor sign-in: any signed-in account may ask; admins, managers and
  // the team may turn it on (403 for the others). A team account the team requires it of
  // reaches these before anything else.
  const twoFactorTags = ['Auth'];
  // Codes typed by a signed-in account are guessable too: a few tries per account.
  const codeAttempts = {
    rateLimit: {
      max: 10,
      timeWindow: '15 minutes',
      keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
    },
  };
  const enrolment = { beforeTwoFactorEnrolment: true };

  app.get(
    '/api/auth/two-factor',
    {
      schema: {
        tags: twoFactorTags,
        summary: 'Your two-factor sign-in',
        response: { 200: twoFactorStatusResponseSchema },
      },
      config: enrolment,
    },
    async (request) => ({
      success: true as const,
      data: await twoFactorStatus(app.db, requireAuth(request).user),
    }),
  );

  app.post(
    '/api/auth/two-factor/setup',
    {
      schema: {
        tags: twoFactorTags,
        summary: 'Start two-factor sign-in: a new secret for your authenticator app',
        response: { 200: twoFactorSetupResponseSchema, ...errorResponses(403, 409) },
      },
      config: enrolment,
    },
    async (request) => ({
      success: true as const,
      data: await startTwoFactorSetup(app.db, accountActor(request)),
    }),
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      schema: {
        tags: twoFactorTags,
        summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes once',
        body: twoFactorCodeInputSchema,
        response: { 200: twoFactorEnableResponseSchema, ...errorResponses(403, 409) },
      },
      config: { ...codeAttempts, ...enrolment },
    },
    async (request) => ({
      success: true as const,
      data: {
        recoveryCodes: await enableTwoFactor(app, accountActor(request), request.body.code),
      },
    }),
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      schema: {
        tags: twoFactorTags,
        summary: 'Turn two-factor sign-in off with a code or a recovery code',
        body: twoFactorCodeInputSchema,
        response: { 200: twoFactorStatusResponseSchema, ...errorResponses(409) },
      },
      config: codeAttempts,
    },
    async (request) => {
      const actor = accountActor(request);
      await disableTwoFactor(app, actor, request.body.code);
      return { success: true as const, data: await twoFactorStatus(app.db, actor.user) };
    },
  );
};
