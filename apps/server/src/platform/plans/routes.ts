import {
  idParamSchema,
  planChangeSchema,
  platformAnalyticsResponseSchema,
  restaurantPlanResponseSchema,
  subscriptionsResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformActor, staffActor, teamMember } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { platformAnalytics } from './analytics.js';
import { subscriptions } from './invoices.js';
import { changePlan, readPlan } from './service.js';

/**
 * Plans on the team's console (/api/platform/*, the team's `manage_platform` only): the
 * Subscriptions tab, the Analytics tab, and any restaurant's plan.
 */
export const platformPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_platform');
  const tags = ['Platform'];

  app.get(
    '/api/platform/subscriptions',
    {
      schema: {
        tags,
        summary:
          "The plans with their customers and this month's revenue, and each restaurant's invoice preview",
        response: { 200: subscriptionsResponseSchema },
      },
      preHandler,
    },
    async () => ({ success: true as const, data: await subscriptions(app.db) }),
  );

  app.get(
    '/api/platform/analytics',
    {
      schema: {
        tags,
        summary:
          'MRR, ARR, GMV, fees, orders, restaurants, trials and churn, with the last 30 days day by day',
        response: { 200: platformAnalyticsResponseSchema },
      },
      preHandler,
    },
    async () => ({ success: true as const, data: await platformAnalytics(app.db) }),
  );

  app.get(
    '/api/platform/restaurants/:id/plan',
    {
      schema: {
        tags,
        summary: "A restaurant's plan, trial and usage",
        params: idParamSchema,
        response: { 200: restaurantPlanResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await readPlan(app.db, request.params.id),
    }),
  );

  app.put(
    '/api/platform/restaurants/:id/plan',
    {
      schema: {
        tags,
        summary:
          "Change a restaurant's plan (a downgrade only when its usage fits; Starter Feast starts a new trial)",
        params: idParamSchema,
        body: planChangeSchema,
        response: { 200: restaurantPlanResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await changePlan(
        app,
        platformActor(teamMember(request), request.params.id),
        request.body.plan,
      ),
    }),
  );
};

/** A restaurant's own plan: every signed-in member of it reads it; its admin may upgrade it. */
export const restaurantPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Plan'];

  app.get(
    '/api/restaurant/plan',
    {
      schema: {
        tags,
        summary: "The restaurant's plan, whether its trial has ended, and its usage",
        response: { 200: restaurantPlanResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readPlan(app.db, requireRestaurantId(request)),
    }),
  );

  app.put(
    '/api/restaurant/plan',
    {
      schema: {
        tags,
        summary:
          "Upgrade the restaurant's plan (its administrator; downgrades go through the team)",
        body: planChangeSchema,
        response: { 200: restaurantPlanResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('full_access'),
    },
    async (request) => ({
      success: true as const,
      data: await changePlan(app, staffActor(request), request.body.plan),
    }),
  );
};
