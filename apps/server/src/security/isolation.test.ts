import {
  effectivePermissions,
  GRANTABLE_PERMISSIONS,
  hasPermission,
  permissionsForRole,
  type Role,
  API_KEY_SCOPES,
  integrationsRoutes,
  menuRoutes,
  ordersRoutes,
  stationsRoutes,
  printersRoutes,
} from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  printAgents,
  printers,
  printJobs,
  stations,
  courses,
  webhookDeliveries,
  webhookEndpoints,
  authSessions,
  backups,
  diningSessions,
  discountReasons,
  discounts,
  menuItemOptionGroups,
  menuItems,
  menuOptions,
  optionGroups,
  orderItems,
  orders,
  payments,
  reportSchedules,
  requests,
  supportTickets,
  tables,
  tickets,
  users,
} from '../core/db/schema.js';
import { testConfig } from '../config.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { createOtherRestaurant } from '../testing/fixtures.js';
import { client } from '../testing/client.js';

/** Where each kind of `:id` route finds an id of restaurant A's data. */
const ID_SOURCES: [RegExp, string][] = [
  [/^\/api\/menu\/option-groups\/:id/, 'optionGroup'],
  [/^\/api\/menu\/:id/, 'menuItem'],
  [/^\/api\/tables\/:id/, 'table'],
  [/^\/api\/tabs\/:id/, 'tab'],
  [/^\/api\/tickets\/:id/, 'ticket'],
  [/^\/api\/expo\/orders\/:id/, 'order'],
  [/^\/api\/orders\/:id/, 'order'],
  [/^\/api\/sessions\/:id/, 'session'],
  [/^\/api\/payments\/:id/, 'payment'],
  [/^\/api\/staff\/:id/, 'user'],
  [/^\/api\/discount-reasons\/:id/, 'discountReason'],
  [/^\/api\/discounts\/:id/, 'discount'],
  [/^\/api\/security\/sessions\/:id/, 'authSession'],
  [/^\/api\/backups\/:id/, 'backup'],
  [/^\/api\/reports\/schedules\/:id/, 'reportSchedule'],
  // The team's console: B's staff are refused A's restaurant as any restaurant account is.
  [/^\/api\/platform\/restaurants\/:id/, 'restaurant'],
  // Support: A's ticket, by B's staff and on the team's routes.
  [/^\/api\/(platform\/)?support\/tickets\/:id/, 'supportTicket'],
  [/^\/api\/platform\/team-members\/:id/, 'teamMember'],
  [/^\/api\/integrations\/api-keys\/:id/, 'apiKey'],
  [/^\/api\/stations\/:id/, 'station'],
  [/^\/api\/integrations\/webhooks\/:id/, 'webhook'],
  [/^\/api\/printers\/tickets\/:id/, 'ticket'],
  [/^\/api\/printers\/agents\/:id/, 'printAgent'],
  [/^\/api\/printers\/:id/, 'printer'],
  // The public API: A's resources, asked for with B's key.
  [/^\/api\/v1\/menu\/items\/:id/, 'menuItem'],
  [/^\/api\/v1\/orders\/:id/, 'order'],
  [/^\/api\/v1\/tickets\/:id/, 'ticket'],
];

