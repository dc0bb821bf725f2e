import {
  type ExpoOrder,
  expoOrderReady,
  isBuiltInStation,
  STATION_INFO,
  type Ticket,
} from '@tavola/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { orders } from '../../core/db/schema.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { ticketViews } from '../orders/index.js';
import { listStations } from '../stations/index.js';
import { lockTableRow } from '../tables/index.js';

const OPEN = ['new', 'preparing', 'ready'] as const;

/**
 * Every open order the expo has not sent on yet, across its stations, oldest first: each
 * station's ticket and status, and whether the whole order is ready for its waiter.
 */
export async function listExpo(db: Db, restaurantId: string): Promise<ExpoOrder[]> {
  const [views, stationRows] = await Promise.all([
    ticketViews(db, restaurantId, and(inArray(orders.status, OPEN), isNull(orders.expoBumpedAt))),
    listStations(db, restaurantId),
  ]);
  const names = new Map(stationRows.map((s) => [s.slug, s]));
  const nameOf = (slug: string) =>
    names.get(slug)?.name ?? (isBuiltInStation(slug) ? STATION_INFO[slug].label : slug);
  const order = (slug: string) => names.get(slug)?.displayOrder ?? 0;
  const byOrder = new Map<string, Ticket[]>();
  for (const view of views) byOrder.set(view.orderId, [...(byOrder.get(view.orderId) ?? []), view]);
  return [...byOrder.values()]
    .map((tickets): ExpoOrder => {
      const first = tickets.reduce((a, b) => (a.orderTime <= b.orderTime ? a : b));
      const sorted = [...tickets].sort((a, b) => order(a.station) - order(b.station));
      return {
        orderId: first.orderId,
        orderNumber: first.orderNumber,
        tableId: first.tableId,
        tableNumber: first.tableNumber,
        ...(first.orderType ? { orderType: first.orderType } : {}),
        ...(first.tab !== undefined ? { tab: first.tab } : {}),
        orderTime: first.orderTime,
        waiter: first.waiter,
        // A station holding only a later course waits for it to be fired, not for the pass.
        ready: expoOrderReady(tickets.filter((t) => !t.held).map((t) => t.status)),
        stations: sorted.map((t) => ({
          station: t.station,
          name: nameOf(t.station),
          status: t.status,
          ticket: t,
        })),
        allergyNote: first.allergyNote ?? null,
      };
    })
    .sort((a, b) => a.orderTime.localeCompare(b.orderTime));
}

/**
 * The expo's bump: an order every station has ready goes to its waiter, told again in
 * `order_ready` (marked as the expo's) so the waiter's screen and bell pick it up; the order
 * leaves the expo's display. The waiter's Mark Served then serves it as before.
 */
export async function bumpExpoOrder(ctx: WorkContext, actor: StaffActor, orderId: string) {
  const { restaurantId } = actor;
  const [listed] = (await listExpo(ctx.db, restaurantId)).filter((o) => o.orderId === orderId);
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [owner] = await tx
      .select({ tableId: orders.tableId, orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
    if (!owner) throw refuse('ORDER_NOT_FOUND');
    await lockTableRow(tx, owner.tableId);
    if (!listed?.ready) throw refuse('EXPO_ORDER_NOT_READY', { order: owner.orderNumber });
    const now = new Date();
    const [row] = await tx
      .update(orders)
      .set({ expoBumpedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, OPEN), isNull(orders.expoBumpedAt)))
      .returning({ waiterId: orders.waiterId });
    if (!row) throw refuse('EXPO_ORDER_NOT_READY', { order: owner.orderNumber });
    uow.emit({
      type: 'order_ready',
      data: {
        orderId,
        orderNumber: owner.orderNumber,
        tableId: listed.tableId,
        tableNumber: listed.tableNumber,
        ...(listed.orderType ? { orderType: listed.orderType } : {}),
        ...(listed.tab !== undefined ? { tab: listed.tab } : {}),
        waiterId: row.waiterId,
        expo: true,
      },
      tableId: listed.tableId,
    });
    uow.audit({
      action: 'order.expo_bumped',
      entityType: 'order',
      entityId: orderId,
      details: { orderNumber: owner.orderNumber },
    });
    return { orderId, orderNumber: owner.orderNumber, bumpedAt: now.toISOString() };
  });
}
