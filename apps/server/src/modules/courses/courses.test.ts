import {
  coursesRoutes,
  ordersRoutes,
  staffRoutes,
  tablesRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, orderItems } from '../../core/db/schema.js';
import { tableId } from '../../testing/business-day.js';
import { menuItemByName, placeGuestOrder } from '../../testing/fixtures.js';
import { BACKENDS } from '../../testing/harness.js';
import { type KitchenRole, useKitchenFixture } from '../../testing/kitchen-fixture.js';
import { fireDueCourses } from '../orders/index.js';

/**
 * Courses: the manager's list, each item's default course, later courses held on the displays
 * until the waiter or the expo fires them or the restaurant's delay after the previous course's
 * service passes (docs/decisions/0018).
 */
describe.each(BACKENDS)('courses and firing on %s', (backend) => {
  const k = useKitchenFixture(backend);
  const { as, ticketOf, move } = k;

  beforeAll(async () => {
    // The starter goes to a grill; the salad is a starter, the burger a main (their defaults).
    await k.addStation('grill', 'Grill');
    await k.setItem('Caesar Salad', { station: 'grill', course: 1 });
    await k.setItem('Classic Burger', { course: 2 });
    await k.setItem('Tiramisu', { course: 3 });
  });

  const serve = (who: KitchenRole, id: string) => k.moveTo(who, id, 'served');
  const fire = (
    who: KitchenRole | { token: string },
    id: string,
    course: number,
    from: 'staff' | 'expo' = 'staff',
  ) =>
    (typeof who === 'string' ? as(who) : k.api.as(who.token)).call(coursesRoutes.fireCourse, {
      params: { id, course },
      body: { from },
    });
  const claim = async (who: KitchenRole | { token: string }, qr: string) => {
    const caller = typeof who === 'string' ? as(who) : k.api.as(who.token);
    const res = await caller.call(tablesRoutes.claimTable, {
      params: { id: await tableId(k.t, qr) },
    });
    expect(res.status, res.res.body).toBe(200);
  };

  it('lists starters, mains and desserts; a manager renames, adds and reorders, never removes', async () => {
    const listed = await as('waiter').call(coursesRoutes.listCourses);
    expect(listed.status, listed.res.body).toBe(200);
    expect(listed.data).toEqual({
      courses: [
        { number: 1, name: 'Starters', position: 0 },
        { number: 2, name: 'Mains', position: 1 },
        { number: 3, name: 'Desserts', position: 2 },
      ],
      fireDelayMinutes: null,
    });
    const put = await as('manager').call(coursesRoutes.putCourses, {
      body: {
        courses: [
          { number: 1, name: 'Antipasti' },
          { name: 'Primi' },
          { number: 2, name: 'Secondi' },
          { number: 3, name: 'Dolci' },
        ],
        fireDelayMinutes: null,
      },
    });
    expect(put.status, put.res.body).toBe(200);
    expect(put.data.courses).toEqual([
      { number: 1, name: 'Antipasti', position: 0 },
      { number: 4, name: 'Primi', position: 1 },
      { number: 2, name: 'Secondi', position: 2 },
      { number: 3, name: 'Dolci', position: 3 },
    ]);
    expect((await as('kitchen').call(coursesRoutes.listCourses)).data).toEqual(put.data);
    const dropped = await as('manager').call(coursesRoutes.putCourses, {
      body: { courses: [{ number: 1, name: 'Antipasti' }], fireDelayMinutes: null },
    });
    expect(dropped.status).toBe(409);
    expect(dropped.body).toMatchObject({ code: 'COURSE_REMOVED' });
    expect(
      (
        await as('waiter').call(coursesRoutes.putCourses, {
          body: { courses: [{ name: 'X' }], fireDelayMinutes: null },
        })
      ).status,
    ).toBe(403);
    // The other restaurant still has the defaults.
    expect(
      (await as('other').call(coursesRoutes.listCourses)).data.courses.map((c) => c.name),
    ).toEqual(['Starters', 'Mains', 'Desserts']);
    const [audit] = await k.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'courses.updated'));
    expect(audit).toBeDefined();
    // Back to three, in the default order, for the tests below.
    const back = await as('manager').call(coursesRoutes.putCourses, {
      body: {
        courses: [
          { number: 1, name: 'Starters' },
          { number: 4, name: 'Pasta' },
          { number: 2, name: 'Mains' },
          { number: 3, name: 'Desserts' },
        ],
        fireDelayMinutes: null,
      },
    });
    expect(back.status, back.res.body).toBe(200);
  });

  it('an order with no course (or one course) is on the displays as before: nothing held', async () => {
    const placed = await placeGuestOrder(k.t, 'QR-T2', [
      ['Margherita Pizza', 1],
      ['Craft Beer', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    const kitchen = (await ticketOf('kitchen', placed.data.orderId))!;
    expect(kitchen.held).toBeUndefined();
    expect(kitchen.items.every((i) => i.held === undefined)).toBe(true);
    const started = await move('kitchen', kitchen.id, 'start');
    expect(started.status, started.res.body).toBe(200);
  });

  it('holds the main until the waiter fires it; the starter and the drink go at once', async () => {
    const placed = await placeGuestOrder(k.t, 'QR-T3', [
      ['Caesar Salad', 1],
      ['Classic Burger', 1],
      ['Craft Beer', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    const { orderId } = placed.data;
    const lines = await k.t.database.db
      .select({ name: orderItems.name, course: orderItems.course, held: orderItems.held })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(lines.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Caesar Salad', course: 1, held: false },
      { name: 'Classic Burger', course: 2, held: true },
      { name: 'Craft Beer', course: null, held: false },
    ]);
    const grill = (await ticketOf('grill', orderId))!;
    expect(grill.held).toBeUndefined();
    const kitchen = (await ticketOf('kitchen', orderId))!;
    expect(kitchen.held).toBe(true);
    // Each line names its course as the restaurant does, so the displays need no other call.
    expect(kitchen.items).toEqual([
      expect.objectContaining({ course: 2, courseName: 'Mains', held: true }),
    ]);
    expect(grill.items).toEqual([expect.objectContaining({ course: 1, courseName: 'Starters' })]);
    const [announced] = await k.t.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'kitchen_order'), sql`${events.data}->>'orderId' = ${orderId}`));
    expect(announced!.data).toMatchObject({
      ticket: { items: [expect.objectContaining({ course: 2, courseName: 'Mains' })] },
    });
    // A line of no course names none.
    expect((await ticketOf('bar', orderId))!.items[0]).not.toHaveProperty('courseName');
    expect((await ticketOf('bar', orderId))!.held).toBeUndefined();

    // A held ticket is not worked.
    const early = await move('kitchen', kitchen.id, 'start');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TICKET_HELD' });

    // The expo sees the whole order; it is ready when the grill and bar are (the main waits).
    await k.moveTo('kitchen', grill.id, 'ready');
    const bar = (await ticketOf('bar', orderId))!;
    await move('bar', bar.id, 'start');
    await move('bar', bar.id, 'ready');
    const expo = (await as('kitchen').call(ticketsRoutes.listExpo)).data.orders.find(
      (o) => o.orderId === orderId,
    )!;
    expect(expo.stations.map((s) => [s.station, s.ticket.held ?? false])).toEqual([
      ['kitchen', true],
      ['bar', false],
      ['grill', false],
    ]);
    expect(expo.ready).toBe(true);

    // Another restaurant cannot fire it; the bar has no permission to.
    expect((await fire('other', orderId, 2)).status).toBe(404);
    expect((await fire('bar', orderId, 2)).status).toBe(403);

    // The table's waiter fires it (a guest's table is nobody's until a waiter claims it).
    await claim('waiter', 'QR-T3');
    const fired = await fire('waiter', orderId, 2);
    expect(fired.status, fired.res.body).toBe(200);
    expect(fired.data).toMatchObject({ orderId, course: 2, name: 'Mains', stations: ['kitchen'] });
    const live = (await ticketOf('kitchen', orderId))!;
    expect(live.held).toBeUndefined();
    expect(live.items[0]!.held).toBeUndefined();
    expect((await move('kitchen', live.id, 'start')).status).toBe(200);

    // Once: a second fire is refused, and one event told every display.
    const again = await fire('kitchen', orderId, 2, 'expo');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'COURSE_NOT_HELD' });
    const told = await k.t.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'course_fired'), sql`${events.data}->>'orderId' = ${orderId}`));
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ course: 2, by: 'staff', stations: ['kitchen'] });
    const updated = await k.t.database.db
      .select({ data: events.data })
      .from(events)
      .where(
        and(
          eq(events.type, 'kitchen_ticket_updated'),
          sql`${events.data}->>'orderId' = ${orderId}`,
          sql`${events.data}->>'action' = 'fire'`,
        ),
      );
    expect(updated).toHaveLength(1);
  });

  it("refuses a waiter who does not hold the order's table; its waiter, a manager and the expo fire", async () => {
    const created = await as('manager').call(staffRoutes.createStaff, {
      body: {
        name: 'Nina Verdi',
        username: 'nina-courses',
        password: 'nina-pass-9x',
        role: 'waiter',
      },
    });
    expect(created.status, created.res.body).toBe(201);
    const nina = { token: await k.api.signIn('nina-courses', 'nina-pass-9x') };
    const placed = await placeGuestOrder(k.t, 'QR-T6', [
      ['Caesar Salad', 1],
      ['Classic Burger', 1],
      ['Tiramisu', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    const { orderId } = placed.data;

    // Nobody's table: a waiter is refused, as for Mark Served.
    const unheld = await fire('waiter', orderId, 2);
    expect(unheld.status, unheld.res.body).toBe(403);
    expect(unheld.body).toMatchObject({ code: 'COURSE_NOT_YOUR_TABLE' });
    // Nina's table: Marco is still refused, and nothing was fired.
    await claim(nina, 'QR-T6');
    const other = await fire('waiter', orderId, 2);
    expect(other.status, other.res.body).toBe(403);
    expect(other.body).toMatchObject({ code: 'COURSE_NOT_YOUR_TABLE' });
    expect((await ticketOf('kitchen', orderId))!.held).toBe(true);

    const byNina = await fire(nina, orderId, 2);
    expect(byNina.status, byNina.res.body).toBe(200);
    // The expo (a cook) fires on any table.
    const byExpo = await fire('kitchen', orderId, 3, 'expo');
    expect(byExpo.status, byExpo.res.body).toBe(200);
    // So does a manager, on a table that is not theirs.
    const second = await placeGuestOrder(k.t, 'QR-T6', [
      ['Caesar Salad', 1],
      ['Classic Burger', 1],
    ]);
    expect(second.status, second.res.body).toBe(201);
    const byManager = await fire('manager', second.data.orderId, 2);
    expect(byManager.status, byManager.res.body).toBe(200);
  });

  it('fires the next course by itself the delay after the previous one is served (by the clock given)', async () => {
    const set = await as('manager').call(coursesRoutes.putCourses, {
      body: {
        courses: [
          { number: 1, name: 'Starters' },
          { number: 4, name: 'Pasta' },
          { number: 2, name: 'Mains' },
          { number: 3, name: 'Desserts' },
        ],
        fireDelayMinutes: 8,
      },
    });
    expect(set.status, set.res.body).toBe(200);
    const placed = await placeGuestOrder(k.t, 'QR-T4', [
      ['Caesar Salad', 1],
      ['Classic Burger', 1],
      ['Tiramisu', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    const { orderId } = placed.data;
    const start = Date.now();
    // Nothing is due before the starter is served, however late the sweep runs.
    expect(await fireDueCourses(k.t.app, new Date(start + 60 * 60_000))).toBe(0);
    await serve('kitchen', (await ticketOf('grill', orderId))!.id);
    const [served] = await k.t.database.db
      .select({ at: orderItems.servedAt })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.course, 1)));
    const servedAt = served!.at!.getTime();
    expect(await fireDueCourses(k.t.app, new Date(servedAt + 8 * 60_000 - 1000))).toBe(0);
    expect((await ticketOf('kitchen', orderId))!.held).toBe(true);
    // A restart loses nothing: the moment is stored, any later sweep fires it once.
    expect(await fireDueCourses(k.t.app, new Date(servedAt + 8 * 60_000 + 1000))).toBe(1);
    expect(await fireDueCourses(k.t.app, new Date(servedAt + 9 * 60_000))).toBe(0);
    const kitchen = (await ticketOf('kitchen', orderId))!;
    // The main is live; the dessert (same station) still held on the same ticket.
    expect(kitchen.held).toBeUndefined();
    expect(kitchen.items.map((i) => [i.course, i.held ?? false])).toEqual([
      [2, false],
      [3, true],
    ]);
    const [event] = await k.t.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'course_fired'), sql`${events.data}->>'orderId' = ${orderId}`));
    expect(event!.data).toMatchObject({ course: 2, by: 'auto' });

    // The main served: the dessert fires 8 minutes later, and the finished ticket comes back.
    await serve('kitchen', kitchen.id);
    const [main] = await k.t.database.db
      .select({ at: orderItems.servedAt })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.course, 2)));
    expect(await fireDueCourses(k.t.app, new Date(main!.at!.getTime() + 8 * 60_000))).toBe(1);
    const dessert = (await ticketOf('kitchen', orderId))!;
    expect(dessert.status).toBe('new');
    expect(dessert.items.map((i) => i.held ?? false)).toEqual([false, false]);
  });

  it('a staff line takes the course the waiter gives it, over the item default', async () => {
    const burger = (await menuItemByName(k.t, 'Classic Burger')).id;
    const salad = (await menuItemByName(k.t, 'Caesar Salad')).id;
    const placed = await as('waiter').call(ordersRoutes.placeTableOrder, {
      params: { id: await tableId(k.t, 'QR-T5') },
      headers: { 'idempotency-key': `k-${Math.random()}` },
      body: {
        items: [
          { menuItemId: salad, quantity: 1, course: 2 },
          { menuItemId: burger, quantity: 1, course: 2 },
        ],
      },
    });
    expect(placed.status, placed.res.body).toBe(201);
    // Both mains: one course, nothing held.
    expect((await ticketOf('grill', placed.data.orderId))!.held).toBeUndefined();
    expect((await ticketOf('kitchen', placed.data.orderId))!.held).toBeUndefined();
  });
});
