import {
  idParamSchema,
  platformEventListQuerySchema,
  platformEventListResponseSchema,
  platformOverviewResponseSchema,
  restaurantCreatedResponseSchema,
  restaurantCreateSchema,
  restaurantStatusChangeSchema,
  restaurantUsageResponseSchema,
  tenantListQuerySchema,
  tenantListResponseSchema,
  tenantResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamMember } from '../../core/auth/actors.js';
import { requirePermission } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { createRestaurant } from './onboarding.js';
import { getTenant, latestPlatformEvents, listTenants, platformOverview } from './queries.js';
import { setRestaurantStatus } from './status.js';
import { restaurantUsage } from './usage.js';

/**
 * The team's console over every restaurant (/api/platform/*): only the platform team's
 * `manage_platform` passes, never a restaurant role (a restaurant admin's full_access included).
 * The team sees tenants' aggregates and settings, never their guests' data.
 */
export const platformTenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_platform');
  const tags = ['Platform'];

  app.get(
    '/api/platform/overview',
    {
      schema: {
        tags,
        summary: 'Restaurants by status, trials ending within 7 days, orders today',
        response: { 200: platformOverviewResponseSchema },
      },
      preHandler,
    },
    async () => ({ success: true as const, data: await platformOverview(app.db) }),
  );

  app.get(
    '/api/platform/events',
    {
      schema: {
        tags,
        summary: 'The latest platform events (restaurants created, signed up, suspended…)',
        querystring: platformEventListQuerySchema,
        response: { 200: platformEventListResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await latestPlatformEvents(app.db, request.query.limit),
    }),
  );

  app.get(
    '/api/platform/restaurants',
    {
      schema: {
        tags,
        summary: 'Every restaurant, with search and status filter',
        querystring: tenantListQuerySchema,
        response: { 200: tenantListResponseSchema },
      },
      preHandler,
    },
    async (request) => ({ success: true as const, data: await listTenants(app.db, request.query) }),
  );

  app.post(
    '/api/platform/restaurants',
    {
      schema: {
        tags,
        summary: 'Onboard a restaurant with its first admin',
        body: restaurantCreateSchema,
        response: { 201: restaurantCreatedResponseSchema, ...errorResponses(409) },
      },
      preHandler,
    },
    async (request, reply) => {
      const created = await createRestaurant(app, teamMember(request), request.body);
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.get(
    '/api/platform/restaurants/:id',
    {
      schema: {
        tags,
        summary: 'One restaurant',
        params: idParamSchema,
        response: { 200: tenantResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await getTenant(app.db, request.params.id),
    }),
  );

  app.get(
    '/api/platform/restaurants/:id/usage',
    {
      schema: {
        tags,
        summary:
          "What a restaurant costs the platform: this server's uptime, the restaurant's data size and this server's response times to its staff",
        params: idParamSchema,
        response: { 200: restaurantUsageResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await restaurantUsage(app, request.params.id),
    }),
  );

  for (const change of ['suspend', 'activate'] as const) {
    app.post(
      `/api/platform/restaurants/:id/${change}`,
      {
        schema: {
          tags,
          summary:
            change === 'suspend'
              ? "Suspend a restaurant at once (sign-ins, staff screens and guests' pages stop)"
              : 'Activate a suspended restaurant again',
          params: idParamSchema,
          body: restaurantStatusChangeSchema,
          response: { 200: tenantResponseSchema, ...errorResponses(404, 409) },
        },
        preHandler,
      },
      async (request) => {
        const tenant = await setRestaurantStatus(
          app,
          teamMember(request),
          request.params.id,
          change,
          request.body.reason,
        );
        return { success: true as const, data: tenant };
      },
    );
  }
};
