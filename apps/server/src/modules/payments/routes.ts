import { idParamSchema, recordPaymentInputSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { recordPayment } from './service.js';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sessions/:id/payments',
    {
      schema: { params: idParamSchema, body: recordPaymentInputSchema },
      preHandler: requirePermission('manage_orders'),
    },
    async (request, reply) => {
      const { paymentId, events } = await recordPayment(
        app.db,
        requireAuth(request).user,
        requireRestaurantId(request),
        request.params.id,
        request.body,
      );
      app.publish(events);
      return reply.status(201).send({ success: true as const, data: { paymentId } });
    },
  );
};
