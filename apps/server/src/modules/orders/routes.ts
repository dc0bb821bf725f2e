import {
  idParamSchema,
  orderLineParamSchema,
  voidOrderInputSchema,
  voidOrderLineInputSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireStaff } from '../../core/auth/plugin.js';
import { voidOrder, voidOrderLine } from './void-service.js';

/** Staff actions on an order: a manager's (or admin's) void of the whole order or of one line. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('void_orders');

  app.post(
    '/api/orders/:id/void',
    { schema: { params: idParamSchema, body: voidOrderInputSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const { order, events } = await voidOrder(
        app.db,
        user,
        restaurantId,
        request.params.id,
        request.body.reason,
      );
      app.publish(events);
      return { success: true as const, data: order };
    },
  );

  app.post(
    '/api/orders/:id/items/:itemId/void',
    { schema: { params: orderLineParamSchema, body: voidOrderLineInputSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const { order, events } = await voidOrderLine(
        app.db,
        user,
        restaurantId,
        request.params.id,
        request.params.itemId,
        request.body.quantity,
        request.body.reason,
      );
      app.publish(events);
      return { success: true as const, data: order };
    },
  );
};
