import {
  canActOnTable,
  canChangePriority,
  highestPriority,
  type OrderPriority,
  type Priority,
} from '@tavola/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Tx } from '../../core/db/client.js';
import { orders, restaurants, tickets } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockOrder } from './order-lock.js';
import { getTicketView, type TicketView } from './ticket-views.js';

/**
 * The expediting role sets a priority (low, normal, high, urgent): the table's waiter,
 * a manager or an admin. The stations sort by it and announce an urgent ticket; they do not set it.
 */
type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** The order's priority follows its tickets: the most pressing of them. */
async function syncOrderPriority(tx: Tx, orderId: string): Promise<Priority> {
  const rows = await tx
    .select({ priority: tickets.priority })
    .from(tickets)
    .where(eq(tickets.orderId, orderId));
  const priority = highestPriority(rows.map((r) => r.priority));
  await tx.update(orders).set({ priority, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return priority;
}

function announce(
  uow: UnitOfWork,
  { order, place }: LockedOrder,
  priority: Priority,
  scope: 'ticket' | 'order',
  changed: TicketView[],
  escalatedAfterMinutes?: number,
) {
  uow.emit({
    type: 'priority_changed',
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      ...place,
      priority,
      scope,
      tickets: changed,
      ...(escalatedAfterMinutes === undefined ? {} : { escalatedAfterMinutes }),
    },
    tableId: place.tableId,
  });
}

/**
 * The system escalates an order still new after the restaurant's order timeout:
 * the order and its open tickets become urgent (the displays sort it first and announce it),
 * the change is announced like any priority change, with the minutes waited, so the manager's
 * bell says so, and it is audited. It is never cancelled. `escalatedAt` is set once, by one
 * conditional update taken under the order's lock: a second sweep (another instance, or the
 * same one again) finds it set and does nothing. Resolves to whether this call escalated it.
 */
export async function escalateTimedOutOrder(uow: UnitOfWork, orderId: string): Promise<boolean> {
  const { tx, restaurantId } = uow;
  const locked = await lockOrder(tx, restaurantId, orderId);
  if (!locked) return false;
  const now = new Date();
  const [marked] = await tx
    .update(orders)
    .set({ escalatedAt: now, priority: 'urgent', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'new'),
        isNull(orders.escalatedAt),
        // Still past the timeout on the database's clock, at the restaurant's setting now.
        sql`${orders.createdAt} <= now() - make_interval(mins => (select ${restaurants.orderTimeoutMinutes} from ${restaurants} where ${restaurants.id} = ${orders.restaurantId}))`,
      ),
    )
    .returning({ createdAt: orders.createdAt });
  if (!marked) return false;
  const changed = await tx
    .update(tickets)
    .set({ priority: 'urgent', updatedAt: now })
    .where(
      and(
        eq(tickets.orderId, orderId),
        ne(tickets.status, 'served'),
        ne(tickets.priority, 'urgent'),
      ),
    )
    .returning({ id: tickets.id });
  const views: TicketView[] = [];
  for (const { id } of changed) {
    const view = await getTicketView(tx, restaurantId, id);
    if (view) views.push(view);
  }
  const waited = Math.floor((now.getTime() - marked.createdAt.getTime()) / 60_000);
  announce(uow, locked, 'urgent', 'order', views, waited);
  uow.audit({
    action: 'order.priority',
    entityType: 'order',
    entityId: orderId,
    details: {
      reason: 'order_timeout',
      orderNumber: locked.order.orderNumber,
      ...(locked.table ? { tableNumber: locked.table.number } : { tab: locked.place.tab?.name }),
      from: locked.order.priority,
      to: 'urgent',
      waitedMinutes: waited,
    },
  });
  return true;
}

/** Sets one ticket's priority; its order's priority becomes the most pressing of its tickets. */
export async function setTicketPriority(
  ctx: WorkContext,
  actor: StaffActor,
  ticketId: string,
  priority: Priority,
): Promise<TicketView> {
  const { user, restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [ref] = await tx
      .select({ orderId: tickets.orderId })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, restaurantId)));
    const locked = ref && (await lockOrder(tx, restaurantId, ref.orderId));
    if (!locked) throw refuse('TICKET_NOT_FOUND');
    if (!canActOnTable(user, locked.table?.assignedWaiterId ?? locked.order.waiterId)) {
      throw refuse('PRIORITY_NOT_YOUR_TABLE');
    }
    const [current] = await tx
      .select({ status: tickets.status, priority: tickets.priority })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    if (!current) throw refuse('TICKET_NOT_FOUND');
    if (!canChangePriority(current.status)) {
      throw refuse('TICKET_PRIORITY_FIXED', { status: current.status });
    }
    if (current.priority !== priority) {
      await tx
        .update(tickets)
        .set({ priority, updatedAt: new Date() })
        .where(eq(tickets.id, ticketId));
    }
    const view = await getTicketView(tx, restaurantId, ticketId);
    if (!view) throw refuse('TICKET_NOT_FOUND');
    // Setting what is already set changes nothing: no event, no audit entry.
    if (current.priority === priority) return view;
    const orderPriority = await syncOrderPriority(tx, locked.order.id);
    announce(uow, locked, orderPriority, 'ticket', [view]);
    uow.audit({
      action: 'ticket.priority',
      entityType: 'ticket',
      entityId: ticketId,
      details: {
        from: current.priority,
        to: priority,
        orderNumber: locked.order.orderNumber,
        station: view.station,
      },
    });
    return view;
  });
}

/** Sets an order's priority, and with it the priority of each of its tickets still open. */
export async function setOrderPriority(
  ctx: WorkContext,
  actor: StaffActor,
  orderId: string,
  priority: Priority,
): Promise<OrderPriority> {
  const { user, restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const locked = await lockOrder(tx, restaurantId, orderId);
    if (!locked) throw refuse('ORDER_NOT_FOUND');
    const { order } = locked;
    if (!canActOnTable(user, locked.table?.assignedWaiterId ?? order.waiterId)) {
      throw refuse('PRIORITY_NOT_YOUR_TABLE');
    }
    if (!canChangePriority(order.status)) {
      throw refuse('ORDER_PRIORITY_FIXED', { status: order.status });
    }
    const changed = await tx
      .update(tickets)
      .set({ priority, updatedAt: new Date() })
      .where(
        and(
          eq(tickets.orderId, orderId),
          ne(tickets.status, 'served'),
          ne(tickets.priority, priority),
        ),
      )
      .returning({ id: tickets.id });
    const open = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.orderId, orderId), ne(tickets.status, 'served')));
    const views: TicketView[] = [];
    for (const { id } of open) {
      const view = await getTicketView(tx, restaurantId, id);
      if (view) views.push(view);
    }
    const result = {
      orderId,
      orderNumber: order.orderNumber,
      priority,
      tickets: views,
    };
    if (changed.length === 0 && order.priority === priority) return result;
    await tx.update(orders).set({ priority, updatedAt: new Date() }).where(eq(orders.id, orderId));
    const changedIds = new Set(changed.map((c) => c.id));
    announce(
      uow,
      locked,
      priority,
      'order',
      views.filter((v) => changedIds.has(v.id)),
    );
    uow.audit({
      action: 'order.priority',
      entityType: 'order',
      entityId: orderId,
      details: {
        from: order.priority,
        to: priority,
        orderNumber: order.orderNumber,
        tickets: changed.length,
      },
    });
    return result;
  });
}
