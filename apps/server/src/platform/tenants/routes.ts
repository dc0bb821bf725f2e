import { platformRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { teamMember } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { createRestaurant } from './onboarding.js';
import { getTenant, latestPlatformEvents, listTenants, platformOverview } from './queries.js';
import { setRestaurantStatus } from './status.js';
import { restaurantUsage } from './usage.js';

/**
 * The team's console over every restaurant (/api/platform/*): only the platform team's
 * `manage_platform` passes, never a restaurant role (a restaurant admin's full_access included).
 * The team sees tenants' aggregates and settings, never their guests' data.
 */
export const platformTenantRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.getPlatformOverview, async () => ({
    success: true as const,
    data: await platformOverview(app.db),
  }));

  defineRoute(app, routes.listPlatformEvents, async (request) => ({
    success: true as const,
    data: await latestPlatformEvents(app.db, request.query.limit),
  }));

  defineRoute(app, routes.listRestaurants, async (request) => ({
    success: true as const,
    data: await listTenants(app.db, request.query),
  }));

  defineRoute(app, routes.createRestaurant, async (request, reply) => {
    const created = await createRestaurant(app, teamMember(request), request.body);
    return reply.status(201).send({ success: true as const, data: created });
  });

  defineRoute(app, routes.getRestaurant, async (request) => ({
    success: true as const,
    data: await getTenant(app.db, request.params.id),
  }));

  defineRoute(app, routes.getRestaurantUsage, async (request) => ({
    success: true as const,
    data: await restaurantUsage(app, request.params.id),
  }));

  for (const [route, change] of [
    [routes.suspendRestaurant, 'suspend'],
    [routes.activateRestaurant, 'activate'],
  ] as const) {
    defineRoute(app, route, async (request) => {
      const tenant = await setRestaurantStatus(
        app,
        teamMember(request),
        request.params.id,
        change,
        request.body.reason,
      );
      return { success: true as const, data: tenant };
    });
  }
};
