import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { stationSlugSchema } from '../stations/schemas.js';

/** The staff-performance period when none is asked for: the last 30 local days, today included. */
export const STAFF_PERFORMANCE_DEFAULT_DAYS = 30;

/** GET /api/reports/staff-performance: local dates of the restaurant, both included. */
export const staffPerformanceQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
});

export type StaffPerformanceQuery = z.infer<typeof staffPerformanceQuerySchema>;

/**
 * Staff performance over a period:
 * - per waiter, the orders placed in the period at their tables (voided ones left out), how many
 *   of those were served, and their sales (the orders' totals after voids);
 * - per station, the tickets created in the period that reached ready, and the average minutes
 *   from created to ready;
 * - per user, the voids they made in the period (whole orders and lines) and the amount voided.
 */
export const staffPerformanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.enum(CURRENCIES),
  waiters: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      orders: z.number().int(),
      ordersServed: z.number().int(),
      sales: z.number(),
    }),
  ),
  stations: z.array(
    z.object({
      station: stationSlugSchema,
      tickets: z.number().int(),
      averageMinutesToReady: z.number().nullable(),
    }),
  ),
  voids: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      orderVoids: z.number().int(),
      lineVoids: z.number().int(),
      amount: z.number(),
    }),
  ),
});

export type StaffPerformance = z.infer<typeof staffPerformanceSchema>;

export const staffPerformanceResponseSchema = successResponseSchema(staffPerformanceSchema);
