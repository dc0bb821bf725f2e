import {
  authRoutes,
  menuRoutes,
  ordersRoutes,
  platformRoutes,
  restaurantAccountRoutes,
  RESTAURANT_UNAVAILABLE_FOR_GUESTS,
  tablesRoutes,
  staffRoutes,
  WS_CLOSE,
  WS_REVOKED,
  type RestaurantCreateInput,
  type SignupInput,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  menuItems,
  platformEvents,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { guestOrder, signInAs } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(BACKENDS)('the platform console on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let team: string;
  let teamId: string;
  const sockets: TestSocket[] = [];
  let n = 0;
  /** Names no other test in this file uses. */
  const unique = (what: string) => `${what}-${backend}-${++n}`;

  let api: Client;

  /** A valid new restaurant, with what a test changes (its literals kept, to type the call). */
  const newRestaurant = <const O extends object = object>(overrides: O = {} as O) => {
    const defaults = {
      name: unique('Trattoria'),
      currency: 'eur',
      timezone: 'Europe/Rome',
      plan: 'growth',
      admin: { name: 'Anna Admin', username: unique('anna'), password: 'anna-pass-1' },
    } as const;
    return { ...defaults, ...overrides } as Omit<typeof defaults, keyof O> & O;
  };
  const createRestaurant = (body: RestaurantCreateInput) =>
    api.as(team).call(platformRoutes.createRestaurant, { body });

  const open = async (query: string) => {
    const socket = await TestSocket.open(`${base}/ws?${query}`);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000 });
    api = client(t.app);
    base = await listen(t.app);
    const login = await loginAs(t.app, 'team1', 'team123');
    team = login.token;
    teamId = login.user.id;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => t?.close());

  describe('onboarding by the team', () => {
    it('creates an empty, working restaurant whose admin signs in and builds it up', async () => {
      const input = newRestaurant({ timezone: 'america/new_york', currency: 'usd' });
      const res = await createRestaurant(input);
      expect(res.status).toBe(201);
      const { restaurant, adminUsername } = res.data;
      expect(adminUsername).toBe(input.admin.username);
      expect(restaurant).toMatchObject({
        name: input.name,
        status: 'active',
        plan: 'growth',
        subscription: 'monthly',
        currency: 'usd',
        // Stored in its canonical spelling.
        timezone: 'America/New_York',
        admin: { name: 'Anna Admin', username: input.admin.username },
        tablesCount: 0,
        // The admin is not a staff account (the plan's rule).
        staffCount: 0,
        monthlyRevenue: 0,
        trialEndsAt: null,
      });

      // The admin signs in and finds the restaurant empty.
      const admin = (await loginAs(t.app, input.admin.username, 'anna-pass-1')).token;
      const lists = [
        [
          '/api/menu?limit=500',
          await api.as(admin).call(menuRoutes.listMenu, { query: { limit: 500 } }),
        ],
        ['/api/tables', await api.as(admin).call(tablesRoutes.listTables)],
      ] as const;
      for (const [url, list] of lists) {
        expect(list.status, url).toBe(200);
        expect(list.data).toEqual([]);
      }
      // The admin creates a manager, who creates a waiter, a table and a menu item.
      const manager = await api.as(admin).call(staffRoutes.createStaff, {
        body: {
          name: 'Marco Manager',
          username: unique('marco'),
          password: 'marco-pass-1',
          role: 'manager',
        },
      });
      expect(manager.status).toBe(201);
      const managerToken = (await loginAs(t.app, manager.data.username, 'marco-pass-1')).token;
      expect(
        (
          await api.as(managerToken).call(staffRoutes.createStaff, {
            body: {
              name: 'Wendy Waiter',
              username: unique('wendy'),
              password: 'wendy-pass-1',
              role: 'waiter',
            },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api
            .as(managerToken)
            .call(tablesRoutes.createTable, { body: { number: 1, capacity: 4 } })
        ).status,
      ).toBe(201);
      expect(
        (
          await api.as(managerToken).call(menuRoutes.createMenuItem, {
            body: {
              name: 'Bruschetta',
              category: 'food',
              price: 6.5,
              available: true,
              special: false,
            },
          })
        ).status,
      ).toBe(201);
      const after = await api
        .as(team)
        .call(platformRoutes.getRestaurant, { params: { id: restaurant.id } });
      expect(after.data).toMatchObject({ tablesCount: 1, staffCount: 2 });
      // The team's figure and the admin's plan card count staff accounts the same way, a
      // deactivated account left out of both.
      const wendy = (await api.as(admin).call(staffRoutes.listStaff)).data.find(
        (s) => s.role === 'waiter',
      )!;
      expect(
        (
          await api.as(admin).call(staffRoutes.updateStaff, {
            params: { id: wendy.id },
            body: { status: 'inactive' },
          })
        ).status,
      ).toBe(200);
      const plan = (await api.as(admin).call(restaurantAccountRoutes.getRestaurantPlan)).data;
      const listed = (
        await api.as(team).call(platformRoutes.getRestaurant, { params: { id: restaurant.id } })
      ).data;
      expect(plan.usage.staff).toBe(1);
      expect(listed.staffCount).toBe(plan.usage.staff);
    });

    it('starts a Starter Feast restaurant on its trial, ending after the plan’s trial days', async () => {
      const res = await createRestaurant(newRestaurant({ plan: 'starter' }));
      expect(res.status).toBe(201);
      const { restaurant } = res.data;
      expect(restaurant).toMatchObject({ status: 'trial', plan: 'starter', subscription: 'trial' });
      const days = (Date.parse(restaurant.trialEndsAt!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
    });

    it('audits the creation under the team member, and tells the team', async () => {
      const input = newRestaurant();
      const created = (await createRestaurant(input)).data;
      const id = created.restaurant.id;
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.restaurantId, id));
      expect(entries.map((e) => [e.action, e.userId])).toEqual(
        expect.arrayContaining([
          ['restaurant.created', teamId],
          ['staff.created', teamId],
        ]),
      );
      const [event] = await t.database.db
        .select()
        .from(platformEvents)
        .where(eq(platformEvents.restaurantId, id));
      expect(event).toMatchObject({
        type: 'restaurant_created',
        userId: teamId,
        data: { restaurantId: id, name: input.name, plan: 'growth', by: 'Tavola Platform Team' },
      });
    });

    it('refuses a username taken anywhere on the platform, whatever its case, with 409', async () => {
      const res = await createRestaurant(
        newRestaurant({ admin: { name: 'X', username: 'Waiter1', password: 'long-enough-1' } }),
      );
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        error: 'The username "Waiter1" is already taken. Choose another one.',
        code: 'CONFLICT',
      });
    });

    it('refuses a slug already in use with 409, and nothing is half created', async () => {
      const first = newRestaurant();
      expect((await createRestaurant(first)).status).toBe(201);
      const again = newRestaurant({ name: first.name.toUpperCase() });
      const res = await createRestaurant(again);
      expect(res.status).toBe(409);
      expect(res.error).toMatch(/already uses the address name/);
      const orphan = await t.database.db
        .select()
        .from(users)
        .where(eq(users.username, again.admin.username));
      expect(orphan).toEqual([]);
    });

    it('lets only one of two parallel requests for one username through', async () => {
      const username = unique('race');
      const results = await Promise.all(
        [1, 2].map(() =>
          createRestaurant(
            newRestaurant({ admin: { name: 'R', username, password: 'race-pass-1' } }),
          ),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.error).toMatch(/already taken/);
      const rows = await t.database.db.select().from(users).where(eq(users.username, username));
      expect(rows).toHaveLength(1);
    });

    it('answers bad input with 400 and the reason', async () => {
      const cases: [object, RegExp][] = [
        [newRestaurant({ timezone: 'Mars/Olympus_Mons' }), /Unknown time zone/],
        [newRestaurant({ plan: 'platinum' }), /Plan must be/],
        [newRestaurant({ currency: 'gbp' }), /Currency must be/],
        [newRestaurant({ name: '   ' }), /Restaurant name is required/],
        [newRestaurant({ admin: undefined }), /first admin/],
        [
          newRestaurant({ admin: { name: 'A', username: unique('short'), password: 'short' } }),
          /at least 8 characters/,
        ],
        [
          newRestaurant({ admin: { name: 'A', username: 'has space', password: 'long-enough' } }),
          /Username may use/,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await api.as(team).send(platformRoutes.createRestaurant, { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body?.success).toBe(false);
        expect(res.error).toMatch(message);
      }
    });
  });

  describe('the Restaurants tab and the Overview', () => {
    it('lists tenants with their figures, searches by name, slug or admin, and filters by status', async () => {
      const input = newRestaurant({ name: unique('Searchable Osteria') });
      const id = (await createRestaurant(input)).data.restaurant.id;
      const all = (await api.as(team).call(platformRoutes.listRestaurants)).data;
      expect(all.total).toBe(all.restaurants.length);
      const demo = all.restaurants.find((r) => r.isDemo);
      expect(demo).toMatchObject({ name: 'Tavola Demo Bistro', tablesCount: 12 });

      for (const search of ['searchable osteria', input.admin.username.toUpperCase()]) {
        const found = (
          await api.as(team).call(platformRoutes.listRestaurants, { query: { search } })
        ).data;
        expect(found.restaurants.map((r) => r.id)).toEqual([id]);
      }
      // A wildcard typed in the box is a character, not "anything".
      const percent = (
        await api.as(team).call(platformRoutes.listRestaurants, { query: { search: '%' } })
      ).data;
      expect(percent.restaurants).toEqual([]);

      const trials = (
        await api.as(team).call(platformRoutes.listRestaurants, { query: { status: 'trial' } })
      ).data;
      expect(trials.restaurants.every((r) => r.status === 'trial')).toBe(true);
      const bad = await api
        .as(team)
        .send(platformRoutes.listRestaurants, { query: { status: 'closed' } });
      expect(bad.status).toBe(400);
    });

    it("counts restaurants by status, trials ending within 7 days and today's orders", async () => {
      const before = (await api.as(team).call(platformRoutes.getPlatformOverview)).data;
      const starter = (await createRestaurant(newRestaurant({ plan: 'starter' }))).data.restaurant;
      await t.database.db
        .update(restaurants)
        .set({ trialEndsAt: new Date(Date.now() + 3 * 86_400_000) })
        .where(eq(restaurants.id, starter.id));
      const menu = (await api.guest('QR-T1').call(menuRoutes.getPublicMenu)).data.menu;
      const placed = await api.guest('QR-T1').call(ordersRoutes.placeOrder, {
        body: { items: [{ menuItemId: menu.food![0]!.id, quantity: 1 }] },
      });
      expect(placed.status).toBe(201);
      const after = (await api.as(team).call(platformRoutes.getPlatformOverview)).data;
      expect(after.restaurants.total).toBe(before.restaurants.total + 1);
      expect(after.restaurants.trial).toBe(before.restaurants.trial + 1);
      expect(after.trialsEndingIn7Days).toBe(before.trialsEndingIn7Days + 1);
      expect(after.ordersToday).toBe(before.ordersToday + 1);
    });
  });

  describe('suspension and activation', () => {
    it('ends staff and guest sockets at once, refuses sign-ins, tokens and table codes, and activation restores them', async () => {
      const input = newRestaurant();
      const id = (await createRestaurant(input)).data.restaurant.id;
      const admin = (await loginAs(t.app, input.admin.username, 'anna-pass-1')).token;
      expect(
        (await api.as(admin).call(tablesRoutes.createTable, { body: { number: 7, capacity: 2 } }))
          .status,
      ).toBe(201);
      const [table] = await t.database.db.select().from(tables).where(eq(tables.restaurantId, id));
      const guestMenu = () => api.guest(table!.qrToken).call(menuRoutes.getPublicMenu);
      // The guest's menu is read (and cached) before the suspension.
      expect((await guestMenu()).status).toBe(200);

      const staff = await open(`token=${admin}`);
      const guest = await open(`tableToken=${table!.qrToken}`);
      const teamScreen = await open(`token=${team}`);
      await Promise.all([staff.waitReady(), guest.waitReady(), teamScreen.waitReady()]);
      // Another restaurant's screen stays open.
      const demoWaiter = await open(`token=${await signInAs(t, 'waiter')}`);
      await demoWaiter.waitReady();

      const suspended = await api.as(team).call(platformRoutes.suspendRestaurant, {
        params: { id },
        body: { reason: 'Unpaid invoice' },
      });
      expect(suspended.status).toBe(200);
      expect(suspended.data.status).toBe('suspended');

      await staff.waitClosed();
      expect(staff.closeCode).toBe(WS_CLOSE.forbidden);
      expect(staff.closeReason).toBe(WS_REVOKED.suspended);
      // The guest's page stays connected and is told: it reloads its menu (refused, below).
      await guest.waitFor((m) =>
        m.some((e) => e.type === 'menu_updated' && e.data.action === 'restaurant_suspended'),
      );
      expect(await demoWaiter.stillOpen()).toBe(true);
      await teamScreen.waitFor((m) => m.some((e) => e.type === 'restaurant_suspended'));
      expect(teamScreen.messages.at(-1)).toMatchObject({
        type: 'restaurant_suspended',
        data: {
          restaurantId: id,
          name: input.name,
          reason: 'Unpaid invoice',
          by: 'Tavola Platform Team',
        },
      });

      // The admin's token, a new sign-in, the guest's code: all refused, with the spec's words.
      expect((await api.as(admin).call(tablesRoutes.listTables)).status).toBe(401);
      const login = await api.call(authRoutes.login, {
        body: { username: input.admin.username, password: 'anna-pass-1' },
      });
      expect(login.status).toBe(403);
      expect(login.error).toBe('This restaurant is suspended. Contact Tavola support.');
      const menu = await guestMenu();
      expect(menu.status).toBe(403);
      expect(menu.body).toEqual({
        success: false,
        error: RESTAURANT_UNAVAILABLE_FOR_GUESTS,
        code: 'RESTAURANT_UNAVAILABLE_FOR_GUESTS',
      });
      // A staff screen cannot connect; a guest's page may, to hear the reactivation.
      const refused = await open(`token=${admin}`);
      await refused.waitClosed();
      expect(refused.closeCode).toBe(WS_CLOSE.unauthorized);

      // Suspending twice is a conflict.
      const twice = await api.as(team).call(platformRoutes.suspendRestaurant, {
        params: { id },
        body: { reason: 'Again' },
      });
      expect(twice.status).toBe(409);

      const activated = await api.as(team).call(platformRoutes.activateRestaurant, {
        params: { id },
        body: { reason: 'Invoice paid' },
      });
      expect(activated.status).toBe(200);
      expect(activated.data.status).toBe('active');
      expect((await api.as(admin).call(tablesRoutes.listTables)).status).toBe(200);
      expect((await guestMenu()).status).toBe(200);
      expect((await loginAs(t.app, input.admin.username, 'anna-pass-1')).token).toBeTruthy();
      const back = await open(`tableToken=${table!.qrToken}`);
      await back.waitReady();
      await teamScreen.waitFor((m) => m.some((e) => e.type === 'restaurant_activated'));

      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.restaurantId, id), eq(auditLog.entityType, 'restaurant')));
      expect(
        audit
          .filter((a) => a.action !== 'restaurant.created')
          .map((a) => [a.action, a.userId, a.details]),
      ).toEqual([
        [
          'restaurant.suspended',
          teamId,
          { from: 'active', status: 'suspended', reason: 'Unpaid invoice' },
        ],
        [
          'restaurant.activated',
          teamId,
          { from: 'suspended', status: 'active', reason: 'Invoice paid' },
        ],
      ]);
    });

    it('puts a trial restaurant back on its trial when activated', async () => {
      const id = (await createRestaurant(newRestaurant({ plan: 'starter' }))).data.restaurant.id;
      await api.as(team).call(platformRoutes.suspendRestaurant, {
        params: { id },
        body: { reason: 'Abuse report' },
      });
      const res = await api.as(team).call(platformRoutes.activateRestaurant, {
        params: { id },
        body: { reason: 'Checked, fine' },
      });
      expect(res.data.status).toBe('trial');
    });

    it('asks for a reason, knows the restaurant, and refuses activating one not suspended', async () => {
      const id = (await createRestaurant(newRestaurant())).data.restaurant.id;
      const noReason = await api
        .as(team)
        .send(platformRoutes.suspendRestaurant, { params: { id }, body: {} });
      expect(noReason.status).toBe(400);
      expect(noReason.error).toMatch(/reason is required/i);
      const unknown = await api.as(team).call(platformRoutes.suspendRestaurant, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
        body: { reason: 'Nobody' },
      });
      expect(unknown.status).toBe(404);
      const notSuspended = await api.as(team).call(platformRoutes.activateRestaurant, {
        params: { id },
        body: { reason: 'Nothing to do' },
      });
      expect(notSuspended.status).toBe(409);
      expect(notSuspended.error).toMatch(/is not suspended/);
    });
  });

  describe("the team's socket", () => {
    it('connects without a restaurant and hears platform events only; restaurants never hear them', async () => {
      const teamScreen = await open(`token=${team}&role=team`);
      await teamScreen.waitReady();
      const manager = await open(`token=${await signInAs(t, 'admin')}`);
      await manager.waitReady();
      const input = newRestaurant();
      await createRestaurant(input);
      await teamScreen.waitFor((m) => m.some((e) => e.type === 'restaurant_created'));
      // A restaurant's own events are not the team's.
      await api.as(await signInAs(t, 'manager')).call(tablesRoutes.createTable, {
        body: { number: 200 + n, capacity: 2 },
      });
      await manager.waitFor((m) => m.some((e) => e.type === 'table_updated'));
      await teamScreen.fence();
      await manager.fence();
      expect(teamScreen.messages.map((m) => m.type)).toEqual(['restaurant_created']);
      expect(manager.messages.some((m) => m.type.startsWith('restaurant_'))).toBe(false);
    });

    it("hears that the console's figures changed when a restaurant takes an order or changes its staff, without its events", async () => {
      const teamScreen = await open(`token=${team}`);
      await teamScreen.waitReady();
      const overview = async () =>
        (await api.as(team).call(platformRoutes.getPlatformOverview)).data;
      const tenant = async () =>
        (await api.as(team).call(platformRoutes.getRestaurant, { params: { id: t.restaurantId } }))
          .data;
      const { ordersToday } = await overview();
      const { staffCount } = await tenant();

      expect((await guestOrder(t, 'QR-T7', [['Classic Burger', 1]])).statusCode).toBe(201);
      await teamScreen.waitForFigures(1);
      expect((await overview()).ordersToday).toBe(ordersToday + 1);

      const created = await api.as(await signInAs(t, 'admin')).call(staffRoutes.createStaff, {
        body: {
          name: 'Walter Waiter',
          username: unique('walter'),
          password: 'walter-pass-1',
          role: 'waiter',
        },
      });
      expect(created.status, created.res.body).toBe(201);
      await teamScreen.waitForFigures(2);
      expect((await tenant()).staffCount).toBe(staffCount + 1);
      // A figure changed, never a restaurant's event: the team hears none of those.
      await teamScreen.fence();
      expect(teamScreen.messages).toEqual([]);
    });

    it('resumes after the last platform event it saw', async () => {
      const first = await open(`token=${team}`);
      await first.waitReady();
      await createRestaurant(newRestaurant());
      await first.waitFor((m) => m.length === 1);
      const seen = first.messages[0]!.seq;
      first.close();
      const missed = newRestaurant();
      await createRestaurant(missed);
      const again = await open(`token=${team}&lastSeq=${seen}`);
      await again.waitReady();
      expect(again.messages.map((m) => [m.type, m.data.name])).toEqual([
        ['restaurant_created', missed.name],
      ]);
    });

    it('refuses a team socket that claims another role', async () => {
      const claim = await open(`token=${team}&role=admin`);
      await claim.waitClosed();
      expect(claim.closeCode).toBe(WS_CLOSE.forbidden);
    });

    it('lists the latest platform events, newest first', async () => {
      const res = await api
        .as(team)
        .call(platformRoutes.listPlatformEvents, { query: { limit: 2 } });
      expect(res.status).toBe(200);
      const list = res.data;
      expect(list).toHaveLength(2);
      expect(list[0]!.seq).toBeGreaterThan(list[1]!.seq);
    });
  });
});

