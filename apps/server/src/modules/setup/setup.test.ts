import {
  menuRoutes,
  ordersRoutes,
  platformRoutes,
  settingsRoutes,
  setupRoutes,
  staffRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { randomBytes } from 'node:crypto';
import type { SetupChecklist, SetupStep } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('the setup checklist on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let owner: string;
  let restaurantId: string;

  const checklist = async (token = owner) => {
    const res = await api.as(token).call(setupRoutes.getSetupChecklist);
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };
  const done = (c: SetupChecklist) =>
    Object.fromEntries(c.steps.map((s) => [s.id, s.done])) as Record<SetupStep, boolean>;

  beforeAll(async () => {
    // Printable codes need the address guests reach.
    t = await createTestApp(backend, { publicUrl: 'https://tavola.example' });
    api = client(t.app);
    const suffix = randomBytes(3).toString('hex');
    const res = await api.call(platformRoutes.signUp, {
      body: {
        restaurantName: `Da Nonna ${suffix}`,
        ownerName: 'Nina Owner',
        username: `nina-${suffix}`,
        password: 'nina-pass-77',
        // What the sign-up page asks.
        timezone: 'Europe/Rome',
        currency: 'eur',
        taxRate: 10,
      },
    });
    expect(res.status, res.res.body).toBe(201);
    owner = res.data.token;
    restaurantId = res.data.restaurant.id;
  });
  afterAll(async () => t?.close());

  it('starts with what sign-up asked done, and nothing else: sample items are not the menu', async () => {
    const c = await checklist();
    expect(c.steps.map((s) => s.id)).toEqual(['menu', 'tables', 'staff', 'settings', 'test_order']);
    expect(done(c)).toEqual({
      menu: false,
      tables: false,
      staff: false,
      settings: true,
      test_order: false,
    });
    expect(c).toMatchObject({ complete: false, dismissed: false });
    expect(c.counts).toEqual({
      ownMenuItems: 0,
      sampleMenuItems: 5,
      tables: 0,
      staff: 0,
      orders: 0,
    });
  });

  it('cannot be put away before every step is done', async () => {
    const res = await api.as(owner).call(setupRoutes.dismissSetupChecklist);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Finish every step before putting the checklist away',
    });
  });

  it('ticks each step off from the data as the owner goes, and tells the admin screen', async () => {
    const base = await listen(t.app);
    const screen = await TestSocket.open(`${base}/ws?token=${owner}`);
    await screen.waitReady();

    const item = await api.as(owner).call(menuRoutes.createMenuItem, {
      body: {
        name: 'Birra Moretti',
        category: 'Bevande',
        price: 4.5,
      },
    });
    expect(item.status).toBe(201);
    expect(done(await checklist()).menu).toBe(true);

    const table = await api
      .as(owner)
      .call(tablesRoutes.createTable, { body: { number: 1, capacity: 4 } });
    expect(table.status).toBe(201);
    // A table without its printed code is not done yet.
    expect(done(await checklist()).tables).toBe(false);
    const pdf = await api.as(owner).call(tablesRoutes.getTableQrPdf);
    expect(pdf.status, pdf.res.body).toBe(200);
    expect(done(await checklist()).tables).toBe(true);
    // The download reached the admin's screen as an audited change (what refreshes the checklist).
    await screen.waitFor((m) =>
      m.some(
        (e) =>
          e.type === 'audit_logged' &&
          (e.data as { actions: string[] }).actions.includes('table.qr_downloaded'),
      ),
    );

    const waiter = await api.as(owner).call(staffRoutes.createStaff, {
      body: {
        name: 'Walter Waiter',
        username: `walter-${randomBytes(3).toString('hex')}`,
        password: 'walter-pass-77',
        role: 'waiter',
      },
    });
    expect(waiter.status, waiter.res.body).toBe(201);
    expect(done(await checklist()).staff).toBe(true);

    const [row] = await t.database.db
      .select({ qrToken: tables.qrToken })
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), eq(tables.number, 1)));
    const order = await api.call(ordersRoutes.placeOrder, {
      body: {
        token: row!.qrToken,
        items: [{ menuItemId: item.data.id, quantity: 1 }],
        currency: 'eur',
      },
    });
    expect(order.status, order.res.body).toBe(201);
    const c = await checklist();
    expect(Object.values(done(c)).every(Boolean)).toBe(true);
    expect(c).toMatchObject({ complete: true, dismissed: false });
    expect(c.counts).toMatchObject({ ownMenuItems: 1, tables: 1, staff: 1, orders: 1 });
    screen.close();
  });

  it('goes away once done and dismissed, and stays away', async () => {
    const res = await api.as(owner).call(setupRoutes.dismissSetupChecklist);
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({ complete: true, dismissed: true });
    expect((await checklist()).dismissed).toBe(true);
    // A second tap changes nothing.
    expect((await api.as(owner).call(setupRoutes.dismissSetupChecklist)).status).toBe(200);
  });

  it('counts the time zone and tax as set once saved in System when nobody asked them', async () => {
    // Onboarded without a sign-up: nobody asked the owner for them yet.
    const other = await createOtherRestaurant(t, { name: 'Senza Fretta', roles: ['admin'] });
    const admin = other.tokens.admin!;
    expect(done(await checklist(admin)).settings).toBe(false);
    const settings = await api.as(admin).call(settingsRoutes.updateRestaurantSettings, {
      body: {
        name: 'Senza Fretta',
        currency: 'eur',
        exchangeRate: 1.08,
        taxRate: 10,
        serviceCharge: 0,
        timezone: 'Europe/Rome',
        publicUrl: null,
      },
    });
    expect(settings.status, settings.res.body).toBe(200);
    expect(done(await checklist(admin)).settings).toBe(true);
    // The sign-up's restaurant is untouched by another's save.
    expect((await checklist()).counts.staff).toBe(1);
  });

  it("is each restaurant's own, and an administrator's alone", async () => {
    const demo = await checklist(await signInAs(t, 'admin'));
    expect(demo.dismissed).toBe(false);
    expect(demo.counts.sampleMenuItems).toBe(0);
    for (const role of ['manager', 'waiter'] as const) {
      const token = await signInAs(t, role);
      expect((await api.as(token).call(setupRoutes.getSetupChecklist)).status).toBe(403);
      expect((await api.as(token).call(setupRoutes.dismissSetupChecklist)).status).toBe(403);
    }
    expect((await api.call(setupRoutes.getSetupChecklist)).status).toBe(401);
  });
});
