import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import type { Refusal } from '../i18n/refusals.js';

/**
 * The period a report covers: local calendar dates of the restaurant, in its
 * own time zone (the same "today" as every screen), both ends included.
 *
 * - day: one local day;
 * - week: Monday to Sunday (ISO 8601 weeks: a week starts on Monday, whatever the locale);
 * - month: the calendar month;
 * - custom: from one local date to another, at most REPORT_CUSTOM_MAX_DAYS days.
 *
 * Day, week and month are the ones containing `date` (default: today in the restaurant's zone).
 * A day begins at local midnight, so a day of a daylight-saving change has 23 or 25 hours.
 */
export const REPORT_PERIODS = ['day', 'week', 'month', 'custom'] as const;

export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The longest custom period: a leap year. */
export const REPORT_CUSTOM_MAX_DAYS = 366;

const localDate = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` });

export const reportRangeQuerySchema = z.object({
  period: z
    .enum(REPORT_PERIODS, { error: 'period must be day, week, month or custom' })
    .default('day'),
  /** A local date inside the day, week or month (default today). */
  date: localDate('date').optional(),
  /** The first and last local dates of a custom period. */
  from: localDate('from').optional(),
  to: localDate('to').optional(),
});

export type ReportRangeQuery = z.input<typeof reportRangeQuerySchema>;

/** A resolved period: its kind and its first and last local dates. */
export interface ReportDates {
  period: ReportPeriod;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The local date `n` days after `date` (before, when negative). */
export const addDays = (date: string, n: number): string => fromDays(toDays(date) + n);

/** How many local dates `from` to `to` holds, both included. */
export const daysBetween = (from: string, to: string): number => toDays(to) - toDays(from) + 1;

/** Monday of the week holding `date`. */
export function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** The first and last dates of the month holding `date`. */
export function monthOf(date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Why a report query cannot be answered (the server's 400), as the catalog's codes. */
export const REPORT_RANGE_ERRORS = {
  customNeedsDates: { code: 'REPORT_CUSTOM_NEEDS_DATES' },
  fromAfterTo: { code: 'DATE_RANGE_REVERSED' },
  tooLong: { code: 'REPORT_CUSTOM_TOO_LONG', params: { max: REPORT_CUSTOM_MAX_DAYS } },
} as const satisfies Record<string, Refusal>;

/**
 * The dates a report query covers, `today` being the restaurant's local date now; a refusal when
 * the query cannot be answered (the server's 400).
 */
export function resolveReportRange(
  query: z.infer<typeof reportRangeQuerySchema>,
  today: string,
): ReportDates | Refusal {
  const anchor = query.date ?? today;
  switch (query.period) {
    case 'day':
      return { period: 'day', from: anchor, to: anchor };
    case 'week': {
      const from = weekStart(anchor);
      return { period: 'week', from, to: addDays(from, 6) };
    }
    case 'month':
      return { period: 'month', ...monthOf(anchor) };
    case 'custom': {
      if (!query.from || !query.to) return REPORT_RANGE_ERRORS.customNeedsDates;
      if (query.from > query.to) return REPORT_RANGE_ERRORS.fromAfterTo;
      if (daysBetween(query.from, query.to) > REPORT_CUSTOM_MAX_DAYS)
        return REPORT_RANGE_ERRORS.tooLong;
      return { period: 'custom', from: query.from, to: query.to };
    }
  }
}

/** The local date of an instant in a time zone (YYYY-MM-DD). */
export function localDateOf(instant: Date | number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The period a report covers, as its header names it. */
export const reportRangeSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.enum(CURRENCIES),
  /** When the figures were read (ISO instant). */
  generatedAt: z.string(),
});

export type ReportRange = z.infer<typeof reportRangeSchema>;
