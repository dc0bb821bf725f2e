import { idParamSchema, respondInputSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { orderRoutes } from '../orders/routes.js';
import { claimTable, floor, markOrderServed, respondToNotification } from './service.js';

/** The waiter's floor: tables, their orders and notifications, and the actions on them. */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  // The manager's voids of the orders this floor shows (registered here to leave app.ts alone).
  await app.register(orderRoutes);

  app.get(
    '/api/tables/floor',
    { preHandler: requirePermission('view_tables') },
    async (request) => ({
      success: true as const,
      data: await floor(app.db, requireRestaurantId(request)),
    }),
  );

  app.post(
    '/api/tables/:id/claim',
    { schema: { params: idParamSchema }, preHandler: requirePermission('manage_orders') },
    async (request) => {
      const { events } = await claimTable(
        app.db,
        requireAuth(request).user,
        requireRestaurantId(request),
        request.params.id,
      );
      app.publish(events);
      return { success: true as const, data: { claimed: true } };
    },
  );

  app.post(
    '/api/tables/:id/respond',
    {
      schema: { params: idParamSchema, body: respondInputSchema },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => {
      const { events } = await respondToNotification(
        app.db,
        requireAuth(request).user,
        requireRestaurantId(request),
        request.params.id,
        request.body.type,
        request.body.refId,
      );
      app.publish(events);
      return { success: true as const, data: { responded: request.body.type } };
    },
  );

  app.post(
    '/api/orders/:id/serve',
    { schema: { params: idParamSchema }, preHandler: requirePermission('manage_orders') },
    async (request) => {
      const { events } = await markOrderServed(
        app.db,
        requireAuth(request).user,
        requireRestaurantId(request),
        request.params.id,
      );
      app.publish(events);
      return { success: true as const, data: { served: true } };
    },
  );
};
