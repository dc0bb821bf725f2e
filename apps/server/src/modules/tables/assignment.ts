import type { User } from '@tavola/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Tx } from '../../core/db/client.js';
import { diningSessions, orders, tables, users } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { conflict, notFound } from '../../core/http/errors.js';

/**
 * Locks a table's row for an update of its own columns (status, waiter) before its session is
 * locked. Every writer that changes both takes them in this order, table then session, and
 * FOR NO KEY UPDATE leaves the key-share locks of order inserts (foreign keys) free.
 */
export async function lockTableRow(tx: Tx, tableId: string): Promise<void> {
  await tx
    .select({ id: tables.id })
    .from(tables)
    .where(eq(tables.id, tableId))
    .for('no key update');
}

/** A table of the restaurant, locked for a change of its own columns (404 if not theirs). */
export async function lockTable(tx: Tx, restaurantId: string, tableId: string) {
  const [table] = await tx
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)))
    // Only the table's own columns change: order inserts may still key-share it.
    .for('no key update');
  if (!table) throw notFound('Table not found');
  return table;
}

export async function assignWaiter(uow: UnitOfWork, table: typeof tables.$inferSelect, user: User) {
  const { tx } = uow;
  await tx
    .update(tables)
    .set({ assignedWaiterId: user.id, updatedAt: new Date() })
    .where(eq(tables.id, table.id));
  const open = await tx
    .update(diningSessions)
    .set({ waiterId: user.id })
    .where(and(eq(diningSessions.tableId, table.id), eq(diningSessions.status, 'open')))
    .returning({ id: diningSessions.id });
  if (open[0]) {
    await tx
      .update(orders)
      .set({ waiterId: user.id })
      .where(and(eq(orders.diningSessionId, open[0].id), isNull(orders.waiterId)));
  }
  uow.audit({
    action: 'table.claim',
    entityType: 'table',
    entityId: table.id,
    details: { tableNumber: table.number },
  });
  uow.emit({
    type: 'table_updated',
    data: {
      tableId: table.id,
      tableNumber: table.number,
      status: table.status,
      assignedWaiterId: user.id,
      assignedWaiterName: user.name,
    },
    tableId: table.id,
  });
}

/** Claim a table: it becomes this waiter's, and its new_table notification clears. */
export async function claimTable(ctx: WorkContext, actor: StaffActor, tableId: string) {
  const { user } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const table = await lockTable(tx, uow.restaurantId, tableId);
    if (table.assignedWaiterId === user.id) return;
    if (table.assignedWaiterId && user.role === 'waiter') {
      const [owner] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, table.assignedWaiterId));
      throw conflict(
        `Table ${table.number} is already assigned to ${owner?.name ?? 'another waiter'}`,
      );
    }
    await assignWaiter(uow, table, user);
  });
}
