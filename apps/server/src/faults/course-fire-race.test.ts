import { coursesRoutes, tablesRoutes, ticketsRoutes } from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, menuItems, orderItems, tickets } from '../core/db/schema.js';
import { tableId } from '../testing/business-day.js';
import { client, type Client } from '../testing/client.js';
import { placeGuestOrder, signInAs } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/harness.js';
import { fireDueCourses } from '../modules/orders/index.js';

// PGlite runs one transaction at a time, so these races only exist (and are only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('firing a course racing on PostgreSQL', () => {
  let t: TestApp;
  let api: Client;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    for (const role of ['manager', 'waiter', 'kitchen'] as const) {
      token[role] = await signInAs(t, role);
    }
    // A starter and a main on the same kitchen ticket.
    await t.database.db
      .update(menuItems)
      .set({ course: 1 })
      .where(eq(menuItems.name, 'Caesar Salad'));
    await t.database.db
      .update(menuItems)
      .set({ course: 2 })
      .where(eq(menuItems.name, 'Classic Burger'));
    const set = await api.as(token.manager!).call(coursesRoutes.putCourses, {
      body: {
        courses: [
          { number: 1, name: 'Starters' },
          { number: 2, name: 'Mains' },
          { number: 3, name: 'Desserts' },
        ],
        fireDelayMinutes: 0,
      },
    });
    expect(set.status, set.res.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const order = async (table: string) => {
    const placed = await placeGuestOrder(t, table, [
      ['Caesar Salad', 1],
      ['Classic Burger', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    // The waiter fires only at a table they hold.
    const claimed = await api
      .as(token.waiter!)
      .call(tablesRoutes.claimTable, { params: { id: await tableId(t, table) } });
    expect(claimed.status, claimed.res.body).toBe(200);
    return placed.data.orderId;
  };
  const firedEvents = async (orderId: string) =>
    t.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'course_fired'), sql`${events.data}->>'orderId' = ${orderId}`));

  it('the waiter, the expo and the delay firing at once fire the course exactly once', async () => {
    for (const table of ['QR-T2', 'QR-T3', 'QR-T4']) {
      const orderId = await order(table);
      const [ticket] = await t.database.db
        .select()
        .from(tickets)
        .where(eq(tickets.orderId, orderId));
      for (const action of ['start', 'ready', 'served'] as const) {
        const moved = await api
          .as(token.kitchen!)
          .call(ticketsRoutes.transitionTicket, { params: { id: ticket!.id }, body: { action } });
        expect(moved.status, moved.res.body).toBe(200);
      }
      const fire = (who: string, from: 'staff' | 'expo') =>
        api
          .as(token[who]!)
          .call(coursesRoutes.fireCourse, { params: { id: orderId, course: 2 }, body: { from } });
      const [a, b, swept] = await Promise.all([
        fire('waiter', 'staff'),
        fire('kitchen', 'expo'),
        fireDueCourses(t.app, new Date(Date.now() + 60_000)),
      ]);
      const wins = [a.status === 200, b.status === 200].filter(Boolean).length + swept;
      expect(wins, `${a.res.body} ${b.res.body} swept ${swept}`).toBe(1);
      for (const res of [a, b]) expect([200, 409]).toContain(res.status);
      expect(await firedEvents(orderId)).toHaveLength(1);
      // The served ticket came back once, new, with the main live on it.
      const [after] = await t.database.db
        .select()
        .from(tickets)
        .where(eq(tickets.orderId, orderId));
      expect(after!.status).toBe('new');
      const held = await t.database.db
        .select({ held: orderItems.held })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      expect(held.every((l) => !l.held)).toBe(true);
    }
  });

  it('a fire racing a bump of the same ticket leaves one consistent ticket', async () => {
    const orderId = await order('QR-T5');
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    await api.as(token.kitchen!).call(ticketsRoutes.transitionTicket, {
      params: { id: ticket!.id },
      body: { action: 'start' },
    });
    const [bump, fired] = await Promise.all([
      api.as(token.kitchen!).call(ticketsRoutes.transitionTicket, {
        params: { id: ticket!.id },
        body: { action: 'ready' },
      }),
      api.as(token.waiter!).call(coursesRoutes.fireCourse, {
        params: { id: orderId, course: 2 },
        body: { from: 'staff' },
      }),
    ]);
    expect(bump.status, bump.res.body).toBe(200);
    expect(fired.status, fired.res.body).toBe(200);
    const [after] = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    // Bumped first, the fire brought the ready ticket back; fired first, the bump readied a
    // ticket holding both: either way nothing is held and the ticket is in one state.
    expect(['new', 'ready']).toContain(after!.status);
    const lines = await t.database.db
      .select({ held: orderItems.held })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(lines.every((l) => !l.held)).toBe(true);
    expect(await firedEvents(orderId)).toHaveLength(1);
  });
});
