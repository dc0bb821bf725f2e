import {
  callWaiterInputSchema,
  placeOrderInputSchema,
  requestPaymentInputSchema,
  startSessionInputSchema,
  summaryQuerySchema,
  tokenQuerySchema,
} from '@tavola/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../core/http/errors.js';
import { recordEvents, type EventInput } from '../../core/events/recorder.js';
import { SharedLimiter } from '../../core/lib/rate-limiter.js';
import { PublicMenuCache } from '../menu/public-service.js';
import { placePublicOrder } from '../orders/service.js';
import { assertGuestsCanOrder } from '../../platform/plans/entitlements.js';
import { callWaiter, requestPayment } from '../requests/service.js';
import { openOrJoinSession, sessionSummary } from './service.js';
import { PublicTableCache, resolvePublicTable } from '../tables/guest-table.js';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 200 characters')
    .max(200, 'Idempotency-Key must be 8 to 200 characters')
    .optional(),
});

/**
 * The guest's calls (spec §7): no account; the restaurant is found from the table token.
 * Rate limited per IP (@fastify/rate-limit) and per table token.
 */
export const publicRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Shared by every instance when Redis is configured.
  const perToken = new SharedLimiter(app.counters, 'table', config.rateLimits.public, 60_000);
  const menuCache = new PublicMenuCache(app.db);
  const tableCache = new PublicTableCache(app.db);
  const offBus = app.bus.subscribe((event) => {
    if (event.type === 'menu_updated') {
      menuCache.invalidate(event.restaurantId);
      // Settings (name, currency, rate) travel with the cached restaurant row.
      tableCache.invalidateRestaurant(event.restaurantId);
    }
    if (event.type === 'table_updated' && event.tableId) tableCache.invalidateTable(event.tableId);
  });
  app.addHook('onClose', async () => offBus());
  const publicConfig = {
    public: true,
    rateLimit: { max: config.rateLimits.public, timeWindow: '1 minute' },
  };
  // Runs after validation, so the token is known to be a short string.
  const preHandler = async (request: FastifyRequest) => {
    const source = (request.body ?? request.query) as { token?: string } | undefined;
    const wait = await perToken.hit(source?.token ?? '');
    if (wait > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests for this table, try again in ${Math.ceil(wait / 1000)} seconds`,
      );
    }
  };

  app.post(
    '/api/sessions/public/start',
    { schema: { body: startSessionInputSchema }, config: publicConfig, preHandler },
    async (request) => {
      const { table } = await resolvePublicTable(app.db, request.body.token);
      const { session, opened, events } = await app.db.transaction(async (tx) => {
        const pending: EventInput[] = [];
        const result = await openOrJoinSession(tx, table, request.body.customerCount, pending);
        return { ...result, events: await recordEvents(tx, table.restaurantId, pending) };
      });
      app.publish(events);
      return {
        success: true as const,
        data: { sessionId: session.id, opened, tableNumber: table.number },
      };
    },
  );

  app.get(
    '/api/menu/public',
    { schema: { querystring: tokenQuerySchema }, config: publicConfig, preHandler },
    async (request, reply) => {
      const { table, restaurant } = await tableCache.resolve(request.query.token);
      return reply
        .type('application/json; charset=utf-8')
        .send(await menuCache.body(restaurant, table));
    },
  );

  app.get(
    '/api/sessions/public/summary',
    { schema: { querystring: summaryQuerySchema }, config: publicConfig, preHandler },
    async (request) => {
      const { table, restaurant } = await tableCache.resolve(request.query.token);
      const summary = await sessionSummary(app.db, table, restaurant, request.query.sessionId);
      return { success: true as const, data: summary };
    },
  );

  app.post(
    '/api/orders/public',
    {
      schema: { body: placeOrderInputSchema, headers: idempotencyHeaders },
      config: publicConfig,
      preHandler,
    },
    async (request, reply) => {
      await assertGuestsCanOrder(app.db, request.body.token);
      const { order, events } = await placePublicOrder(
        app.db,
        request.body,
        request.headers['idempotency-key'],
      );
      app.publish(events);
      return reply.status(order.replayed ? 200 : 201).send({ success: true as const, data: order });
    },
  );

  app.post(
    '/api/tables/public/call-waiter',
    { schema: { body: callWaiterInputSchema }, config: publicConfig, preHandler },
    async (request) => {
      const { result, events } = await callWaiter(app.db, request.body.token, request.body.message);
      app.publish(events);
      return { success: true as const, data: result };
    },
  );

  app.post(
    '/api/tables/public/request-payment',
    { schema: { body: requestPaymentInputSchema }, config: publicConfig, preHandler },
    async (request) => {
      const { result, events } = await requestPayment(
        app.db,
        request.body.token,
        request.body.method,
      );
      app.publish(events);
      return { success: true as const, data: result };
    },
  );
};
