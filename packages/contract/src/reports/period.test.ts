import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  localDateOf,
  REPORT_RANGE_ERRORS,
  reportRangeQuerySchema,
  resolveReportRange,
  weekStart,
} from './period.js';

const resolve = (query: Record<string, string>, today = '2024-03-13') =>
  resolveReportRange(reportRangeQuerySchema.parse(query), today);

describe('report periods', () => {
  it('is today by default, or the day asked for', () => {
    expect(resolve({})).toEqual({ period: 'day', from: '2024-03-13', to: '2024-03-13' });
    expect(resolve({ period: 'day', date: '2024-02-29' })).toEqual({
      period: 'day',
      from: '2024-02-29',
      to: '2024-02-29',
    });
  });

  it('starts a week on Monday and ends it on Sunday', () => {
    // 13 March 2024 is a Wednesday; 17 March a Sunday; 18 March a Monday.
    expect(resolve({ period: 'week' })).toEqual({
      period: 'week',
      from: '2024-03-11',
      to: '2024-03-17',
    });
    expect(resolve({ period: 'week', date: '2024-03-17' })).toMatchObject({
      from: '2024-03-11',
      to: '2024-03-17',
    });
    expect(resolve({ period: 'week', date: '2024-03-18' })).toMatchObject({
      from: '2024-03-18',
      to: '2024-03-24',
    });
    // Across a year's end.
    expect(resolve({ period: 'week', date: '2025-01-01' })).toMatchObject({
      from: '2024-12-30',
      to: '2025-01-05',
    });
    expect(weekStart('2024-03-11')).toBe('2024-03-11');
  });

  it('takes the calendar month, leap years included', () => {
    expect(resolve({ period: 'month' })).toEqual({
      period: 'month',
      from: '2024-03-01',
      to: '2024-03-31',
    });
    expect(resolve({ period: 'month', date: '2024-02-10' })).toMatchObject({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(resolve({ period: 'month', date: '2023-02-10' })).toMatchObject({ to: '2023-02-28' });
    expect(resolve({ period: 'month', date: '2024-12-31' })).toMatchObject({
      from: '2024-12-01',
      to: '2024-12-31',
    });
  });

  it('takes a custom period of up to 366 days, and says what is wrong otherwise', () => {
    expect(resolve({ period: 'custom', from: '2024-01-01', to: '2024-12-31' })).toEqual({
      period: 'custom',
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(resolve({ period: 'custom', from: '2024-01-01', to: '2025-01-01' })).toBe(
      REPORT_RANGE_ERRORS.tooLong,
    );
    expect(resolve({ period: 'custom', from: '2024-03-02', to: '2024-03-01' })).toBe(
      REPORT_RANGE_ERRORS.fromAfterTo,
    );
    expect(resolve({ period: 'custom', from: '2024-03-02' })).toBe(
      REPORT_RANGE_ERRORS.customNeedsDates,
    );
    expect(reportRangeQuerySchema.safeParse({ date: '2024-13-01' }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ period: 'year' }).success).toBe(false);
  });

  it('counts dates without time zones getting in the way', () => {
    expect(addDays('2024-03-31', 1)).toBe('2024-04-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-03-30', '2024-04-01')).toBe(3);
    // 04:59 UTC on 1 March is still 29 February in New York (UTC-5).
    expect(localDateOf(Date.parse('2024-03-01T04:59:00Z'), 'America/New_York')).toBe('2024-02-29');
    expect(localDateOf(Date.parse('2024-03-01T05:00:00Z'), 'America/New_York')).toBe('2024-03-01');
  });
});
