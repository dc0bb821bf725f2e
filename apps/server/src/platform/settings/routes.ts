import {
  deploymentResponseSchema,
  idParamSchema,
  platformSettingsResponseSchema,
  platformSettingsUpdateSchema,
  publicPlatformResponseSchema,
  teamMemberCreateSchema,
  teamMemberListResponseSchema,
  teamMemberResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamMember } from '../../core/auth/actors.js';
import { requirePermission } from '../../core/auth/plugin.js';
import { AppError } from '../../core/http/errors.js';
import { errorResponses } from '../../core/http/responses.js';
import { describeDeployment } from './deployment.js';
import { updatePlatformSettings } from './service.js';
import { platformBrand, platformSettingsCache, platformSettingsView } from './store.js';
import { createTeamMember, deactivateTeamMember, listTeamMembers } from './team-accounts.js';

/** Seconds a browser or proxy may keep the public brand and maintenance state. */
const PUBLIC_MAX_AGE = 15;

/**
 * The team's Settings tab (issue 14, item 8): the platform's settings, what the deployment has,
 * and the team's accounts, all behind `manage_platform`; and the public brand and maintenance
 * state every page reads (the landing and login pages, staff banners).
 */
export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_platform');
  const tags = ['Platform'];
  const cache = platformSettingsCache(app);

  app.get(
    '/api/public/platform',
    {
      schema: {
        tags,
        summary: "The platform's brand and whether it is in maintenance (public)",
        response: { 200: publicPlatformResponseSchema, ...errorResponses(503) },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      const settings = await cache.get().catch(() => {
        throw new AppError('UNAVAILABLE', 'Database unavailable');
      });
      reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}`);
      return {
        success: true as const,
        data: { brand: platformBrand(settings), maintenanceMode: settings.maintenanceMode },
      };
    },
  );

  app.get(
    '/api/platform/settings',
    {
      schema: {
        tags,
        summary: "The platform's settings: brand, trial duration, notifications, maintenance",
        response: { 200: platformSettingsResponseSchema },
      },
      preHandler,
    },
    async () => ({ success: true as const, data: await platformSettingsView(app.db) }),
  );

  app.put(
    '/api/platform/settings',
    {
      schema: {
        tags,
        summary: "Save the platform's settings (what is left out stays as it is)",
        body: platformSettingsUpdateSchema,
        response: { 200: platformSettingsResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await updatePlatformSettings(app, teamMember(request), request.body),
    }),
  );

  app.get(
    '/api/platform/deployment',
    {
      schema: {
        tags,
        summary: 'What the deployment has: instances, event fan-out, database, job queue',
        response: { 200: deploymentResponseSchema },
      },
      preHandler,
    },
    async () => ({ success: true as const, data: await describeDeployment(app) }),
  );

  app.get(
    '/api/platform/team-members',
    {
      schema: {
        tags,
        summary: "The platform team's accounts",
        response: { 200: teamMemberListResponseSchema },
      },
      preHandler,
    },
    async () => ({ success: true as const, data: await listTeamMembers(app.db) }),
  );

  app.post(
    '/api/platform/team-members',
    {
      schema: {
        tags,
        summary: 'Add a team member',
        body: teamMemberCreateSchema,
        response: { 201: teamMemberResponseSchema, ...errorResponses(409) },
      },
      preHandler,
    },
    async (request, reply) => {
      const created = await createTeamMember(app, teamMember(request), request.body);
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.post(
    '/api/platform/team-members/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a team member (their sessions and screens end at once)',
        params: idParamSchema,
        response: { 200: teamMemberResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await deactivateTeamMember(app, teamMember(request), request.params.id),
    }),
  );
};
