import {
  periodReportRoutes as routes,
  REPORT_KINDS,
  reportDocument,
  reportFileName,
} from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { buildReport, queryWindow } from './period-reports.js';
import { reportCsv } from './report-csv.js';
import { reportPdfStream } from './report-pdf-thread.js';

/**
 * The period reports: GET /api/reports/{kind} for a day, week, month or custom
 * range of the restaurant's local dates, as JSON for the screen, or as a CSV (streamed) or PDF
 * (drawn on a worker thread, streamed) download.
 */
export const periodReportRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of REPORT_KINDS) {
    defineRoute(app, routes[kind], async (request, reply) => {
      const restaurantId = requireRestaurantId(request);
      const { format, ...range } = request.query;
      const window = await queryWindow(app.db, restaurantId, range);
      const data = await buildReport(app.db, restaurantId, kind, window);
      // The kind's own report: its type follows `kind`, which a loop over the kinds loses.
      if (format === 'json') return { success: true as const, data: data as never };
      const doc = reportDocument(kind, data, window.tenant.name);
      const file = reportFileName(kind, window.dates, format);
      reply.header('content-disposition', `attachment; filename="${file}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(reportCsv(doc));
      return reply.type('application/pdf').send(await reportPdfStream(doc));
    });
  }
};
