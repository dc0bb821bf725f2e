import { reviewsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { reviewSummary } from './service.js';

/** The restaurant's reviews, for whoever reads its reports (the manager's Analytics tab). */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, reviewsRoutes.getReviewSummary, async (request) => ({
    success: true as const,
    data: await reviewSummary(app.db, requireRestaurantId(request)),
  }));
};
