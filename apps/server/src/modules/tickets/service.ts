import {
  TICKET_RECALL_MINUTES,
  TICKET_TRANSITIONS,
  type Station,
  type TicketAction,
  canWorkStation,
  stationInfo,
} from '@tavola/contract';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { orders, tickets } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { ApiKeyActor, StaffActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import {
  getTicketView,
  heldStations,
  linesServed,
  syncOrderStatus,
  ticketViews,
  type TicketView,
} from '../orders/index.js';
import { stationFactsOf } from '../stations/index.js';
import { lockTableRow } from '../tables/index.js';

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

/**
 * Moves a ticket. The update is conditional on the status it expects, so two cooks
 * bumping the same ticket at once leave it in one consistent state: one wins, the other gets 409.
 */
export async function transitionTicket(
  ctx: WorkContext,
  actor: StaffActor | ApiKeyActor,
  ticketId: string,
  action: TicketAction,
): Promise<TicketView> {
  const rule = TICKET_TRANSITIONS[action];
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [current] = await tx
      .select({ status: tickets.status, station: tickets.station, servedAt: tickets.servedAt })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, restaurantId)));
    if (!current) throw refuse('TICKET_NOT_FOUND');
    // A member of staff works their own station; a key with tickets:write runs any (a
    // third-party display may be the kitchen's or the bar's).
    if (actor.kind === 'staff') {
      const facts = await stationFactsOf(tx, restaurantId, current.station);
      if (!facts || !canWorkStation(actor.user.role, facts.kind))
        throw refuse('TICKET_WRONG_STATION', { station: current.station });
    }
    // Table, then order, then ticket: the order every writer of them keeps (a claim holds the
    // table and updates the table's orders; a served order puts its table in waiting_payment).
    // Two writers taking them in opposite orders deadlock.
    const [owner] = await tx
      .select({ tableId: orders.tableId })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(eq(tickets.id, ticketId));
    if (!owner) throw refuse('TICKET_NOT_FOUND');
    await lockTableRow(tx, owner.tableId);
    const [locked] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(eq(tickets.id, ticketId))
      .for('update', { of: orders });
    // A void took the ticket's last line away meanwhile.
    if (!locked) throw refuse('TICKET_NOT_FOUND');
    // A later course not fired yet is not worked (a served ticket's recall is never held).
    const [before] = await tx
      .select({ orderId: tickets.orderId, servedAt: tickets.servedAt })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (
      before &&
      action !== 'recall' &&
      (await heldStations(tx, before.orderId)).has(current.station)
    )
      throw refuse('TICKET_HELD');
    if (
      action === 'recall' &&
      current.servedAt &&
      current.servedAt.getTime() < Date.now() - TICKET_RECALL_MINUTES * 60_000
    ) {
      throw refuse('TICKET_RECALL_EXPIRED', { minutes: TICKET_RECALL_MINUTES });
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
      throw refuse('TICKET_ACTION_REFUSED', { action, status: current.status });
    }
    // The lines served are the moment a later course's delay counts from; a recall takes it back.
    if (action === 'served') await linesServed(tx, row.orderId, current.station, now);
    if (action === 'recall' && before?.servedAt)
      await linesServed(tx, row.orderId, current.station, null, before.servedAt);
    const view = await getTicketView(tx, restaurantId, ticketId);
    if (!view) throw refuse('TICKET_NOT_FOUND');
    uow.emit({
      type: stationInfo(view.station).ticketUpdatedEvent,
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
