import {
  canActOnTable,
  courseDueToFire,
  courseName,
  type CourseFiredBy,
  stationInfo,
  type User,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { type StaffActor, systemActor } from '../../core/auth/actors.js';
import { orderItems, orders, restaurants, tickets } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockOrder } from './order-lock.js';
import { getTicketView } from './ticket-views.js';
import { heldStations, syncOrderStatus } from './ticket-sync.js';
import { listCourseSettings } from '../courses/index.js';

export interface FiredCourse {
  orderId: string;
  orderNumber: number;
  course: number;
  name: string;
  firedAt: string;
  stations: string[];
}

/**
 * Fires an order's held course inside a unit of work: its lines go live, each station's ticket
 * shows them (a ticket its station had finished comes back as new, its prep timer from now), the
 * order returns to the expo's pass, and `course_fired` plus each ticket's update tell every
 * display. Table, then order, then its lines and tickets: the lock order of every writer of them.
 * Null when the order has nothing of that course held (already fired, by someone else first).
 */
export async function fireHeldCourse(
  uow: UnitOfWork,
  orderId: string,
  course: number,
  by: CourseFiredBy,
  now: Date,
): Promise<FiredCourse | null> {
  const { tx, restaurantId } = uow;
  const locked = await lockOrder(tx, restaurantId, orderId);
  if (!locked) throw refuse('ORDER_NOT_FOUND');
  const { order } = locked;
  if (order.status === 'paid' || order.status === 'cancelled') return null;
  const wasHeld = await heldStations(tx, orderId);
  const fired = await tx
    .update(orderItems)
    .set({ held: false, firedAt: now })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.course, course),
        eq(orderItems.held, true),
      ),
    )
    .returning({ station: orderItems.station });
  if (fired.length === 0) return null;
  const stations = [...new Set(fired.map((l) => l.station))];
  const ticketRows = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), inArray(tickets.station, stations)));
  for (const ticket of ticketRows) {
    // A ticket held whole, or one its station had finished, starts again with the fired lines; one
    // still being made keeps going with them.
    const restart =
      wasHeld.has(ticket.station) || ticket.status === 'ready' || ticket.status === 'served';
    if (!restart) continue;
    await tx
      .update(tickets)
      .set({
        status: 'new',
        startedAt: null,
        readyAt: null,
        servedAt: null,
        firedAt: now,
        updatedAt: now,
      })
      .where(eq(tickets.id, ticket.id));
  }
  // The order comes back to the pass with its new course.
  await tx.update(orders).set({ expoBumpedAt: null }).where(eq(orders.id, orderId));
  const { courses } = await listCourseSettings(tx, restaurantId);
  const name = courseName(courses, course);
  let place: { tableId: string | null; tableNumber: number | null } = {
    tableId: order.tableId,
    tableNumber: null,
  };
  for (const ticket of ticketRows) {
    const view = await getTicketView(tx, restaurantId, ticket.id);
    if (!view) continue;
    place = { tableId: view.tableId, tableNumber: view.tableNumber };
    uow.emit({
      type: stationInfo(ticket.station).ticketUpdatedEvent,
      data: {
        ticketId: ticket.id,
        orderId,
        orderNumber: order.orderNumber,
        tableNumber: view.tableNumber,
        station: ticket.station,
        status: view.status,
        action: 'fire',
        ticket: view,
      },
      tableId: view.tableId,
    });
  }
  const firstView = ticketRows.length
    ? await getTicketView(tx, restaurantId, ticketRows[0]!.id)
    : null;
  uow.emit({
    type: 'course_fired',
    data: {
      orderId,
      orderNumber: order.orderNumber,
      tableId: place.tableId,
      tableNumber: place.tableNumber,
      ...(firstView?.orderType ? { orderType: firstView.orderType } : {}),
      ...(firstView?.tab !== undefined ? { tab: firstView.tab } : {}),
      course,
      name,
      by,
      stations,
    },
    tableId: place.tableId,
  });
  await syncOrderStatus(uow, orderId);
  uow.audit({
    action: 'course.fired',
    entityType: 'order',
    entityId: orderId,
    details: { orderNumber: order.orderNumber, course, name, by, stations },
  });
  return {
    orderId,
    orderNumber: order.orderNumber,
    course,
    name,
    firedAt: now.toISOString(),
    stations,
  };
}

/**
 * A waiter fires only the courses of a table they hold (or of their own tab), as they mark an
 * order served; a manager, an admin and the expo's cooks fire any. The table and the order stay
 * locked, so a hand-over cannot slip in between the check and the firing.
 */
async function checkWaiterHoldsTable(uow: UnitOfWork, user: User, orderId: string) {
  if (user.role !== 'waiter') return;
  const locked = await lockOrder(uow.tx, uow.restaurantId, orderId);
  if (!locked) throw refuse('ORDER_NOT_FOUND');
  if (!canActOnTable(user, locked.table?.assignedWaiterId ?? locked.order.waiterId)) {
    throw refuse('COURSE_NOT_YOUR_TABLE');
  }
}

/** A waiter (at a table they hold), a manager or the expo fires a held course by hand. */
export async function fireCourse(
  ctx: WorkContext,
  actor: StaffActor,
  orderId: string,
  course: number,
  from: 'staff' | 'expo',
): Promise<FiredCourse> {
  return runWork(ctx, actor, async (uow) => {
    await checkWaiterHoldsTable(uow, actor.user, orderId);
    const done = await fireHeldCourse(uow, orderId, course, from, new Date());
    if (done) return done;
    const [order] = await uow.tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, uow.restaurantId)));
    const { courses } = await listCourseSettings(uow.tx, uow.restaurantId);
    throw refuse('COURSE_NOT_HELD', {
      order: order?.orderNumber ?? '',
      course: courseName(courses, course),
    });
  });
}

/** How many orders one sweep looks at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Fires every held course whose delay after the previous course's service has passed at `now`,
 * across restaurants with a delay set, each order in its own unit of work as the system. Due-ness
 * is computed from the stored moments under the order's lock (`courseDueToFire`), so a sweep that
 * runs late, after a restart, or on two instances at once fires each course once. Resolves to
 * how many courses it fired.
 */
export async function fireDueCourses(ctx: WorkContext, now: Date = new Date()): Promise<number> {
  const candidates = await ctx.db
    .selectDistinct({ id: orders.id, restaurantId: orders.restaurantId, at: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .innerJoin(restaurants, eq(orders.restaurantId, restaurants.id))
    .where(
      and(
        eq(orderItems.held, true),
        isNotNull(restaurants.courseFireMinutes),
        notInArray(orders.status, ['paid', 'cancelled']),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_BATCH);
  let fired = 0;
  for (const c of candidates) {
    const done = await runWork(ctx, systemActor(c.restaurantId), async (uow) => {
      const settings = await listCourseSettings(uow.tx, c.restaurantId);
      const lines = await uow.tx
        .select({
          course: orderItems.course,
          held: orderItems.held,
          servedAt: orderItems.servedAt,
          quantity: orderItems.quantity,
          voided: orderItems.voidedQuantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, c.id));
      const due = courseDueToFire(
        settings.courses,
        lines.map((l) => ({ ...l, gone: l.quantity <= l.voided })),
        settings.fireDelayMinutes,
        now,
      );
      if (due === null) return null;
      return fireHeldCourse(uow, c.id, due, 'auto', now);
    });
    if (done) fired++;
  }
  return fired;
}
