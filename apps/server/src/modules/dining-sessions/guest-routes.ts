import { diningSessionsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { guestTableCache, resolvePublicTable } from '../tables/index.js';
import { sessionSummary, startSession } from './service.js';

/** The guest's dining session: sitting down at a table, and the running bill. */
export const diningSessionGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (
  app,
  { config },
) => {
  const guest = guestAccess(app, config);
  const tableCache = guestTableCache(app);

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
    async (request) => {
      const { table, restaurant } = await tableCache.resolve(request.query.token);
      const summary = await sessionSummary(app.db, table, restaurant, request.query.sessionId);
      return { success: true as const, data: summary };
    },
    { guest },
  );
};
