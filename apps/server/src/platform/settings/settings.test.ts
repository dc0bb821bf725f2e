import { randomUUID } from 'node:crypto';
import {
  CANNOT_DEACTIVATE_LAST_TEAM_MEMBER,
  CANNOT_DEACTIVATE_SELF,
  PLATFORM_MAINTENANCE_FOR_GUESTS,
  WS_CLOSE,
  WS_REVOKED,
  authRoutes,
  menuRoutes,
  ordersRoutes,
  platformRoutes,
  tablesRoutes,
  type RouteDef,
  type RouteInput,
} from '@tavola/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, platformEvents, platformSettings, restaurants } from '../../core/db/schema.js';
import { bodyOf, client, type Caller } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { menuItemByName, signInAs } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';

describe.each(BACKENDS)('platform settings and team accounts on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let team: string;
  let teamId: string;
  const sockets: TestSocket[] = [];
  let n = 0;
  const unique = (what: string) => `${what}-${backend}-${++n}`;

  /** Calls with a bearer token, or anonymously (null). */
  const as = (token: string | null): Caller => (token ? client(t.app).as(token) : client(t.app));
  const save = (
    body: RouteInput<typeof platformRoutes.updatePlatformSettings>['body'],
    token = team,
  ) => as(token).call(platformRoutes.updatePlatformSettings, { body });

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000 });
    base = await listen(t.app);
    const login = await loginAs(t.app, 'team1', 'team123');
    team = login.token;
    teamId = login.user.id;
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    // Every test starts from the defaults.
    await t.database.db.delete(platformSettings);
    await save({ maintenanceMode: false });
  });
  afterAll(async () => t?.close());

  it('are the team’s alone: no restaurant role reaches them, full access included', async () => {
    // Sent as written: the refusal comes before the input is read (a password too short here).
    const routes: [RouteDef, { params?: object; body?: unknown }][] = [
      [platformRoutes.getPlatformSettings, {}],
      [platformRoutes.updatePlatformSettings, { body: { maintenanceMode: true } }],
      [platformRoutes.getDeployment, {}],
      [platformRoutes.listTeamMembers, {}],
      [platformRoutes.createTeamMember, { body: { username: 'x-y-z', name: 'X', password: 'x' } }],
      [platformRoutes.deactivateTeamMember, { params: { id: teamId }, body: {} }],
    ];
    for (const role of ['admin', 'manager', 'waiter'] as const) {
      const token = await signInAs(t, role);
      for (const [route, input] of routes) {
        const res = await as(token).send(route, input);
        expect(res.status, `${role} ${route.method} ${route.path}`).toBe(403);
        expect(bodyOf(res.res)?.success).toBe(false);
      }
    }
    for (const [route, input] of routes) {
      expect((await as(null).send(route, input)).status, `${route.method} ${route.path}`).toBe(401);
    }
    // Nothing changed.
    expect((await as(team).call(platformRoutes.getPlatformSettings)).data).toMatchObject({
      maintenanceMode: false,
    });
    expect((await as(team).call(platformRoutes.listTeamMembers)).data).toEqual([
      expect.objectContaining({ username: 'team1', status: 'active' }),
    ]);
  });

  it('refuses a bad brand, colour, logo or trial duration with a clear message', async () => {
    const cases: [object, string][] = [
      [{ primaryColor: 'red' }, 'Primary colour must be a colour like #1d4ed8'],
      [{ primaryColor: '#12345' }, 'Primary colour must be a colour like #1d4ed8'],
      [{ logoUrl: 'http://cdn.example.com/logo.png' }, 'Logo URL must be a full https:// address'],
      [{ logoUrl: 'javascript:alert(1)' }, 'Logo URL must be a full https:// address'],
      [
        { logoUrl: 'https://user:pw@example.com/l.png' },
        'Logo URL must be a full https:// address',
      ],
      [{ brandName: 'Two\nlines' }, 'Brand name must be a single line without < or >'],
      [{ brandName: '<script>' }, 'Brand name must be a single line without < or >'],
      [{ brandName: 'x'.repeat(61) }, 'Brand name must be at most 60 characters'],
      [{ trialDays: 0 }, 'Trial duration must be between 1 and 90 days'],
      [{ trialDays: 3.5 }, 'Trial duration must be a whole number of days'],
      [{ maintenanceMode: 'yes' }, 'Maintenance mode must be true or false'],
    ];
    for (const [payload, error] of cases) {
      const res = await as(team).send(platformRoutes.updatePlatformSettings, { body: payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toEqual({
        success: false,
        error,
        code: 'VALIDATION',
      });
    }
  });

  it('saves the brand, shows it publicly and on the guest page of a restaurant without its own', async () => {
    const teamScreen = await TestSocket.open(`${base}/ws?token=${team}&role=team`);
    sockets.push(teamScreen);
    await teamScreen.waitReady();
    // The guest menu is cached before the change: the change must reach it.
    const before = (await as(null).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } }))
      .data;
    expect(before.restaurant.branding).toEqual({});

    const res = await save({
      brandName: 'FeastOS',
      primaryColor: '#1D4ED8',
      logoUrl: 'https://cdn.example.com/feastos.png',
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      brandName: 'FeastOS',
      primaryColor: '#1d4ed8',
      logoUrl: 'https://cdn.example.com/feastos.png',
      trialDays: 14,
      updatedBy: 'Tavola Platform Team',
    });
    const pub = await as(null).call(platformRoutes.getPublicPlatform);
    expect(pub.status).toBe(200);
    expect(pub.headers['cache-control']).toBe('public, max-age=15');
    expect(pub.data).toEqual({
      brand: {
        brandName: 'FeastOS',
        primaryColor: '#1d4ed8',
        logoUrl: 'https://cdn.example.com/feastos.png',
      },
      maintenanceMode: false,
    });
    // The demo restaurant (Growth Grill) has a brand stored but no white label: the platform's shows.
    const menu = (await as(null).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } }))
      .data;
    expect(menu.restaurant.branding).toEqual({
      brandName: 'FeastOS',
      primaryColor: '#1d4ed8',
      logoUrl: 'https://cdn.example.com/feastos.png',
    });
    // The team heard it; the audit log has it with no restaurant.
    await teamScreen.waitFor((m) => m.some((e) => e.type === 'platform_settings_updated'));
    expect(teamScreen.messages.at(-1)?.data).toEqual({
      changed: ['brandName', 'primaryColor', 'logoUrl'],
      by: 'Tavola Platform Team',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'platform.settings'), isNull(auditLog.restaurantId)));
    expect(entry?.userId).toBe(teamId);
    expect(entry?.details).toMatchObject({
      changes: { brandName: { from: null, to: 'FeastOS' } },
    });

    // '' clears a part; what is left out stays.
    const cleared = await save({ logoUrl: '' });
    expect(cleared.data).toMatchObject({ brandName: 'FeastOS', logoUrl: null });
    // Saving nothing new records nothing.
    const events = await t.database.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.type, 'platform_settings_updated'));
    await save({ brandName: 'FeastOS' });
    expect(
      await t.database.db
        .select()
        .from(platformEvents)
        .where(eq(platformEvents.type, 'platform_settings_updated')),
    ).toHaveLength(events.length);
  });

  it('changes only the parts of the brand an update names', async () => {
    await save({
      brandName: 'FeastOS',
      primaryColor: '#1d4ed8',
      logoUrl: 'https://cdn.example.com/feastos.png',
    });
    const res = await save({ primaryColor: '#7C2D12' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      brandName: 'FeastOS',
      primaryColor: '#7c2d12',
      logoUrl: 'https://cdn.example.com/feastos.png',
    });
    expect((await as(null).call(platformRoutes.getPublicPlatform)).data.brand).toEqual({
      brandName: 'FeastOS',
      primaryColor: '#7c2d12',
      logoUrl: 'https://cdn.example.com/feastos.png',
    });
  });

  it('gives new trials the trial duration it sets; trials already running keep theirs', async () => {
    const first = await as(null).call(platformRoutes.signUp, {
      body: {
        restaurantName: unique('Before'),
        ownerName: 'Olga Owner',
        username: unique('olga'),
        password: 'olga-pass-77',
      },
    });
    expect(first.status).toBe(201);
    const firstEnd = first.data.restaurant.trialEndsAt;
    expect((await save({ trialDays: 30 })).data.trialDays).toBe(30);
    const second = await as(null).call(platformRoutes.signUp, {
      body: {
        restaurantName: unique('After'),
        ownerName: 'Otto Owner',
        username: unique('otto'),
        password: 'otto-pass-77',
      },
    });
    const days = (iso: string) => (new Date(iso).getTime() - Date.now()) / 86_400_000;
    expect(days(second.data.restaurant.trialEndsAt)).toBeCloseTo(30, 1);
    const [kept] = await t.database.db
      .select({ trialEndsAt: restaurants.trialEndsAt })
      .from(restaurants)
      .where(eq(restaurants.id, first.data.restaurant.id));
    expect(kept?.trialEndsAt?.toISOString()).toBe(firstEnd);
    expect(days(firstEnd)).toBeCloseTo(14, 1);
    // The team's onboarding of a Starter Feast restaurant follows it too.
    const onboarded = await as(team).call(platformRoutes.createRestaurant, {
      body: {
        name: unique('Onboarded'),
        currency: 'eur',
        timezone: 'Europe/Rome',
        plan: 'starter',
        admin: { name: 'Ada', username: unique('ada'), password: 'ada-pass-778' },
      },
    });
    expect(days(onboarded.data.restaurant.trialEndsAt as string)).toBeCloseTo(30, 1);
  });

  it('maintenance mode refuses guest orders (409), tells guests, and the team and staff still work', async () => {
    const item = await menuItemByName(t, 'Margherita Pizza');
    const order = () =>
      as(null).call(ordersRoutes.placeOrder, {
        body: {
          token: 'QR-T2',
          items: [{ menuItemId: item.id, quantity: 1 }],
        },
      });
    await as(null).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T2' } });
    expect((await save({ maintenanceMode: true })).data.maintenanceMode).toBe(true);

    const refused = await order();
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: PLATFORM_MAINTENANCE_FOR_GUESTS,
      code: 'CONFLICT',
    });
    const menu = (await as(null).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T2' } }))
      .data;
    expect(menu.restaurant.orderingPaused).toBe(PLATFORM_MAINTENANCE_FOR_GUESTS);
    expect((await as(null).call(platformRoutes.getPublicPlatform)).data.maintenanceMode).toBe(true);
    // Staff and the team keep working.
    const manager = await signInAs(t, 'manager');
    expect((await as(manager).call(tablesRoutes.listTables)).status).toBe(200);
    expect((await as(team).call(platformRoutes.getPlatformOverview)).status).toBe(200);

    await save({ maintenanceMode: false });
    expect((await order()).status).toBe(201);
    expect(
      (await as(null).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T2' } })).data.restaurant
        .orderingPaused,
    ).toBeNull();
  });

  it('says what the deployment really has', async () => {
    const res = await as(team).call(platformRoutes.getDeployment);
    expect(res.status).toBe(200);
    const data = res.data;
    expect(data).toMatchObject({
      fanOut: 'in-process',
      database: { kind: backend },
      jobs: 'inline',
      instance: { pid: process.pid, nodeVersion: process.version },
    });
    expect(data.database.version).toMatch(/^\d+/);
    expect(data.instances).toEqual([expect.objectContaining({ id: data.instance.id })]);
    expect(data.instance.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  describe('team accounts', () => {
    it('adds a member who signs in to the console; refuses taken usernames and weak passwords', async () => {
      const username = unique('tina');
      const res = await as(team).call(platformRoutes.createTeamMember, {
        body: {
          username,
          name: 'Tina Team',
          password: 'tina-pass-2025',
        },
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ username, name: 'Tina Team', status: 'active' });
      const login = await loginAs(t.app, username, 'tina-pass-2025');
      expect(login.user).toMatchObject({ role: 'team', restaurant_id: null });
      expect((await as(login.token).call(platformRoutes.getPlatformOverview)).status).toBe(200);

      const taken = await as(team).call(platformRoutes.createTeamMember, {
        body: {
          username: 'ADMIN1',
          name: 'X',
          password: 'another-pass-1',
        },
      });
      expect(taken.status).toBe(409);
      expect(taken.error).toBe('The username "ADMIN1" is already taken. Choose another one.');
      const weak = await as(team).call(platformRoutes.createTeamMember, {
        body: {
          username: unique('weak'),
          name: 'Weak',
          password: 'qwerty123',
        },
      });
      expect(weak.status).toBe(400);
      expect(weak.error).toMatch(/most common passwords/);
    });

    it('deactivates a member: their sessions and screens end at once; never oneself', async () => {
      const username = unique('dora');
      const created = (
        await as(team).call(platformRoutes.createTeamMember, {
          body: {
            username,
            name: 'Dora',
            password: 'dora-pass-2025',
          },
        })
      ).data;
      const dora = await loginAs(t.app, username, 'dora-pass-2025');
      const screen = await TestSocket.open(`${base}/ws?token=${dora.token}&role=team`);
      sockets.push(screen);
      await screen.waitReady();

      const res = await as(team).call(platformRoutes.deactivateTeamMember, {
        params: { id: created.id },
      });
      expect(res.status).toBe(200);
      expect(res.data.status).toBe('inactive');
      await screen.waitClosed();
      expect(screen.closeCode).toBe(WS_CLOSE.unauthorized);
      expect(screen.closeReason).toBe(WS_REVOKED.deactivated);
      expect((await as(dora.token).call(platformRoutes.getPlatformOverview)).status).toBe(401);
      expect(
        (await as(null).call(authRoutes.login, { body: { username, password: 'dora-pass-2025' } }))
          .status,
      ).toBe(403);
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'team.member_deactivated'));
      expect(audit.some((a) => a.entityId === created.id && a.userId === teamId)).toBe(true);

      const self = await as(team).call(platformRoutes.deactivateTeamMember, {
        params: { id: teamId },
      });
      expect(self.status).toBe(409);
      expect(self.error).toBe(CANNOT_DEACTIVATE_SELF);
      const unknown = await as(team).call(platformRoutes.deactivateTeamMember, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(404);
      // A restaurant's account is not a team member.
      const waiter = (await as(await signInAs(t, 'waiter')).call(authRoutes.getProfile)).data.id;
      expect(
        (
          await as(team).call(platformRoutes.deactivateTeamMember, {
            params: { id: waiter },
          })
        ).status,
      ).toBe(404);
    });

    it('never leaves the platform without an active team member, even when two deactivate each other at once', async () => {
      const username = unique('pair');
      const other = (
        await as(team).call(platformRoutes.createTeamMember, {
          body: {
            username,
            name: 'Pat Pair',
            password: 'pair-pass-2025',
          },
        })
      ).data;
      // Every other team member is deactivated first: team1 and Pat are the only active ones.
      for (const member of (await as(team).call(platformRoutes.listTeamMembers)).data) {
        if (member.id !== teamId && member.id !== other.id && member.status === 'active') {
          await as(team).call(platformRoutes.deactivateTeamMember, {
            params: { id: member.id },
          });
        }
      }
      const pat = (await loginAs(t.app, username, 'pair-pass-2025')).token;
      const results = await Promise.all([
        as(team).call(platformRoutes.deactivateTeamMember, { params: { id: other.id } }),
        as(pat).call(platformRoutes.deactivateTeamMember, { params: { id: teamId } }),
      ]);
      const codes = results.map((r) => r.status).sort();
      expect(codes[0]).toBe(200);
      // The other is refused: as the last active member, or because it was signed out first.
      expect([401, 409]).toContain(codes[1]);
      const refused = results.find((r) => r.status === 409);
      if (refused) expect(refused.error).toBe(CANNOT_DEACTIVATE_LAST_TEAM_MEMBER);
      const active = (await t.database.execute(
        "select count(*)::int as n from users where role = 'team' and status <> 'inactive'",
      )) as { rows: { n: number }[] };
      expect(active.rows[0]?.n).toBe(1);
      // Whoever is left is restored for the tests after this one.
      await t.database.execute("update users set status = 'active' where username = 'team1'");
      team = (await loginAs(t.app, 'team1', 'team123')).token;
    });
  });
});

