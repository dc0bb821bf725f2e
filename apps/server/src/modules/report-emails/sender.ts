import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import {
  coveredPeriod,
  dailyEmailLimitReached,
  EMAIL_NOT_CONFIGURED,
  NO_CONFIRMED_RECIPIENTS,
  SEND_NOW_INTERVAL_MINUTES,
  type ReportEmailStatus,
  mailText,
  lastDueAt,
  REPORT_TITLES,
  reportDocument,
  reportFileName,
  reportText,
  type ReportEmailTrigger,
} from '@tavola/contract';
import { and, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { systemActor, type StaffActor } from '../../core/auth/actors.js';
import type { ServerContext } from '../../core/context.js';
import { bindJob } from '../../core/module.js';
import { reportEmailLog, reportSchedules, restaurants } from '../../core/db/schema.js';
import { runWork } from '../../core/events/unit-of-work.js';
import { defineJob, type JobDefinition, type JobRun } from '../../core/jobs/runner.js';
import type { Mailer } from '../../core/mail/mailer.js';
import { buildReport, datesWindow, reportCsv, reportPdfBuffer } from '../reports/index.js';
import { refuse } from '../../core/http/errors.js';
import {
  confirmedRecipients,
  linkUrl,
  newRecipientLink,
  pendingToAsk,
  sendConfirmation,
  type ConfirmRecipientData,
} from './recipients.js';
import { requireEmail, scheduleOf } from './service.js';
import { dailyEmailLimit, releaseEmail, sentToday, takeEmail } from './volume.js';

/** What the report emails need of the server context. */
type Ctx = Pick<ServerContext, 'db' | 'bus' | 'jobs' | 'log'>;

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

/** A recipient's confirmation job slot: asked once however often it is named at once. */
const CONFIRM_SLOT_SECONDS = 3600;

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
  confirm: JobDefinition<ConfirmRecipientData>;
}

/** The report email jobs; their retries wait `retryDelaySeconds`, doubling each time. */
export function reportEmailJobs(retryDelaySeconds: number): ReportEmailJobs {
  return {
    send: defineJob<SendReportData>('reports.email', {
      retryLimit: 3,
      retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    }),
    tick: defineJob<Record<string, never>>('reports.email-tick', { retryLimit: 0 }),
    confirm: defineJob<ConfirmRecipientData>('reports.confirm-recipient', {
      retryLimit: 3,
      retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    }),
  };
}

/**
 * The scheduled report emails on the shared job runner (core/jobs): every `tickSeconds`, one
 * instance's tick finds the schedules due (in each restaurant's zone) and sends one job each; a
 * job builds the report, attaches it as CSV or PDF and sends it by SMTP, logging each attempt.
 * With no mailer (no SMTP server, or no public address for the links) nothing is scheduled.
 */
export function reportEmailWork(
  ctx: Ctx,
  jobs: ReportEmailJobs,
  mailer: Mailer | null,
  options: { tickSeconds: number; publicUrl: string | undefined },
) {
  return {
    jobs: [
      bindJob(jobs.send, (data, run) =>
        sendReport(ctx, jobs, mailer, options.publicUrl, data, run),
      ),
      bindJob(jobs.confirm, (data) => sendConfirmation(ctx, mailer, options.publicUrl, data)),
      bindJob(jobs.tick, async () => {
        await sendDueReports(ctx, jobs);
      }),
    ],
    schedules: mailer
      ? [{ kind: 'job', job: jobs.tick, everySeconds: options.tickSeconds } as const]
      : [],
  };
}

/**
 * Finds the schedules with a due time not yet handled and sends each once. A due time is
 * claimed with a conditional update of the schedule (only the first tick to move its last due
 * time forward gets it, whichever instance it runs on), then queued with a singleton key of the
 * schedule and the due time. Only the latest due time counts: a server that was down for days
 * sends one email per schedule, not a backlog.
 */
export async function sendDueReports(
  ctx: Ctx,
  jobs: ReportEmailJobs,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  // Every enabled schedule is looked at, a page at a time (whether one is due is worked out here,
  // in its restaurant's zone).
  for (let after = ''; ;) {
    const page = await ctx.db
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
        sent += await sendIfDue(ctx, jobs, schedule, timezone, now);
      } catch (err) {
        // The next tick tries this one again; the others go on.
        ctx.log.error({ err, scheduleId: schedule.id }, 'report email not queued');
      }
    }
    if (page.length < TICK_PAGE) return sent;
    after = page[page.length - 1]!.schedule.id;
  }
}

