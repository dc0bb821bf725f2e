import { Readable } from 'node:stream';
import {
  AUDIT_CSV_MAX_ROWS,
  auditSummary,
  auditWho,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditPage,
} from '@tavola/contract';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { auditLog, restaurants, users } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';

export interface AuditFilter {
  userId?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

async function timezoneOf(db: Db, restaurantId: string): Promise<string> {
  const [r] = await db
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  return r.timezone;
}

/** The restaurant's entries the filter keeps; dates are the restaurant's local days, inclusive. */
function filtered(restaurantId: string, timezone: string, filter: AuditFilter): SQL {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw refuse('DATE_RANGE_REVERSED');
  }
  const conditions: SQL[] = [eq(auditLog.restaurantId, restaurantId)];
  if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) {
    conditions.push(
      sql`${auditLog.createdAt} >= (${filter.from}::date::timestamp at time zone ${timezone})`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${auditLog.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${timezone})`,
    );
  }
  return and(...conditions)!;
}

const entryColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  userId: users.id,
  userName: users.name,
  username: users.username,
  userRole: users.role,
};

type EntryRow = {
  id: number;
  action: string;
  entityType: string | null;
  entityId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
  username: string | null;
  userRole: string | null;
};

function toEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    // The writer accepts only the contract's actions and entity types.
    action: row.action as AuditAction,
    entityType: row.entityType as AuditEntityType | null,
    entityId: row.entityId,
    user:
      row.userId && row.userName !== null && row.username !== null && row.userRole !== null
        ? { id: row.userId, name: row.userName, username: row.username, role: row.userRole }
        : null,
    timestamp: row.createdAt.toISOString(),
    details: row.details,
    summary: auditSummary(row.details),
  };
}

/** One page of the restaurant's audit log, newest first, with the accounts the filter offers. */
export async function auditPage(
  db: Db,
  restaurantId: string,
  query: AuditFilter & { page: number; pageSize: number },
): Promise<AuditPage> {
  const timezone = await timezoneOf(db, restaurantId);
  const where = filtered(restaurantId, timezone, query);
  const [[count], rows, accounts] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
    db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ id: users.id, name: users.name, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.restaurantId, restaurantId))
      .orderBy(asc(users.name)),
  ]);
  return {
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    timezone,
    rows: rows.map(toEntry),
    users: accounts,
  };
}

/** The restaurant's clock: 2025-03-01 19:30:05. */
function localTimestamp(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/**
 * The filtered log as CSV (newest first): Action, User, Timestamp (the restaurant's time), Details,
 * Entity. Every cell is quoted, and one that a spreadsheet would read as a formula (=, +, -, @,
 * tab, carriage return) is prefixed with a quote so it stays text.
 */
export async function auditCsv(
  db: Db,
  restaurantId: string,
  filter: AuditFilter,
  maxRows = AUDIT_CSV_MAX_ROWS,
): Promise<Readable> {
  const timezone = await timezoneOf(db, restaurantId);
  const where = filtered(restaurantId, timezone, filter);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const total = count?.n ?? 0;
  if (total > maxRows) {
    throw refuse('EXPORT_TOO_MANY_ENTRIES', { total, max: maxRows });
  }
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(maxRows);
  const csv = stringify({
    header: true,
    columns: ['Action', 'User', `Timestamp (${timezone})`, 'Details', 'Entity'],
    quoted: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  const records = rows
    .map(toEntry)
    .map((entry) => [
      entry.action,
      auditWho(entry.user, entry.details),
      localTimestamp(entry.timestamp, timezone),
      entry.summary,
      entry.entityType && entry.entityId ? `${entry.entityType} ${entry.entityId}` : '',
    ]);
  return Readable.from(records).pipe(csv);
}
