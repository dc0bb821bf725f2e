import { randomBytes } from 'node:crypto';
import { WS_CLOSE, WS_REVOKED, type AdminTable, type TableInput } from '@tavola/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.js';
import { diningSessions, orders, restaurants, tables, users } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { assertCanAdd } from '../../platform/plans/index.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { closeForAvailable } from '../dining-sessions/index.js';

/** An unguessable token for a table's QR code (the demo's QR-T1… are the only readable ones). */
export function newTableToken(): string {
  return `T-${randomBytes(12).toString('base64url')}`;
}

export function orderUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/order?token=${encodeURIComponent(token)}`;
}

const current = (restaurantId: string) =>
  and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt));

export async function listTables(
  db: Db,
  restaurantId: string,
  base: string | null,
): Promise<AdminTable[]> {
  const rows = await db
    .select({
      table: tables,
      open: sql<boolean>`exists (select 1 from ${diningSessions} where ${diningSessions.tableId} = ${tables.id} and ${diningSessions.status} = 'open')`,
      unpaid:
        sql<number>`(select count(*)::int from ${orders} join ${diningSessions} on ${diningSessions.id} = ${orders.diningSessionId} where ${diningSessions.tableId} = ${tables.id} and ${diningSessions.status} = 'open' and ${orders.status} not in ('paid', 'cancelled'))`.mapWith(
          Number,
        ),
      waiterName: users.name,
    })
    .from(tables)
    .leftJoin(users, eq(tables.assignedWaiterId, users.id))
    .where(current(restaurantId))
    .orderBy(asc(tables.number));
  return rows.map(({ table, open, unpaid, waiterName }) => ({
    id: table.id,
    number: table.number,
    capacity: table.capacity,
    status: table.status,
    qrToken: table.qrToken,
    orderUrl: base ? orderUrl(base, table.qrToken) : null,
    hasOpenSession: Boolean(open),
    assignedWaiter:
      table.assignedWaiterId && waiterName !== null
        ? { id: table.assignedWaiterId, name: waiterName }
        : null,
    unpaidOrders: unpaid,
  }));
}

function tableChanged(
  uow: UnitOfWork,
  table: typeof tables.$inferSelect,
  action: 'created' | 'updated' | 'deleted' | 'qr_rotated',
) {
  uow.audit({
    action: `table.${action}`,
    entityType: 'table',
    entityId: table.id,
    details: { number: table.number },
  });
  uow.emit({
    type: 'table_updated',
    data: { tableId: table.id, tableNumber: table.number, status: table.status, action },
    tableId: table.id,
  });
}

const numberTaken = (n: number) => refuse('TABLE_NUMBER_TAKEN', { table: n });

/**
 * A table seats at most the restaurant's max table capacity. The restaurant's
 * row is read FOR SHARE: a settings change lowering the max (FOR UPDATE) waits, and then sees
 * this table.
 */
async function assertCapacityWithinMax(tx: Tx, restaurantId: string, capacity: number) {
  const [r] = await tx
    .select({ max: restaurants.maxTableCapacity })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .for('share');
  if (r && capacity > r.max) throw refuse('TABLE_CAPACITY_ABOVE_MAX', { max: r.max });
}

export async function createTable(ctx: WorkContext, actor: StaffActor, input: TableInput) {
  const { restaurantId } = actor;
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      await assertCanAdd(tx, restaurantId, 'tables');
      await assertCapacityWithinMax(tx, restaurantId, input.capacity);
      const [table] = await tx
        .insert(tables)
        .values({
          restaurantId,
          number: input.number,
          capacity: input.capacity,
          status: input.status ?? 'available',
          qrToken: newTableToken(),
        })
        .returning();
      if (!table) throw new Error('table insert returned nothing');
      tableChanged(uow, table, 'created');
      return table;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.number);
    throw error;
  }
}

async function lockTable(tx: Tx, restaurantId: string, id: string) {
  const [table] = await tx
    .select()
    .from(tables)
    .where(and(eq(tables.id, id), current(restaurantId)))
    .for('update');
  if (!table) throw refuse('TABLE_NOT_FOUND');
  return table;
}

async function hasOpenSession(tx: Tx, tableId: string) {
  const [open] = await tx
    .select({ id: diningSessions.id })
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, tableId), eq(diningSessions.status, 'open')))
    .limit(1);
  return Boolean(open);
}

export async function updateTable(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: TableInput,
) {
  const { restaurantId } = actor;
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      const before = await lockTable(tx, restaurantId, id);
      await assertCapacityWithinMax(tx, restaurantId, input.capacity);
      if (
        input.status === 'maintenance' &&
        before.status !== 'maintenance' &&
        (await hasOpenSession(tx, id))
      ) {
        throw refuse('TABLE_HAS_OPEN_BILL', { table: before.number });
      }
      // A seated table set free: its session ends too (refused while orders are unpaid).
      if (input.status === 'available') await closeForAvailable(uow, before);
      const [table] = await tx
        .update(tables)
        .set({
          number: input.number,
          capacity: input.capacity,
          ...(input.status ? { status: input.status } : {}),
          updatedAt: new Date(),
        })
        .where(eq(tables.id, id))
        .returning();
      if (!table) throw refuse('TABLE_NOT_FOUND');
      tableChanged(uow, table, 'updated');
      return table;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.number);
    throw error;
  }
}

/** Removing a table archives it: its orders keep their history, and its QR code stops working. */
export async function deleteTable(ctx: WorkContext, actor: StaffActor, id: string) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const table = await lockTable(tx, restaurantId, id);
    if (await hasOpenSession(tx, id)) {
      throw refuse('TABLE_REMOVE_OPEN_SESSION', { table: table.number });
    }
    const [archived] = await tx
      .update(tables)
      .set({
        archivedAt: new Date(),
        qrToken: newTableToken(),
        assignedWaiterId: null,
        updatedAt: new Date(),
      })
      .where(eq(tables.id, id))
      .returning();
    tableChanged(uow, archived ?? table, 'deleted');
    // The table's guest pages lose their access with its code.
    uow.disconnect({
      match: { tableId: id },
      code: WS_CLOSE.forbidden,
      reason: WS_REVOKED.tableRetired,
    });
  });
}

/** A new token for the table: the old printed code stops working at once. */
export async function rotateTableToken(ctx: WorkContext, actor: StaffActor, id: string) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    await lockTable(tx, restaurantId, id);
    const [table] = await tx
      .update(tables)
      .set({ qrToken: newTableToken(), updatedAt: new Date() })
      .where(eq(tables.id, id))
      .returning();
    if (!table) throw refuse('TABLE_NOT_FOUND');
    tableChanged(uow, table, 'qr_rotated');
    uow.disconnect({
      match: { tableId: table.id },
      code: WS_CLOSE.forbidden,
      reason: WS_REVOKED.tableRetired,
    });
    return table;
  });
}

export async function tableById(db: Db, restaurantId: string, id: string) {
  const [table] = await db
    .select()
    .from(tables)
    .where(and(eq(tables.id, id), current(restaurantId)));
  if (!table) throw refuse('TABLE_NOT_FOUND');
  return table;
}

/**
 * A download of printable codes, in the audit log: the owner's setup checklist counts the codes
 * as printed from it (a sheet of every table, or one table's code).
 */
export async function recordQrDownload(
  ctx: WorkContext,
  actor: StaffActor,
  details: { format: 'pdf' | 'png' | 'svg'; tableNumber?: number },
) {
  await runWork(ctx, actor, async (uow) => {
    uow.audit({
      action: 'table.qr_downloaded',
      entityType: 'restaurant',
      entityId: actor.restaurantId,
      details,
    });
  });
}
