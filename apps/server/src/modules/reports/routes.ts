import {
  analyticsResponseSchema,
  historyPageResponseSchema,
  orderHistoryQuerySchema,
  overviewResponseSchema,
  staffPerformanceQuerySchema,
  staffPerformanceResponseSchema,
  systemOverviewResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { historyPdf } from './history-pdf-thread.js';
import { staffPerformance } from './performance.js';
import { analytics, historyCsv, orderHistory, overview } from './service.js';
import { systemOverview } from './system.js';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('view_reports');
  const tags = ['Reports'];

  app.get(
    '/api/orders/history',
    {
      schema: {
        tags,
        summary: 'Order history: a page of orders, or the whole period as CSV or PDF',
        querystring: orderHistoryQuerySchema,
        response: {
          200: {
            description: 'format=json: one page, newest first; csv or pdf: the file',
            content: {
              'application/json': { schema: historyPageResponseSchema },
              ...fileContent('text/csv', 'application/pdf'),
            },
          },
          ...errorResponses(404, 413, 503),
        },
      },
      preHandler,
    },
    async (request, reply) => {
      const restaurantId = requireRestaurantId(request);
      const { format, ...query } = request.query;
      const exportAs = format === 'json' ? undefined : format;
      const history = await orderHistory(app.db, restaurantId, query, exportAs);
      const range = `${query.from ?? 'last 30 days'}${query.to ? ` to ${query.to}` : ''}`;
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="orders.csv"')
          .send(historyCsv(history.rows, history.restaurant.timezone));
      }
      if (format === 'pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="orders.pdf"')
          .send(Buffer.from(await historyPdf(history.rows, history.restaurant, range)));
      }
      const { restaurant, ...page } = history;
      return {
        success: true as const,
        data: { ...page, currency: restaurant.currency, timezone: restaurant.timezone },
      };
    },
  );

  app.get(
    '/api/reports/overview',
    {
      schema: {
        tags,
        summary: "Today's revenue, orders, staff on duty and tables in use",
        response: { 200: overviewResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await overview(app.db, requireRestaurantId(request)),
    }),
  );

  app.get(
    '/api/reports/analytics',
    {
      schema: {
        tags,
        summary: 'Revenue by day, week and month, order statistics and best sellers',
        response: { 200: analyticsResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await analytics(app.db, requireRestaurantId(request)),
    }),
  );

  app.get(
    '/api/reports/staff-performance',
    {
      schema: {
        tags,
        summary:
          'Staff performance between two local dates (default the last 30 days): orders and sales per waiter, time to ready per station, voids per user',
        querystring: staffPerformanceQuerySchema,
        response: { 200: staffPerformanceResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await staffPerformance(app.db, requireRestaurantId(request), request.query),
    }),
  );

  app.get(
    '/api/reports/system',
    {
      schema: {
        tags,
        summary: "The admin's overview: the restaurant's accounts, orders and live screens",
        response: { 200: systemOverviewResponseSchema, ...errorResponses(404) },
      },
      preHandler: requirePermission('full_access'),
    },
    async (request) => {
      const restaurantId = requireRestaurantId(request);
      return {
        success: true as const,
        data: await systemOverview(app.db, restaurantId, {
          screens: app.realtime.screensOf(restaurantId),
        }),
      };
    },
  );
};
