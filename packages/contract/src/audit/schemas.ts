import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from './actions.js';

/** The most entries one audit-log CSV holds; above it, a shorter period or a narrower filter. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/**
 * GET /api/audit-log: a page of the restaurant's audit log, newest first, or the whole filtered
 * log as CSV. `from` and `to` are local dates of the restaurant (inclusive).
 */
export const auditLogQuerySchema = z.object({
  userId: z.uuid({ error: 'userId must be a valid identifier' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  format: z.enum(['json', 'csv']).default('json'),
});

export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** Who made a change: a staff member or a member of the platform team; null for the server itself or a guest. */
export const auditUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.string(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  user: auditUserSchema.nullable(),
  timestamp: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).nullable(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The details in one line, as the table and the CSV show them. */
  summary: z.string(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The restaurant's time zone: times are shown as the restaurant lives them. */
  timezone: z.string(),
  rows: z.array(auditEntrySchema),
  /** Everyone the "User" filter offers: the restaurant's accounts. */
  users: z.array(auditUserSchema),
});

export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditPageResponseSchema = successResponseSchema(auditPageSchema);