describe.each(BACKENDS)('tenant isolation and the role matrix on %s', (backend) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const bTokens: Record<string, string> = {};
  const aTokens: Partial<Record<Role, string>> = {};
  /** A key of restaurant B holding every scope. */
  let bKey = '';

  /** Everything restaurant A owns, as one string, to prove nothing changed. */
  const snapshot = async () => {
    const db = t.database.db;
    const r = t.restaurantId;
    const parts = await Promise.all([
      db.select().from(menuItems).where(eq(menuItems.restaurantId, r)).orderBy(menuItems.id),
      db
        .select()
        .from(optionGroups)
        .where(eq(optionGroups.restaurantId, r))
        .orderBy(optionGroups.id),
      db.select().from(menuOptions).where(eq(menuOptions.restaurantId, r)).orderBy(menuOptions.id),
      db
        .select()
        .from(menuItemOptionGroups)
        .where(eq(menuItemOptionGroups.restaurantId, r))
        .orderBy(menuItemOptionGroups.menuItemId, menuItemOptionGroups.groupId),
      db.select().from(tables).where(eq(tables.restaurantId, r)).orderBy(tables.id),
      db.select().from(orders).where(eq(orders.restaurantId, r)).orderBy(orders.id),
      db.select().from(tickets).where(eq(tickets.restaurantId, r)).orderBy(tickets.id),
      db
        .select()
        .from(diningSessions)
        .where(eq(diningSessions.restaurantId, r))
        .orderBy(diningSessions.id),
      db.select().from(requests).where(eq(requests.restaurantId, r)).orderBy(requests.id),
      db.select().from(payments).where(eq(payments.restaurantId, r)).orderBy(payments.id),
      db
        .select()
        .from(discountReasons)
        .where(eq(discountReasons.restaurantId, r))
        .orderBy(discountReasons.id),
      db.select().from(discounts).where(eq(discounts.restaurantId, r)).orderBy(discounts.id),
      db.select().from(users).where(eq(users.restaurantId, r)).orderBy(users.id),
      db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.restaurantId, r))
        .orderBy(reportSchedules.id),
      db.select().from(apiKeys).where(eq(apiKeys.restaurantId, r)).orderBy(apiKeys.id),
      db.select().from(stations).where(eq(stations.restaurantId, r)).orderBy(stations.id),
      db.select().from(courses).where(eq(courses.restaurantId, r)).orderBy(courses.id),
      db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.restaurantId, r))
        .orderBy(webhookEndpoints.id),
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.restaurantId, r))
        .orderBy(webhookDeliveries.id),
      db.select().from(printers).where(eq(printers.restaurantId, r)).orderBy(printers.id),
      db.select().from(printJobs).where(eq(printJobs.restaurantId, r)).orderBy(printJobs.id),
      db.select().from(printAgents).where(eq(printAgents.restaurantId, r)).orderBy(printAgents.id),
    ]);
    return JSON.stringify(parts);
  };

  beforeAll(async () => {
    // B's key sweeps every route at once: its per-second limit is not what is tested here.
    t = await createTestApp(backend, {
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 100_000 },
    });
    // Restaurant A (the demo) gets one of everything.
    const guest = client(t.app).guest('QR-T1');
    const menu = (await guest.call(menuRoutes.getPublicMenu)).data.menu;
    const placed = (
      await guest.call(ordersRoutes.placeOrder, {
        body: { items: [{ menuItemId: menu.food![0]!.id, quantity: 1 }] },
      })
    ).data;
    ids.menuItem = menu.food![0]!.id;
    // One of A's option groups (the demo's) and one of its options.
    const [option] = await t.database.db
      .select()
      .from(menuOptions)
      .where(eq(menuOptions.restaurantId, t.restaurantId))
      .limit(1);
    ids.optionGroup = option!.groupId;
    ids.option = option!.id;
    ids.order = placed.orderId;
    ids.session = placed.sessionId;
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, placed.orderId));
    ids.ticket = ticket!.id;
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId));
    ids.orderItem = line!.id;
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T1'));
    ids.table = table!.id;
    // A payment of A's (captured, as staff record them) towards that bill.
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        restaurantId: t.restaurantId,
        diningSessionId: placed.sessionId,
        tableId: table!.id,
        method: 'card',
        amountCents: 100,
        currency: 'eur',
      })
      .returning({ id: payments.id });
    ids.payment = payment!.id;
    // A reason of A's and a discount given with it on that bill.
    const [reason] = await t.database.db
      .select({ id: discountReasons.id })
      .from(discountReasons)
      .where(eq(discountReasons.restaurantId, t.restaurantId))
      .limit(1);
    ids.discountReason = reason!.id;
    const [discount] = await t.database.db
      .insert(discounts)
      .values({
        restaurantId: t.restaurantId,
        diningSessionId: placed.sessionId,
        scope: 'line',
        kind: 'comp',
        orderItemId: line!.id,
        reasonId: reason!.id,
        reason: 'A reason of A',
      })
      .returning({ id: discounts.id });
    ids.discount = discount!.id;
    const [waiter] = await t.database.db.select().from(users).where(eq(users.username, 'waiter1'));
    ids.user = waiter!.id;
    ids.restaurant = t.restaurantId;
    const [backup] = await t.database.db
      .insert(backups)
      .values({
        restaurantId: t.restaurantId,
        kind: 'manual',
        status: 'ready',
        content: Buffer.from('zip'),
      })
      .returning({ id: backups.id });
    ids.backup = backup!.id;
    const [supportTicket] = await t.database.db
      .insert(supportTickets)
      .values({ restaurantId: t.restaurantId, subject: 'A question of A' })
      .returning({ id: supportTickets.id });
    ids.supportTicket = supportTicket!.id;
    const [teamUser] = await t.database.db.select().from(users).where(eq(users.username, 'team1'));
    ids.teamMember = teamUser!.id;
    const [schedule] = await t.database.db
      .insert(reportSchedules)
      .values({
        restaurantId: t.restaurantId,
        report: 'sales',
        format: 'csv',
        frequency: 'daily',
        time: '07:00',
        recipients: ['owner@example.com'],
      })
      .returning({ id: reportSchedules.id });
    ids.reportSchedule = schedule!.id;
    // A tab of A's: a bill without a table, open at the bar.
    const [tab] = await t.database.db
      .insert(diningSessions)
      .values({ restaurantId: t.restaurantId, orderType: 'bar_tab', tabName: 'A regular' })
      .returning({ id: diningSessions.id });
    ids.tab = tab!.id;

    // Restaurant B with a manager and an admin.
    const b = await createOtherRestaurant(t, {
      name: 'Restaurant B',
      plan: 'enterprise',
      roles: ['manager', 'admin'],
    });
    bTokens.manager = b.tokens.manager!;
    bTokens.admin = b.tokens.admin!;
    for (const [role, username, password] of [
      ['waiter', 'waiter1', 'waiter123'],
      ['kitchen', 'kitchen1', 'kitchen123'],
      ['bar', 'bar1', 'bar123'],
      ['manager', 'manager1', 'manager123'],
      ['admin', 'admin1', 'admin123'],
      ['team', 'team1', 'team123'],
    ] as const) {
      aTokens[role] = (await loginAs(t.app, username, password)).token;
    }
    // A's waiter's sign-in session (the admin's Security tab can end it).
    const [waiterSession] = await t.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, ids.user));
    ids.authSession = waiterSession!.id;
    // An API key of A's, and one of B's that may do everything a key can.
    const api = client(t.app);
    ids.apiKey = (
      await api.as(aTokens.admin!).call(integrationsRoutes.createApiKey, {
        body: { name: 'A key', scopes: ['orders:read'] },
      })
    ).data.id;
    // A webhook endpoint of A's (turned off: nothing is sent to the internet) and a delivery.
    ids.webhook = (
      await api.as(aTokens.admin!).call(integrationsRoutes.createWebhook, {
        body: { url: 'https://example.com/a-hook' },
      })
    ).data.id;
    await api.as(aTokens.admin!).call(integrationsRoutes.updateWebhook, {
      params: { id: ids.webhook },
      body: { enabled: false },
    });
    const [delivery] = await t.database.db
      .insert(webhookDeliveries)
      .values({
        restaurantId: t.restaurantId,
        endpointId: ids.webhook,
        messageId: 'msg_a',
        eventType: 'order.created',
        payload: {},
        status: 'succeeded',
      })
      .returning({ id: webhookDeliveries.id });
    ids.webhookDelivery = delivery!.id;
    bKey = (
      await api.as(bTokens.admin).call(integrationsRoutes.createApiKey, {
        body: { name: 'B key', scopes: [...API_KEY_SCOPES] },
      })
    ).data.key;
    // A station of A's own (kitchen and bar are every restaurant's).
    ids.station = (
      await api.as(aTokens.manager!).call(stationsRoutes.createStation, {
        body: { slug: 'grill', name: 'Grill' },
      })
    ).data.id;
    // A printer of A's (its receipt printer; no station prints to it, so nothing is queued).
    ids.printer = (
      await api.as(aTokens.manager!).call(printersRoutes.createPrinter, {
        body: { name: 'Receipt printer', host: '192.0.2.10', receipt: true },
      })
    ).data.id;
    ids.printAgent = (
      await api.as(aTokens.admin!).call(printersRoutes.createPrintAgent, {
        body: { name: 'Back office' },
      })
    ).data.id;
  });
  afterAll(async () => t?.close());

  const idRoutes = () => t.app.routeList.filter((r) => r.url.includes(':id'));

  it("answers 404 or 403 to restaurant B on every route that takes an id of A's, and changes nothing", async () => {
    const before = await snapshot();
    // The public API takes B's key, not B's staff (below).
    const routes = idRoutes().filter((r) => r.scope !== 'api');
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const source = ID_SOURCES.find(([re]) => re.test(route.url));
      expect(source, `no id source for ${route.method} ${route.url}: add one`).toBeTruthy();
      const url = route.url
        .replace(':id', ids[source![1]]!)
        .replace(':itemId', ids.orderItem!)
        .replace(':course', '2')
        .replace(':optionId', ids.option!)
        .replace(':deliveryId', ids.webhookDelivery!);
      for (const token of Object.values(bTokens)) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: validBody(route.url, ids) }),
        });
        expect(
          [403, 404],
          `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`,
        ).toContain(res.statusCode);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("answers B's API key 404 on A's resources and 403 on every route outside /api/v1, and changes nothing", async () => {
    const before = await snapshot();
    // Guests' and other public routes too: a key is no guest's. Only v1's own document is open.
    const routes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && !(r.public && r.url.startsWith('/api/v1/')),
    );
    expect(routes.filter((r) => r.scope === 'api').length).toBeGreaterThanOrEqual(10);
    expect(routes.filter((r) => r.public).length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const source = ID_SOURCES.find(([re]) => re.test(route.url));
      const url = route.url
        .replace(':id', source ? ids[source[1]]! : '00000000-0000-4000-8000-000000000000')
        .replace(':itemId', ids.orderItem!)
        .replace(':course', '2')
        .replace(':optionId', ids.option!)
        .replace(':deliveryId', ids.webhookDelivery!)
        .replace(/:[A-Za-z]+/g, 'x');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${bKey}` },
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { payload: validBody(route.url, ids) }),
      });
      const label = `key ${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (route.scope !== 'api') {
        expect(res.statusCode, label).toBe(403);
      } else if (route.url.includes(':id') || route.method === 'POST') {
        expect(res.statusCode, label).toBe(404);
      } else {
        // B's own lists: nothing of A's in them.
        expect(res.statusCode, label).toBe(200);
        for (const id of [ids.menuItem, ids.table, ids.order, ids.ticket, ids.payment]) {
          expect(res.body, label).not.toContain(id);
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("lists show B nothing of A's", async () => {
    for (const url of [
      '/api/menu',
      '/api/tables',
      '/api/staff',
      '/api/orders/history',
      '/api/tickets?station=kitchen',
      '/api/tables/floor',
      '/api/tabs',
      '/api/security/sessions',
      '/api/security/login-failures',
      '/api/discount-reasons',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${bTokens.admin}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(ids.menuItem);
      expect(res.body).not.toContain(ids.table);
      expect(res.body).not.toContain('Tavola Demo Bistro');
      expect(res.body).not.toContain('waiter1');
    }
  });

  it("every role against every staff route matches the contract's permission table", async () => {
    const staffRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.permissions);
    expect(staffRoutes.length).toBeGreaterThan(20);
    const before = await snapshot();
    for (const route of staffRoutes) {
      const url = route.url.replace(':id', '00000000-0000-4000-8000-000000000000');
      for (const [role, token] of Object.entries(aTokens) as [Role, string][]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          // An empty body: allowed callers get past the check and stop at validation or 404.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const allowed = route.permissions!.some((p) => hasPermission(permissionsForRole(role), p));
        const label = `${role} ${route.method} ${route.url} → ${res.statusCode}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
        }
      }
    }
    // Nothing was changed by the sweep (all ids were unknown, all bodies empty).
    expect(await snapshot()).toBe(before);
    // Every role against every route is hundreds of requests: more than the default time on a
    // busy machine.
  }, 120_000);

  it('a waiter granted discounts and comps gets the routes those permissions open, and no other', async () => {
    const granted = ['apply_discounts', 'comp_items'];
    const before = await snapshot();
    await t.database.db
      .update(users)
      .set({ extraPermissions: granted })
      .where(eq(users.id, ids.user!));
    t.forgetCaches();
    try {
      const staffRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.permissions);
      const held = [...permissionsForRole('waiter'), ...granted];
      let opened = 0;
      for (const route of staffRoutes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':id', '00000000-0000-4000-8000-000000000000'),
          headers: { authorization: `Bearer ${aTokens.waiter}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const allowed = route.permissions!.some((p) => hasPermission(held, p));
        const label = `granted waiter ${route.method} ${route.url} → ${res.statusCode}`;
        if (allowed) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
        if (
          allowed &&
          !route.permissions!.some((p) => hasPermission(permissionsForRole('waiter'), p))
        )
          opened++;
      }
      // The grants opened the discount routes (the reasons list, giving and taking back).
      expect(opened).toBe(3);
    } finally {
      await t.database.db
        .update(users)
        .set({ extraPermissions: [] })
        .where(eq(users.id, ids.user!));
      t.forgetCaches();
    }
    // Nothing changed but the grant, taken back (all ids were unknown, all bodies empty).
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it("a member of staff granted the point of sale's permissions gets exactly those routes besides their role's", async () => {
    // The kitchen's account, granted everything a manager may grant: the matrix follows the
    // role's permissions plus the grants (read from the account at every call).
    const [kitchen] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'kitchen1'));
    await t.database.db
      .update(users)
      .set({ extraPermissions: [...GRANTABLE_PERMISSIONS] })
      .where(eq(users.id, kitchen!.id));
    t.forgetCaches();
    const granted = effectivePermissions('kitchen', GRANTABLE_PERMISSIONS);
    const before = await snapshot();
    let opened = 0;
    let after = '';
    try {
      for (const route of t.app.routeList.filter(
        (r) => r.url.startsWith('/api/') && r.permissions,
      )) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':id', '00000000-0000-4000-8000-000000000000'),
          headers: { authorization: `Bearer ${aTokens.kitchen}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const byRole = route.permissions!.some((p) =>
          hasPermission(permissionsForRole('kitchen'), p),
        );
        const allowed = route.permissions!.some((p) => hasPermission(granted, p));
        if (allowed && !byRole) opened++;
        const label = `granted kitchen ${route.method} ${route.url} → ${res.statusCode}`;
        if (allowed) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
      }
      after = await snapshot();
    } finally {
      await t.database.db
        .update(users)
        .set({ extraPermissions: [] })
        .where(eq(users.id, kitchen!.id));
      t.forgetCaches();
    }
    // Ringing up at a table, seating it, and the tabs: opened by the grant alone.
    expect(opened).toBeGreaterThanOrEqual(5);
    expect(after).toBe(before);
  });

  it('rejects every staff route without a token', async () => {
    for (const route of t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.public)) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':id', ids.table!),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('keeps the count of A rows the same after all of it', async () => {
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.restaurantId, t.restaurantId)));
    expect(count?.n).toBe(1);
  });
});

/** A body that would pass validation, so only the tenant check can refuse it. */
function validBody(url: string, ids: Record<string, string>): Record<string, unknown> {
  if (url === '/api/v1/menu/items/:id') return { available: false, priceCents: 1 };
  if (url === '/api/v1/orders') {
    return { tableId: ids.table, items: [{ menuItemId: ids.menuItem, quantity: 1 }] };
  }
  if (url === '/api/v1/tickets/:id/bump') return { status: 'new' };
  if (url === '/api/integrations/api-keys') return { name: 'Hijack', scopes: ['orders:read'] };
  if (url === '/api/stations/:id') return { name: 'Hijack', active: true };
  if (url === '/api/stations') return { slug: 'hijack', name: 'Hijack' };
  if (url === '/api/printers') return { name: 'Hijack', host: '192.0.2.66' };
  if (url === '/api/printers/:id') return { name: 'Hijack', host: '192.0.2.66' };
  if (url === '/api/printers/stations/:station') {
    return { printerId: ids.printer, backupPrinterId: null };
  }
  if (url === '/api/printers/receipts') return { number: 1 };
  if (url === '/api/printers/orders') return { orderNumber: 1 };
  if (url === '/api/printers/agents') return { name: 'Hijack' };
  if (url === '/api/integrations/webhooks') return { url: 'https://example.com/hijack' };
  if (url === '/api/integrations/stripe') {
    return {
      secretKey: 'sk_test_Hijack0000000000',
      publishableKey: 'pk_test_Hijack0000000000',
      webhookSecret: 'whsec_Hijack0000000000',
    };
  }
  if (url === '/api/integrations/webhooks/:id') return { description: 'Hijack', enabled: true };
  if (url.endsWith('/roll-secret')) return { overlapHours: 0 };
  if (url === '/api/integrations/webhooks/:id/redeliver') {
    return { since: '2020-01-01T00:00:00Z', until: '2100-01-01T00:00:00Z' };
  }
  if (url.startsWith('/api/menu/option-groups')) {
    return { name: 'Hijack', min: 0, max: 1, options: [{ name: 'Hijack' }] };
  }
  if (url === '/api/menu/:id/option-groups') return { groupIds: [ids.optionGroup] };
  if (url.startsWith('/api/menu')) {
    return { name: 'Hijack', category: 'food', price: 1, available: true, special: true };
  }
  if (url.endsWith('/void')) return { reason: 'Hijack', quantity: 1 };
  if (url.endsWith('/priority')) return { priority: 'urgent' };
  if (url === '/api/orders/:id/items/:itemId') return { quantity: 1 };
  if (url === '/api/orders/:id/courses/:course/fire') return { from: 'staff' };
  if (url === '/api/courses')
    return { courses: [{ number: 1, name: 'Hijack' }], fireDelayMinutes: 1 };
  if (url.startsWith('/api/tables/:id/respond')) return { type: 'call_waiter' };
  if (url.startsWith('/api/tables/:id/reassign')) {
    return { waiterId: '00000000-0000-4000-8000-000000000000' };
  }
  if (url.startsWith('/api/tables/:id/close')) return { reason: 'Hijack', unpaid: 'void' };
  if (url === '/api/tables/:id/orders' || url === '/api/tabs/:id/orders') {
    return { items: [{ menuItemId: ids.menuItem, quantity: 1 }], guests: 2 };
  }
  if (url === '/api/tables/:id/seat') return { guests: 2 };
  if (url === '/api/tables/:id/move') return { toTableId: ids.table };
  if (url === '/api/tables/:id/split') {
    return { orderIds: ['00000000-0000-4000-8000-000000000000'] };
  }
  if (url.startsWith('/api/tables')) return { number: 77, capacity: 2 };
  if (url.startsWith('/api/tickets')) return { action: 'start' };
  if (url.startsWith('/api/sessions/:id/discounts')) {
    return { kind: 'percent', percent: 50, reasonId: '00000000-0000-4000-8000-000000000000' };
  }
  if (url.startsWith('/api/sessions')) return { method: 'cash' };
  if (url.startsWith('/api/discount-reasons')) return { name: 'Hijack' };
  if (url.endsWith('/discount-limit')) return { maxPercent: 100, maxAmount: null };
  if (url.startsWith('/api/payments/:id/refunds')) return { amount: 1, reason: 'Hijack' };
  if (url.includes('/support/tickets/:id/messages')) return { message: 'Hijack' };
  if (url.includes('/support/tickets/:id/status')) return { status: 'resolved' };
  if (url === '/api/staff/:id/permissions') return { granted: ['open_items', 'comp_items'] };
  if (url.startsWith('/api/staff')) return { name: 'Hijacked', status: 'inactive' };
  if (url.startsWith('/api/reports/schedules')) {
    return {
      report: 'sales',
      format: 'csv',
      frequency: 'daily',
      time: '07:00',
      recipients: ['hijack@example.com'],
      enabled: false,
    };
  }
  return {};
}
