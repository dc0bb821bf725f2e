import { describe, expect, it } from 'vitest';
import {
  largestPassing,
  latencySummary,
  nextCount,
  percentile,
  phases,
  projectPlatform,
  ratio,
} from './stats.mjs';

describe('percentile', () => {
  it('takes the nearest rank of an ascending array', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('latencySummary', () => {
  it('sorts numerically, not as strings', () => {
    expect(latencySummary([10, 9, 100, 2])).toEqual({ count: 4, p50Ms: 9, p99Ms: 100, maxMs: 100 });
  });
  it('reports nulls when there are no samples', () => {
    expect(latencySummary([])).toEqual({ count: 0, p50Ms: null, p99Ms: null, maxMs: null });
  });
});

describe('ratio', () => {
  it('divides and rounds to three decimals', () => {
    expect(ratio(1000, 3400)).toBe(0.294);
    expect(ratio(2, 1)).toBe(2);
  });
  it('is null without a positive divisor', () => {
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(5, NaN)).toBeNull();
    expect(ratio(undefined, 3)).toBeNull();
  });
});

describe('nextCount', () => {
  const opts = { start: 1000, max: 8000, resolution: 0.1, minStep: 50 };
  /** Runs the search against a machine that holds up to `limit` restaurants. */
  const search = (limit, o = opts) => {
    const tried = [];
    for (let next = nextCount(tried, o); next !== null; next = nextCount(tried, o)) {
      expect(tried.map((t) => t.count)).not.toContain(next);
      tried.push({ count: next, passed: next <= limit });
    }
    return tried;
  };

  it('starts where it is told', () => {
    expect(nextCount([], opts)).toBe(1000);
  });
  it('doubles while counts pass, then bisects to within the resolution', () => {
    const tried = search(2700);
    expect(tried.slice(0, 3).map((t) => t.count)).toEqual([1000, 2000, 4000]);
    const found = largestPassing(tried);
    expect(found).toBeLessThanOrEqual(2700);
    expect(2700 - found).toBeLessThanOrEqual(Math.max(50, found * 0.1) + 50);
  });
  it('bisects down when the start fails', () => {
    const tried = search(300);
    expect(tried[1].count).toBe(500);
    expect(largestPassing(tried)).toBeGreaterThan(200);
    expect(largestPassing(tried)).toBeLessThanOrEqual(300);
  });
  it('stops at the maximum when everything passes', () => {
    const tried = search(1e9);
    expect(tried.map((t) => t.count)).toEqual([1000, 2000, 4000, 8000]);
  });
  it('ends with nothing passing when even the smallest step fails', () => {
    const tried = search(10);
    expect(largestPassing(tried)).toBe(0);
    expect(tried.length).toBeLessThan(8);
  });
  it('ignores a failure below a count that passed', () => {
    const tried = [
      { count: 1000, passed: true },
      { count: 500, passed: false },
    ];
    expect(nextCount(tried, opts)).toBe(2000);
  });
});

describe('phases', () => {
  it('spreads clients over the period without repeats', () => {
    const ps = phases(1000, 8000);
    expect(new Set(ps).size).toBe(1000);
    expect(Math.min(...ps)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ps)).toBeLessThan(8000);
    // Every eighth of the period holds about an eighth of them.
    for (let k = 0; k < 8; k++) {
      const inSlice = ps.filter((p) => p >= k * 1000 && p < (k + 1) * 1000).length;
      expect(inSlice).toBeGreaterThan(100);
      expect(inSlice).toBeLessThan(150);
    }
  });
});

describe('projectPlatform', () => {
  it('turns unit costs into rates, cores and instances', () => {
    const p = projectPlatform({
      restaurants: 10_000,
      serverMsPerPoll: 0.5,
      serverMsPerOrder: 10,
      dbMsPerPoll: 0.2,
      dbMsPerOrder: 5,
      kbPerSocket: 24,
    });
    // 120,000 tables: 15,000 polls and 400 orders a second.
    expect(p.pollsPerSecond).toBe(15_000);
    expect(p.ordersPerSecond).toBe(400);
    // 15,000 × 0.5 ms + 400 × 10 ms = 11.5 core-seconds a second.
    expect(p.serverCores).toBe(11.5);
    // 2-core instances at 60%: 1.2 cores each.
    expect(p.instances).toBe(10);
    // 15,000 × 0.2 + 400 × 5 = 5,000 ms a second.
    expect(p.databaseCores).toBe(5);
    expect(p.databaseCoresProvisioned).toBe(9);
    // 30,000 sockets × 24 KB.
    expect(p.socketMemoryMb).toBe(703.13);
  });
});
