import {
  authRoutes,
  diningSessionsRoutes,
  menuRoutes,
  ordersRoutes,
  reportsRoutes,
  settingsRoutes,
  staffRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tables, users } from '../../core/db/schema.js';
import { client, type Caller } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { pdfInfo } from '../../testing/pdf-text.js';
import { businessDateAt } from '../../testing/business-day.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';

describe.each(BACKENDS)('manager tables, staff and reports on %s', (backend) => {
  let t: TestApp;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend, { publicUrl: 'http://tavola.test' });
    for (const [name, pass] of [
      ['manager1', 'manager123'],
      ['admin1', 'admin123'],
      ['waiter1', 'waiter123'],
    ]) {
      bearer[name!] = (await loginAs(t.app, name!, pass!)).token;
    }
    const other = await createOtherRestaurant(t, {
      name: 'Small Place',
      status: 'trial',
      plan: 'starter',
      timezone: 'America/New_York',
    });
    bearer.other = other.tokens.manager!;
  });
  afterAll(async () => t?.close());

  /** Calls as one of the signed-in people by their key, or anonymously (null). */
  const as = (who: string | null): Caller => (who ? client(t.app).as(bearer[who]!) : client(t.app));
  const tableList = async (who = 'manager1') => (await as(who).call(tablesRoutes.listTables)).data;

  describe('tables and QR codes', () => {
    it('adds a table with an unguessable token, edits it and refuses a duplicate number', async () => {
      const created = await as('manager1').call(tablesRoutes.createTable, {
        body: { number: 20, capacity: 6 },
      });
      expect(created.status).toBe(201);
      const row = (await tableList()).find((x) => x.number === 20)!;
      expect(row.qrToken).toMatch(/^T-[A-Za-z0-9_-]{16}$/);
      // The code points at the configured address (never at the request's Host).
      expect(row.orderUrl).toBe(`http://tavola.test/order?token=${row.qrToken}`);
      const dup = await as('manager1').call(tablesRoutes.createTable, {
        body: { number: 20, capacity: 2 },
      });
      expect(dup.status).toBe(409);
      expect(dup.error).toBe('Table 20 already exists');
      const edit = await as('manager1').call(tablesRoutes.updateTable, {
        params: { id: row.id },
        body: {
          number: 21,
          capacity: 8,
          status: 'maintenance',
        },
      });
      expect(edit.status).toBe(200);
      const guest = await client(t.app).guest(row.qrToken).call(menuRoutes.getPublicMenu);
      expect(guest.status).toBe(200);
      const order = await client(t.app)
        .guest(row.qrToken)
        .call(diningSessionsRoutes.startSession, { body: {} });
      expect(order.status).toBe(409);
      for (const bad of [
        { number: 0, capacity: 2 },
        { number: 3.5, capacity: 2 },
        { number: 30, capacity: 0 },
        { number: 31, capacity: 2, status: 'broken' },
      ]) {
        expect((await as('manager1').send(tablesRoutes.createTable, { body: bad })).status).toBe(
          400,
        );
      }
    });

    it('refuses to remove a table with an open session, then archives it and retires its code', async () => {
      const t3 = (await tableList()).find((x) => x.number === 3)!;
      await client(t.app).guest(t3.qrToken).call(diningSessionsRoutes.startSession, { body: {} });
      const refused = await as('manager1').call(tablesRoutes.deleteTable, {
        params: { id: t3.id },
      });
      expect(refused.status).toBe(409);
      expect(refused.error).toMatch(/open dining session/);

      const t4 = (await tableList()).find((x) => x.number === 4)!;
      expect(
        (await as('manager1').call(tablesRoutes.deleteTable, { params: { id: t4.id } })).status,
      ).toBe(200);
      expect((await tableList()).some((x) => x.id === t4.id)).toBe(false);
      expect((await client(t.app).guest(t4.qrToken).call(menuRoutes.getPublicMenu)).status).toBe(
        404,
      );
      // Its number is free again.
      expect(
        (await as('manager1').call(tablesRoutes.createTable, { body: { number: 4, capacity: 4 } }))
          .status,
      ).toBe(201);
    });

    it('rotates a token: the old code stops working, the new one works', async () => {
      const t5 = (await tableList()).find((x) => x.number === 5)!;
      const res = await as('manager1').call(tablesRoutes.rotateTableQr, { params: { id: t5.id } });
      expect(res.status).toBe(200);
      const fresh = res.data.qrToken;
      expect(fresh).not.toBe(t5.qrToken);
      expect((await client(t.app).guest(t5.qrToken).call(menuRoutes.getPublicMenu)).status).toBe(
        404,
      );
      expect((await client(t.app).guest(fresh).call(menuRoutes.getPublicMenu)).status).toBe(200);
    });

    it('serves a PNG, an SVG and a print PDF with one page per table', async () => {
      const [first] = await tableList();
      const png = await as('manager1').call(tablesRoutes.getTableQrPng, {
        params: { id: first!.id },
      });
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const svg = await as('manager1').call(tablesRoutes.getTableQrSvg, {
        params: { id: first!.id },
      });
      expect(svg.res.body).toMatch(/^<svg/);
      const pdf = await as('manager1').call(tablesRoutes.getTableQrPdf);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdfInfo(pdf.res.rawPayload).pages).toBe((await tableList()).length);
    });

    it('enforces the plan limit in one place and keeps tenants apart', async () => {
      for (let n = 1; n <= 5; n++) {
        expect(
          (await as('other').call(tablesRoutes.createTable, { body: { number: n, capacity: 2 } }))
            .status,
        ).toBe(201);
      }
      const sixth = await as('other').call(tablesRoutes.createTable, {
        body: { number: 6, capacity: 2 },
      });
      expect(sixth.status).toBe(409);
      expect(sixth.error).toBe(
        'The Starter Feast plan includes up to 5 tables; the Growth Grill plan allows more (35 included, extra tables EUR 3.50 each).',
      );
      const mine = (await tableList())[0]!;
      const params = { id: mine.id };
      for (const res of [
        await as('other').call(tablesRoutes.updateTable, {
          params,
          body: { number: 99, capacity: 2 },
        }),
        await as('other').call(tablesRoutes.deleteTable, { params }),
        await as('other').call(tablesRoutes.rotateTableQr, { params }),
        await as('other').call(tablesRoutes.getTableQrPng, { params }),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await as('waiter1').call(tablesRoutes.listTables)).status).toBe(403);
    });
  });

  describe('staff accounts', () => {
    it('adds a waiter who can sign in; usernames are unique; managers cannot make managers', async () => {
      const res = await as('manager1').call(staffRoutes.createStaff, {
        body: {
          name: 'Nuovo Cameriere',
          username: `newwaiter-${backend}`,
          password: 'a-long-password',
          role: 'waiter',
          shift: 'lunch',
        },
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ role: 'waiter', status: 'active', shift: 'lunch' });
      expect(JSON.stringify(res.body)).not.toContain('password');
      await loginAs(t.app, `newwaiter-${backend}`, 'a-long-password');
      const dup = await as('manager1').call(staffRoutes.createStaff, {
        body: {
          name: 'Other',
          username: `NEWWAITER-${backend}`,
          password: 'a-long-password',
          role: 'bar',
        },
      });
      expect(dup.status).toBe(409);
      const boss = await as('manager1').call(staffRoutes.createStaff, {
        body: {
          name: 'Boss',
          username: `boss-${backend}`,
          password: 'a-long-password',
          role: 'manager',
        },
      });
      expect(boss.status).toBe(403);
      expect(
        (
          await as('admin1').call(staffRoutes.createStaff, {
            body: {
              name: 'Boss',
              username: `boss-${backend}`,
              password: 'a-long-password',
              role: 'manager',
            },
          })
        ).status,
      ).toBe(201);
      for (const bad of [
        { name: '', username: 'abc', password: 'a-long-password', role: 'waiter' },
        { name: 'X', username: 'a b', password: 'a-long-password', role: 'waiter' },
        { name: 'X', username: 'abcd', password: 'short', role: 'waiter' },
      ]) {
        expect((await as('manager1').send(staffRoutes.createStaff, { body: bad })).status).toBe(
          400,
        );
      }
    });

    it('deactivating an account ends its sessions and stops sign-in', async () => {
      const created = (
        await as('manager1').call(staffRoutes.createStaff, {
          body: {
            name: 'Temp Cook',
            username: `tempcook-${backend}`,
            password: 'temporary-pass',
            role: 'kitchen',
          },
        })
      ).data;
      const login = await loginAs(t.app, `tempcook-${backend}`, 'temporary-pass');
      const removed = await as('manager1').call(staffRoutes.deactivateStaff, {
        params: { id: created.id },
      });
      expect(removed.data.status).toBe('inactive');
      const profile = await client(t.app).as(login.token).call(authRoutes.getProfile);
      expect(profile.status).toBe(401);
      const again = await client(t.app).call(authRoutes.login, {
        body: { username: `tempcook-${backend}`, password: 'temporary-pass' },
      });
      expect(again.status).toBe(403);
      // A manager cannot touch another restaurant's staff, nor managers.
      expect(
        (
          await as('other').call(staffRoutes.updateStaff, {
            params: { id: created.id },
            body: { status: 'active' },
          })
        ).status,
      ).toBe(404);
      const [mgr] = await t.database.db.select().from(users).where(eq(users.username, 'manager1'));
      expect(
        (
          await as('manager1').call(staffRoutes.updateStaff, {
            params: { id: mgr!.id },
            body: { name: 'Me' },
          })
        ).status,
      ).toBe(404);
      const list = (await as('manager1').call(staffRoutes.listStaff)).data;
      expect(
        list.every((s: { role: string }) => ['waiter', 'kitchen', 'bar'].includes(s.role)),
      ).toBe(true);
    });
  });

  describe('order history and analytics', () => {
    let menu: { id: string; name: string; price: { eur: number } }[];
    beforeAll(async () => {
      menu = Object.values(
        (await client(t.app).guest('QR-T1').call(menuRoutes.getPublicMenu)).data.menu,
      ).flat();
    });
    const item = (name: string) => menu.find((i) => i.name === name)!;
    const place = async (token: string, name: string, quantity: number) => {
      const res = await client(t.app)
        .guest(token)
        .call(ordersRoutes.placeOrder, {
          body: { items: [{ menuItemId: item(name).id, quantity }] },
        });
      return res.data.orderId;
    };
    /** The instant of a local wall-clock time in Europe/Rome (the demo restaurant's zone). */
    const romeInstant = (date: string, time: string) => {
      const guess = new Date(`${date}T${time}:00Z`);
      const local = new Date(guess.toLocaleString('en-US', { timeZone: 'Europe/Rome' }));
      return new Date(guess.getTime() - (local.getTime() - guess.getTime()));
    };

    it('filters by local date, exactly at midnight, and exports the same rows as CSV and PDF', async () => {
      const before = await place('QR-T7', 'Espresso', 1);
      const after = await place('QR-T7', 'Tiramisu', 2);
      await t.database.db
        .update(orders)
        .set({
          createdAt: romeInstant('2026-03-10', '23:59'),
          businessDate: businessDateAt(t.restaurantId, romeInstant('2026-03-10', '23:59')),
        })
        .where(eq(orders.id, before));
      await t.database.db
        .update(orders)
        .set({
          createdAt: romeInstant('2026-03-11', '00:01'),
          businessDate: businessDateAt(t.restaurantId, romeInstant('2026-03-11', '00:01')),
        })
        .where(eq(orders.id, after));

      const day = await as('manager1').call(reportsRoutes.getOrderHistory, {
        query: { from: '2026-03-11', to: '2026-03-11' },
      });
      expect(day.status).toBe(200);
      expect(day.data.rows).toEqual([
        expect.objectContaining({ tableNumber: 7, items: '2× Tiramisu', total: 14, status: 'new' }),
      ]);
      const both = await as('manager1').call(reportsRoutes.getOrderHistory, {
        query: { from: '2026-03-10', to: '2026-03-11' },
      });
      expect(both.data.total).toBe(2);

      const csv = await as('manager1').call(reportsRoutes.getOrderHistory, {
        query: { from: '2026-03-10', to: '2026-03-11', format: 'csv' },
      });
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        '"Order #","Table","Items","Net","Service","Tax","Total","Waiter","Time","Status"',
      );
      // The demo's prices include 8.5% tax and no service charge: per line, 14.00 holds 1.10
      // tax (1400 × 850 / 10850 = 109.7) and 2.20 holds 0.17 (17.2).
      expect(lines.slice(1)).toEqual([
        expect.stringContaining(
          '"2× Tiramisu","12.90","0.00","1.10","14.00","","2026-03-11 00:01","new"',
        ),
        expect.stringContaining(
          '"1× Espresso","2.03","0.00","0.17","2.20","","2026-03-10 23:59","new"',
        ),
      ]);
      const pdf = await as('manager1').call(reportsRoutes.getOrderHistory, {
        query: { from: '2026-03-10', to: '2026-03-11', format: 'pdf' },
      });
      expect(pdfInfo(pdf.res.rawPayload).pages).toBe(1);

      expect(
        (
          await as('manager1').call(reportsRoutes.getOrderHistory, {
            query: { from: '2026-03-12', to: '2026-03-11' },
          })
        ).status,
      ).toBe(400);
      expect(
        (await as('manager1').call(reportsRoutes.getOrderHistory, { query: { from: 'yesterday' } }))
          .status,
      ).toBe(400);
      expect((await as('waiter1').call(reportsRoutes.getOrderHistory)).status).toBe(403);
      expect(
        (
          await as('other').call(reportsRoutes.getOrderHistory, {
            query: { from: '2026-03-10', to: '2026-03-11' },
          })
        ).data.rows,
      ).toEqual([]);
    });

    it('computes revenue, order statistics and best sellers exactly, in local time', async () => {
      // Start from a clean slate of orders so the sums are known.
      const existing = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.restaurantId, t.restaurantId));
      await t.database.db
        .update(orders)
        .set({ status: 'cancelled' })
        .where(
          inArray(
            orders.id,
            existing.map((o) => o.id),
          ),
        );
      const a = await place('QR-T8', 'Classic Burger', 2); // 25.00
      await place('QR-T8', 'Craft Beer', 4); // 22.00
      const c = await place('QR-T9', 'Classic Burger', 1); // 12.50, yesterday just before local midnight
      const todayRome = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(
        new Date(),
      );
      const midnight = romeInstant(todayRome, '00:00');
      await t.database.db
        .update(orders)
        .set({
          createdAt: new Date(midnight.getTime() - 60_000),
          businessDate: businessDateAt(t.restaurantId, new Date(midnight.getTime() - 60_000)),
        })
        .where(eq(orders.id, c));
      await t.database.db
        .update(orders)
        .set({ readyAt: new Date(Date.now() + 12 * 60_000) })
        .where(eq(orders.id, a));

      const res = await as('manager1').call(reportsRoutes.getAnalytics);
      expect(res.status).toBe(200);
      const data = res.data;
      expect(data.revenue.today).toBe(47);
      expect(data.revenue.month).toBeGreaterThanOrEqual(47);
      expect(data.orders.count).toBe(3);
      expect(data.orders.averageValue).toBe(19.83);
      expect(data.orders.averageMinutesToReady).toBeGreaterThanOrEqual(11.9);
      expect(data.orders.averageMinutesToReady).toBeLessThanOrEqual(12.1);
      expect(data.bestSellersByQuantity[0]).toEqual({
        name: 'Craft Beer',
        quantity: 4,
        revenue: 22,
      });
      expect(data.bestSellersByRevenue[0]).toEqual({
        name: 'Classic Burger',
        quantity: 3,
        revenue: 37.5,
      });
      expect(data.revenueByHour).toHaveLength(24);
      expect(
        data.revenueByHour.reduce((s: number, h: { revenue: number }) => s + h.revenue, 0),
      ).toBe(47);
      const yesterday = data.revenueByDay.find((d: { day: string }) => d.day < todayRome);
      expect(yesterday).toMatchObject({ revenue: 12.5, orders: 1 });

      const overview = (await as('manager1').call(reportsRoutes.getOverview)).data;
      expect(overview).toMatchObject({ todaysRevenue: 47, ordersToday: 2 });
      // Floor staff, as the Staff tab lists them: waiter1, kitchen1, bar1 and the ones added above.
      expect(overview.activeStaff).toBeGreaterThanOrEqual(3);
      expect(overview.tableUtilization).toBeGreaterThan(0);
      const [count] = await t.database.db
        .select()
        .from(tables)
        .where(eq(tables.restaurantId, t.restaurantId));
      expect(count).toBeTruthy();
    });
  });
});