/** Two instances sharing Redis see each other; one that stops drops out of the list at once. */
describe.skipIf(!process.env.REDIS_URL)('the deployment with Redis fan-out', () => {
  let a: TestApp;
  let b: TestApp;
  let bClosed = false;
  beforeAll(async () => {
    // One deployment: the instances share its Redis prefix (each test app has its own database).
    const config = {
      redisUrl: process.env.REDIS_URL,
      redisKeyPrefix: `tavola-test-${randomUUID()}:`,
    };
    [a, b] = await Promise.all([createTestApp('pglite', config), createTestApp('pglite', config)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), bClosed ? undefined : b?.close()]);
  });

  it('counts the instances connected through Redis', async () => {
    const token = (await loginAs(a.app, 'team1', 'team123')).token;
    const deployment = async () =>
      (await client(a.app).as(token).call(platformRoutes.getDeployment)).data;
    const data = await deployment();
    expect(data.fanOut).toBe('redis');
    const ids = data.instances.map((i: { id: string }) => i.id);
    // Other test runs may share this Redis: both of ours are there, whatever else is.
    expect(ids).toEqual(expect.arrayContaining([a.app.bus.self.id, b.app.bus.self.id]));
    expect(data.instance.id).toBe(a.app.bus.self.id);
    expect(data.instances.find((i: { id: string }) => i.id === b.app.bus.self.id)).toMatchObject({
      pid: process.pid,
      lastSeenAt: expect.any(String),
    });
    await b.close();
    bClosed = true;
    const after = (await deployment()).instances.map((i: { id: string }) => i.id);
    expect(after).toContain(a.app.bus.self.id);
    expect(after).not.toContain(b.app.bus.self.id);
  });
});
