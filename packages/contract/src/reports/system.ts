import { z } from 'zod';
import { RESTAURANT_ROLES } from '../auth/roles.js';
import { USER_STATUSES } from '../auth/schemas.js';
import { successResponseSchema } from '../common/envelope.js';

/** How far back the response times of the admin's overview look. */
export const RESPONSE_TIME_WINDOW_MINUTES = 60;

/**
 * GET /api/reports/system: the admin's overview (issue 15, item 1), every figure measured:
 * the restaurant's accounts, the server's uptime, its orders, its data in the database, how fast
 * this server answered its staff's calls in the last hour and the live screens connected to it.
 */
export const systemOverviewSchema = z.object({
  timezone: z.string(),
  users: z.object({
    total: z.number().int(),
    /** Every role and status with at least one account. */
    byRoleAndStatus: z.array(
      z.object({
        role: z.enum(RESTAURANT_ROLES),
        status: z.enum(USER_STATUSES),
        count: z.number().int(),
      }),
    ),
  }),
  server: z.object({
    /** Seconds since this server process started. */
    uptimeSeconds: z.number(),
    startedAt: z.string(),
  }),
  /** Orders placed (voided ones left out): today (the restaurant's local day) and ever. */
  orders: z.object({ today: z.number().int(), total: z.number().int() }),
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
  /** Live screens connected to this server now: staff dashboards by role, and guests' pages. */
  liveScreens: z.object({
    total: z.number().int(),
    staff: z.array(z.object({ role: z.enum(RESTAURANT_ROLES), count: z.number().int() })),
    guests: z.number().int(),
  }),
});

export type SystemOverview = z.infer<typeof systemOverviewSchema>;

export const systemOverviewResponseSchema = successResponseSchema(systemOverviewSchema);
