import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from './format';

// 23:30 UTC on 14 March 2026: 13:30 in Honolulu (the device here), 00:30 on the 15th in Rome,
// 08:30 on the 15th in Tokyo.
const instant = new Date('2026-03-14T23:30:00Z');

describe('formatTime: the restaurant’s clock, not the device’s (issue 13, item 5)', () => {
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Honolulu';
  });
  afterAll(() => {
    process.env.TZ = machineZone;
  });

  it('runs on a device whose own zone is another one', () => {
    expect(instant.getHours()).toBe(13);
  });

  it("shows a time in the restaurant's zone", () => {
    // (The test machine's locale is en-US: a 12-hour clock.)
    expect(formatTime(instant, 'Europe/Rome')).toBe('12:30 AM');
    expect(formatTime(instant.toISOString(), 'Asia/Tokyo')).toBe('08:30 AM');
  });

  it("shows a date and time in the restaurant's zone (its calendar day, too)", () => {
    const rome = formatTime(instant, 'Europe/Rome', 'dateTime');
    expect(rome).toContain('3/15/26');
    expect(rome).toContain('12:30');
    expect(rome).not.toContain('3/14/26');
  });

  it("falls back to the device's zone without a zone, or with one it does not know", () => {
    expect(formatTime(instant, undefined)).toBe('01:30 PM');
    expect(formatTime(instant, 'Not/AZone')).toBe('01:30 PM');
  });
});
