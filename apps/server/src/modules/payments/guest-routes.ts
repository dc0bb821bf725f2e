import { paymentsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import type { ModuleRouteOptions } from '../../core/module.js';
import { guestTableCache } from '../tables/index.js';
import { guestBill, payAtTable } from './pay-at-table.js';

/** Guests read the itemised bill and pay their part of it, rate limited as every guest route. */
export const paymentGuestRoutes: FastifyPluginAsync<ModuleRouteOptions> = async (
  app,
  { config, ctx },
) => {
  const guest = guestAccess(app, config);
  const tableCache = guestTableCache(app);

  defineRoute(
    app,
    paymentsRoutes.getGuestBill,
    async (request) => {
      const { table, restaurant } = await tableCache.resolve(request.query.token);
      const data = await guestBill(app.db, table, restaurant.currency, request.query.sessionId);
      return { success: true as const, data };
    },
    { guest },
  );

  defineRoute(
    app,
    paymentsRoutes.payAtTable,
    async (request, reply) => {
      const paid = await payAtTable(ctx, request.body, request.headers['idempotency-key']);
      return reply.status(paid.replayed ? 200 : 201).send({ success: true as const, data: paid });
    },
    { guest },
  );
};
