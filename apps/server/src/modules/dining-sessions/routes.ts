import { closedTableResponseSchema, closeTableInputSchema, idParamSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { closeTable } from './close.js';

/** Staff end a table's dining session: Close table, on the waiter's floor and in Tables. */
export const diningSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/tables/:id/close',
    {
      schema: {
        tags: ['Floor'],
        summary:
          'Close table: end its dining session and free it (unpaid orders: a manager voids or settles them, with a reason)',
        params: idParamSchema,
        // No body is the same as {}: a table nobody ordered at needs no reason.
        body: closeTableInputSchema.nullish(),
        response: { 200: closedTableResponseSchema, ...errorResponses(403, 404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => ({
      success: true as const,
      data: await closeTable(app, staffActor(request), request.params.id, request.body ?? {}),
    }),
  );
};
