import {
  deletedResponseSchema,
  reportEmailLogResponseSchema,
  reportScheduleInputSchema,
  reportScheduleResponseSchema,
  reportSchedulesResponseSchema,
  scheduleIdParamsSchema,
  sendNowResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { sendNow, type ReportEmailJobs } from './sender.js';
import {
  createSchedule,
  deleteSchedule,
  emailLog,
  listSchedules,
  updateSchedule,
} from './service.js';

/**
 * Reports by email (issue 16, item 5): a restaurant's schedules, "Send now" and the log of what
 * was sent and what failed. Without an SMTP server the list says so, and creating, turning on or
 * sending answers 409.
 */
export const reportEmailRoutes: FastifyPluginAsyncZod<{
  jobs: ReportEmailJobs;
  emailConfigured: boolean;
}> = async (app, { jobs, emailConfigured }) => {
  const tags = ['Report emails'];
  const preHandler = requirePermission('view_reports');

  app.get(
    '/api/reports/schedules',
    {
      schema: {
        tags,
        summary: "The restaurant's report email schedules, and whether this server can send email",
        response: { 200: reportSchedulesResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await listSchedules(app.db, requireRestaurantId(request), emailConfigured),
    }),
  );

  app.post(
    '/api/reports/schedules',
    {
      schema: {
        tags,
        summary: 'Schedules a report by email: daily, weekly or monthly at a local time',
        body: reportScheduleInputSchema,
        response: { 201: reportScheduleResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request, reply) => {
      const schedule = await createSchedule(
        app,
        staffActor(request),
        request.body,
        emailConfigured,
      );
      return reply.status(201).send({ success: true as const, data: schedule });
    },
  );

  app.put(
    '/api/reports/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Changes a schedule (due times before the change are not sent)',
        params: scheduleIdParamsSchema,
        body: reportScheduleInputSchema,
        response: { 200: reportScheduleResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => {
      const schedule = await updateSchedule(
        app,
        staffActor(request),
        request.params.id,
        request.body,
        emailConfigured,
      );
      return { success: true as const, data: schedule };
    },
  );

  app.delete(
    '/api/reports/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Removes a schedule (its log stays)',
        params: scheduleIdParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      await deleteSchedule(app, staffActor(request), request.params.id);
      return { success: true as const, data: { deleted: true as const } };
    },
  );

  app.post(
    '/api/reports/schedules/:id/send',
    {
      schema: {
        tags,
        summary:
          "Send now: the schedule's report for the last complete period to its confirmed recipients, queued at once (the log shows the outcome); once per schedule every few minutes, within the restaurant's emails for the day",
        params: scheduleIdParamsSchema,
        response: { 202: sendNowResponseSchema, ...errorResponses(404, 409, 429) },
      },
      preHandler,
    },
    async (request, reply) => {
      await sendNow(app, jobs, staffActor(request), request.params.id, emailConfigured);
      return reply.status(202).send({ success: true as const, data: { queued: true as const } });
    },
  );

  app.get(
    '/api/reports/email-log',
    {
      schema: {
        tags,
        summary: 'The latest attempts to email reports, sent or failed, newest first',
        response: { 200: reportEmailLogResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: { entries: await emailLog(app.db, requireRestaurantId(request)) },
    }),
  );
};
