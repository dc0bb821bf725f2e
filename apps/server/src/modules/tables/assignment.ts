import {
  hasPermission,
  type ReassignedTable,
  type ReassignedTables,
  type TableWaiter,
  type User,
  type WaiterRef,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db, Tx } from '../../core/db/client.js';
import { diningSessions, orders, tables, users } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';

/**
 * Locks a table's row for an update of its own columns (status, waiter) before its session is
 * locked. Every writer that changes both takes them in this order, table then session, and
 * FOR NO KEY UPDATE leaves the key-share locks of order inserts (foreign keys) free. A tab's
 * bill has no table (`null`): nothing to lock.
 */
export async function lockTableRow(tx: Tx, tableId: string | null): Promise<void> {
  if (tableId === null) return;
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
  if (!table) throw refuse('TABLE_NOT_FOUND');
  return table;
}

type TableRow = typeof tables.$inferSelect;

export async function assignWaiter(
  uow: UnitOfWork,
  table: typeof tables.$inferSelect,
  user: Pick<User, 'id' | 'name'>,
) {
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
      .where(
        and(
          inArray(
            orders.diningSessionId,
            open.map((o) => o.id),
          ),
          isNull(orders.waiterId),
        ),
      );
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
        .select({ name: users.name, status: users.status })
        .from(users)
        .where(eq(users.id, table.assignedWaiterId));
      // A table whose waiter is off duty or deactivated is nobody's in practice: a colleague
      // may take it over rather than wait for a manager.
      if (owner?.status === 'active') {
        throw refuse('TABLE_ALREADY_ASSIGNED', { table: table.number, waiter: owner.name });
      }
    }
    await assignWaiter(uow, table, user);
  });
}

/**
 * A member of staff takes a table to ring up an order or seat a party there, inside the caller's
 * unit of work: the table is locked (before its session, as every writer of both), a table held
 * by another active waiter is refused unless the caller manages tables (a hand-over or a manager
 * moves it first), and a table that is nobody's becomes the waiter's, as a claim would make it.
 * Resolves to the table as it is now.
 */
export async function takeTableForStaff(
  uow: UnitOfWork,
  tableId: string,
  user: User,
): Promise<TableRow> {
  const { tx } = uow;
  const table = await lockTable(tx, uow.restaurantId, tableId);
  if (table.archivedAt) throw refuse('TABLE_NOT_FOUND');
  if (table.status === 'maintenance') throw refuse('TABLE_NOT_TAKING_ORDERS');
  if (table.assignedWaiterId === user.id) return table;
  const manager = hasPermission(user.permissions, 'manage_tables');
  if (table.assignedWaiterId) {
    if (manager) return table;
    const [owner] = await tx
      .select({ name: users.name, status: users.status })
      .from(users)
      .where(eq(users.id, table.assignedWaiterId));
    // A table whose waiter is off duty or deactivated is nobody's in practice (as for a claim).
    if (owner?.status === 'active') {
      throw refuse('ORDER_TABLE_HELD', { table: table.number, waiter: owner.name });
    }
  }
  // Only a waiter takes the table over; a manager (or bar staff) ringing up leaves it as it is.
  if (user.role !== 'waiter') return table;
  await assignWaiter(uow, table, user);
  return { ...table, assignedWaiterId: user.id };
}

type Via = 'manager' | 'hand_over' | 'deactivated';

/**
 * Moves a table (locked by the caller) from one waiter to another, or to nobody. Its open
 * session and the orders on its open bill move too: the waiter taking over serves them, hears
 * when they are ready and takes the payment. Audited and evented, so both waiters' floors,
 * the Tables tab and the stations' ticket names follow.
 */
async function handTable(
  uow: UnitOfWork,
  table: TableRow,
  from: WaiterRef | null,
  to: WaiterRef | null,
  via: Via,
) {
  const { tx } = uow;
  const waiterId = to?.id ?? null;
  await tx
    .update(tables)
    .set({ assignedWaiterId: waiterId, updatedAt: new Date() })
    .where(eq(tables.id, table.id));
  const open = await tx
    .update(diningSessions)
    .set({ waiterId })
    .where(and(eq(diningSessions.tableId, table.id), eq(diningSessions.status, 'open')))
    .returning({ id: diningSessions.id });
  if (open.length > 0) {
    await tx
      .update(orders)
      .set({ waiterId })
      .where(
        and(
          inArray(
            orders.diningSessionId,
            open.map((o) => o.id),
          ),
          notInArray(orders.status, ['paid', 'cancelled']),
        ),
      );
  }
  uow.audit({
    action: via === 'hand_over' ? 'table.handed_over' : 'table.reassigned',
    entityType: 'table',
    entityId: table.id,
    details: { tableNumber: table.number, from, to, via },
  });
  uow.emit({
    type: 'table_reassigned',
    data: { tableId: table.id, tableNumber: table.number, status: table.status, from, to, via },
    tableId: table.id,
  });
}

