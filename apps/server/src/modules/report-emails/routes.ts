import { reportEmailsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { sendNow, type ReportEmailJobs } from './sender.js';
import {
  createSchedule,
  deleteSchedule,
  emailLog,
  listSchedules,
  updateSchedule,
} from './service.js';

/**
 * Reports by email: a restaurant's schedules, "Send now" and the log of what
 * was sent and what failed. Without an SMTP server the list says so, and creating, turning on or
 * sending answers 409.
 */
export const reportEmailRoutes: FastifyPluginAsync<{
  jobs: ReportEmailJobs;
  emailConfigured: boolean;
}> = async (app, { jobs, emailConfigured }) => {
  defineRoute(app, reportEmailsRoutes.listReportSchedules, async (request) => ({
    success: true as const,
    data: await listSchedules(app.db, requireRestaurantId(request), emailConfigured),
  }));

  defineRoute(app, reportEmailsRoutes.createReportSchedule, async (request, reply) => {
    const schedule = await createSchedule(app, staffActor(request), request.body, emailConfigured);
    return reply.status(201).send({ success: true as const, data: schedule });
  });

  defineRoute(app, reportEmailsRoutes.updateReportSchedule, async (request) => {
    const schedule = await updateSchedule(
      app,
      staffActor(request),
      request.params.id,
      request.body,
      emailConfigured,
    );
    return { success: true as const, data: schedule };
  });

  defineRoute(app, reportEmailsRoutes.deleteReportSchedule, async (request) => {
    await deleteSchedule(app, staffActor(request), request.params.id);
    return { success: true as const, data: { deleted: true as const } };
  });

  defineRoute(app, reportEmailsRoutes.sendReportNow, async (request, reply) => {
    await sendNow(app, jobs, staffActor(request), request.params.id, emailConfigured);
    return reply.status(202).send({ success: true as const, data: { queued: true as const } });
  });

  defineRoute(app, reportEmailsRoutes.getReportEmailLog, async (request) => ({
    success: true as const,
    data: { entries: await emailLog(app.db, requireRestaurantId(request)) },
  }));
};
