import { EVENT_DATA, ticketsRoutes } from '@tavola/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, orders, restaurants, tickets } from '../../core/db/schema.js';
import { placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { escalateTimedOutOrders } from './escalation.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('orders escalated after the order timeout on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  const place = async (token: string) => {
    const res = await placeGuestOrder(t, token, [
      ['Tiramisu', 1],
      ['Espresso', 2],
    ]);
    expect(res.status, res.res.body).toBe(201);
    return res.data.orderId;
  };
  /** The order was placed `minutes` ago. */
  const placedAgo = (id: string, minutes: number) =>
    t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(orders.id, id));
  const order = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const escalations = (orderId: string) =>
    t.database.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.type, 'priority_changed'),
          sql`${events.data}->>'orderId' = ${orderId}`,
          sql`${events.data} ? 'escalatedAfterMinutes'`,
        ),
      );

  it('escalates an order still new after the timeout exactly once, with two sweeps at once: urgent on the displays, the manager told, audited, never cancelled', async () => {
    await t.database.db
      .update(restaurants)
      .set({ orderTimeoutMinutes: 30 })
      .where(eq(restaurants.id, t.restaurantId));
    const id = await place('QR-T4');
    await placedAgo(id, 29);
    expect(await escalateTimedOutOrders(t.app)).toBe(0);
    expect((await order(id)).escalatedAt).toBeNull();

    await placedAgo(id, 31);
    // Two instances sweeping at the same moment (two connections on PostgreSQL).
    const swept = await Promise.all([escalateTimedOutOrders(t.app), escalateTimedOutOrders(t.app)]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);

    const escalated = await order(id);
    expect(escalated.status).toBe('new');
    expect(escalated.priority).toBe('urgent');
    expect(escalated.escalatedAt).not.toBeNull();
    const ticketRows = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, id))
      .orderBy(asc(tickets.station));
    expect(ticketRows.map((r) => [r.station, r.priority, r.status])).toEqual([
      ['bar', 'urgent', 'new'],
      ['kitchen', 'urgent', 'new'],
    ]);

    const announced = await escalations(id);
    expect(announced).toHaveLength(1);
    const data = EVENT_DATA.priority_changed.parse(announced[0]!.data);
    expect(data).toMatchObject({ priority: 'urgent', scope: 'order', escalatedAfterMinutes: 31 });
    expect(data.tickets.map((tk) => tk.priority)).toEqual(['urgent', 'urgent']);
    expect(announced[0]!.userId).toBeNull();

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.priority')));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.userId).toBeNull();
    expect(audited[0]!.details).toMatchObject({ reason: 'order_timeout', to: 'urgent' });

    // Later sweeps leave it alone: escalated once, still waiting for the kitchen.
    expect(await escalateTimedOutOrders(t.app)).toBe(0);
    expect(await escalations(id)).toHaveLength(1);
    expect((await order(id)).escalatedAt).toEqual(escalated.escalatedAt);
  });

  it('leaves an order a station has started, and follows each restaurant’s own timeout', async () => {
    const kitchen = await signInAs(t, 'kitchen');
    const started = await place('QR-T6');
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.orderId, started), eq(tickets.station, 'kitchen')));
    const start = await api.as(kitchen).call(ticketsRoutes.transitionTicket, {
      params: { id: ticket!.id },
      body: { action: 'start' },
    });
    expect(start.status, start.res.body).toBe(200);
    await placedAgo(started, 120);
    expect((await order(started)).status).toBe('preparing');

    const waiting = await place('QR-T8');
    await placedAgo(waiting, 50);
    await t.database.db
      .update(restaurants)
      .set({ orderTimeoutMinutes: 60 })
      .where(eq(restaurants.id, t.restaurantId));
    expect(await escalateTimedOutOrders(t.app)).toBe(0);
    await t.database.db
      .update(restaurants)
      .set({ orderTimeoutMinutes: 45 })
      .where(eq(restaurants.id, t.restaurantId));
    expect(await escalateTimedOutOrders(t.app)).toBe(1);
    expect((await order(waiting)).priority).toBe('urgent');
    expect((await order(started)).escalatedAt).toBeNull();
  });
});
