import { describe, expect, it } from 'vitest';
import {
  coveredPeriod,
  lastDueAt,
  localInstant,
  nextDueAt,
  reportScheduleInputSchema,
  type ScheduleTiming,
} from './schedules.js';

const daily = (time: string): ScheduleTiming => ({
  frequency: 'daily',
  time,
  weekday: null,
  dayOfMonth: null,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('schedule times in the restaurant zone', () => {
  it('turns a local date and time into the instant, across daylight-saving changes', () => {
    expect(iso(localInstant('2024-03-01', '07:00', 'America/New_York'))).toBe(
      '2024-03-01T12:00:00.000Z',
    );
    // Summer time: UTC-4.
    expect(iso(localInstant('2024-07-01', '07:00', 'America/New_York'))).toBe(
      '2024-07-01T11:00:00.000Z',
    );
    // 31 March 2024, Rome: 02:00 jumps to 03:00; 02:30 does not exist and becomes 03:30.
    expect(iso(localInstant('2024-03-31', '02:30', 'Europe/Rome'))).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    // 27 October 2024, Rome: 02:30 happens twice; the second one (CET).
    expect(iso(localInstant('2024-10-27', '02:30', 'Europe/Rome'))).toBe(
      '2024-10-27T01:30:00.000Z',
    );
    expect(iso(localInstant('2024-10-27', '12:00', 'Europe/Rome'))).toBe(
      '2024-10-27T11:00:00.000Z',
    );
  });

  it('finds the last and next due times of a daily schedule', () => {
    const s = daily('07:00');
    const tz = 'America/New_York';
    // 11:59 UTC is 06:59 in New York: today's 07:00 has not come yet.
    const before = new Date('2024-03-01T11:59:00Z');
    expect(iso(lastDueAt(s, tz, before))).toBe('2024-02-29T12:00:00.000Z');
    expect(iso(nextDueAt(s, tz, before))).toBe('2024-03-01T12:00:00.000Z');
    const at = new Date('2024-03-01T12:00:00Z');
    expect(iso(lastDueAt(s, tz, at))).toBe('2024-03-01T12:00:00.000Z');
    expect(iso(nextDueAt(s, tz, at))).toBe('2024-03-02T12:00:00.000Z');
    // Late in the evening in New York is already tomorrow in UTC.
    expect(iso(lastDueAt(daily('23:30'), tz, new Date('2024-03-02T04:40:00Z')))).toBe(
      '2024-03-02T04:30:00.000Z',
    );
  });

  it('sends weekly on its weekday and monthly on its day, the last day in shorter months', () => {
    const tz = 'Europe/Rome';
    const monday: ScheduleTiming = {
      frequency: 'weekly',
      time: '08:00',
      weekday: 1,
      dayOfMonth: null,
    };
    // Wednesday 13 March 2024: last Monday 11 March, next Monday 18 March (CET, UTC+1).
    const now = new Date('2024-03-13T10:00:00Z');
    expect(iso(lastDueAt(monday, tz, now))).toBe('2024-03-11T07:00:00.000Z');
    expect(iso(nextDueAt(monday, tz, now))).toBe('2024-03-18T07:00:00.000Z');
    const the31st: ScheduleTiming = {
      frequency: 'monthly',
      time: '06:00',
      weekday: null,
      dayOfMonth: 31,
    };
    // February 2024 ends on the 29th; April on the 30th (CEST, UTC+2).
    expect(iso(nextDueAt(the31st, tz, new Date('2024-02-10T00:00:00Z')))).toBe(
      '2024-02-29T05:00:00.000Z',
    );
    expect(iso(nextDueAt(the31st, tz, new Date('2024-04-01T00:00:00Z')))).toBe(
      '2024-04-30T04:00:00.000Z',
    );
    expect(iso(lastDueAt(the31st, tz, new Date('2024-04-01T00:00:00Z')))).toBe(
      '2024-03-31T04:00:00.000Z',
    );
  });

  it('covers the last complete day, week or month before the send', () => {
    const tz = 'America/New_York';
    // 02:00 UTC on 1 March is 21:00 on 29 February in New York.
    const at = new Date('2024-03-01T02:00:00Z');
    expect(coveredPeriod('daily', at, tz)).toEqual({
      period: 'day',
      from: '2024-02-28',
      to: '2024-02-28',
    });
    // 29 February 2024 is a Thursday: the week before is 19 to 25 February.
    expect(coveredPeriod('weekly', at, tz)).toEqual({
      period: 'week',
      from: '2024-02-19',
      to: '2024-02-25',
    });
    expect(coveredPeriod('monthly', at, tz)).toEqual({
      period: 'month',
      from: '2024-01-01',
      to: '2024-01-31',
    });
    expect(coveredPeriod('monthly', new Date('2024-03-15T12:00:00Z'), tz)).toEqual({
      period: 'month',
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('checks a schedule: time, weekday for weekly, day for monthly, recipients', () => {
    const base = {
      report: 'sales',
      format: 'csv',
      time: '07:00',
      recipients: ['owner@example.com'],
    };
    expect(reportScheduleInputSchema.safeParse({ ...base, frequency: 'daily' }).success).toBe(true);
    const weekly = reportScheduleInputSchema.safeParse({ ...base, frequency: 'weekly' });
    expect(weekly.error?.issues[0]?.message).toBe('A weekly schedule needs a weekday');
    const monthly = reportScheduleInputSchema.safeParse({ ...base, frequency: 'monthly' });
    expect(monthly.error?.issues[0]?.message).toBe('A monthly schedule needs a day of the month');
    expect(
      reportScheduleInputSchema.safeParse({ ...base, frequency: 'daily', time: '24:00' }).success,
    ).toBe(false);
    const bad = reportScheduleInputSchema.safeParse({
      ...base,
      frequency: 'daily',
      recipients: ['not-an-address'],
    });
    expect(bad.error?.issues[0]?.message).toBe('not-an-address is not an email address');
    expect(
      reportScheduleInputSchema.safeParse({ ...base, frequency: 'daily', recipients: [] }).success,
    ).toBe(false);
  });
});
