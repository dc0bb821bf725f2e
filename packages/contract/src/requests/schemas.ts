import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { multiLine } from '../common/text.js';
import { refusalsEn } from '../i18n/catalogs/en.js';
import { TABLE_NOTIFICATION_TYPES } from '../floor/rules.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { tableTokenSchema } from '../tables/schemas.js';

export const REQUEST_KINDS = ['call_waiter', 'payment'] as const;

export const REQUEST_STATUSES = ['open', 'resolved'] as const;

export const callWaiterInputSchema = z.object({
  token: tableTokenSchema,
  message: z.string().trim().max(300, 'message is too long').check(multiLine('message')).optional(),
});

/**
 * How a table wants to pay when it asks for the bill: by card from their phones at the table,
 * in cash, or by card on the waiter's terminal. The waiter's floor shows it beside what is due.
 */
export const PAYMENT_REQUEST_WAYS = ['card_at_table', 'cash', 'terminal'] as const;

export type PaymentRequestWay = (typeof PAYMENT_REQUEST_WAYS)[number];

export const requestPaymentInputSchema = z.object({
  token: tableTokenSchema,
  method: z.enum(PAYMENT_METHODS, { error: 'method must be cash or card' }).optional(),
  how: z
    .enum(PAYMENT_REQUEST_WAYS, { error: 'how must be card_at_table, cash or terminal' })
    .optional(),
});

/**
 * Asking for the bill with nothing ordered is refused with these words (the page shows them as
 * 'Failed to request payment: …'): a waiter would come to a table with nothing to pay.
 */
export const NOTHING_TO_PAY = refusalsEn.NOTHING_TO_PAY;

/** POST /api/tables/public/call-waiter and /request-payment. */
export const guestRequestResultSchema = z.object({
  requestId: z.string(),
  /** True when an open request of this kind already existed: acknowledged, not duplicated. */
  alreadyRequested: z.boolean(),
});

export type GuestRequestResult = z.infer<typeof guestRequestResultSchema>;

export const guestRequestResponseSchema = successResponseSchema(guestRequestResultSchema);

export const respondInputSchema = z.object({
  type: z.enum(TABLE_NOTIFICATION_TYPES, {
    error: `type must be one of ${TABLE_NOTIFICATION_TYPES.join(', ')}`,
  }),
  refId: z.uuid({ error: 'refId must be a valid identifier' }).optional(),
});

/** POST /api/tables/{id}/respond: the notification type answered. */
export const respondResponseSchema = successResponseSchema(
  z.object({ responded: z.enum(TABLE_NOTIFICATION_TYPES) }),
);
