import { platformRoutes, restaurantAccountRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { platformActor, staffActor, teamMember } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import { platformAnalytics } from './analytics.js';
import { subscriptions } from './invoices.js';
import { changePlan, readPlan, requestUpgrade } from './service.js';

/**
 * Plans on the team's console (/api/platform/*, the team's `manage_platform` only): the
 * Subscriptions tab, the Analytics tab, and any restaurant's plan.
 */
export const platformPlanRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, platformRoutes.listSubscriptions, async () => ({
    success: true as const,
    data: await subscriptions(app.db),
  }));

  defineRoute(app, platformRoutes.getPlatformAnalytics, async () => ({
    success: true as const,
    data: await platformAnalytics(app.db),
  }));

  defineRoute(app, platformRoutes.getRestaurantPlanForTeam, async (request) => ({
    success: true as const,
    data: await readPlan(app.db, request.params.id),
  }));

  defineRoute(app, platformRoutes.changeRestaurantPlan, async (request) => ({
    success: true as const,
    data: await changePlan(
      app,
      platformActor(teamMember(request), request.params.id),
      request.body.plan,
    ),
  }));
};

/** A restaurant's own plan: every signed-in member of it reads it; its admin requests upgrades. */
export const restaurantPlanRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, restaurantAccountRoutes.getRestaurantPlan, async (request) => ({
    success: true as const,
    data: await readPlan(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, restaurantAccountRoutes.changeOwnPlan, async () => {
    throw refuse('PLAN_CHANGE_THROUGH_BILLING');
  });

  defineRoute(app, restaurantAccountRoutes.requestPlanUpgrade, async (request, reply) => {
    reply.code(201);
    return {
      success: true as const,
      data: await requestUpgrade(app, staffActor(request), request.body.plan),
    };
  });
};
