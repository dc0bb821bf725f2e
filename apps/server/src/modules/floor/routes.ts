import { floorResponseSchema } from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { floor } from './service.js';

/** The waiter's floor: a read model of tables, their orders and notifications. */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tables/floor',
    {
      schema: {
        tags: ['Floor'],
        summary: 'Every table with its dining session, orders and open notifications',
        response: { 200: floorResponseSchema, ...errorResponses(404) },
      },
      preHandler: requirePermission('view_tables'),
    },
    async (request) => ({
      success: true as const,
      data: await floor(app.db, requireRestaurantId(request)),
    }),
  );
};