describe('restaurant settings', () => {
  it('reads and saves settings, validating each field, for managers only', async () => {
    const t = await createTestApp('pglite');
    try {
      const manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
      const waiter = (await loginAs(t.app, 'waiter1', 'waiter123')).token;
      const api = client(t.app);
      const get = await api.as(manager).call(settingsRoutes.getRestaurantSettings);
      expect(get.data).toMatchObject({
        currency: 'eur',
        exchangeRate: 1.08,
        taxRate: 8.5,
        timezone: 'Europe/Rome',
      });
      const body = {
        ...get.data,
        exchangeRate: 1.1,
        taxRate: 10,
        publicUrl: 'https://order.example.com/',
      };
      const put = await api.as(manager).call(settingsRoutes.updateRestaurantSettings, { body });
      expect(put.status).toBe(200);
      expect(put.data).toMatchObject({
        exchangeRate: 1.1,
        taxRate: 10,
        publicUrl: 'https://order.example.com',
      });
      const menu = await api.guest('QR-T1').call(menuRoutes.getPublicMenu);
      expect(menu.data.menu.food!.find((i) => i.name === 'Classic Burger')!.price.usd).toBe(13.75);
      const tables = await api.as(manager).call(tablesRoutes.listTables);
      expect(tables.data[0]!.orderUrl).toMatch(/^https:\/\/order\.example\.com\/order\?token=/);
      for (const bad of [
        { timezone: 'Mars/Olympus' },
        { exchangeRate: 0 },
        { taxRate: -1 },
        { currency: 'gbp' },
        { publicUrl: 'ftp://x' },
      ]) {
        const res = await api
          .as(manager)
          .send(settingsRoutes.updateRestaurantSettings, { body: { ...body, ...bad } });
        expect(res.status).toBe(400);
      }
      expect((await api.as(waiter).call(settingsRoutes.getRestaurantSettings)).status).toBe(403);
    } finally {
      await t.close();
    }
  });
});
