import { v1DocRoutes, v1Routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireApiKey } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { v1OpenApiDocument } from './openapi.js';
import {
  bumpTicket,
  createOrder,
  dailyFigures,
  getOrder,
  listMenu,
  listOrders,
  listPayments,
  listTables,
  listTickets,
  updateMenuItem,
  zReportOf,
} from './service.js';

/** The public API, version 1: each route's key, address, limits and scope are checked first. */
export const publicApiRoutes: FastifyPluginAsync<{ publicPerMinute: number }> = async (
  app,
  { publicPerMinute },
) => {
  // Written once: the contract does not change while the server runs.
  let documentJson: string | null = null;
  defineRoute(
    app,
    v1DocRoutes.getV1OpenApiDocument,
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((documentJson ??= JSON.stringify(v1OpenApiDocument()))),
    { config: { rateLimit: { max: publicPerMinute, timeWindow: '1 minute' } } },
  );

  const restaurantOf = (request: Parameters<typeof requireApiKey>[0]) =>
    requireApiKey(request).actor.restaurantId;

  defineRoute(app, v1Routes.v1ListMenu, async (request) => ({
    success: true as const,
    data: { items: await listMenu(app.db, restaurantOf(request)) },
  }));

  defineRoute(app, v1Routes.v1UpdateMenuItem, async (request) => ({
    success: true as const,
    data: await updateMenuItem(app, requireApiKey(request).actor, request.params.id, request.body),
  }));

  defineRoute(app, v1Routes.v1ListTables, async (request) => ({
    success: true as const,
    data: { tables: await listTables(app.db, restaurantOf(request)) },
  }));

  defineRoute(app, v1Routes.v1ListOrders, async (request) => ({
    success: true as const,
    data: await listOrders(app.db, restaurantOf(request), request.query),
  }));

  defineRoute(app, v1Routes.v1GetOrder, async (request) => ({
    success: true as const,
    data: await getOrder(app.db, restaurantOf(request), request.params.id),
  }));

  defineRoute(app, v1Routes.v1CreateOrder, async (request, reply) => {
    const data = await createOrder(
      app,
      requireApiKey(request).actor,
      request.body,
      request.headers['idempotency-key'],
    );
    reply.code(data.replayed ? 200 : 201);
    return { success: true as const, data };
  });

  defineRoute(app, v1Routes.v1ListTickets, async (request) => ({
    success: true as const,
    data: { tickets: await listTickets(app.db, restaurantOf(request), request.query.station) },
  }));

  defineRoute(app, v1Routes.v1BumpTicket, async (request) => ({
    success: true as const,
    data: await bumpTicket(
      app,
      requireApiKey(request).actor,
      request.params.id,
      request.body.status,
    ),
  }));

  defineRoute(app, v1Routes.v1ListPayments, async (request) => ({
    success: true as const,
    data: await listPayments(app.db, restaurantOf(request), request.query.date),
  }));

  defineRoute(app, v1Routes.v1GetDailyFigures, async (request) => ({
    success: true as const,
    data: await dailyFigures(app.db, restaurantOf(request), request.query.date),
  }));

  defineRoute(app, v1Routes.v1GetZReport, async (request) => ({
    success: true as const,
    data: await zReportOf(app.db, restaurantOf(request), request.query.date),
  }));
};
