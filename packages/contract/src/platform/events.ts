import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { PLATFORM_EVENT_TYPES, type PlatformEventType } from './event-types.js';
import { PLAN_IDS } from './plans.js';
import { SUPPORT_TICKET_STATUSES } from './support.js';

/** The data each platform event carries (its types are in event-types.ts). */
const restaurantRef = { restaurantId: z.string(), name: z.string() };

export const PLATFORM_EVENT_DATA = {
  /** The team onboarded a restaurant; `by` is the team member. */
  restaurant_created: z.object({ ...restaurantRef, plan: z.enum(PLAN_IDS), by: z.string() }),
  /** An owner signed up for a free trial from the landing page. */
  restaurant_signed_up: z.object({ ...restaurantRef, plan: z.enum(PLAN_IDS), owner: z.string() }),
  restaurant_suspended: z.object({ ...restaurantRef, reason: z.string(), by: z.string() }),
  restaurant_activated: z.object({ ...restaurantRef, reason: z.string(), by: z.string() }),
  /** Announced once per trial end, by the server's daily look (no team member). */
  trial_ending: z.object({ ...restaurantRef, trialEndsAt: z.string(), daysLeft: z.number().int() }),
  /** `by` is the restaurant's admin or manager who wrote. */
  support_ticket_opened: z.object({
    ...restaurantRef,
    ticketId: z.string(),
    subject: z.string(),
    by: z.string(),
  }),
  support_ticket_replied: z.object({
    ...restaurantRef,
    ticketId: z.string(),
    subject: z.string(),
    by: z.string(),
  }),
  /** `by` is the team member who answered; `status` the ticket's status after the answer. */
  support_ticket_answered: z.object({
    ...restaurantRef,
    ticketId: z.string(),
    subject: z.string(),
    by: z.string(),
    status: z.enum(SUPPORT_TICKET_STATUSES),
  }),
  /** What changed (the settings' names) and who changed it. */
  platform_settings_updated: z.object({ changed: z.array(z.string()), by: z.string() }),
} as const satisfies Record<PlatformEventType, z.ZodType>;

/** GET /api/platform/events: the latest platform events, newest first. */
export const platformEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum(PLATFORM_EVENT_TYPES),
  data: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
  userId: z.string().nullable(),
  restaurantId: z.string().nullable(),
});

export const platformEventListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(50, 'limit must be between 1 and 50')
    .default(10),
});

export const platformEventListResponseSchema = successResponseSchema(z.array(platformEventSchema));
