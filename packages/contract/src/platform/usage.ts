import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';

/** How far back the response times of a restaurant's usage look. */
export const RESPONSE_TIME_WINDOW_MINUTES = 60;

/**
 * GET /api/platform/restaurants/{id}/usage: what running one restaurant costs the platform, for
 * the team: the answering server's uptime, the restaurant's data in the database, and how fast
 * this server answered its staff's calls in the last hour.
 */
export const restaurantUsageSchema = z.object({
  server: z.object({
    /** Seconds since this server process started. */
    uptimeSeconds: z.number(),
    startedAt: z.string(),
  }),
  /** The restaurant's rows in the database, and their size on disk (estimated per row). */
  storage: z.object({
    rows: z.number().int(),
    bytes: z.number().int(),
    tables: z.array(
      z.object({ table: z.string(), rows: z.number().int(), bytes: z.number().int() }),
    ),
  }),
  /**
   * This server's answers to the restaurant's staff calls in the last hour (each server of a
   * cluster measures its own): how many, and the median and 95th percentile in milliseconds.
   */
  responseTimes: z.object({
    windowMinutes: z.number().int(),
    requests: z.number().int(),
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
  }),
});

export type RestaurantUsage = z.infer<typeof restaurantUsageSchema>;

export const restaurantUsageResponseSchema = successResponseSchema(restaurantUsageSchema);
