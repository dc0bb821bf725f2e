import {
  orderStatusFromTickets,
  TICKET_RECALL_MINUTES,
  TICKET_TRANSITIONS,
  type Station,
  type Ticket,
  type TicketAction,
  stationsFor,
} from '@tavola/contract';
import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.js';
import {
  diningSessions,
  orderItems,
  orders,
  tables,
  tickets,
  users,
} from '../../core/db/schema.js';
import { conflict, forbidden, notFound } from '../../core/http/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { setOrderStatus } from '../orders/index.js';
import { lockTableRow, moveTable } from '../tables/index.js';

export type TicketView = Ticket;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function ticketViews(db: DbOrTx, restaurantId: string, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      ticket: tickets,
      orderNumber: orders.orderNumber,
      tableId: tables.id,
      tableNumber: tables.number,
      customerCount: diningSessions.customerCount,
      waiter: users.name,
    })
    .from(tickets)
    .innerJoin(orders, eq(tickets.orderId, orders.id))
    .innerJoin(tables, eq(orders.tableId, tables.id))
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    .leftJoin(users, eq(users.id, sql`coalesce(${orders.waiterId}, ${tables.assignedWaiterId})`))
    .where(and(eq(tickets.restaurantId, restaurantId), where))
    .orderBy(asc(tickets.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...new Set(rows.map((r) => r.ticket.orderId))]));
  return rows.map((r): TicketView => ({
    id: r.ticket.id,
    orderId: r.ticket.orderId,
    orderNumber: r.orderNumber,
    tableId: r.tableId,
    tableNumber: r.tableNumber,
    station: r.ticket.station,
    status: r.ticket.status,
    priority: r.ticket.priority,
    orderTime: r.ticket.createdAt.toISOString(),
    estimatedTime: r.ticket.estimatedMinutes,
    startTime: iso(r.ticket.startedAt),
    readyTime: iso(r.ticket.readyAt),
    servedTime: iso(r.ticket.servedAt),
    waiter: r.waiter,
    customerCount: r.customerCount,
    items: lines
      // What is left to make: voided quantities are left out.
      .filter(
        (l) =>
          l.orderId === r.ticket.orderId &&
          l.station === r.ticket.station &&
          l.quantity > l.voidedQuantity,
      )
      .map((l) => ({
        name: l.name,
        quantity: l.quantity - l.voidedQuantity,
        notes: l.notes,
        category: l.category,
      })),
  }));
}

/** A station's open tickets, plus those served in the last minutes (for recall). */
export async function listTickets(db: Db, restaurantId: string, station: Station) {
  const recallSince = new Date(Date.now() - TICKET_RECALL_MINUTES * 60_000);
  const all = await ticketViews(
    db,
    restaurantId,
    and(
      eq(tickets.station, station),
      or(ne(tickets.status, 'served'), gt(tickets.servedAt, recallSince)),
    ),
  );
  return {
    tickets: all.filter((t) => t.status !== 'served'),
    recentlyServed: all
      .filter((t) => t.status === 'served')
      .sort((a, b) => (b.servedTime ?? '').localeCompare(a.servedTime ?? '')),
  };
}

export async function getTicketView(db: DbOrTx, restaurantId: string, ticketId: string) {
  const [view] = await ticketViews(db, restaurantId, eq(tickets.id, ticketId));
  return view ?? null;
}

/**
 * After a ticket moves, its order's status follows its tickets; an order becoming ready tells the
 * table's waiter, and a fully served table waits for payment.
 */
export async function syncOrderStatus(uow: UnitOfWork, orderId: string) {
  const { tx } = uow;
  const [order] = await tx
    .select({ order: orders, table: tables })
    .from(orders)
    .innerJoin(tables, eq(orders.tableId, tables.id))
    .where(eq(orders.id, orderId));
  if (!order || order.order.status === 'paid' || order.order.status === 'cancelled') return;
  const ticketRows = await tx
    .select({ status: tickets.status })
    .from(tickets)
    .where(eq(tickets.orderId, orderId));
  const next = orderStatusFromTickets(ticketRows.map((t) => t.status));
  if (next === order.order.status) return;
  await setOrderStatus(tx, order.order, next);
  const waiterId = order.order.waiterId ?? order.table.assignedWaiterId;
  const base = {
    orderId,
    orderNumber: order.order.orderNumber,
    tableId: order.table.id,
    tableNumber: order.table.number,
    waiterId,
  };
  uow.emit({
    type: 'order_updated',
    data: { ...base, status: next },
    tableId: order.table.id,
  });
  if (next === 'ready') {
    uow.emit({
      type: 'order_ready',
      data: base,
      tableId: order.table.id,
    });
  }
  if (next === 'served') await tableServedCheck(uow, order.table);
}

