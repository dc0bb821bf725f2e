import {
  hasPermission,
  type ClosedTable,
  type CloseTableInput,
  type SessionCloseReason,
} from '@tavola/contract';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Tx } from '../../core/db/client.js';
import { retryOnDeadlock } from '../../core/db/errors.js';
import { diningSessions, orders, requests, type tables } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { voidWholeOrder } from '../orders/index.js';
import { lockBusinessDay } from '../business-days/index.js';
import { settleBill } from '../payments/index.js';
import { lockTable, moveTable, tableKeepsACheck } from '../tables/index.js';

type TableRow = typeof tables.$inferSelect;
type SessionRow = typeof diningSessions.$inferSelect;

/**
 * The table's open session (its check 1, or the check asked for), locked after its table (as
 * every writer of both), or null.
 */
export async function lockSessionOf(
  tx: Tx,
  tableId: string,
  checkNumber = 1,
): Promise<SessionRow | null> {
  const [session] = await tx
    .select()
    .from(diningSessions)
    .where(
      and(
        eq(diningSessions.tableId, tableId),
        eq(diningSessions.status, 'open'),
        eq(diningSessions.checkNumber, checkNumber),
      ),
    )
    .limit(1)
    .for('no key update');
  return session ?? null;
}

/** The orders of a session that are neither paid nor voided, oldest first. */
async function unpaidOrdersOf(tx: Tx, sessionId: string) {
  return tx
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(eq(orders.diningSessionId, sessionId), notInArray(orders.status, ['paid', 'cancelled'])),
    )
    .orderBy(asc(orders.orderNumber));
}

/**
 * Ends an open session without a payment and frees its table: its open requests are answered,
 * the table is nobody's and available again. The caller holds the table and the session.
 */
export async function endSession(
  uow: UnitOfWork,
  table: TableRow,
  session: SessionRow,
  reason: Exclude<SessionCloseReason, 'paid'>,
  voidedOrders: number,
): Promise<void> {
  const { tx } = uow;
  // A bill closed without a payment (its orders voided) is settled in today's business day.
  const settledOn = await lockBusinessDay(tx, table.restaurantId);
  const now = new Date();
  await tx
    .update(diningSessions)
    .set({
      status: 'closed',
      closedAt: now,
      closeReason: reason,
      paymentStatus: 'none',
      settledOn,
    })
    .where(eq(diningSessions.id, session.id));
  await tx
    .update(requests)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: uow.userId })
    .where(and(eq(requests.diningSessionId, session.id), eq(requests.status, 'open')));
  // A table with another check still open stays seated (and its waiter's).
  const status = (await tableKeepsACheck(tx, table.id))
    ? null
    : await moveTable(tx, table.id, 'closed', { assignedWaiterId: null });
  uow.emit({
    type: 'table_closed',
    data: {
      tableId: table.id,
      tableNumber: table.number,
      sessionId: session.id,
      reason,
      status: status ?? table.status,
      voidedOrders,
    },
    tableId: table.id,
  });
}

/**
 * Close table: staff end a table's dining session, every open check of it, and free the table
 * (a waiter pressing Close table expects the table free afterwards, not a check left behind
 * that keeps it seated). With no unpaid orders (guests who scanned and left, checks paid or
 * emptied) the table's waiter, any waiter while it is nobody's, or a manager closes it. With
 * unpaid orders on any check only a manager or admin (`void_orders`) does, with a reason, voiding
 * them or settling each check with a payment of its own; a waiter is refused with the checks
 * still owed named. Audited and evented.
 */
export async function closeTable(
  ctx: WorkContext,
  actor: StaffActor,
  tableId: string,
  input: CloseTableInput,
): Promise<ClosedTable> {
  // Voids lock orders and their tickets as a void does, so PostgreSQL may pick this as the
  // victim of a wait with a station moving a ticket at that moment: it is simply tried again.
  return retryOnDeadlock(() =>
    runWork(ctx, actor, (uow) => closeInUnit(uow, actor, tableId, input)),
  );
}

/** A table's open checks, its own bill (check 1) first, each locked after the table. */
async function lockOpenChecks(tx: Tx, tableId: string): Promise<SessionRow[]> {
  return tx
    .select()
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, tableId), eq(diningSessions.status, 'open')))
    .orderBy(asc(diningSessions.checkNumber))
    .for('no key update');
}

