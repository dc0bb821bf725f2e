import { reportsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { defineRoute } from '../../core/http/define-route.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { cachesOf, liveScope } from '../../core/cache/hub.js';
import { businessDayEndsAt } from '../business-days/index.js';
import { historyPdf } from './history-pdf-thread.js';
import { staffPerformance } from './performance.js';
import { analytics, historyCsv, orderHistory, overview, placeCell } from './service.js';
import { systemOverview } from './system.js';

export const reportRoutes: FastifyPluginAsync = async (app) => {
  // The history's first page of its default period (the last 30 business days), what the
  // screen opens on: one per restaurant and page size, the same for everyone who may read
  // reports, until any event of the restaurant or the end of its business day (the period moves
  // on). Other periods, pages and exports are read each time.
  const firstPages = cachesOf(app.bus).cache<string>('history-first-pages', {
    maxEntries: 5_000,
    ttlMs: 60_000,
  });
  defineRoute(app, reportsRoutes.getOrderHistory, async (request, reply) => {
    const restaurantId = requireRestaurantId(request);
    const { format, ...query } = request.query;
    if (format === 'json' && !query.from && !query.to && query.page === 1) {
      const body = await firstPages.getOrLoad(`${restaurantId}\n${query.pageSize}`, async () => {
        const [dayEnds, { restaurant, ...page }] = await Promise.all([
          businessDayEndsAt(app.db, restaurantId, new Date()),
          orderHistory(app.db, restaurantId, query),
        ]);
        return {
          value: JSON.stringify({
            success: true,
            data: { ...page, currency: restaurant.currency, timezone: restaurant.timezone },
          }),
          scopes: [liveScope(restaurantId)],
          expiresAt: dayEnds,
        };
      });
      return reply.type('application/json; charset=utf-8').send(body);
    }
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
        .send(
          Buffer.from(
            await historyPdf(
              history.rows.map((r) => ({ ...r, place: placeCell(r) })),
              history.restaurant,
              range,
            ),
          ),
        );
    }
    const { restaurant, ...page } = history;
    return {
      success: true as const,
      // A row's status is read as text; the response schema names the statuses it may be.
      data: { ...page, currency: restaurant.currency, timezone: restaurant.timezone } as never,
    };
  });

  defineRoute(app, reportsRoutes.getOverview, async (request) => ({
    success: true as const,
    data: await overview(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, reportsRoutes.getAnalytics, async (request) => ({
    success: true as const,
    data: await analytics(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, reportsRoutes.getStaffPerformance, async (request) => ({
    success: true as const,
    data: await staffPerformance(app.db, requireRestaurantId(request), request.query),
  }));

  defineRoute(app, reportsRoutes.getSystemOverview, async (request) => {
    const restaurantId = requireRestaurantId(request);
    return {
      success: true as const,
      data: await systemOverview(app.db, restaurantId, {
        screens: app.realtime.screensOf(restaurantId),
      }),
    };
  });
};
