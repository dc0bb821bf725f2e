// Reports by email: the schedules' routes and jobs, registered together.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../../config.js';
import { createMailer } from '../../core/mail/mailer.js';
import { reportEmailRoutes } from './routes.js';
import { registerReportEmailJobs, type ReportEmailJobs } from './sender.js';

export { sendDueReports, type ReportEmailJobs } from './sender.js';

/**
 * The report email schedules, their send job and the tick that finds what is due; the mailer
 * from `SMTP_URL` (none configured: nothing is scheduled, and the routes say so).
 */
export const reportEmailsModule = fp(
  async (app: FastifyInstance, opts: { mail: MailConfig | undefined; tickSeconds: number }) => {
    const mail = opts.mail ?? { smtpUrl: undefined, from: '', retryDelaySeconds: 60 };
    const mailer = createMailer(mail);
    const jobs = registerReportEmailJobs(app, mailer, {
      tickSeconds: opts.tickSeconds,
      retryDelaySeconds: mail.retryDelaySeconds,
    });
    app.decorate('reportEmailJobs', jobs);
    await app.register(reportEmailRoutes, { jobs, emailConfigured: mailer !== null });
  },
  { name: 'report-emails', dependencies: ['jobs'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The report email jobs (tests drive the tick with `sendDueReports`). */
    reportEmailJobs: ReportEmailJobs;
  }
}
