import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { REPORT_FORMATS, REPORT_KINDS } from './period-reports.js';
import { recipientStatusSchema } from './recipients.js';
import { addDays, monthOf, weekStart, type ReportPeriod } from './period.js';
import { refusalText } from '../i18n/messages.js';
import { refusalsEn } from '../i18n/catalogs/en.js';

/**
 * Reports by email on a schedule. A restaurant's schedule sends one report,
 * as CSV or PDF, to its recipients daily, weekly (on a weekday) or monthly (on a day of the
 * month; 29 to 31 mean the month's last day in shorter months), at a local time of the
 * restaurant's zone.
 *
 * What an email covers: the last complete period before it is sent. Daily: the day before;
 * weekly: the week (Monday to Sunday) before the one it is sent in; monthly: the month before.
 * "Send now" sends the same as the schedule would at that moment.
 *
 * A schedule sends each due time once, across every instance of the server; a failed send is
 * tried again with a growing delay, and each attempt is logged (sent or failed, with the error).
 * With no SMTP server configured (SMTP_URL), nothing is scheduled or sent and the server says so.
 */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const SCHEDULE_RECIPIENTS_MAX = 10;

/** Schedules one restaurant may have. */
export const REPORT_SCHEDULES_MAX = 20;

/** The answer (409) when a restaurant already has the most schedules. */
export const REPORT_SCHEDULES_LIMIT = refusalText('REPORT_SCHEDULES_LIMIT', {
  max: REPORT_SCHEDULES_MAX,
});

/** Sent, failed (tried again), or skipped: not sent, and why (nobody confirmed, the day's limit). */
export const REPORT_EMAIL_STATUSES = ['sent', 'failed', 'skipped'] as const;

export type ReportEmailStatus = (typeof REPORT_EMAIL_STATUSES)[number];

/** What started a send: the schedule's time, or a manager's "Send now". */
export const REPORT_EMAIL_TRIGGERS = ['schedule', 'manual'] as const;

export type ReportEmailTrigger = (typeof REPORT_EMAIL_TRIGGERS)[number];

/** The server's answer (409) when no SMTP server is configured. */
export const EMAIL_NOT_CONFIGURED = refusalsEn.EMAIL_NOT_CONFIGURED;

/** HH:MM, 24-hour. */
export const SCHEDULE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const reportScheduleInputSchema = z
  .object({
    report: z.enum(REPORT_KINDS, { error: 'Choose a report' }),
    format: z.enum(REPORT_FORMATS, { error: 'format must be csv or pdf' }),
    frequency: z.enum(SCHEDULE_FREQUENCIES, {
      error: 'frequency must be daily, weekly or monthly',
    }),
    time: z.string().regex(SCHEDULE_TIME_PATTERN, 'time must be HH:MM (24-hour)'),
    /** Weekly: the ISO weekday (1 Monday … 7 Sunday). */
    weekday: z.number().int().min(1).max(7, 'weekday must be 1 (Monday) to 7 (Sunday)').nullish(),
    /** Monthly: the day of the month (29–31: the last day in shorter months). */
    dayOfMonth: z.number().int().min(1).max(31, 'dayOfMonth must be 1 to 31').nullish(),
    recipients: z
      .array(z.email({ error: (i) => `${String(i.input)} is not an email address` }))
      .min(1, 'Add at least one recipient')
      .max(SCHEDULE_RECIPIENTS_MAX, `At most ${SCHEDULE_RECIPIENTS_MAX} recipients`),
    enabled: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekly' && s.weekday == null)
      ctx.addIssue({
        code: 'custom',
        path: ['weekday'],
        message: 'A weekly schedule needs a weekday',
      });
    if (s.frequency === 'monthly' && s.dayOfMonth == null)
      ctx.addIssue({
        code: 'custom',
        path: ['dayOfMonth'],
        message: 'A monthly schedule needs a day of the month',
      });
  });

export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;

export const reportScheduleSchema = z.object({
  id: z.string(),
  report: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  time: z.string(),
  weekday: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  recipients: z.array(z.string()),
  /** Each recipient's confirmation: only confirmed ones are sent the report. */
  recipientStatus: z.array(recipientStatusSchema),
  enabled: z.boolean(),
  /** The next time it sends (ISO instant); null when disabled or email is not configured. */
  nextSendAt: z.string().nullable(),
  createdAt: z.string(),
});

