import { platformRoutes, reportsRoutes, staffRoutes } from '@tavola/contract';
import { randomBytes } from 'node:crypto';
import type { SystemOverview } from '@tavola/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/auth/password.js';
import { auditLog, diningSessions, orders, tables, tickets, users } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import {
  createOtherRestaurant,
  placeGuestOrder,
  signInAs,
  type OtherRestaurant,
} from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { takingsToday } from './today.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)("the admin's reports on %s", (backend) => {
  let t: TestApp;
  let api: Client;
  let admin: string;
  let manager: string;
  let waiter: string;
  let other: OtherRestaurant;
  const sockets: TestSocket[] = [];

  const overview = async (token = admin) => {
    const res = await api.as(token).call(reportsRoutes.getSystemOverview);
    expect(res.status).toBe(200);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    waiter = await signInAs(t, 'waiter');
    other = await createOtherRestaurant(t, {
      name: 'Perf',
      roles: ['admin', 'manager', 'waiter'],
      timezone: 'America/New_York',
    });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => t?.close());

  describe('GET /api/reports/system', () => {
    it('is the admin’s alone', async () => {
      for (const token of [manager, waiter, await signInAs(t, 'kitchen')]) {
        const res = await api.as(token).call(reportsRoutes.getSystemOverview);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false });
      }
      expect((await api.call(reportsRoutes.getSystemOverview)).status).toBe(401);
    });

    it("counts the restaurant's accounts by role and status, and its orders today and ever", async () => {
      expect((await placeGuestOrder(t, 'QR-T1', [['Espresso', 2]])).status).toBe(201);
      const data = await overview();
      const accounts = await t.database.db
        .select({ role: users.role, status: users.status, n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.restaurantId, t.restaurantId))
        .groupBy(users.role, users.status);
      expect(data.users.total).toBe(accounts.reduce((n, a) => n + a.n, 0));
      for (const a of accounts) {
        expect(data.users.byRoleAndStatus).toContainEqual({
          role: a.role,
          status: a.status,
          count: a.n,
        });
      }
      const today = await takingsToday(t.database.db, t.restaurantId);
      expect(data.orders.today).toBe(today.orders);
      expect(data.orders.today).toBeGreaterThanOrEqual(1);
      const [all] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.restaurantId, t.restaurantId), ne(orders.status, 'cancelled')));
      expect(data.orders.total).toBe(all!.n);
      // The platform's internals are the team's (GET /api/platform/restaurants/{id}/usage).
      expect(Object.keys(data).sort()).toEqual(['liveScreens', 'orders', 'timezone', 'users']);
    });
  });

  describe('GET /api/platform/restaurants/{id}/usage', () => {
    let team: string;
    const usage = async (restaurantId = t.restaurantId) => {
      team ??= await signInAs(t, 'team');
      const res = await api
        .as(team)
        .call(platformRoutes.getRestaurantUsage, { params: { id: restaurantId } });
      expect(res.status).toBe(200);
      return res.data;
    };

    it("is the team's alone, never a restaurant's", async () => {
      for (const token of [admin, manager, waiter]) {
        const res = await api
          .as(token)
          .call(platformRoutes.getRestaurantUsage, { params: { id: t.restaurantId } });
        expect(res.status).toBe(403);
      }
      team ??= await signInAs(t, 'team');
      const unknown = await api.as(team).call(platformRoutes.getRestaurantUsage, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(404);
    });

    it("tells the server's uptime", async () => {
      const data = await usage();
      expect(data.server.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(Date.parse(data.server.startedAt)).toBeLessThanOrEqual(Date.now());
    });

    it("measures the restaurant's rows and bytes, table by table, and only its own", async () => {
      const data = await usage();
      const users_ = await overview();
      const row = (table: string, d = data) => d.storage.tables.find((x) => x.table === table);
      const [ordersOwned] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.restaurantId, t.restaurantId));
      expect(row('orders')?.rows).toBe(ordersOwned!.n);
      expect(row('restaurants')?.rows).toBe(1);
      expect(row('users')?.rows).toBe(users_.users.total);
      expect(row('menu_items')!.bytes).toBeGreaterThan(row('menu_items')!.rows * 20);
      expect(row('platform_events')).toBeUndefined();
      expect(data.storage.rows).toBe(data.storage.tables.reduce((n, x) => n + x.rows, 0));
      expect(data.storage.bytes).toBeGreaterThan(0);
      // The other restaurant: its three accounts, no orders, nothing of the demo's.
      const theirs = await usage(other.id);
      expect(row('orders', theirs)?.rows).toBe(0);
      expect(row('users', theirs)?.rows).toBe(3);
      const theirOverview = await overview(other.tokens.admin);
      expect(theirOverview.users.total).toBe(3);
      expect(theirOverview.orders).toEqual({ today: 0, total: 0 });
    });

    it("times this server's answers to each restaurant's staff calls", async () => {
      const b = await createOtherRestaurant(t, { name: 'Quiet', roles: ['admin'] });
      // Nothing answered for it yet (a sign-in is not a restaurant's call).
      const first = await usage(b.id);
      expect(first.responseTimes).toEqual({
        windowMinutes: 60,
        requests: 0,
        p50Ms: null,
        p95Ms: null,
      });
      for (let i = 0; i < 4; i++) await api.as(b.tokens.admin!).call(staffRoutes.listStaff);
      const after = await usage(b.id);
      // The four calls; never the demo restaurant's, nor the team's own calls about it.
      expect(after.responseTimes.requests).toBe(4);
      expect(after.responseTimes.p50Ms).toBeGreaterThan(0);
      expect(after.responseTimes.p95Ms).toBeGreaterThanOrEqual(after.responseTimes.p50Ms!);
      expect((await usage()).responseTimes.requests).toBeGreaterThan(0);
    });
  });

  describe('GET /api/reports/system, live screens', () => {
    it("counts the restaurant's live screens on this server", async () => {
      const base = await listen(t.app);
      const before = await overview();
      const open = async (query: string) => {
        const s = await TestSocket.open(`${base}/ws?${query}`);
        sockets.push(s);
        await s.waitReady();
        return s;
      };
      await open(`token=${admin}`);
      await open(`token=${waiter}`);
      await open('tableToken=QR-T2');
      await open(`token=${other.tokens.waiter}`);
      const data = await overview();
      const staff = (role: string, d: SystemOverview) =>
        d.liveScreens.staff.find((s) => s.role === role)?.count ?? 0;
      expect(staff('admin', data)).toBe(staff('admin', before) + 1);
      expect(staff('waiter', data)).toBe(staff('waiter', before) + 1);
      expect(data.liveScreens.guests).toBe(before.liveScreens.guests + 1);
      expect(data.liveScreens.total).toBe(before.liveScreens.total + 3);
      const theirs = await overview(other.tokens.admin);
      expect(theirs.liveScreens).toEqual({
        total: 1,
        staff: [{ role: 'waiter', count: 1 }],
        guests: 0,
      });
    });
  });

  describe('GET /api/reports/staff-performance', () => {
    /** The restaurant "Perf" (New York: UTC-5 in early March 2024), figures worked out by hand. */
    const fixture = async () => {
      const db = t.database.db;
      const r = other.id;
      const passwordHash = await hashPassword('irrelevant-pass');
      const person = async (
        name: string,
        role: 'waiter' | 'manager' | 'admin',
        inactive = false,
      ) => {
        const [u] = await db
          .insert(users)
          .values({
            restaurantId: r,
            username: `${name.toLowerCase()}-${randomBytes(3).toString('hex')}`,
            passwordHash,
            role,
            name,
            status: inactive ? 'inactive' : 'active',
          })
          .returning();
        return u!.id;
      };
      const ada = await person('Ada', 'waiter');
      const bo = await person('Bo', 'waiter');
      await person('Cy', 'waiter', true);
      await person('Dee', 'waiter');
      const mia = await person('Mia', 'manager');
      const xena = await person('Xena', 'admin');
      const [table] = await db
        .insert(tables)
        .values({ restaurantId: r, number: 1, qrToken: `PERF-${randomBytes(4).toString('hex')}` })
        .returning();
      let n = 0;
      const order = async (
        waiterId: string,
        at: string,
        cents: number,
        extra: { served?: boolean; cancelled?: boolean } = {},
      ) => {
        const [session] = await db
          .insert(diningSessions)
          .values({ restaurantId: r, tableId: table!.id, status: 'closed', openedAt: new Date(at) })
          .returning();
        const [o] = await db
          .insert(orders)
          .values({
            restaurantId: r,
            diningSessionId: session!.id,
            tableId: table!.id,
            orderNumber: ++n,
            status: extra.cancelled ? 'cancelled' : extra.served ? 'served' : 'preparing',
            totalCents: cents,
            baseCurrency: 'eur',
            currency: 'eur',
            exchangeRate: 1,
            displayTotalCents: cents,
            waiterId,
            createdAt: new Date(at),
            ...(extra.served ? { servedAt: new Date(Date.parse(at) + 30 * 60_000) } : {}),
          })
          .returning();
        return o!.id;
      };
      // In the period (local 1 and 2 March) unless said otherwise.
      const o1 = await order(ada, '2024-03-01T12:00:00Z', 1000, { served: true });
      const o2 = await order(ada, '2024-03-02T23:00:00Z', 2550);
      const o3 = await order(ada, '2024-03-01T04:59:00Z', 9900, { served: true }); // 29 Feb, 23:59
      const o4 = await order(bo, '2024-03-03T04:59:00Z', 500, { served: true }); // 2 Mar, 23:59
      await order(bo, '2024-03-01T15:00:00Z', 0, { cancelled: true });
      await order(bo, '2024-03-03T05:00:00Z', 700, { served: true }); // 3 Mar, 00:00
      const ticket = async (
        orderId: string,
        station: 'kitchen' | 'bar',
        at: string,
        minutes: number | null,
      ) =>
        db.insert(tickets).values({
          restaurantId: r,
          orderId,
          station,
          status: minutes === null ? 'preparing' : 'ready',
          estimatedMinutes: 20,
          createdAt: new Date(at),
          ...(minutes === null ? {} : { readyAt: new Date(Date.parse(at) + minutes * 60_000) }),
        });
      await ticket(o1, 'kitchen', '2024-03-01T12:00:00Z', 10);
      await ticket(o2, 'kitchen', '2024-03-02T12:00:00Z', 20);
      await ticket(o4, 'kitchen', '2024-03-02T13:00:00Z', null); // never ready
      await ticket(o3, 'kitchen', '2024-03-01T04:00:00Z', 100); // before the period
      await ticket(o1, 'bar', '2024-03-01T12:00:00Z', 3);
      const entry = (
        userId: string,
        action: 'order.void' | 'order.void_line' | 'order.served',
        at: string,
        voidedCents: number,
      ) =>
        db.insert(auditLog).values({
          restaurantId: r,
          userId,
          action,
          entityType: 'order',
          entityId: o1,
          details: { voidedCents },
          createdAt: new Date(at),
        });
      await entry(mia, 'order.void', '2024-03-01T16:00:00Z', 1200);
      await entry(mia, 'order.void_line', '2024-03-02T16:00:00Z', 300);
      await entry(mia, 'order.void_line', '2024-02-29T16:00:00Z', 5000); // before the period
      await entry(mia, 'order.served', '2024-03-02T16:00:00Z', 0);
      await entry(xena, 'order.void_line', '2024-03-02T20:00:00Z', 150);
      return { ada, bo, mia, xena };
    };

    it('counts orders and sales per waiter, time to ready per station and voids per user', async () => {
      const { ada, bo, mia, xena } = await fixture();
      const res = await api.as(other.tokens.admin!).call(reportsRoutes.getStaffPerformance, {
        query: { from: '2024-03-01', to: '2024-03-02' },
      });
      expect(res.status).toBe(200);
      const data = res.data;
      expect(data).toMatchObject({
        from: '2024-03-01',
        to: '2024-03-02',
        timezone: 'America/New_York',
      });
      const named = data.waiters.filter((w) => ['Ada', 'Bo', 'Cy', 'Dee'].includes(w.name));
      expect(named).toEqual([
        { userId: ada, name: 'Ada', orders: 2, ordersServed: 1, sales: 35.5 },
        { userId: bo, name: 'Bo', orders: 1, ordersServed: 1, sales: 5 },
        expect.objectContaining({ name: 'Dee', orders: 0, ordersServed: 0, sales: 0 }),
      ]);
      expect(data.stations).toEqual([
        { station: 'kitchen', tickets: 2, averageMinutesToReady: 15 },
        { station: 'bar', tickets: 1, averageMinutesToReady: 3 },
      ]);
      expect(data.voids).toEqual([
        { userId: mia, name: 'Mia', orderVoids: 1, lineVoids: 1, amount: 15 },
        { userId: xena, name: 'Xena', orderVoids: 0, lineVoids: 1, amount: 1.5 },
      ]);

      // The manager reads it too; a waiter does not; the demo's staff see none of Perf's figures.
      expect(
        (
          await api.as(other.tokens.manager!).call(reportsRoutes.getStaffPerformance, {
            query: { from: '2024-03-01', to: '2024-03-02' },
          })
        ).status,
      ).toBe(200);
      expect(
        (await api.as(other.tokens.waiter!).call(reportsRoutes.getStaffPerformance)).status,
      ).toBe(403);
      const demo = (
        await api.as(admin).call(reportsRoutes.getStaffPerformance, {
          query: { from: '2024-03-01', to: '2024-03-02' },
        })
      ).data;
      expect(demo.waiters.map((w) => w.name)).not.toContain('Ada');
      expect(demo.voids).toEqual([]);
      expect(demo.stations.every((s) => s.tickets === 0)).toBe(true);
    });

    it('covers the last 30 local days by default', async () => {
      const res = await api.as(other.tokens.admin!).call(reportsRoutes.getStaffPerformance);
      expect(res.status).toBe(200);
      const data = res.data;
      const localDay = (offsetDays: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
          Date.now() - offsetDays * 86_400_000,
        );
      expect(data.to).toBe(localDay(0));
      expect(data.from).toBe(
        new Date(Date.parse(`${data.to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10),
      );
    });

    it('refuses a period that ends before it starts, and dates that are not dates', async () => {
      for (const query of [
        { from: '2024-03-02', to: '2024-03-01' },
        { from: 'yesterday' },
        { to: '2024-13-01' },
      ]) {
        const res = await api.as(admin).call(reportsRoutes.getStaffPerformance, { query });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false });
      }
    });
  });
});