/** Claims and queues a schedule's latest due time if it has not been handled yet (1 if sent). */
async function sendIfDue(
  ctx: Ctx,
  jobs: ReportEmailJobs,
  schedule: typeof reportSchedules.$inferSelect,
  timezone: string,
  now: Date,
): Promise<number> {
  const due = lastDueAt(schedule, timezone, now);
  if (!due || due <= schedule.lastDueAt) return 0;
  const [claimed] = await ctx.db
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
    await ctx.jobs.send(
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
    await ctx.db
      .update(reportSchedules)
      .set({ lastDueAt: schedule.lastDueAt })
      .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.lastDueAt, due)));
    throw error;
  }
}

/**
 * Asks each pending address that has not been asked within a link's lifetime to confirm (one
 * job each; the job's own claim makes sure one email goes out, whatever else asks at once).
 */
export async function askToConfirm(
  ctx: Ctx,
  jobs: ReportEmailJobs,
  restaurantId: string,
  emails: string[],
): Promise<void> {
  for (const email of await pendingToAsk(ctx.db, restaurantId, emails)) {
    try {
      await ctx.jobs.send(
        jobs.confirm,
        { restaurantId, email },
        { singletonKey: `${restaurantId}:${email}`, singletonSeconds: CONFIRM_SLOT_SECONDS },
      );
    } catch (err) {
      // The next save or send of a schedule naming it asks again.
      ctx.log.error({ err, restaurantId }, 'recipient confirmation not queued');
    }
  }
}

/**
 * "Send now": the schedule's report for the last complete period, on the same job. Refused when
 * nobody confirmed (409), when the restaurant's emails for the day are used up (429), or when
 * it was used for this schedule within the interval (429; claimed with a conditional update, so
 * parallel presses on any instance send once).
 */
