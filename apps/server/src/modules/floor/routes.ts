import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { floor } from './service.js';

/** The waiter's floor: a read model of tables, their orders and notifications. */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tables/floor',
    { preHandler: requirePermission('view_tables') },
    async (request) => ({
      success: true as const,
      data: await floor(app.db, requireRestaurantId(request)),
    }),
  );
};
