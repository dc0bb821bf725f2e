import {
  idParamSchema,
  recordPaymentInputSchema,
  recordPaymentResponseSchema,
} from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission } from '../../core/auth/plugin.js';
import { recordPayment } from './service.js';

/** The waiter's Record Payment: settles a table's bill and closes its dining session. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sessions/:id/payments',
    {
      schema: {
        tags: ['Payments'],
        summary: "Record Payment: settle a table's bill and close its dining session",
        params: idParamSchema,
        body: recordPaymentInputSchema,
        response: { 201: recordPaymentResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request, reply) => {
      const recorded = await recordPayment(
        app,
        staffActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, data: recorded });
    },
  );
};
