import { idParamSchema, respondInputSchema, respondResponseSchema } from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission } from '../../core/auth/plugin.js';
import { respondToNotification } from './respond.js';

/** Staff answer what a table asked for (a new table, a new order, a call, a bill). */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/tables/:id/respond',
    {
      schema: {
        tags: ['Requests'],
        summary: "Answer a table's notification (new table, new order, call, bill)",
        params: idParamSchema,
        body: respondInputSchema,
        response: { 200: respondResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => {
      await respondToNotification(
        app,
        staffActor(request),
        request.params.id,
        request.body.type,
        request.body.refId,
      );
      return { success: true as const, data: { responded: request.body.type } };
    },
  );
};