async function waiterRef(tx: Tx, id: string | null): Promise<WaiterRef | null> {
  if (!id) return null;
  const [row] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** An active waiter of the restaurant who can take a table (404 if not theirs or not a waiter). */
async function activeWaiter(tx: Tx, restaurantId: string, id: string): Promise<WaiterRef> {
  const [row] = await tx
    .select({ id: users.id, name: users.name, status: users.status })
    .from(users)
    .where(and(eq(users.id, id), eq(users.restaurantId, restaurantId), eq(users.role, 'waiter')));
  if (!row) throw refuse('WAITER_NOT_FOUND');
  if (row.status !== 'active') {
    throw refuse(row.status === 'off_duty' ? 'WAITER_OFF_DUTY' : 'WAITER_DEACTIVATED', {
      waiter: row.name,
    });
  }
  return { id: row.id, name: row.name };
}

/**
 * A manager (`manage_tables`) gives a table to another active waiter; a waiter hands their own
 * table to an active colleague.
 */
export function reassignTable(
  ctx: WorkContext,
  actor: StaffActor,
  tableId: string,
  waiterId: string,
): Promise<ReassignedTable> {
  const { user } = actor;
  const manager = hasPermission(user.permissions, 'manage_tables');
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const table = await lockTable(tx, uow.restaurantId, tableId);
    if (table.archivedAt) throw refuse('TABLE_NOT_FOUND');
    if (!manager && table.assignedWaiterId !== user.id) {
      throw refuse('HAND_OVER_NOT_YOURS', { table: table.number });
    }
    const to = await activeWaiter(tx, uow.restaurantId, waiterId);
    if (table.assignedWaiterId === to.id) {
      throw refuse('TABLE_ALREADY_ASSIGNED', { table: table.number, waiter: to.name });
    }
    const from = await waiterRef(tx, table.assignedWaiterId);
    await handTable(uow, table, from, to, manager ? 'manager' : 'hand_over');
    return { tableId: table.id, tableNumber: table.number, from, to };
  });
}

/** Locks every current table a waiter holds, in one order (by number) so two moves never cross. */
async function lockTablesOf(tx: Tx, restaurantId: string, waiterId: string) {
  return tx
    .select()
    .from(tables)
    .where(
      and(
        eq(tables.restaurantId, restaurantId),
        eq(tables.assignedWaiterId, waiterId),
        isNull(tables.archivedAt),
      ),
    )
    .orderBy(asc(tables.number))
    .for('no key update');
}

/**
 * A manager moves every table of one waiter to another active waiter, or releases them (`toId`
 * null: nobody's, any waiter may claim them), e.g. when that waiter is absent.
 */
export function reassignWaiterTables(
  ctx: WorkContext,
  actor: StaffActor,
  fromId: string,
  toId: string | null,
): Promise<ReassignedTables> {
  return runWork(ctx, actor, async (uow) => {
    const { tx, restaurantId } = uow;
    const [fromRow] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, fromId), eq(users.restaurantId, restaurantId)));
    if (!fromRow) throw refuse('WAITER_NOT_FOUND');
    if (toId === fromId) throw refuse('HAND_OVER_SAME_WAITER', { waiter: fromRow.name });
    const to = toId ? await activeWaiter(tx, restaurantId, toId) : null;
    const held = await lockTablesOf(tx, restaurantId, fromId);
    for (const table of held) await handTable(uow, table, fromRow, to, 'manager');
    return { tables: held.map((t) => t.number), to };
  });
}

/**
 * A waiter leaves (deactivated, or no longer a waiter): the tables still theirs are released in
 * the caller's unit of work, so none stays locked to someone who cannot serve it.
 */
export async function releaseWaiterTables(uow: UnitOfWork, waiter: WaiterRef): Promise<number[]> {
  const held = await lockTablesOf(uow.tx, uow.restaurantId, waiter.id);
  for (const table of held) await handTable(uow, table, waiter, null, 'deactivated');
  return held.map((t) => t.number);
}

/** Who can take a table: the restaurant's active waiters and how many tables each holds now. */
export async function listTableWaiters(db: Db, restaurantId: string): Promise<TableWaiter[]> {
  const waiters = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.restaurantId, restaurantId),
        eq(users.role, 'waiter'),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(users.name));
  const held = await tablesHeldBy(db, restaurantId);
  return waiters.map((w) => ({ ...w, tables: held.get(w.id) ?? 0 }));
}

/** How many of the restaurant's tables each staff member holds now, by their id. */
export async function tablesHeldBy(
  db: Db | Tx,
  restaurantId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ waiterId: tables.assignedWaiterId, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
    .groupBy(tables.assignedWaiterId);
  return new Map(rows.flatMap((r) => (r.waiterId ? [[r.waiterId, r.n] as const] : [])));
}
