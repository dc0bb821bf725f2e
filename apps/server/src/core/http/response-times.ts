import { RESPONSE_TIME_WINDOW_MINUTES } from '@tavola/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long this server took to answer, per key (a restaurant), over a rolling window: one
 * histogram per minute, kept for the window's length, so memory stays bounded whatever the
 * traffic (a few hundred numbers per key and minute at most). Percentiles are read from the
 * histograms: each bucket is about 5% wide, and a percentile is reported as its bucket's middle,
 * so a figure is within 5% of the exact one.
 *
 * Per instance and in memory: each server of a cluster measures its own answers.
 */

/** Bucket i holds durations in [BASE * GROWTH^i, BASE * GROWTH^(i+1)) milliseconds. */
const BASE_MS = 0.05;
const GROWTH = 1.1;
const LOG_GROWTH = Math.log(GROWTH);
const MINUTE_MS = 60_000;

function bucketOf(ms: number): number {
  if (ms <= BASE_MS) return 0;
  return Math.floor(Math.log(ms / BASE_MS) / LOG_GROWTH);
}

/** The middle of a bucket (geometric), the value a percentile in it is reported as. */
function bucketValue(bucket: number): number {
  return BASE_MS * GROWTH ** (bucket + 0.5);
}

interface Minute {
  /** The minute, as milliseconds since the epoch divided by a minute. */
  at: number;
  counts: Map<number, number>;
  n: number;
}

export interface ResponseTimeSummary {
  requests: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export class ResponseTimes {
  private readonly byKey = new Map<string, Minute[]>();
  private sweptAt = 0;

  constructor(
    readonly windowMinutes = 60,
    private readonly now: () => number = Date.now,
  ) {}

  record(key: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const at = Math.floor(this.now() / MINUTE_MS);
    let minutes = this.byKey.get(key);
    if (!minutes) {
      minutes = [];
      this.byKey.set(key, minutes);
    }
    let current = minutes[minutes.length - 1];
    if (!current || current.at !== at) {
      current = { at, counts: new Map(), n: 0 };
      minutes.push(current);
      this.prune(minutes, at);
    }
    const bucket = bucketOf(ms);
    current.counts.set(bucket, (current.counts.get(bucket) ?? 0) + 1);
    current.n += 1;
    // Once a minute, keys with nothing left in the window go: a quiet restaurant costs nothing.
    if (at !== this.sweptAt) {
      this.sweptAt = at;
      this.sweep(at);
    }
  }

  /** The number of answers in the window and their median and 95th percentile. */
  summary(key: string): ResponseTimeSummary {
    const at = Math.floor(this.now() / MINUTE_MS);
    const minutes = (this.byKey.get(key) ?? []).filter((m) => m.at > at - this.windowMinutes);
    const merged = new Map<number, number>();
    let n = 0;
    for (const m of minutes) {
      n += m.n;
      for (const [bucket, count] of m.counts) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
    }
    if (n === 0) return { requests: 0, p50Ms: null, p95Ms: null };
    const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
    const percentile = (p: number) => {
      // The smallest value with at least p of the answers at or below it (nearest rank).
      const rank = Math.max(1, Math.ceil(p * n));
      let seen = 0;
      for (const [bucket, count] of buckets) {
        seen += count;
        if (seen >= rank) return Math.round(bucketValue(bucket) * 10) / 10;
      }
      return null;
    };
    return { requests: n, p50Ms: percentile(0.5), p95Ms: percentile(0.95) };
  }

  private prune(minutes: Minute[], at: number): void {
    while (minutes.length > 0 && minutes[0]!.at <= at - this.windowMinutes) minutes.shift();
  }

  private sweep(at: number): void {
    for (const [key, minutes] of this.byKey) {
      this.prune(minutes, at);
      if (minutes.length === 0) this.byKey.delete(key);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's answer times per restaurant, over the last hour (the admin's overview). */
    responseTimes: ResponseTimes;
  }
}

/**
 * Times every answer to a restaurant's staff call (the restaurant comes from the caller's
 * session, set by authentication), so the admin's overview can say how fast this server is for
 * them. Guests' calls name no restaurant before their service looks the table up, and are not
 * counted.
 */
export const responseTimesPlugin = fp(
  async (app: FastifyInstance) => {
    const times = new ResponseTimes(RESPONSE_TIME_WINDOW_MINUTES);
    app.decorate('responseTimes', times);
    app.addHook('onResponse', async (request, reply) => {
      const restaurantId = request.auth?.restaurantId;
      if (restaurantId) times.record(restaurantId, reply.elapsedTime);
    });
  },
  { name: 'response-times', dependencies: ['auth'] },
);
