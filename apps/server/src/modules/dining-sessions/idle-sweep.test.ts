import {
  EVENT_DATA,
  diningSessionsRoutes,
  menuRoutes,
  requestsRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, diningSessions, events, restaurants, tables } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';
import { sweepIdleSessions } from './idle-sweep.js';

describe.each(BACKENDS)('tables that free themselves on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let waiter: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    waiter = await signInAs(t, 'waiter');
  });
  afterAll(async () => t?.close());

  const table = async (number: number, restaurantId = t.restaurantId) => {
    const [row] = await t.database.db
      .select()
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), eq(tables.number, number)));
    return row!;
  };
  const scan = async (token: string) => {
    const res = await api.call(diningSessionsRoutes.startSession, { body: { token } });
    expect(res.status, res.res.body).toBe(200);
    return res.data.sessionId;
  };
  const session = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, id));
    return row!;
  };
  /** The guests' last sign of life was `minutes` ago. */
  const idleFor = (id: string, minutes: number) =>
    t.database.db
      .update(diningSessions)
      .set({ lastActivityAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(diningSessions.id, id));

  it("closes a session nobody ordered in once the restaurant's idle time has passed: the table is free, evented and audited by the system", async () => {
    const id = await scan('QR-T2');
    const t2 = await table(2);
    const claimed = await api.as(waiter).call(tablesRoutes.claimTable, { params: { id: t2.id } });
    expect(claimed.status).toBe(200);
    await idleFor(id, 29);
    expect(await sweepIdleSessions(t.app)).toBe(0);
    expect((await session(id)).status).toBe('open');

    await idleFor(id, 31);
    expect(await sweepIdleSessions(t.app)).toBe(1);
    expect(await session(id)).toMatchObject({
      status: 'closed',
      closeReason: 'idle',
      paymentStatus: 'none',
    });
    expect(await table(2)).toMatchObject({ status: 'available', assignedWaiterId: null });

    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'table_closed')))
      .orderBy(desc(events.seq))
      .limit(1);
    expect(event!.userId).toBeNull();
    expect(event!.tableId).toBe(t2.id);
    expect(EVENT_DATA.table_closed.parse(event!.data)).toEqual({
      tableId: t2.id,
      tableNumber: 2,
      sessionId: id,
      reason: 'idle',
      status: 'available',
      voidedOrders: 0,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'dining_session.idle_closed'));
    expect(audit).toMatchObject({
      restaurantId: t.restaurantId,
      userId: null,
      entityType: 'dining_session',
      entityId: id,
    });
    expect(audit!.details).toMatchObject({ tableNumber: 2 });

    // Closed once: the next sweep finds nothing, and the next guests open a new session.
    expect(await sweepIdleSessions(t.app)).toBe(0);
    expect(await scan('QR-T2')).not.toBe(id);
  });

  it('leaves alone a session with an order, with a call waiting, or of a restaurant that waits longer', async () => {
    const ordered = (await placeGuestOrder(t, 'QR-T3', [['Espresso', 1]])).data.sessionId;
    await idleFor(ordered, 600);
    const calling = await scan('QR-T4');
    await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T4' } });
    await idleFor(calling, 600);
    const other = await createOtherRestaurant(t);
    await t.database.db
      .update(restaurants)
      .set({ sessionIdleMinutes: 120 })
      .where(eq(restaurants.id, other.id));
    const [patient] = await t.database.db
      .insert(tables)
      .values({ restaurantId: other.id, number: 1, qrToken: `QR-PATIENT-${backend}` })
      .returning();
    const slow = await scan(patient!.qrToken);
    await idleFor(slow, 90);

    expect(await sweepIdleSessions(t.app)).toBe(0);
    for (const id of [ordered, calling, slow]) expect((await session(id)).status).toBe('open');

    // Past its own idle time, the patient restaurant's table is freed too.
    await idleFor(slow, 121);
    expect(await sweepIdleSessions(t.app)).toBe(1);
    expect((await session(slow)).closeReason).toBe('idle');
    expect((await table(1, other.id)).status).toBe('available');
  });

  it('counts idle time from the last scan, order or request', async () => {
    const id = await scan('QR-T5');
    await idleFor(id, 31);
    // The guests scan again: they are still here.
    const rescanned = Date.now();
    expect(await scan('QR-T5')).toBe(id);
    expect(await sweepIdleSessions(t.app)).toBe(0);
    const { lastActivityAt } = await session(id);
    expect(lastActivityAt.getTime()).toBeGreaterThanOrEqual(rescanned);
  });

  it('keeps the session of a guest still reading the menu, and a menu read opens none', async () => {
    const id = await scan('QR-T7');
    await idleFor(id, 45);
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T7' } });
    expect(menu.status).toBe(200);
    expect(await sweepIdleSessions(t.app)).toBe(0);
    expect((await session(id)).status).toBe('open');

    // At a table nobody sits at, reading the menu seats nobody.
    const t8 = await table(8);
    const read = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T8' } });
    expect(read.status).toBe(200);
    const open = await t.database.db
      .select()
      .from(diningSessions)
      .where(and(eq(diningSessions.tableId, t8.id), eq(diningSessions.status, 'open')));
    expect(open).toHaveLength(0);
    expect((await table(8)).status).toBe('available');
  });

  it('keeps the session of a guest whose page stays connected, and frees the table once it is gone', async () => {
    const live = await createTestApp(backend, { wsHeartbeatMs: 250 });
    try {
      const base = await listen(live.app);
      const started = await client(live.app).call(diningSessionsRoutes.startSession, {
        body: { token: 'QR-T9' },
      });
      const id = started.data.sessionId;
      const idleAnHour = () =>
        live.database.db
          .update(diningSessions)
          .set({ lastActivityAt: sql`now() - make_interval(mins => 60)` })
          .where(eq(diningSessions.id, id));
      const lastActivity = async () =>
        (await live.database.db.select().from(diningSessions).where(eq(diningSessions.id, id)))[0]!;

      const page = await TestSocket.open(`${base}/ws?tableToken=QR-T9`);
      await waitForAttached(live.app, 1);
      await idleAnHour();
      // The next heartbeat finds the guest's page connected: the guest is still here.
      await vi.waitFor(
        async () =>
          expect(Date.now() - (await lastActivity()).lastActivityAt.getTime()).toBeLessThan(60_000),
        // A condition, not a time limit: generous for a loaded machine.
        { timeout: 30_000, interval: 100 },
      );
      expect(await sweepIdleSessions(live.app)).toBe(0);
      expect((await lastActivity()).status).toBe('open');

      page.close();
      await vi.waitFor(() => expect(live.app.realtime.size).toBe(0));
      // A heartbeat that counted the page just before it left may still write once: try again.
      await vi.waitFor(
        async () => {
          await idleAnHour();
          expect(await sweepIdleSessions(live.app)).toBe(1);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(await lastActivity()).toMatchObject({ status: 'closed', closeReason: 'idle' });
    } finally {
      await live.close();
    }
  }, 90_000);

  it('sweeps by itself on an interval, and stops when the app closes', async () => {
    const timed = await createTestApp(backend, { sessionSweepMs: 50 });
    try {
      const started = await client(timed.app).call(diningSessionsRoutes.startSession, {
        body: { token: 'QR-T6' },
      });
      const id = started.data.sessionId;
      await timed.database.db
        .update(diningSessions)
        .set({ lastActivityAt: sql`now() - make_interval(mins => 45)` })
        .where(eq(diningSessions.id, id));
      await vi.waitFor(
        async () => {
          const [row] = await timed.database.db
            .select()
            .from(diningSessions)
            .where(eq(diningSessions.id, id));
          expect(row!.closeReason).toBe('idle');
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await timed.close();
    }
  });
});
