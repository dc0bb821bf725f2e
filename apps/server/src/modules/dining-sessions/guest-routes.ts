import { diningSessionsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { resolvePublicTable } from '../tables/index.js';
import { guestBillCache } from './guest-bill-cache.js';
import { startSession } from './service.js';

/** The guest's dining session: sitting down at a table, and the running bill. */
export const diningSessionGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (
  app,
  { config },
) => {
  const guest = guestAccess(app, config);
  const bills = guestBillCache(app);

  defineRoute(
    app,
    diningSessionsRoutes.startSession,
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
    { guest },
  );

  defineRoute(
    app,
    diningSessionsRoutes.getSessionSummary,
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        // Written once per table and session until the restaurant's next change.
        .send(await bills.body(request.query.token, request.query.sessionId)),
    { guest },
  );
};
