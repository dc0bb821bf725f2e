import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import {
  coveredPeriod,
  lastDueAt,
  REPORT_TITLES,
  reportDocument,
  reportFileName,
  reportText,
  type ReportEmailTrigger,
} from '@tavola/contract';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemActor, type StaffActor } from '../../core/auth/actors.js';
import { reportEmailLog, reportSchedules, restaurants } from '../../core/db/schema.js';
import { runWork } from '../../core/events/unit-of-work.js';
import { defineJob, type JobDefinition, type JobRun } from '../../core/jobs/runner.js';
import type { Mailer } from '../../core/mail/mailer.js';
import { buildReport, datesWindow, reportCsv, reportPdfBuffer } from '../reports/index.js';
import { requireEmail, scheduleOf } from './service.js';

/** One email of a schedule's report: a due time of the schedule, or a "Send now". */
export interface SendReportData {
  restaurantId: string;
  scheduleId: string;
  trigger: ReportEmailTrigger;
  /** The moment it is for (ISO): what it covers is the last complete period before it. */
  at: string;
  /** The same across the email's attempts; a delivery is sent once. */
  deliveryKey: string;
}

/** How many schedules a tick reads at once. */
const TICK_PAGE = 500;
/**
 * A due time's singleton slot (pg-boss keeps slots up to its archive interval, 12 hours): a
 * second job for the same schedule and due time within the hour is refused by the queue too,
 * besides the claim on the schedule's row.
 */
const DELIVERY_SLOT_SECONDS = 3600;

export interface ReportEmailJobs {
  send: JobDefinition<SendReportData>;
  tick: JobDefinition<Record<string, never>>;
}

/**
 * The scheduled report emails on the shared job runner (core/jobs): every `tickSeconds`, one
 * instance's tick finds the schedules due (in each restaurant's zone) and sends one job each; a
 * job builds the report, attaches it as CSV or PDF and sends it by SMTP, logging each attempt.
 * With no SMTP server configured nothing is scheduled at all.
 */
export function registerReportEmailJobs(
  app: FastifyInstance,
  mailer: Mailer | null,
  options: { tickSeconds: number; retryDelaySeconds: number },
): ReportEmailJobs {
  const jobs: ReportEmailJobs = {
    send: defineJob<SendReportData>('reports.email', {
      retryLimit: 3,
      retryDelaySeconds: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    }),
    tick: defineJob<Record<string, never>>('reports.email-tick', { retryLimit: 0 }),
  };
  app.jobs.register(jobs.send, (data, run) => sendReport(app, mailer, data, run));
  app.jobs.register(jobs.tick, async () => {
    await sendDueReports(app, jobs);
  });
  if (mailer) app.jobs.every(jobs.tick, options.tickSeconds);
  app.addHook('onClose', async () => mailer?.close());
  return jobs;
}

/**
 * Finds the schedules with a due time not yet handled and sends each once. A due time is
 * claimed with a conditional update of the schedule (only the first tick to move its last due
 * time forward gets it, whichever instance it runs on), then queued with a singleton key of the
 * schedule and the due time. Only the latest due time counts: a server that was down for days
 * sends one email per schedule, not a backlog.
 */
export async function sendDueReports(
  app: FastifyInstance,
  jobs: ReportEmailJobs,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  // Every enabled schedule is looked at, a page at a time (whether one is due is worked out here,
  // in its restaurant's zone).
  for (let after = ''; ;) {
    const page = await app.db
      .select({ schedule: reportSchedules, timezone: restaurants.timezone })
      .from(reportSchedules)
      .innerJoin(restaurants, eq(restaurants.id, reportSchedules.restaurantId))
      .where(
        and(
          eq(reportSchedules.enabled, true),
          ne(restaurants.status, 'suspended'),
          after ? gt(reportSchedules.id, after) : undefined,
        ),
      )
      .orderBy(reportSchedules.id)
      .limit(TICK_PAGE);
    for (const { schedule, timezone } of page) {
      try {
        sent += await sendIfDue(app, jobs, schedule, timezone, now);
      } catch (err) {
        // The next tick tries this one again; the others go on.
        app.log.error({ err, scheduleId: schedule.id }, 'report email not queued');
      }
    }
    if (page.length < TICK_PAGE) return sent;
    after = page[page.length - 1]!.schedule.id;
  }
}

