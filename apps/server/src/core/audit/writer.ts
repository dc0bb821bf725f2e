import type { AuditAction, AuditEntityType } from '@tavola/contract';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  details?: Record<string, unknown>;
}

export interface AuditWho {
  restaurantId: string | null;
  userId: string | null;
  ip?: string | null;
}

/**
 * The one place that writes the audit log. Services reach it through their unit of work
 * (`uow.audit(...)`); sign-in and sign-out, which have no unit of work, call it directly.
 */
export async function writeAudit(
  db: DbOrTx,
  who: AuditWho,
  entries: readonly AuditEntry[],
): Promise<void> {
  const insert = auditInsert(db, who, entries);
  if (insert) await insert;
}

/**
 * The insert that writes `entries`, not yet run (null for none): the unit of work runs it in
 * one statement with the change's events.
 */
export function auditInsert(db: DbOrTx, who: AuditWho, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return null;
  return db.insert(auditLog).values(
    entries.map((e) => ({
      restaurantId: who.restaurantId,
      userId: who.userId,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      details: e.details ?? {},
      ip: who.ip ?? null,
    })),
  );
}
