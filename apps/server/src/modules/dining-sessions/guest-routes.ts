import {
  publicSummaryResponseSchema,
  startSessionInputSchema,
  startSessionResponseSchema,
  summaryQuerySchema,
} from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { guestTableCache, resolvePublicTable } from '../tables/index.js';
import { sessionSummary, startSession } from './service.js';

/** The guest's dining session (spec §7): sitting down at a table, and the running bill. */
export const diningSessionGuestRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const access = guestAccess(app, config);
  const tags = ['Dining sessions'];
  const tableCache = guestTableCache(app);

  app.post(
    '/api/sessions/public/start',
    {
      schema: {
        tags,
        summary: 'Sit down at a table: open its dining session, or join the open one',
        body: startSessionInputSchema,
        response: { 200: startSessionResponseSchema, ...errorResponses(400, 404, 409) },
      },
      ...access,
    },
    async (request) => {
      const { table, restaurant } = await resolvePublicTable(app.db, request.body.token);
      const { session, opened } = await startSession(
        app,
        table,
        request.body.customerCount,
        restaurant.maxTableCapacity,
      );
      return {
        success: true as const,
        data: { sessionId: session.id, opened, tableNumber: table.number },
      };
    },
  );

  app.get(
    '/api/sessions/public/summary',
    {
      schema: {
        tags,
        summary: "The table's running bill, in both currencies",
        querystring: summaryQuerySchema,
        response: { 200: publicSummaryResponseSchema, ...errorResponses(404) },
      },
      ...access,
    },
    async (request) => {
      const { table, restaurant } = await tableCache.resolve(request.query.token);
      const summary = await sessionSummary(app.db, table, restaurant, request.query.sessionId);
      return { success: true as const, data: summary };
    },
  );
};