export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** GET /api/reports/schedules. */
export const reportSchedulesSchema = z.object({
  /** Whether this server can send email at all (SMTP_URL set). */
  emailConfigured: z.boolean(),
  timezone: z.string(),
  schedules: z.array(reportScheduleSchema),
});

export type ReportSchedules = z.infer<typeof reportSchedulesSchema>;

export const reportSchedulesResponseSchema = successResponseSchema(reportSchedulesSchema);
export const reportScheduleResponseSchema = successResponseSchema(reportScheduleSchema);

/** POST /api/reports/schedules/{id}/send (202): the email is on its way (see the log). */
export const sendNowResponseSchema = successResponseSchema(z.object({ queued: z.literal(true) }));

/** One attempt to email a report. */
export const reportEmailLogEntrySchema = z.object({
  id: z.string(),
  scheduleId: z.string().nullable(),
  report: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  trigger: z.enum(REPORT_EMAIL_TRIGGERS),
  /** The local dates the report covered. */
  from: z.string(),
  to: z.string(),
  recipients: z.array(z.string()),
  status: z.enum(REPORT_EMAIL_STATUSES),
  error: z.string().nullable(),
  /** 1 for the first try, 2 for the first retry, … */
  attempt: z.number().int(),
  /** The SMTP server's id for the message, when sent. */
  messageId: z.string().nullable(),
  createdAt: z.string(),
});

export type ReportEmailLogEntry = z.infer<typeof reportEmailLogEntrySchema>;

export const REPORT_EMAIL_LOG_LIMIT = 50;

/** GET /api/reports/email-log: the latest attempts, newest first. */
export const reportEmailLogResponseSchema = successResponseSchema(
  z.object({ entries: z.array(reportEmailLogEntrySchema) }),
);

export const scheduleIdParamsSchema = z.object({ id: z.uuid({ error: 'Schedule not found' }) });

/** What a schedule's due time depends on. */
export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  time: string;
  weekday: number | null;
  dayOfMonth: number | null;
}

// ---- Local time in a zone, with Intl only (browsers and Node alike).

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timezone: string): number {
  let format = zoneFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timezone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = format.formatToParts(instant);
  const wall = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
    part(parts, 'second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local date and time happen in a zone. A time skipped by a daylight-saving change
 * (02:30 on the spring-forward night) is the same wall time after the change (03:30); a time that
 * happens twice (autumn) is its second occurrence.
 */
export function localInstant(date: string, time: string, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - zoneOffsetMs(wall, timezone);
  guess = wall - zoneOffsetMs(guess, timezone);
  return new Date(guess);
}

/** Whether a schedule sends on a local date. */
function sendsOn(s: ScheduleTiming, date: string): boolean {
  if (s.frequency === 'daily') return true;
  if (s.frequency === 'weekly') {
    const iso = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    return iso === s.weekday;
  }
  const last = Number(monthOf(date).to.slice(8));
  return Number(date.slice(8)) === Math.min(s.dayOfMonth ?? 1, last);
}

const todayIn = (instant: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/** The latest time a schedule was due at or before `now` (null if none in the last 63 days). */
export function lastDueAt(s: ScheduleTiming, timezone: string, now: Date): Date | null {
  const today = todayIn(now, timezone);
  for (let back = -1; back <= 63; back++) {
    const date = addDays(today, -back);
    if (!sendsOn(s, date)) continue;
    const at = localInstant(date, s.time, timezone);
    if (at.getTime() <= now.getTime()) return at;
  }
  return null;
}

/** The next time a schedule is due after `now`. */
export function nextDueAt(s: ScheduleTiming, timezone: string, now: Date): Date {
  const today = todayIn(now, timezone);
  for (let ahead = -1; ahead <= 63; ahead++) {
    const date = addDays(today, ahead);
    if (!sendsOn(s, date)) continue;
    const at = localInstant(date, s.time, timezone);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error('no due time within 63 days');
}

/**
 * The period an email sent at `at` covers: the last complete day, week or month before it, in
 * the restaurant's zone.
 */
export function coveredPeriod(
  frequency: ScheduleFrequency,
  at: Date,
  timezone: string,
): { period: ReportPeriod; from: string; to: string } {
  const today = todayIn(at, timezone);
  if (frequency === 'daily') {
    const day = addDays(today, -1);
    return { period: 'day', from: day, to: day };
  }
  if (frequency === 'weekly') {
    const from = addDays(weekStart(today), -7);
    return { period: 'week', from, to: addDays(from, 6) };
  }
  return { period: 'month', ...monthOf(addDays(monthOf(today).from, -1)) };
}