describe('platform routes and the team role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('refuse every restaurant role, full_access included, and an anonymous caller', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/platform/'));
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const before = await t.database.db.select().from(restaurants);
    for (const role of ['waiter', 'kitchen', 'bar', 'manager', 'admin'] as const) {
      const token = await signInAs(t, role);
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as Method,
          url: route.url.replace(':id', t.restaurantId),
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'POST'
            ? { payload: { reason: 'Trying', name: 'Mine', plan: 'starter' } }
            : {}),
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    }
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as Method,
        url: route.url.replace(':id', t.restaurantId),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await t.database.db.select().from(restaurants)).toEqual(before);
  });

  it("keep the team out of restaurants' own routes (their guests' data)", async () => {
    const token = await signInAs(t, 'team');
    for (const url of ['/api/tables', '/api/orders/history', '/api/staff', '/api/menu']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('self-serve sign-up', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: { login: 1000, public: 1000, wsConnect: 1000, signup: 7 },
    });
    api = client(t.app);
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  let api: Client;
  const signup = (body: SignupInput) => api.call(platformRoutes.signUp, { body });

  it('creates a Starter Feast trial with the owner as admin and a sample menu, and signs the owner in', async () => {
    const teamScreen = await TestSocket.open(
      `${base}/ws?token=${(await loginAs(t.app, 'team1', 'team123')).token}`,
    );
    await teamScreen.waitReady();
    const res = await signup({
      restaurantName: 'Casa Nuova',
      ownerName: 'Olivia Owner',
      username: 'olivia',
      password: 'olivia-pass-1',
      timezone: 'Europe/Lisbon',
    });
    expect(res.status).toBe(201);
    const data = res.data;
    expect(data.user).toMatchObject({ username: 'olivia', role: 'admin', name: 'Olivia Owner' });
    expect(data.restaurant.name).toBe('Casa Nuova');
    const [row] = await t.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, data.restaurant.id));
    expect(row).toMatchObject({
      plan: 'starter',
      status: 'trial',
      slug: 'casa-nuova',
      timezone: 'Europe/Lisbon',
    });
    const days = (row!.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    const items = await t.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, row!.id));
    expect(items.length).toBeGreaterThanOrEqual(3);
    // Signed in: the token works at once.
    const tables = await api.as(data.token).call(menuRoutes.listMenu, { query: { limit: 500 } });
    expect(tables.status).toBe(200);
    expect(tables.data).toHaveLength(items.length);
    await teamScreen.waitFor((m) => m.some((e) => e.type === 'restaurant_signed_up'));
    expect(teamScreen.messages[0]).toMatchObject({
      data: { name: 'Casa Nuova', owner: 'Olivia Owner', plan: 'starter' },
    });
    teamScreen.close();
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, row!.id), eq(auditLog.action, 'restaurant.signed_up')));
    expect(audit?.details).toMatchObject({ owner: 'olivia', sampleMenu: true });
  });

  it('can start with an empty menu', async () => {
    const res = await signup({
      restaurantName: 'Blank Slate',
      ownerName: 'B',
      username: 'blank-owner',
      password: 'blank-pass-1',
      sampleMenu: false,
    });
    expect(res.status).toBe(201);
    const items = await t.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, res.data.restaurant.id));
    expect(items).toEqual([]);
  });

  it('refuses a taken username and a taken restaurant name with clear messages', async () => {
    const taken = await signup({
      restaurantName: 'Another Place',
      ownerName: 'O',
      username: 'OLIVIA',
      password: 'olivia-pass-2',
    });
    expect(taken.status).toBe(409);
    // The same words as a reserved name or one used by another restaurant, with a free one.
    expect(taken.error).toBe(
      'The username "OLIVIA" is not available. Choose another one, such as "olivia.another-place".',
    );
    const sameName = await signup({
      restaurantName: 'Casa  Nuova!',
      ownerName: 'O',
      username: 'someone-else',
      password: 'someone-pass-1',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.error).toMatch(/Another restaurant already uses the address name "casa-nuova"/);
    const bad = await api.send(platformRoutes.signUp, {
      body: {
        restaurantName: 'X Y',
        ownerName: '',
        username: 'ab',
        password: '1',
      },
    });
    expect(bad.status).toBe(400);
  });

  it('is rate limited per address: attempts beyond the limit get 429', async () => {
    // Five attempts so far in this block (refused ones count too); the limit is 7 an hour.
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(
        await signup({
          restaurantName: `Limit ${i}`,
          ownerName: 'L',
          username: `limit-${i}`,
          password: 'limit-pass-1',
        }),
      );
    }
    expect(results.map((r) => r.status)).toEqual([201, 201, 429]);
    expect(results[2]!.body).toEqual({
      success: false,
      error: 'Too many sign-ups from this address. Try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    const [refused] = await t.database.db.select().from(users).where(eq(users.username, 'limit-2'));
    expect(refused).toBeUndefined();
  });
});
