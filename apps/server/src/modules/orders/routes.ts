import { coursesRoutes, ordersRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { fireCourse } from './course-fire.js';
import { changeOrderLine } from './line-changes.js';
import { setOrderPriority } from './priority.js';
import { markOrderServed } from './serve.js';
import { placeTableOrder } from './staff-orders.js';
import { voidOrder, voidOrderLine } from './void-service.js';

/**
 * Staff actions on an order: ringing one up at a table, the waiter's Mark Served, and a
 * manager's (or admin's) void of the whole order or of one line.
 */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, ordersRoutes.placeTableOrder, async (request, reply) => {
    const order = await placeTableOrder(
      app,
      staffActor(request),
      request.params.id,
      request.body,
      request.headers['idempotency-key'],
    );
    return reply.status(order.replayed ? 200 : 201).send({ success: true as const, data: order });
  });

  // A held course fired by its waiter (or a manager) or the expo (docs/decisions/0018).
  defineRoute(app, coursesRoutes.fireCourse, async (request) => ({
    success: true as const,
    data: await fireCourse(
      app,
      staffActor(request),
      request.params.id,
      request.params.course,
      request.body.from,
    ),
  }));

  defineRoute(app, ordersRoutes.serveOrder, async (request) => {
    await markOrderServed(app, staffActor(request), request.params.id);
    return { success: true as const, data: { served: true as const } };
  });

  defineRoute(app, ordersRoutes.setOrderPriority, async (request) => ({
    success: true as const,
    data: await setOrderPriority(
      app,
      staffActor(request),
      request.params.id,
      request.body.priority,
    ),
  }));

  defineRoute(app, ordersRoutes.voidOrder, async (request) => {
    const order = await voidOrder(app, staffActor(request), request.params.id, request.body.reason);
    return { success: true as const, data: order };
  });

  defineRoute(app, ordersRoutes.voidOrderLine, async (request) => {
    const order = await voidOrderLine(
      app,
      staffActor(request),
      request.params.id,
      request.params.itemId,
      request.body.quantity,
      request.body.reason,
    );
    return { success: true as const, data: order };
  });

  defineRoute(app, ordersRoutes.changeOrderLine, async (request) => ({
    success: true as const,
    data: await changeOrderLine(
      app,
      staffActor(request),
      request.params.id,
      request.params.itemId,
      request.body,
    ),
  }));
};