export async function sendNow(
  ctx: Ctx,
  jobs: ReportEmailJobs,
  actor: StaffActor,
  scheduleId: string,
  emailConfigured: boolean,
): Promise<void> {
  const schedule = await scheduleOf(ctx.db, actor.restaurantId, scheduleId);
  requireEmail(emailConfigured);
  const confirmed = await confirmedRecipients(ctx.db, actor.restaurantId, schedule.recipients);
  if (confirmed.length === 0) {
    await askToConfirm(ctx, jobs, actor.restaurantId, schedule.recipients);
    throw refuse('NO_CONFIRMED_RECIPIENTS');
  }
  const limit = await dailyEmailLimit(ctx.db, actor.restaurantId);
  if ((await sentToday(ctx.db, actor.restaurantId)) >= limit) {
    throw refuse('DAILY_EMAIL_LIMIT_REACHED', { cap: limit });
  }
  const interval = sql`interval '${sql.raw(String(SEND_NOW_INTERVAL_MINUTES))} minutes'`;
  const [claimed] = await ctx.db
    .update(reportSchedules)
    .set({ sentNowAt: sql`now()` })
    .where(
      and(
        eq(reportSchedules.id, schedule.id),
        eq(reportSchedules.restaurantId, actor.restaurantId),
        or(
          isNull(reportSchedules.sentNowAt),
          lte(reportSchedules.sentNowAt, sql`now() - ${interval}`),
        ),
      ),
    )
    .returning({ id: reportSchedules.id });
  if (!claimed) {
    const [row] = await ctx.db
      .select({
        wait: sql<number>`ceil(extract(epoch from (${reportSchedules.sentNowAt} + ${interval} - now())) / 60)::int`,
      })
      .from(reportSchedules)
      .where(eq(reportSchedules.id, schedule.id));
    throw refuse('SEND_NOW_TOO_SOON', {
      interval: SEND_NOW_INTERVAL_MINUTES,
      minutes: Math.max(1, Number(row?.wait ?? 1)),
    });
  }
  await runWork(ctx, actor, async (uow) => {
    uow.audit({
      action: 'report_schedule.sent_now',
      entityType: 'report_schedule',
      entityId: schedule.id,
      details: { report: schedule.report, recipients: schedule.recipients.join(', ') },
    });
  });
  await ctx.jobs.send(jobs.send, {
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
 * One attempt to email a report: one email to each confirmed recipient (each with its own stop
 * link), the pending and declined ones skipped. A schedule removed (or, for a due time, turned
 * off) since is not sent; a recipient already sent this delivery is not sent it again (a retry
 * after a lost acknowledgement or another recipient's failure). Each email takes one of the
 * restaurant's emails for the day; past the limit the rest are skipped and the log says why.
 * Each attempt is logged; a failure is thrown so the runner tries again with backoff.
 */
async function sendReport(
  ctx: Ctx,
  jobs: ReportEmailJobs,
  mailer: Mailer | null,
  publicUrl: string | undefined,
  data: SendReportData,
  run: JobRun,
): Promise<void> {
  const [schedule] = await ctx.db
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

  const s = schedule.schedule;
  const period = coveredPeriod(s.frequency, new Date(data.at), schedule.timezone);
  const log = async (entry: {
    deliveryKey: string;
    recipients: string[];
    status: ReportEmailStatus;
    error?: string;
    messageId?: string;
  }) =>
    runWork(ctx, systemActor(data.restaurantId), async (uow) => {
      await uow.tx.insert(reportEmailLog).values({
        restaurantId: data.restaurantId,
        scheduleId: s.id,
        deliveryKey: entry.deliveryKey,
        trigger: data.trigger,
        report: s.report,
        format: s.format,
        periodFrom: period.from,
        periodTo: period.to,
        recipients: entry.recipients,
        attempt: run.retryCount + 1,
        status: entry.status,
        error: entry.error ?? null,
        messageId: entry.messageId ?? null,
      });
    });

  const recipients = await confirmedRecipients(ctx.db, data.restaurantId, s.recipients);
  if (recipients.length === 0) {
    await askToConfirm(ctx, jobs, data.restaurantId, s.recipients);
    await log({
      deliveryKey: data.deliveryKey,
      recipients: s.recipients,
      status: 'skipped',
      error: NO_CONFIRMED_RECIPIENTS,
    });
    return;
  }
  const keyOf = (email: string) => `${data.deliveryKey}|${email}`;
  const sent = new Set(
    (
      await ctx.db
        .select({ key: reportEmailLog.deliveryKey })
        .from(reportEmailLog)
        .where(
          and(
            inArray(
              reportEmailLog.deliveryKey,
              recipients.map((r) => keyOf(r.email)),
            ),
            eq(reportEmailLog.status, 'sent'),
          ),
        )
    ).map((r) => r.key),
  );
  const due = recipients.filter((r) => !sent.has(keyOf(r.email)));
  if (due.length === 0) return;

  let content: Buffer;
  let doc: ReturnType<typeof reportDocument>;
  try {
    if (!mailer || !publicUrl) throw new Error(EMAIL_NOT_CONFIGURED);
    const window = await datesWindow(ctx.db, data.restaurantId, period);
    const report = await buildReport(ctx.db, data.restaurantId, s.report, window);
    doc = reportDocument(s.report, report, schedule.name);
    content = s.format === 'csv' ? await collect(reportCsv(doc)) : await reportPdfBuffer(doc);
  } catch (error) {
    await log({
      deliveryKey: data.deliveryKey,
      recipients: due.map((r) => r.email),
      status: 'failed',
      error: describe(error),
    });
    throw error;
  }

  let failure: unknown = null;
  for (const recipient of due) {
    const deliveryKey = keyOf(recipient.email);
    const { taken, limit } = await takeEmail(ctx.db, data.restaurantId, 'reports');
    if (!taken) {
      await log({
        deliveryKey,
        recipients: [recipient.email],
        status: 'skipped',
        error: dailyEmailLimitReached(limit),
      });
      continue;
    }
    try {
      const stop = linkUrl(
        publicUrl,
        await newRecipientLink(
          ctx.db,
          { id: recipient.id, restaurantId: data.restaurantId },
          'unsubscribe',
        ),
      );
      const messageId = await mailer.send({
        to: [recipient.email],
        subject: mailText('REPORT_SUBJECT', {
          title: REPORT_TITLES[s.report],
          period: doc.period.replace(/ \(.*\)$/, ''),
          schedule: schedule.name,
        }),
        text: reportText(doc) + mailText('REPORT_FOOTER', { link: stop }),
        headers: { 'List-Unsubscribe': `<${stop}>` },
        attachments: [
          {
            filename: reportFileName(s.report, period, s.format),
            content,
            contentType: s.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
          },
        ],
      });
      await log({ deliveryKey, recipients: [recipient.email], status: 'sent', messageId });
    } catch (error) {
      await releaseEmail(ctx.db, data.restaurantId, 'reports');
      await log({
        deliveryKey,
        recipients: [recipient.email],
        status: 'failed',
        error: describe(error),
      });
      failure = error;
    }
  }
  if (failure) throw failure;
}

/** What went wrong, in one line a manager can read (no stack). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}
