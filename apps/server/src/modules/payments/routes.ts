import { paymentsRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { restaurants } from '../../core/db/schema.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import type { ModuleRouteOptions } from '../../core/module.js';
import { staffBill } from './bill-view.js';
import { receiveProviderCallback } from './callbacks.js';
import { dayPayments } from './list.js';
import { refundPayment } from './refunds.js';
import { recordPayment } from './service.js';

/** The largest notification a provider may send: theirs are a few kilobytes. */
const CALLBACK_MAX_BYTES = 64 * 1024;

/**
 * The waiter's Record Payment, a day's payments and a manager's refund of one, and the providers'
 * notifications.
 */
export const paymentRoutes: FastifyPluginAsync<ModuleRouteOptions> = async (app, { ctx }) => {
  defineRoute(app, paymentsRoutes.recordPayment, async (request, reply) => {
    const recorded = await recordPayment(app, staffActor(request), request.params.id, request.body);
    return reply.status(201).send({ success: true as const, data: recorded });
  });

  defineRoute(app, paymentsRoutes.getBill, async (request) => {
    const restaurantId = requireRestaurantId(request);
    const [restaurant] = await app.db
      .select({ currency: restaurants.currency })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw refuse('DINING_SESSION_NOT_FOUND');
    const data = await staffBill(app.db, restaurantId, request.params.id, restaurant.currency);
    return { success: true as const, data };
  });

  defineRoute(app, paymentsRoutes.listPayments, async (request) => {
    const data = await dayPayments(app.db, requireRestaurantId(request), request.query.date);
    return { success: true as const, data };
  });

  defineRoute(app, paymentsRoutes.refundPayment, async (request, reply) => {
    const refunded = await refundPayment(ctx, staffActor(request), request.params.id, request.body);
    return reply.status(201).send({ success: true as const, data: refunded });
  });

  await app.register(providerCallbackRoutes, { ctx });
};

/**
 * A provider's notifications arrive as it sent them: the body is kept as raw bytes (whatever its
 * media type), because a signature is computed over exactly those bytes. Its own plugin, so the
 * raw parser applies to this route alone.
 */
const providerCallbackRoutes: FastifyPluginAsync<Pick<ModuleRouteOptions, 'ctx'>> = async (
  raw,
  { ctx },
) => {
  raw.removeAllContentTypeParsers();
  raw.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CALLBACK_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  defineRoute(raw, paymentsRoutes.receiveProviderCallback, async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await receiveProviderCallback(ctx, request.params.provider, {
      body,
      headers: request.headers,
    });
    return { success: true as const, data: { received: true as const } };
  });
};
