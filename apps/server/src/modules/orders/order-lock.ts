import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { diningSessions, orders, tables } from '../../core/db/schema.js';
import { lockTableRow } from '../tables/index.js';
import { placeColumns, placeFrom } from './place.js';

/**
 * The order with its table (null for a tab's) and where it goes, locked table first then order,
 * as every writer of both does; null when the restaurant has no such order. What a waiter's
 * table-scoped action reads to check the table is theirs (`canActOnTable`).
 */
export async function lockOrder(tx: Tx, restaurantId: string, orderId: string) {
  const [owner] = await tx
    .select({ tableId: orders.tableId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
  if (!owner) return null;
  await lockTableRow(tx, owner.tableId);
  return orderForUpdate(tx, orderId);
}

/**
 * The order row locked, with its table (null for a tab's) and where it goes; the caller has
 * already locked the table. Null when there is no such order.
 */
export async function orderForUpdate(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ order: orders, table: tables, ...placeColumns })
    .from(orders)
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    // A tab's order has no table.
    .leftJoin(tables, eq(orders.tableId, tables.id))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row ? { ...row, place: placeFrom(row) } : null;
}
