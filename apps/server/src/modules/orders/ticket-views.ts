import { courseName, type Ticket, ticketLine } from '@tavola/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import {
  diningSessions,
  orderItems,
  orders,
  tables,
  tickets,
  users,
} from '../../core/db/schema.js';
import { listCourseSettings } from '../courses/index.js';
import { lineSnapshotOf } from './lines.js';
import { placeColumns, placeFrom } from './place.js';

export type TicketView = Ticket;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Tickets as the stations show them (and events carry them): with their order, where it goes (a
 * table, or a tab with its name and pickup time), its waiter and what is left to make of their
 * lines.
 */
export async function ticketViews(db: DbOrTx, restaurantId: string, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      ticket: tickets,
      orderNumber: orders.orderNumber,
      ...placeColumns,
      customerCount: diningSessions.customerCount,
      allergyNote: orders.allergyNote,
      waiter: users.name,
    })
    .from(tickets)
    .innerJoin(orders, eq(tickets.orderId, orders.id))
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    // A tab's order has no table.
    .leftJoin(tables, eq(orders.tableId, tables.id))
    .leftJoin(
      users,
      eq(
        users.id,
        sql`coalesce(${orders.waiterId}, ${tables.assignedWaiterId}, ${diningSessions.waiterId})`,
      ),
    )
    .where(and(eq(tickets.restaurantId, restaurantId), where))
    .orderBy(asc(tickets.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...new Set(rows.map((r) => r.ticket.orderId))]));
  // The displays name a line's course as the restaurant does; read only when a line has one.
  const courses = lines.some((l) => l.course !== null)
    ? (await listCourseSettings(db, restaurantId)).courses
    : [];
  return rows.map((r): TicketView => {
    // What is left to make: voided quantities are left out.
    const own = lines
      .filter(
        (l) =>
          l.orderId === r.ticket.orderId &&
          l.station === r.ticket.station &&
          l.quantity > l.voidedQuantity,
      )
      // Live lines before held ones (a course fired later joins the bottom).
      .sort((a, b) => Number(a.held) - Number(b.held));
    return {
      id: r.ticket.id,
      orderId: r.ticket.orderId,
      orderNumber: r.orderNumber,
      ...placeFrom(r),
      station: r.ticket.station,
      status: r.ticket.status,
      priority: r.ticket.priority,
      // A held course fired onto the ticket starts its prep timer again.
      orderTime: (r.ticket.firedAt ?? r.ticket.createdAt).toISOString(),
      estimatedTime: r.ticket.estimatedMinutes,
      startTime: iso(r.ticket.startedAt),
      readyTime: iso(r.ticket.readyAt),
      servedTime: iso(r.ticket.servedAt),
      waiter: r.waiter,
      customerCount: r.customerCount,
      items: own.map((l) => ({
        ...ticketLine(lineSnapshotOf(l), l.quantity - l.voidedQuantity),
        ...(l.course !== null ? { courseName: courseName(courses, l.course) } : {}),
        ...(l.held ? { held: true } : {}),
      })),
      ...(own.length > 0 && own.every((l) => l.held) ? { held: true } : {}),
      changes: r.ticket.changes,
      allergyNote: r.allergyNote,
    };
  });
}

/** One ticket as the stations show it, or null. */
export async function getTicketView(db: DbOrTx, restaurantId: string, ticketId: string) {
  const [view] = await ticketViews(db, restaurantId, eq(tickets.id, ticketId));
  return view ?? null;
}
