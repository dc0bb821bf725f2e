import {
  idParamSchema,
  PLAN_CHANGE_THROUGH_BILLING,
  planChangeSchema,
  platformAnalyticsResponseSchema,
  restaurantPlanResponseSchema,
  subscriptionsResponseSchema,
  upgradeRequestResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformActor, staffActor, teamMember } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { forbidden } from '../../core/http/errors.js';
import { errorResponses } from '../../core/http/responses.js';
import { platformAnalytics } from './analytics.js';
import { subscriptions } from './invoices.js';
import { changePlan, readPlan, requestUpgrade } from './service.js';

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

/** A restaurant's own plan: every signed-in member of it reads it; its admin requests upgrades. */
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
          'Refused: a paid plan starts through Tavola billing (the answer says how to request one)',
        description:
          'A restaurant used to change its own plan here. It no longer can: use POST /api/restaurant/plan/upgrade-request.',
        deprecated: true,
        body: planChangeSchema,
        response: { ...errorResponses(403) },
      },
      preHandler: requirePermission('full_access'),
    },
    async () => {
      throw forbidden(PLAN_CHANGE_THROUGH_BILLING);
    },
  );

  app.post(
    '/api/restaurant/plan/upgrade-request',
    {
      schema: {
        tags,
        summary:
          'Ask the Tavola team for a bigger plan (a support ticket; the team sets up payment and switches it)',
        body: planChangeSchema,
        response: { 201: upgradeRequestResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('full_access'),
    },
    async (request, reply) => {
      reply.code(201);
      return {
        success: true as const,
        data: await requestUpgrade(app, staffActor(request), request.body.plan),
      };
    },
  );
};
