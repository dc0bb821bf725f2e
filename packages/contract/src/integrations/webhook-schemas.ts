import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../v1/webhooks.js';

export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The longest a rolled secret keeps signing beside the new one (a week). */
export const WEBHOOK_ROLL_OVERLAP_MAX_HOURS = 168;
export const WEBHOOK_ROLL_OVERLAP_DEFAULT_HOURS = 24;
/** How many endpoints a restaurant may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** A failing endpoint is turned off once it has failed for this long without one success. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
/**
 * Seconds after each failed attempt before the next one (Standard Webhooks' suggested
 * schedule): about 27 hours from the first try to the last. After the last, the delivery fails.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
/**
 * Days a finished delivery (succeeded, or failed after its last retry) stays in the log; then an
 * hourly job deletes it. A pending one stays until it finishes.
 */
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30;
/** How many bytes of a receiver's answer the log keeps. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 500;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEventTypeSchema = z.enum(
  WEBHOOK_EVENT_TYPES as unknown as [WebhookEventType, ...WebhookEventType[]],
);

const eventTypes = z
  .array(webhookEventTypeSchema)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, 'Each event type once');

export const createWebhookInputSchema = z.object({
  /** https only (http to this machine only where the server allows it for development). */
  url: z.url().max(2000),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  /** The public event types to deliver; empty or absent: all of them. */
  eventTypes: eventTypes.optional(),
  /** Deliver one at a time in the order the events happened (a failing one holds the rest). */
  ordered: z.boolean().optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

export const updateWebhookInputSchema = z.object({
  url: z.url().max(2000).optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  eventTypes: eventTypes.optional(),
  ordered: z.boolean().optional(),
  /** Turn it off, or on again (a disabled endpoint gets no new deliveries). */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInputSchema>;

export const rollWebhookSecretInputSchema = z.object({
  /** How long the old secret keeps signing beside the new one; 0 stops it at once. */
  overlapHours: z.number().int().min(0).max(WEBHOOK_ROLL_OVERLAP_MAX_HOURS).optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(webhookEventTypeSchema),
  ordered: z.boolean(),
  enabled: z.boolean(),
  /** `manual`, or `failing` when it was turned off after a day of failures. */
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  /** The secret's start (`whsec_Ab3d…`), to tell secrets apart. */
  secretHint: z.string(),
  /** Until when the previous secret signs as well (after a roll). */
  previousSecretUntil: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A new endpoint, or a rolled secret: the only answers with the secret itself. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The `webhook-id` header: the same on every attempt, for the receiver's dedupe. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The first bytes of the answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid(),
  deliveryId: z.uuid(),
});

export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const redeliverRangeInputSchema = z
  .object({
    since: z.iso.datetime({ offset: true }),
    until: z.iso.datetime({ offset: true }),
  })
  .refine((r) => new Date(r.since) < new Date(r.until), 'since must be before until');

export const webhookListResponseSchema = successResponseSchema(
  z.object({ endpoints: z.array(webhookEndpointSchema) }),
);
export const webhookResponseSchema = successResponseSchema(webhookEndpointSchema);
export const webhookWithSecretResponseSchema = successResponseSchema(
  webhookEndpointWithSecretSchema,
);
export const webhookDeletedResponseSchema = successResponseSchema(z.object({ id: z.string() }));
export const webhookDeliveryListResponseSchema = successResponseSchema(
  z.object({ deliveries: z.array(webhookDeliverySchema) }),
);
export const webhookDeliveryResponseSchema = successResponseSchema(webhookDeliverySchema);
export const webhookRedeliveredResponseSchema = successResponseSchema(
  z.object({ count: z.number().int() }),
);
