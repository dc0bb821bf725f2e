import {
  idParamSchema,
  orderLineParamSchema,
  orderPriorityResponseSchema,
  priorityInputSchema,
  serveOrderResponseSchema,
  voidedOrderResponseSchema,
  voidOrderInputSchema,
  voidOrderLineInputSchema,
} from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../core/auth/plugin.js';
import { staffActor } from '../../core/auth/actors.js';
import { setOrderPriority } from '../tickets/index.js';
import { markOrderServed } from './serve.js';
import { voidOrder, voidOrderLine } from './void-service.js';

/**
 * Staff actions on an order: the waiter's Mark Served, and a manager's (or admin's) void of the
 * whole order or of one line.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Orders'];
  app.post(
    '/api/orders/:id/serve',
    {
      schema: {
        tags,
        summary: 'Mark Served: a ready order reached its table',
        params: idParamSchema,
        response: { 200: serveOrderResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => {
      await markOrderServed(app, staffActor(request), request.params.id);
      return { success: true as const, data: { served: true as const } };
    },
  );

  app.post(
    '/api/orders/:id/priority',
    {
      schema: {
        tags,
        summary:
          "Set an order's priority and its open tickets': low, normal, high or urgent (table's waiter or manager)",
        params: idParamSchema,
        body: priorityInputSchema,
        response: { 200: orderPriorityResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => ({
      success: true as const,
      data: await setOrderPriority(
        app,
        staffActor(request),
        request.params.id,
        request.body.priority,
      ),
    }),
  );

  const preHandler = requirePermission('void_orders');

  app.post(
    '/api/orders/:id/void',
    {
      schema: {
        tags,
        summary: 'Void a whole order on an open bill, with a reason',
        params: idParamSchema,
        body: voidOrderInputSchema,
        response: { 200: voidedOrderResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
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
    {
      schema: {
        tags,
        summary: 'Void some of one order line on an open bill, with a reason',
        params: orderLineParamSchema,
        body: voidOrderLineInputSchema,
        response: { 200: voidedOrderResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
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
