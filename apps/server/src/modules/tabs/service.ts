import {
  billCharges,
  type ClosedTab,
  type OpenTabInput,
  partsAmount,
  sumParts,
  type Tab,
  type TabType,
} from '@tavola/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db } from '../../core/db/client.js';
import { diningSessions, orders, restaurants, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { openBillOrders } from '../floor/index.js';
import { discountViews, ratesOf, storedParts } from '../orders/index.js';

/** How far in the past a takeaway's promised pickup may be (a clock a little behind). */
const PICKUP_SLACK_MS = 5 * 60_000;

/**
 * Opens a tab: a bill without a table (a bar tab, a counter order, a takeaway) under a name, held
 * by the member of staff who opened it. Orders join it with `placeTabOrder`; it is paid and
 * closed as a table's bill is (`POST /api/sessions/{id}/payments`).
 */
export async function openTab(
  ctx: WorkContext,
  actor: StaffActor,
  input: OpenTabInput,
  now = new Date(),
): Promise<Tab> {
  const pickupAt = input.pickupAt ? new Date(input.pickupAt) : null;
  if (pickupAt && pickupAt.getTime() < now.getTime() - PICKUP_SLACK_MS) {
    throw refuse('TAB_PICKUP_IN_PAST');
  }
  const id = await runWork(ctx, actor, async (uow) => {
    const [tab] = await uow.tx
      .insert(diningSessions)
      .values({
        restaurantId: actor.restaurantId,
        tableId: null,
        orderType: input.type,
        tabName: input.name,
        tabPhone: input.phone ?? null,
        pickupAt,
        customerCount: input.guests ?? 1,
        waiterId: actor.user.id,
      })
      .returning();
    if (!tab) throw new Error('tab insert returned nothing');
    uow.emit({
      type: 'tab_opened',
      data: {
        sessionId: tab.id,
        type: input.type,
        tab: { id: tab.id, name: input.name, pickupAt: pickupAt?.toISOString() ?? null },
        waiterId: actor.user.id,
      },
    });
    uow.audit({
      action: 'tab.opened',
      entityType: 'dining_session',
      entityId: tab.id,
      details: {
        type: input.type,
        name: input.name,
        ...(pickupAt ? { pickupAt: pickupAt.toISOString() } : {}),
      },
    });
    return tab.id;
  });
  return getTab(ctx.db, actor.restaurantId, id);
}

/** The restaurant's open tabs (or one of them) with their bills, oldest first. */
async function tabsOf(db: Db, restaurantId: string, id?: string): Promise<Tab[]> {
  const [restaurant] = await db
    .select({
      taxRateBps: restaurants.taxRateBps,
      serviceChargeBps: restaurants.serviceChargeBps,
      pricesIncludeTax: restaurants.pricesIncludeTax,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');
  const rows = await db
    .select({ session: diningSessions, waiterName: users.name })
    .from(diningSessions)
    .leftJoin(users, eq(diningSessions.waiterId, users.id))
    .where(
      and(
        eq(diningSessions.restaurantId, restaurantId),
        eq(diningSessions.status, 'open'),
        isNull(diningSessions.tableId),
        ...(id ? [eq(diningSessions.id, id)] : []),
      ),
    )
    .orderBy(asc(diningSessions.openedAt));
  const { orderRows, toFloorOrder, openBills } = await openBillOrders(
    db,
    rows.map((r) => r.session.id),
  );
  return rows.map(({ session, waiterName }) => {
    const sessionOrders = orderRows.filter((o) => o.diningSessionId === session.id);
    const bill = partsAmount(sumParts(sessionOrders.map(storedParts)));
    return {
      id: session.id,
      // Only tabs are read here (no table): their type is never dine-in.
      type: session.orderType as TabType,
      name: session.tabName ?? '',
      phone: session.tabPhone,
      pickupAt: session.pickupAt?.toISOString() ?? null,
      openedAt: session.openedAt.toISOString(),
      customerCount: session.customerCount,
      waiter:
        session.waiterId && waiterName !== null ? { id: session.waiterId, name: waiterName } : null,
      orders: sessionOrders.map(toFloorOrder),
      billTotal: bill.total,
      bill,
      charges: billCharges(sessionOrders.map(ratesOf), restaurant),
      discounts: discountViews(openBills.get(session.id)!),
      paymentStatus: session.paymentStatus,
    };
  });
}

export function listTabs(db: Db, restaurantId: string): Promise<Tab[]> {
  return tabsOf(db, restaurantId);
}

/** One open tab of the restaurant (404 for a closed one, another restaurant's, or a table's bill). */
export async function getTab(db: Db, restaurantId: string, id: string): Promise<Tab> {
  const [tab] = await tabsOf(db, restaurantId, id);
  if (!tab) throw refuse('TAB_NOT_FOUND');
  return tab;
}

/**
 * Closes a tab with nothing left to pay, without a payment and without a receipt: one opened by
 * mistake, or whose orders were all voided. A tab with an unpaid order is refused (it is paid, or
 * its orders voided by a manager, first). Its bill is settled in today's business day, as a
 * table's bill closed by staff is.
 */
export async function closeTab(
  ctx: WorkContext,
  actor: StaffActor,
  tabId: string,
): Promise<ClosedTab> {
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    // The business day, then the bill: the order every writer of a bill takes them in.
    const settledOn = await lockBusinessDay(tx, actor.restaurantId);
    const [tab] = await tx
      .select()
      .from(diningSessions)
      .where(
        and(
          eq(diningSessions.id, tabId),
          eq(diningSessions.restaurantId, actor.restaurantId),
          isNull(diningSessions.tableId),
        ),
      )
      .for('no key update');
    if (!tab) throw refuse('TAB_NOT_FOUND');
    if (tab.status !== 'open') throw refuse('TAB_CLOSED');
    const [counts] = await tx
      .select({
        unpaid: sql<number>`count(*) filter (where ${orders.status} not in ('paid', 'cancelled'))::int`,
        voided: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
      })
      .from(orders)
      .where(eq(orders.diningSessionId, tab.id));
    const unpaid = counts?.unpaid ?? 0;
    if (unpaid > 0) throw refuse('TAB_HAS_UNPAID_ORDERS', { count: unpaid });
    await tx
      .update(diningSessions)
      .set({
        status: 'closed',
        closedAt: new Date(),
        closeReason: 'closed_by_staff',
        paymentStatus: 'none',
        settledOn,
      })
      .where(eq(diningSessions.id, tab.id));
    // Only tabs are read here (no table): their type is never dine-in.
    const type = tab.orderType as TabType;
    const name = tab.tabName ?? '';
    const voidedOrders = counts?.voided ?? 0;
    uow.emit({
      type: 'tab_closed',
      data: {
        sessionId: tab.id,
        type,
        tab: { id: tab.id, name, pickupAt: tab.pickupAt?.toISOString() ?? null },
        voidedOrders,
      },
    });
    uow.audit({
      action: 'tab.closed',
      entityType: 'dining_session',
      entityId: tab.id,
      details: { type, name, voidedOrders },
    });
    return { id: tab.id, type, name, voidedOrders };
  });
}