async function closeInUnit(
  uow: UnitOfWork,
  actor: StaffActor,
  tableId: string,
  input: CloseTableInput,
): Promise<ClosedTable> {
  const { tx } = uow;
  const { user } = actor;
  const table = await lockTable(tx, uow.restaurantId, tableId);
  if (table.archivedAt) throw refuse('TABLE_NOT_FOUND');
  const supervisor = hasPermission(user.permissions, 'void_orders');
  if (!supervisor && table.assignedWaiterId && table.assignedWaiterId !== user.id) {
    throw refuse('CLOSE_TABLE_NOT_YOURS', { table: table.number });
  }
  const reason = input.reason?.trim() || null;
  const checks = await lockOpenChecks(tx, table.id);
  const session = checks[0];
  if (!session) throw refuse('CLOSE_TABLE_NO_SESSION', { table: table.number });

  const owed: { check: SessionRow; unpaid: Awaited<ReturnType<typeof unpaidOrdersOf>> }[] = [];
  for (const check of checks) {
    const unpaid = await unpaidOrdersOf(tx, check.id);
    if (unpaid.length > 0) owed.push({ check, unpaid });
  }
  const unpaid = owed.flatMap((o) => o.unpaid);
  let voidedOrders = 0;
  const settled = new Map<string, string>();
  if (unpaid.length > 0) {
    if (!supervisor) {
      if (checks.length === 1) {
        throw refuse('CLOSE_TABLE_UNPAID_ORDERS', { table: table.number, count: unpaid.length });
      }
      throw refuse('CLOSE_TABLE_CHECKS_UNPAID', {
        table: table.number,
        checks: owed.map((o) => `check ${o.check.checkNumber}`).join(', '),
      });
    }
    if (!reason) throw refuse('CLOSE_TABLE_REASON_REQUIRED');
    if (!input.unpaid) throw refuse('CLOSE_TABLE_CHOICE_REQUIRED');
    if (input.unpaid === 'void') {
      for (const order of unpaid) {
        await voidWholeOrder(uow, order.id, reason);
        voidedOrders++;
      }
    } else {
      const method = input.method;
      if (!method) throw refuse('CLOSE_TABLE_METHOD_REQUIRED');
      // Each check is a bill of its own: settled by its own payment, with its own receipt.
      for (const { check } of owed) {
        const { paymentId } = await settleBill(uow, actor, check.id, { method, tip: 0 });
        settled.set(check.id, paymentId);
      }
    }
  }

  for (const [i, check] of checks.entries()) {
    const last = i === checks.length - 1;
    if (settled.has(check.id)) {
      // The payment closed the check (and freed the table with the last one); the close is
      // said once more, as such.
      uow.emit({
        type: 'table_closed',
        data: {
          tableId: table.id,
          tableNumber: table.number,
          sessionId: check.id,
          reason: 'paid',
          status: last ? 'available' : table.status,
          voidedOrders: 0,
        },
        tableId: table.id,
      });
    } else {
      const voidedHere = owed.find((o) => o.check.id === check.id)?.unpaid.length ?? 0;
      await endSession(uow, table, check, 'closed_by_staff', settled.size ? 0 : voidedHere);
    }
  }
  const paymentId = settled.get(session.id) ?? [...settled.values()][0] ?? null;
  const closeReason: SessionCloseReason = paymentId ? 'paid' : 'closed_by_staff';
  uow.audit({
    action: 'table.closed',
    entityType: 'table',
    entityId: table.id,
    details: {
      tableNumber: table.number,
      sessionId: session.id,
      closeReason,
      reason,
      unpaidOrders: unpaid.map((o) => o.orderNumber),
      unpaid: unpaid.length > 0 ? (input.unpaid ?? null) : null,
      voidedOrders,
      paymentId,
      ...(checks.length > 1
        ? {
            checks: checks.map((c) => ({
              checkNumber: c.checkNumber,
              sessionId: c.id,
              paymentId: settled.get(c.id) ?? null,
            })),
          }
        : {}),
    },
  });
  return {
    tableId: table.id,
    tableNumber: table.number,
    sessionId: session.id,
    closeReason,
    voidedOrders,
    paymentId,
    checksClosed: checks.length,
  };
}

/**
 * A manager sets a table "available" in the Tables tab: a seated table's session closes the way
 * Close table closes it; one with unpaid orders is refused and pointed to Close table. The caller
 * holds the table (locked for its own update) and changes its other columns itself.
 */
export async function closeForAvailable(uow: UnitOfWork, table: TableRow): Promise<void> {
  const { tx } = uow;
  const session = await lockSessionOf(tx, table.id);
  if (!session) return;
  const unpaid = await unpaidOrdersOf(tx, session.id);
  if (unpaid.length > 0)
    throw refuse('TABLE_AVAILABLE_WITH_UNPAID_ORDERS', { table: table.number });
  await endSession(uow, table, session, 'closed_by_staff', 0);
  uow.audit({
    action: 'table.closed',
    entityType: 'table',
    entityId: table.id,
    details: {
      tableNumber: table.number,
      sessionId: session.id,
      closeReason: 'closed_by_staff',
      reason: 'Set to available in Tables',
      unpaidOrders: [],
      unpaid: null,
      voidedOrders: 0,
      paymentId: null,
    },
  });
}
