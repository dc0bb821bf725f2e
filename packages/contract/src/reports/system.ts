import { z } from 'zod';
import { RESTAURANT_ROLES } from '../auth/roles.js';
import { USER_STATUSES } from '../auth/schemas.js';
import { successResponseSchema } from '../common/envelope.js';

/**
 * GET /api/reports/system: the admin's overview figures, every one the restaurant's own: its
 * accounts, its orders and its live screens. How the platform runs (uptime, response times, data
 * size) is the team's to watch, on the team console (`restaurantUsageSchema`).
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
  /** Orders placed (voided ones left out): today (the restaurant's local day) and ever. */
  orders: z.object({ today: z.number().int(), total: z.number().int() }),
  /** Live screens connected to this server now: staff dashboards by role, and guests' pages. */
  liveScreens: z.object({
    total: z.number().int(),
    staff: z.array(z.object({ role: z.enum(RESTAURANT_ROLES), count: z.number().int() })),
    guests: z.number().int(),
  }),
});

export type SystemOverview = z.infer<typeof systemOverviewSchema>;

export const systemOverviewResponseSchema = successResponseSchema(systemOverviewSchema);