/** Spec §4: once a table's orders are served, it waits for payment. */
export async function tableServedCheck(uow: UnitOfWork, table: typeof tables.$inferSelect) {
  const { tx } = uow;
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    .where(
      and(
        eq(orders.tableId, table.id),
        eq(diningSessions.status, 'open'),
        inArray(orders.status, ['new', 'preparing', 'ready']),
      ),
    );
  if ((pending?.n ?? 0) > 0) return;
  if (!(await moveTable(tx, table.id, 'allServed'))) return;
  uow.emit({
    type: 'table_updated',
    data: { tableId: table.id, tableNumber: table.number, status: 'waiting_payment' },
    tableId: table.id,
  });
}

/**
 * Moves a ticket (spec §4). The update is conditional on the status it expects, so two cooks
 * bumping the same ticket at once leave it in one consistent state: one wins, the other gets 409.
 */
export async function transitionTicket(
  ctx: WorkContext,
  actor: StaffActor,
  ticketId: string,
  action: TicketAction,
): Promise<TicketView> {
  const rule = TICKET_TRANSITIONS[action];
  const { user, restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [current] = await tx
      .select({ status: tickets.status, station: tickets.station, servedAt: tickets.servedAt })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, restaurantId)));
    if (!current) throw notFound('Ticket not found');
    if (!stationsFor(user.role).includes(current.station)) {
      throw forbidden(`Only ${current.station} staff can update this ticket`);
    }
    // Table, then order, then ticket: the order every writer of them keeps (a claim holds the
    // table and updates the table's orders; a served order puts its table in waiting_payment).
    // Two writers taking them in opposite orders deadlock.
    const [owner] = await tx
      .select({ tableId: orders.tableId })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(eq(tickets.id, ticketId));
    if (!owner) throw notFound('Ticket not found');
    await lockTableRow(tx, owner.tableId);
    const [locked] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(eq(tickets.id, ticketId))
      .for('update', { of: orders });
    // A void took the ticket's last line away meanwhile.
    if (!locked) throw notFound('Ticket not found');
    if (
      action === 'recall' &&
      current.servedAt &&
      current.servedAt.getTime() < Date.now() - TICKET_RECALL_MINUTES * 60_000
    ) {
      throw conflict(`Served tickets can be recalled for ${TICKET_RECALL_MINUTES} minutes only`);
    }
    const now = new Date();
    const updated = await tx
      .update(tickets)
      .set({
        status: rule.to,
        updatedAt: now,
        ...(action === 'start' ? { startedAt: sql`coalesce(${tickets.startedAt}, now())` } : {}),
        ...(action === 'ready' ? { readyAt: sql`coalesce(${tickets.readyAt}, now())` } : {}),
        ...(action === 'served' ? { servedAt: now } : {}),
        ...(action === 'recall' ? { servedAt: null } : {}),
      })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.restaurantId, restaurantId),
          eq(tickets.status, rule.from),
        ),
      )
      .returning({ orderId: tickets.orderId });
    const row = updated[0];
    if (!row) {
      throw conflict(`Cannot ${action} a ticket that is ${current.status}`);
    }
    const view = await getTicketView(tx, restaurantId, ticketId);
    if (!view) throw notFound('Ticket not found');
    uow.emit({
      type: view.station === 'kitchen' ? 'kitchen_ticket_updated' : 'bar_ticket_updated',
      data: {
        ticketId,
        orderId: view.orderId,
        orderNumber: view.orderNumber,
        tableNumber: view.tableNumber,
        station: view.station,
        status: view.status,
        action,
        ticket: view,
      },
      tableId: view.tableId,
    });
    await syncOrderStatus(uow, row.orderId);
    uow.audit({
      action: `ticket.${action}`,
      entityType: 'ticket',
      entityId: ticketId,
      details: { from: rule.from, to: rule.to, orderNumber: view.orderNumber },
    });
    return view;
  });
}
