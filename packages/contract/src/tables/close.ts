import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { refusalText } from '../i18n/messages.js';
import { SESSION_CLOSE_REASONS } from '../dining-sessions/status.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';

/**
 * Close table: staff end a table's dining session and free the table. With no orders (guests who
 * scanned and left) the table's waiter, any waiter while it is unassigned, or a manager closes
 * it; with unpaid orders only a manager (or admin) does, with a reason, voiding or settling them.
 */
export const CLOSE_REASON_MAX = 200;

/** What becomes of unpaid orders when a manager closes their table. */
export const CLOSE_UNPAID_CHOICES = ['void', 'settle'] as const;

export type CloseUnpaidChoice = (typeof CLOSE_UNPAID_CHOICES)[number];

export const CLOSE_TABLE_REFUSALS = {
  reasonRequired: refusalText('CLOSE_TABLE_REASON_REQUIRED'),
  choiceRequired: refusalText('CLOSE_TABLE_CHOICE_REQUIRED'),
  methodRequired: refusalText('CLOSE_TABLE_METHOD_REQUIRED'),
} as const;

/** Why a waiter cannot close a table with unpaid orders, in the words the screens show. */
export const unpaidOrdersRefusal = (tableNumber: number, count: number) =>
  refusalText('CLOSE_TABLE_UNPAID_ORDERS', { table: tableNumber, count });

/** POST /api/tables/{id}/close. */
export const closeTableInputSchema = z.object({
  /** Optional for a table with no orders; required when a manager closes one with unpaid orders. */
  reason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(CLOSE_REASON_MAX, `The reason is at most ${CLOSE_REASON_MAX} characters`)
    .check(singleLine('The reason'))
    .optional(),
  unpaid: z.enum(CLOSE_UNPAID_CHOICES, { error: 'unpaid must be void or settle' }).optional(),
  /** How the bill was paid, when the unpaid orders are settled. */
  method: z.enum(PAYMENT_METHODS, { error: 'method must be cash or card' }).optional(),
});

export type CloseTableInput = z.input<typeof closeTableInputSchema>;

export const closedTableSchema = z.object({
  tableId: z.string(),
  tableNumber: z.number().int(),
  /** The session that ended (null when the table was marked seated with no session). */
  sessionId: z.string().nullable(),
  closeReason: z.enum(SESSION_CLOSE_REASONS),
  /** Orders voided on the way (a manager's choice). */
  voidedOrders: z.number().int(),
  /** The payment recorded when a manager settled the unpaid orders (of check 1). */
  paymentId: z.string().nullable(),
  /** How many of the table's open checks closed (all of them: the table is free). */
  checksClosed: z.number().int(),
});

export type ClosedTable = z.infer<typeof closedTableSchema>;

export const closedTableResponseSchema = successResponseSchema(closedTableSchema);

/**
 * A manager setting a seated table to "available" closes its session the same way; one with
 * unpaid orders is refused and pointed to Close table.
 */
export const availableWithUnpaidOrders = (tableNumber: number) =>
  refusalText('TABLE_AVAILABLE_WITH_UNPAID_ORDERS', { table: tableNumber });
