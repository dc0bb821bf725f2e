import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { diningSessions } from '../../core/db/schema.js';

/**
 * After one of a table's checks closed (paid, closed by staff, or idle): whether the table still
 * has an open check, which then keeps the table seated. When the table's check 1 (the one guests'
 * orders join) closed and another is open, the lowest of the others becomes check 1. The caller
 * holds the table's lock (every writer of a table's sessions takes it first).
 */
export async function tableKeepsACheck(tx: Tx, tableId: string): Promise<boolean> {
  const open = await tx
    .select({ id: diningSessions.id, checkNumber: diningSessions.checkNumber })
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, tableId), eq(diningSessions.status, 'open')))
    .orderBy(asc(diningSessions.checkNumber))
    .for('no key update');
  const [first] = open;
  if (!first) return false;
  if (first.checkNumber !== 1) {
    await tx.update(diningSessions).set({ checkNumber: 1 }).where(eq(diningSessions.id, first.id));
  }
  return true;
}
