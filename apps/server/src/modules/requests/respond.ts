import { canActOnTable, type TableNotificationType } from '@tavola/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { orders, requests } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { assignWaiter, lockTable, moveTable } from '../tables/index.js';

/**
 * Respond to a table notification: it clears; responding to a call sets the table active again.
 * Responding to an unassigned table claims it first.
 */
export async function respondToNotification(
  ctx: WorkContext,
  actor: StaffActor,
  tableId: string,
  type: TableNotificationType,
  refId: string | undefined,
) {
  const { user } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const table = await lockTable(tx, uow.restaurantId, tableId);
    if (!table.assignedWaiterId) {
      await assignWaiter(uow, table, user);
      table.assignedWaiterId = user.id;
    }
    if (!canActOnTable(user, table.assignedWaiterId)) {
      throw refuse('REQUEST_NOT_YOUR_TABLE');
    }
    if (type === 'new_table') return;

    const now = new Date();
    if (type === 'new_order') {
      const where = refId
        ? and(eq(orders.id, refId), eq(orders.tableId, table.id), isNull(orders.acknowledgedAt))
        : and(eq(orders.tableId, table.id), isNull(orders.acknowledgedAt));
      const done = await tx
        .update(orders)
        .set({ acknowledgedAt: now })
        .where(where)
        .returning({ id: orders.id });
      if (refId && done.length === 0) throw refuse('REQUEST_NO_NEW_ORDER');
    } else {
      const kind = type === 'call_waiter' ? 'call_waiter' : 'payment';
      const where = refId
        ? and(eq(requests.id, refId), eq(requests.tableId, table.id), eq(requests.status, 'open'))
        : and(eq(requests.tableId, table.id), eq(requests.kind, kind), eq(requests.status, 'open'));
      const done = await tx
        .update(requests)
        .set({ status: 'resolved', resolvedAt: now, resolvedBy: user.id })
        .where(where)
        .returning({ id: requests.id });
      if (refId && done.length === 0) throw refuse('REQUEST_NO_OPEN_REQUEST');
      if (type === 'call_waiter' && table.status === 'needs_attention') {
        table.status = (await moveTable(tx, table.id, 'answered')) ?? table.status;
      }
    }
    uow.audit({
      action: `table.respond.${type}`,
      entityType: 'table',
      entityId: table.id,
      details: { refId: refId ?? null },
    });
    uow.emit({
      type: 'table_updated',
      data: {
        tableId: table.id,
        tableNumber: table.number,
        status: table.status,
        responded: type,
        ...(refId ? { refId } : {}),
        assignedWaiterId: table.assignedWaiterId,
      },
      tableId: table.id,
    });
  });
}
