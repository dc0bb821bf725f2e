import { orderHistoryQuerySchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { historyPdf } from './history-pdf-thread.js';
import { analytics, historyCsv, orderHistory, overview } from './service.js';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('view_reports');

  app.get(
    '/api/orders/history',
    { schema: { querystring: orderHistoryQuerySchema }, preHandler },
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

  app.get('/api/reports/overview', { preHandler }, async (request) => ({
    success: true as const,
    data: await overview(app.db, requireRestaurantId(request)),
  }));

  app.get('/api/reports/analytics', { preHandler }, async (request) => ({
    success: true as const,
    data: await analytics(app.db, requireRestaurantId(request)),
  }));
};
