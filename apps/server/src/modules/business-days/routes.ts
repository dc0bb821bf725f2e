import { businessDaysRoutes, DAY_FILE_NAMES } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { hledgerJournal, quickBooksCsv, xeroCsv } from './journal.js';
import { closeDay, reopenDay, zReport } from './service.js';
import { zReportPdf } from './z-report-pdf-thread.js';

/** End of day: the Z report, closing and reopening a day, the journal. */
export const businessDayRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, businessDaysRoutes.getZReport, async (request, reply) => {
    const { report } = await zReport(app.db, requireRestaurantId(request), request.query.date);
    if (request.query.format === 'pdf') {
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${DAY_FILE_NAMES.pdf(report.date)}"`)
        .send(Buffer.from(await zReportPdf(report)));
    }
    return { success: true as const, data: report };
  });

  defineRoute(app, businessDaysRoutes.getJournal, async (request, reply) => {
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
  });

  defineRoute(app, businessDaysRoutes.closeDay, async (request) => ({
    success: true as const,
    data: await closeDay(app, staffActor(request), request.body.date),
  }));

  defineRoute(app, businessDaysRoutes.reopenDay, async (request) => ({
    success: true as const,
    data: await reopenDay(app, staffActor(request), request.body.date, request.body.reason),
  }));
};
