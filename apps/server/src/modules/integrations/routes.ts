import { integrationsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import type { ModuleRouteOptions } from '../../core/module.js';
import { connectStripe, disconnectStripe, stripeConnection } from '../payments/index.js';
import { createApiKey, listApiKeys, revokeApiKey, rollApiKey } from './service.js';
import { deliverOne, delivererFor } from './webhook-delivery.js';
import {
  createWebhook,
  deleteWebhook,
  deliveryView,
  listDeliveries,
  listWebhooks,
  queueTestDelivery,
  redeliver,
  redeliverRange,
  rollWebhookSecret,
  updateWebhook,
} from './webhooks.js';

export const integrationRoutes: FastifyPluginAsync<ModuleRouteOptions> = async (app, { ctx }) => {
  defineRoute(app, integrationsRoutes.listApiKeys, async (request) => ({
    success: true as const,
    data: { keys: await listApiKeys(app.db, requireRestaurantId(request)) },
  }));

  defineRoute(app, integrationsRoutes.createApiKey, async (request, reply) => {
    const data = await createApiKey(app, staffActor(request), request.body);
    // The only answer with the secret: no cache may keep it.
    reply.header('cache-control', 'no-store').code(201);
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.revokeApiKey, async (request) => ({
    success: true as const,
    data: await revokeApiKey(app, staffActor(request), request.params.id),
  }));

  defineRoute(app, integrationsRoutes.rollApiKey, async (request, reply) => {
    const data = await rollApiKey(app, staffActor(request), request.params.id);
    reply.header('cache-control', 'no-store');
    return { success: true as const, data };
  });

  // The restaurant's Stripe account (payments/stripe): its keys shown masked, stored encrypted.
  defineRoute(app, integrationsRoutes.getStripeConnection, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const data = await stripeConnection(app.db, ctx.config, requireRestaurantId(request));
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.connectStripe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const data = await connectStripe(ctx, staffActor(request), request.body);
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.disconnectStripe, async (request) => ({
    success: true as const,
    data: await disconnectStripe(ctx, staffActor(request)),
  }));

  // Webhooks.
  const deliverer = delivererFor(ctx);

  defineRoute(app, integrationsRoutes.listWebhooks, async (request) => ({
    success: true as const,
    data: { endpoints: await listWebhooks(ctx, requireRestaurantId(request)) },
  }));

  defineRoute(app, integrationsRoutes.createWebhook, async (request, reply) => {
    const data = await createWebhook(ctx, staffActor(request), request.body);
    reply.header('cache-control', 'no-store').code(201);
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.updateWebhook, async (request) => {
    const data = await updateWebhook(ctx, staffActor(request), request.params.id, request.body);
    // Turned on again: what waited meanwhile goes now.
    if (data.enabled) deliverer.kick();
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.deleteWebhook, async (request) => ({
    success: true as const,
    data: await deleteWebhook(ctx, staffActor(request), request.params.id),
  }));

  defineRoute(app, integrationsRoutes.rollWebhookSecret, async (request, reply) => {
    const data = await rollWebhookSecret(
      ctx,
      staffActor(request),
      request.params.id,
      request.body.overlapHours,
    );
    reply.header('cache-control', 'no-store');
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.sendTestWebhook, async (request) => {
    const actor = staffActor(request);
    const id = await queueTestDelivery(ctx, actor, request.params.id);
    await deliverOne(ctx, id);
    return { success: true as const, data: await deliveryView(app.db, actor.restaurantId, id) };
  });

  defineRoute(app, integrationsRoutes.listWebhookDeliveries, async (request) => ({
    success: true as const,
    data: {
      deliveries: await listDeliveries(
        app.db,
        requireRestaurantId(request),
        request.params.id,
        request.query,
      ),
    },
  }));

  defineRoute(app, integrationsRoutes.redeliverWebhook, async (request) => {
    const data = await redeliver(
      ctx,
      staffActor(request),
      request.params.id,
      request.params.deliveryId,
    );
    deliverer.kick();
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.redeliverWebhookRange, async (request) => {
    const data = await redeliverRange(ctx, staffActor(request), request.params.id, request.body);
    deliverer.kick();
    return { success: true as const, data };
  });
};
