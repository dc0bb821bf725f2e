import { leaveReviewInputSchema, leftReviewResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { errorResponses } from '../../core/http/responses.js';
import { leaveReview } from './service.js';

/** A guest reviews their visit, with the table's code like every guest call. */
export const reviewGuestRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const access = guestAccess(app, config);

  app.post(
    '/api/reviews/public',
    {
      schema: {
        tags: ['Reviews'],
        summary: 'Review the visit: a rating from 1 to 5 and a comment, once, after an order',
        body: leaveReviewInputSchema,
        response: { 201: leftReviewResponseSchema, ...errorResponses(403, 404, 409) },
      },
      ...access,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await leaveReview(app, request.body) }),
  );
};
