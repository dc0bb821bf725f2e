// Reports by email: the schedules' routes and jobs, registered together.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../../config.js';
import { createMailer } from '../../core/mail/mailer.js';
import { recipientLinkRoutes } from './recipient-routes.js';
import { reportEmailRoutes } from './routes.js';
import { askToConfirm, registerReportEmailJobs, type ReportEmailJobs } from './sender.js';
import { defineConsumer } from '../../core/events/consumers.js';

export { sendDueReports, type ReportEmailJobs } from './sender.js';

/**
 * The report email schedules, their send job and the tick that finds what is due, the recipients'
 * confirmation job and links; the mailer from `SMTP_URL` (none configured, or no `PUBLIC_URL` for
 * the links: nothing is scheduled, and the routes say so).
 */
export const reportEmailsModule = fp(
  async (
    app: FastifyInstance,
    opts: {
      mail: MailConfig | undefined;
      tickSeconds: number;
      publicUrl: string | undefined;
      publicRateLimit: number;
    },
  ) => {
    const mail = opts.mail ?? { smtpUrl: undefined, from: '', retryDelaySeconds: 60 };
    // Recipients confirm through a link to this server: without its address, nothing is sent.
    const mailer = opts.publicUrl ? createMailer(mail) : null;
    if (mail.smtpUrl && !opts.publicUrl) {
      app.log.warn('report emails are off: SMTP_URL is set but PUBLIC_URL is not');
    }
    const jobs = registerReportEmailJobs(app, mailer, {
      tickSeconds: opts.tickSeconds,
      retryDelaySeconds: mail.retryDelaySeconds,
      publicUrl: opts.publicUrl,
    });
    app.decorate('reportEmailJobs', jobs);
    // Addresses a saved schedule names are asked to confirm after the save commits, by a durable
    // consumer: a crash between the commit and the ask only delays it. Asking twice is harmless
    // (an address asked within a link's lifetime is not asked again; the job slot sends once).
    app.consumers.register(
      defineConsumer('report-emails.confirm-recipients', {
        types: ['report_recipients_named'],
        handle: async (events, { restaurantId }) => {
          if (!mailer) return;
          const named = new Set(events.flatMap((e) => e.data.recipients));
          await askToConfirm(app, jobs, restaurantId, [...named]);
        },
      }),
    );
    await app.register(reportEmailRoutes, { jobs, emailConfigured: mailer !== null });
    await app.register(recipientLinkRoutes, { publicRateLimit: opts.publicRateLimit });
  },
  { name: 'report-emails', dependencies: ['jobs', 'consumers'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The report email jobs (tests drive the tick with `sendDueReports`). */
    reportEmailJobs: ReportEmailJobs;
  }
}
