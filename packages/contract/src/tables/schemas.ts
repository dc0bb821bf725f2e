import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { TABLE_EDIT_STATUSES, TABLE_STATUSES } from './status.js';
import { refusalsEn } from '../i18n/catalogs/en.js';

export const tableInputSchema = z.object({
  number: z
    .number({ error: 'Table number must be a number' })
    .int('Table number must be a whole number')
    .min(1, 'Table number must be at least 1')
    .max(9999, 'Table number is too large'),
  capacity: z
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(100, 'Capacity is too large'),
  status: z
    .enum(TABLE_EDIT_STATUSES, { error: 'Status must be available, active or maintenance' })
    .optional(),
});

export type TableInput = z.input<typeof tableInputSchema>;

/** A table as the manager's Tables tab lists it (GET /api/tables). */
export const adminTableSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  capacity: z.number().int(),
  status: z.enum(TABLE_STATUSES),
  qrToken: z.string(),
  /** Null until the restaurant (or PUBLIC_URL) gives the address guests' phones reach. */
  orderUrl: z.string().nullable(),
  hasOpenSession: z.boolean(),
  /** The waiter serving it, if any. */
  assignedWaiter: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Orders on its open bill that are neither paid nor voided (Close table asks what to do). */
  unpaidOrders: z.number().int(),
});

export type AdminTable = z.infer<typeof adminTableSchema>;

export const tableListResponseSchema = successResponseSchema(z.array(adminTableSchema));

/** POST /api/tables (201). */
export const tableCreatedSchema = z.object({ id: z.string(), number: z.number().int() });

export type TableCreated = z.infer<typeof tableCreatedSchema>;

export const tableCreatedResponseSchema = successResponseSchema(tableCreatedSchema);

/** PUT /api/tables/{id}. */
export const tableUpdatedSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(TABLE_STATUSES),
});

export type TableUpdated = z.infer<typeof tableUpdatedSchema>;

export const tableUpdatedResponseSchema = successResponseSchema(tableUpdatedSchema);

/** POST /api/tables/{id}/rotate-qr: the table's new code. */
export const tableQrSchema = z.object({ qrToken: z.string(), orderUrl: z.string().nullable() });

export type TableQr = z.infer<typeof tableQrSchema>;

export const tableQrResponseSchema = successResponseSchema(tableQrSchema);

/**
 * Why table codes cannot be printed yet: printed codes must point where guests' phones reach the
 * restaurant, which the server never guesses from a request.
 */
export const QR_ADDRESS_MISSING = refusalsEn.QR_ADDRESS_MISSING;

/** A table token as printed in a QR code. Anything else is simply an unknown table (404). */
export const tableTokenSchema = z
  .string({
    error: (iss) => (iss.input === undefined ? 'token is required' : 'token must be text'),
  })
  .trim()
  .min(1, 'token is required')
  .max(200, 'token is too long')
  .check(singleLine('token'));

export const tokenQuerySchema = z.object({ token: tableTokenSchema });
