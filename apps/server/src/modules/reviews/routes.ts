import { reviewSummaryResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { reviewSummary } from './service.js';

/** The restaurant's reviews, for whoever reads its reports (the manager's Analytics tab). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reviews',
    {
      schema: {
        tags: ['Reviews'],
        summary: "The last 30 days' average rating and count, and the latest reviews",
        response: { 200: reviewSummaryResponseSchema, ...errorResponses(404) },
      },
      preHandler: requirePermission('view_reports'),
    },
    async (request) => ({
      success: true as const,
      data: await reviewSummary(app.db, requireRestaurantId(request)),
    }),
  );
};
