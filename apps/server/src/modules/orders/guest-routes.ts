import { ordersRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { assertGuestsCanOrder } from '../../platform/plans/index.js';
import { placePublicOrder } from './service.js';

/** A guest places an order; a retry with the same Idempotency-Key replays it. */
export const orderGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const guest = guestAccess(app, config);

  defineRoute(
    app,
    ordersRoutes.placeOrder,
    async (request, reply) => {
      await assertGuestsCanOrder(app.db, request.body.token);
      const order = await placePublicOrder(app, request.body, request.headers['idempotency-key']);
      return reply.status(order.replayed ? 200 : 201).send({ success: true as const, data: order });
    },
    { guest },
  );
};
