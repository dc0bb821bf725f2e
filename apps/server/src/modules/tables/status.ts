import { TABLE_MOVES, type TableMove, type TableStatus } from '@tavola/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { tables } from '../../core/db/schema.js';

/**
 * The one place service changes a table's status, by a named move of the contract's machine
 * (`TABLE_MOVES`). The update is conditional on the statuses the move starts from, so a table
 * that is elsewhere already (a closed table, a table already waiting for payment) is left alone.
 * Resolves to the new status when the table moved, or null when it did not.
 */
export async function moveTable(
  tx: Tx,
  tableId: string,
  move: TableMove,
  also: { assignedWaiterId?: null } = {},
): Promise<TableStatus | null> {
  const rule = TABLE_MOVES[move];
  const moved = await tx
    .update(tables)
    .set({ status: rule.to, updatedAt: new Date(), ...also })
    .where(and(eq(tables.id, tableId), inArray(tables.status, [...rule.from])))
    .returning({ id: tables.id });
  return moved.length > 0 ? rule.to : null;
}
