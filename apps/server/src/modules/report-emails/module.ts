import fp from 'fastify-plugin';
import type { ServerContext } from '../../core/context.js';
import { defineConsumer } from '../../core/events/consumers.js';
import { defineModule, type ModuleRouteOptions } from '../../core/module.js';
import { recipientLinkRoutes } from './recipient-routes.js';
import { reportEmailRoutes } from './routes.js';
import { askToConfirm, reportEmailJobs, reportEmailWork, type ReportEmailJobs } from './sender.js';

/** The jobs, their retries from the configuration. */
const jobsOf = (ctx: ServerContext) => reportEmailJobs(ctx.config.mail?.retryDelaySeconds ?? 60);

/** Recipients confirm through a link to this server: without its address, nothing is sent. */
const mailerOf = (ctx: ServerContext) => (ctx.config.publicUrl ? ctx.mailer : null);

const workOf = (ctx: ServerContext) =>
  reportEmailWork(ctx, jobsOf(ctx), mailerOf(ctx), {
    tickSeconds: ctx.config.jobs.tickSeconds,
    publicUrl: ctx.config.publicUrl,
  });

/** The schedules' routes and the recipients' links. */
const routes = fp(
  async (app, { config, ctx }: ModuleRouteOptions) => {
    if (config.mail?.smtpUrl && !config.publicUrl) {
      app.log.warn('report emails are off: SMTP_URL is set but PUBLIC_URL is not');
    }
    const jobs = jobsOf(ctx);
    app.decorate('reportEmailJobs', jobs);
    await app.register(reportEmailRoutes, { jobs, emailConfigured: mailerOf(ctx) !== null });
    await app.register(recipientLinkRoutes, { publicRateLimit: config.rateLimits.public });
  },
  { name: 'report-emails' },
);

// Addresses a saved schedule names are asked to confirm after the save commits, by a durable
// consumer: a crash between the commit and the ask only delays it. Asking twice is harmless (an
// address asked within a link's lifetime is not asked again; the job slot sends once).
const confirmRecipients = (ctx: ServerContext) =>
  defineConsumer('report-emails.confirm-recipients', {
    types: ['report_recipients_named'],
    handle: async (events, { restaurantId }) => {
      if (!mailerOf(ctx)) return;
      const named = new Set(events.flatMap((e) => e.data.recipients));
      await askToConfirm(ctx, jobsOf(ctx), restaurantId, [...named]);
    },
  });

/**
 * Reports by email: the schedules, their send job and the tick that finds what is due, the
 * recipients' confirmation job and links; the mailer from `SMTP_URL` (none configured, or no
 * `PUBLIC_URL` for the links: nothing is scheduled, and the routes say so).
 */
export const reportEmailsModule = defineModule({
  name: 'report-emails',
  routes: [routes],
  jobs: (ctx) => workOf(ctx).jobs,
  schedules: (ctx) => workOf(ctx).schedules,
  consumers: (ctx) => [confirmRecipients(ctx)],
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The report email jobs (tests drive the tick with `sendDueReports`). */
    reportEmailJobs: ReportEmailJobs;
  }
}
