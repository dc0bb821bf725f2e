import {
  idParamSchema,
  orderLineParamSchema,
  voidOrderInputSchema,
  voidOrderLineInputSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../core/auth/plugin.js';
import { staffActor } from '../../core/auth/actors.js';
import { markOrderServed } from './serve.js';
import { voidOrder, voidOrderLine } from './void-service.js';

/**
 * Staff actions on an order: the waiter's Mark Served, and a manager's (or admin's) void of the
 * whole order or of one line.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/:id/serve',
    { schema: { params: idParamSchema }, preHandler: requirePermission('manage_orders') },
    async (request) => {
      await markOrderServed(app, staffActor(request), request.params.id);
      return { success: true as const, data: { served: true } };
    },
  );

  const preHandler = requirePermission('void_orders');

  app.post(
    '/api/orders/:id/void',
    { schema: { params: idParamSchema, body: voidOrderInputSchema }, preHandler },
    async (request) => {
      const order = await voidOrder(
        app,
        staffActor(request),
        request.params.id,
        request.body.reason,
      );
      return { success: true as const, data: order };
    },
  );

  app.post(
    '/api/orders/:id/items/:itemId/void',
    { schema: { params: orderLineParamSchema, body: voidOrderLineInputSchema }, preHandler },
    async (request) => {
      const order = await voidOrderLine(
        app,
        staffActor(request),
        request.params.id,
        request.params.itemId,
        request.body.quantity,
        request.body.reason,
      );
      return { success: true as const, data: order };
    },
  );
};