/** Claims and queues a schedule's latest due time if it has not been handled yet (1 if sent). */
async function sendIfDue(
  app: FastifyInstance,
  jobs: ReportEmailJobs,
  schedule: typeof reportSchedules.$inferSelect,
  timezone: string,
  now: Date,
): Promise<number> {
  const due = lastDueAt(schedule, timezone, now);
  if (!due || due <= schedule.lastDueAt) return 0;
  const [claimed] = await app.db
    .update(reportSchedules)
    .set({ lastDueAt: due })
    .where(
      and(
        eq(reportSchedules.id, schedule.id),
        eq(reportSchedules.enabled, true),
        lt(reportSchedules.lastDueAt, due),
      ),
    )
    .returning({ id: reportSchedules.id });
  if (!claimed) return 0;
  const deliveryKey = `${schedule.id}@${due.toISOString()}`;
  try {
    await app.jobs.send(
      jobs.send,
      {
        restaurantId: schedule.restaurantId,
        scheduleId: schedule.id,
        trigger: 'schedule',
        at: due.toISOString(),
        deliveryKey,
      },
      { singletonKey: deliveryKey, singletonSeconds: DELIVERY_SLOT_SECONDS },
    );
    return 1;
  } catch (error) {
    // Not queued: give the due time back so the next tick tries again.
    await app.db
      .update(reportSchedules)
      .set({ lastDueAt: schedule.lastDueAt })
      .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.lastDueAt, due)));
    throw error;
  }
}

/** "Send now": the schedule's report for the last complete period, on the same job. */
export async function sendNow(
  app: FastifyInstance,
  jobs: ReportEmailJobs,
  actor: StaffActor,
  scheduleId: string,
  emailConfigured: boolean,
): Promise<void> {
  const schedule = await scheduleOf(app.db, actor.restaurantId, scheduleId);
  requireEmail(emailConfigured);
  await runWork(app, actor, async (uow) => {
    uow.audit({
      action: 'report_schedule.sent_now',
      entityType: 'report_schedule',
      entityId: schedule.id,
      details: { report: schedule.report, recipients: schedule.recipients.join(', ') },
    });
  });
  await app.jobs.send(jobs.send, {
    restaurantId: actor.restaurantId,
    scheduleId: schedule.id,
    trigger: 'manual',
    at: new Date().toISOString(),
    deliveryKey: `manual:${randomUUID()}`,
  });
}

/** The attachment's bytes: a CSV stream or a PDF drawn on the worker thread. */
async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks);
}

/**
 * One attempt to email a report. A schedule removed (or, for a due time, turned off) since is
 * not sent; a delivery already sent is not sent again (a retry after a lost acknowledgement).
 * Each attempt is logged; a failure is thrown so the runner tries again with backoff.
 */
async function sendReport(
  app: FastifyInstance,
  mailer: Mailer | null,
  data: SendReportData,
  run: JobRun,
): Promise<void> {
  const [schedule] = await app.db
    .select({ schedule: reportSchedules, timezone: restaurants.timezone, name: restaurants.name })
    .from(reportSchedules)
    .innerJoin(restaurants, eq(restaurants.id, reportSchedules.restaurantId))
    .where(
      and(
        eq(reportSchedules.id, data.scheduleId),
        eq(reportSchedules.restaurantId, data.restaurantId),
      ),
    );
  if (!schedule || (data.trigger === 'schedule' && !schedule.schedule.enabled)) return;
  const [already] = await app.db
    .select({ id: reportEmailLog.id })
    .from(reportEmailLog)
    .where(
      and(eq(reportEmailLog.deliveryKey, data.deliveryKey), eq(reportEmailLog.status, 'sent')),
    );
  if (already) return;

  const s = schedule.schedule;
  const period = coveredPeriod(s.frequency, new Date(data.at), schedule.timezone);
  const log = async (entry: { status: 'sent' | 'failed'; error?: string; messageId?: string }) =>
    runWork(app, systemActor(data.restaurantId), async (uow) => {
      await uow.tx.insert(reportEmailLog).values({
        restaurantId: data.restaurantId,
        scheduleId: s.id,
        deliveryKey: data.deliveryKey,
        trigger: data.trigger,
        report: s.report,
        format: s.format,
        periodFrom: period.from,
        periodTo: period.to,
        recipients: s.recipients,
        attempt: run.retryCount + 1,
        status: entry.status,
        error: entry.error ?? null,
        messageId: entry.messageId ?? null,
      });
    });

  try {
    if (!mailer) throw new Error('Email is not configured on this server (SMTP_URL is not set)');
    const window = await datesWindow(app.db, data.restaurantId, period);
    const report = await buildReport(app.db, data.restaurantId, s.report, window);
    const doc = reportDocument(s.report, report, schedule.name);
    const content = s.format === 'csv' ? await collect(reportCsv(doc)) : await reportPdfBuffer(doc);
    const messageId = await mailer.send({
      to: s.recipients,
      subject: `${REPORT_TITLES[s.report]}, ${doc.period.replace(/ \(.*\)$/, '')}: ${schedule.name}`,
      text: reportText(doc),
      attachments: [
        {
          filename: reportFileName(s.report, period, s.format),
          content,
          contentType: s.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
        },
      ],
    });
    await log({ status: 'sent', messageId });
  } catch (error) {
    await log({ status: 'failed', error: describe(error) });
    throw error;
  }
}

/** What went wrong, in one line a manager can read (no stack). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}
