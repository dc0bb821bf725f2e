import {
  REPORT_KINDS,
  REPORT_RESPONSE_SCHEMAS,
  REPORT_TITLES,
  reportDocument,
  reportFileName,
  reportQuerySchema,
  type ReportKind,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import { buildReport, queryWindow } from './period-reports.js';
import { reportCsv } from './report-csv.js';
import { reportPdfStream } from './report-pdf-thread.js';

const PATHS: Record<ReportKind, string> = {
  sales: '/api/reports/sales',
  items: '/api/reports/items',
  staff: '/api/reports/staff',
  tables: '/api/reports/tables',
  payments: '/api/reports/payments',
  tax: '/api/reports/tax',
  voids: '/api/reports/voids',
};

/**
 * The period reports (issue 16, item 4): GET /api/reports/{kind} for a day, week, month or custom
 * range of the restaurant's local dates, as JSON for the screen, or as a CSV (streamed) or PDF
 * (drawn on a worker thread, streamed) download.
 */
export const periodReportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of REPORT_KINDS) {
    app.get(
      PATHS[kind],
      {
        schema: {
          tags: ['Reports'],
          summary: `${REPORT_TITLES[kind]} over a day, week (Monday to Sunday), month or custom range of local dates, as JSON, CSV or PDF`,
          querystring: reportQuerySchema,
          response: {
            200: {
              description: 'format=json: the report; csv or pdf: the file',
              content: {
                'application/json': { schema: REPORT_RESPONSE_SCHEMAS[kind] },
                ...fileContent('text/csv', 'application/pdf'),
              },
            },
            ...errorResponses(404, 503),
          },
        },
        preHandler: requirePermission('view_reports'),
      },
      async (request, reply) => {
        const restaurantId = requireRestaurantId(request);
        const { format, ...range } = request.query;
        const window = await queryWindow(app.db, restaurantId, range);
        const data = await buildReport(app.db, restaurantId, kind, window);
        if (format === 'json') return { success: true as const, data };
        const doc = reportDocument(kind, data, window.tenant.name);
        const file = reportFileName(kind, window.dates, format);
        reply.header('content-disposition', `attachment; filename="${file}"`);
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(reportCsv(doc));
        return reply.type('application/pdf').send(await reportPdfStream(doc));
      },
    );
  }
};
