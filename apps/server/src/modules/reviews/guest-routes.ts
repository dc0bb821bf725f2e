import { reviewsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { leaveReview } from './service.js';

/** A guest reviews their visit, with the table's code like every guest call. */
export const reviewGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (
  app,
  { config },
) => {
  defineRoute(
    app,
    reviewsRoutes.leaveReview,
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await leaveReview(app, request.body) }),
    { guest: guestAccess(app, config) },
  );
};
