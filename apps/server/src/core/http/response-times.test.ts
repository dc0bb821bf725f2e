import { describe, expect, it } from 'vitest';
import { ResponseTimes } from './response-times.js';

/** The exact nearest-rank percentile, to hold the histogram's figure against. */
const exact = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
};

describe('ResponseTimes', () => {
  it('reports the median and 95th percentile within 5% of the exact figures', () => {
    const times = new ResponseTimes(60, () => 0);
    // 1..1000 ms, and a slow tail.
    const values = [...Array.from({ length: 1000 }, (_, i) => i + 1), 2500, 4000, 9000];
    for (const v of values) times.record('r1', v);
    const s = times.summary('r1');
    expect(s.requests).toBe(values.length);
    expect(Math.abs(s.p50Ms! - exact(values, 0.5)) / exact(values, 0.5)).toBeLessThan(0.05);
    expect(Math.abs(s.p95Ms! - exact(values, 0.95)) / exact(values, 0.95)).toBeLessThan(0.05);
  });

  it('keeps each key apart, and says nothing for a key with no answers', () => {
    const times = new ResponseTimes(60, () => 0);
    for (let i = 0; i < 10; i++) times.record('fast', 2);
    for (let i = 0; i < 10; i++) times.record('slow', 800);
    expect(times.summary('fast').p95Ms).toBeLessThan(2.2);
    expect(times.summary('slow').p50Ms).toBeGreaterThan(760);
    expect(times.summary('none')).toEqual({ requests: 0, p50Ms: null, p95Ms: null });
  });

  it('forgets answers older than the window, a minute at a time', () => {
    let now = 0;
    const times = new ResponseTimes(60, () => now);
    times.record('r1', 1000);
    now = 30 * 60_000;
    times.record('r1', 10);
    expect(times.summary('r1').requests).toBe(2);
    // The first minute leaves the window 60 minutes after it began.
    now = 60 * 60_000;
    expect(times.summary('r1')).toMatchObject({ requests: 1 });
    expect(times.summary('r1').p95Ms).toBeLessThan(11);
    now = 91 * 60_000;
    times.record('other', 5);
    expect(times.summary('r1').requests).toBe(0);
  });

  it('ignores impossible durations', () => {
    const times = new ResponseTimes(60, () => 0);
    times.record('r1', Number.NaN);
    times.record('r1', -1);
    expect(times.summary('r1').requests).toBe(0);
  });
});
