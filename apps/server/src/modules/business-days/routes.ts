import {
  closeDayInputSchema,
  DAY_FILE_NAMES,
  journalQuerySchema,
  reopenDayInputSchema,
  zReportQuerySchema,
  zReportResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import { hledgerJournal, quickBooksCsv, xeroCsv } from './journal.js';
import { closeDay, reopenDay, zReport } from './service.js';
import { zReportPdf } from './z-report-pdf-thread.js';

/** End of day (issue 16, items 3 and 6): the Z report, closing and reopening a day, the journal. */
export const businessDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['End of day'];
  const view = requirePermission('view_reports');
  const close = requirePermission('close_day');

  app.get(
    '/api/business-days/report',
    {
      schema: {
        tags,
        summary: "A business day's Z report (today by default), as JSON or PDF",
        querystring: zReportQuerySchema,
        response: {
          200: {
            description: 'format=json: the report; pdf: the file',
            content: {
              'application/json': { schema: zReportResponseSchema },
              ...fileContent('application/pdf'),
            },
          },
          ...errorResponses(400, 404, 503),
        },
      },
      preHandler: view,
    },
    async (request, reply) => {
      const { report } = await zReport(app.db, requireRestaurantId(request), request.query.date);
      if (request.query.format === 'pdf') {
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${DAY_FILE_NAMES.pdf(report.date)}"`,
          )
          .send(Buffer.from(await zReportPdf(report)));
      }
      return { success: true as const, data: report };
    },
  );

  app.get(
    '/api/business-days/journal',
    {
      schema: {
        tags,
        summary:
          "A business day's accounting journal: hledger/ledger, or CSV for Xero's or QuickBooks Online's import",
        querystring: journalQuerySchema,
        response: {
          200: {
            description: 'The journal file',
            content: fileContent('text/plain', 'text/csv'),
          },
          ...errorResponses(400, 404),
        },
      },
      preHandler: view,
    },
    async (request, reply) => {
      const { date, format } = request.query;
      const { report } = await zReport(app.db, requireRestaurantId(request), date);
      const file = DAY_FILE_NAMES[format](report.date);
      const body =
        format === 'hledger'
          ? hledgerJournal(report)
          : format === 'xero'
            ? xeroCsv(report)
            : quickBooksCsv(report);
      return reply
        .type(format === 'hledger' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(body);
    },
  );

  app.post(
    '/api/business-days/close',
    {
      schema: {
        tags,
        summary: 'Close a business day: its Z report is kept and the day is locked',
        body: closeDayInputSchema,
        response: { 200: zReportResponseSchema, ...errorResponses(400, 404, 409) },
      },
      preHandler: close,
    },
    async (request) => ({
      success: true as const,
      data: await closeDay(app, staffActor(request), request.body.date),
    }),
  );

  app.post(
    '/api/business-days/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a closed business day, with a reason (audited)',
        body: reopenDayInputSchema,
        response: { 200: zReportResponseSchema, ...errorResponses(400, 404, 409) },
      },
      preHandler: close,
    },
    async (request) => ({
      success: true as const,
      data: await reopenDay(app, staffActor(request), request.body.date, request.body.reason),
    }),
  );
};
