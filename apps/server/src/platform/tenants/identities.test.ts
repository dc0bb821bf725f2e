import {
  authRoutes,
  DEFAULT_RESERVED_NAMES,
  platformRoutes,
  restaurantNameReserved,
  staffRoutes,
  usernameUnavailable,
  type SignupInput,
} from '@tavola/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restaurants, users } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)('identities on %s', (backend) => {
  let t: TestApp;
  let team: string;
  let n = 0;
  const unique = (what: string) => `${what}-${++n}`;

  let api: Client;
  const signup = (body: Partial<SignupInput>) =>
    api.call(platformRoutes.signUp, {
      body: {
        restaurantName: unique('Casa Prova'),
        ownerName: 'Olivia Owner',
        username: unique('olivia'),
        password: 'olive-grove-at-noon',
        ...body,
      },
    });
  const newStaff = (token: string, username: string) =>
    api.as(token).call(staffRoutes.createStaff, {
      body: { name: 'Maria', username, password: 'maria-secret-77', role: 'waiter' },
    });
  const userCount = async (usernames: string[]) =>
    (await t.database.db.select().from(users).where(inArray(users.username, usernames))).length;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      rateLimits: { login: 1000, public: 1000, wsConnect: 1000, signup: 1000 },
    });
    api = client(t.app);
    team = (await loginAs(t.app, 'team1', 'team123')).token;
  });
  afterAll(async () => t?.close());

  describe('sign-up refuses look-alikes of the platform, its team and its demo', () => {
    it.each(['admin', 'Support', 'tavola', 'TAV0LA', 'adm1n', 'tavola_support', 'Postmaster'])(
      'the username %s',
      async (username) => {
        const res = await signup({ username });
        expect(res.status).toBe(409);
        expect(res.error).toMatch(
          new RegExp(`^The username "${username}" is not available\\. Choose another one`),
        );
        expect(await userCount([username])).toBe(0);
      },
    );

    it.each(['Tavola Demo Bistro', 'tavola – demo  bistro.', 'Tavola Support', 'Tav0la Supp0rt'])(
      'the restaurant name %s',
      async (restaurantName) => {
        const res = await signup({ restaurantName });
        expect(res.status).toBe(409);
        expect(res.error).toBe(restaurantNameReserved(restaurantName.trim()));
        const named = await t.database.db
          .select()
          .from(restaurants)
          .where(and(eq(restaurants.name, restaurantName), eq(restaurants.isDemo, false)));
        expect(named).toEqual([]);
      },
    );

    it("the white label's name, alone or as its support, once the team sets it", async () => {
      const brand = await api
        .as(team)
        .call(platformRoutes.updatePlatformSettings, { body: { brandName: 'Mangia Cloud' } });
      expect(brand.status).toBe(200);
      try {
        expect((await signup({ username: 'mangia.cloud' })).status).toBe(409);
        const support = await signup({ restaurantName: 'Mangia Cloud Support' });
        expect(support.status).toBe(409);
        expect(support.error).toBe(restaurantNameReserved('Mangia Cloud Support'));
      } finally {
        await api
          .as(team)
          .call(platformRoutes.updatePlatformSettings, { body: { brandName: null } });
      }
    });

    it('still lets real restaurants and owners in', async () => {
      const res = await signup({ restaurantName: 'Tavola Calda Rossi', username: 'admin-rossi' });
      expect(res.status).toBe(201);
    });
  });

  describe("the team's list of reserved names", () => {
    it('shows the defaults, replaces them, is audited, and goes back to the defaults', async () => {
      const before = await api.as(team).call(platformRoutes.getPlatformSettings);
      expect(before.data.reservedNames).toEqual(DEFAULT_RESERVED_NAMES);

      const saved = await api.as(team).call(platformRoutes.updatePlatformSettings, {
        body: {
          reservedNames: ['Chef Luigi', 'support'],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.data.reservedNames).toEqual(['Chef Luigi', 'support']);
      try {
        // The team's own name, in a look-alike spelling.
        expect((await signup({ username: 'chef_1uigi' })).status).toBe(409);
        expect((await signup({ restaurantName: 'CHEF LUIGI' })).status).toBe(409);
        // A default the team took off the list is free again; the product's name never is.
        expect((await signup({ username: 'postmaster' })).status).toBe(201);
        expect((await signup({ username: 'tavola' })).status).toBe(409);
        const audits = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'platform.settings'), eq(auditLog.entityId, 'settings')));
        expect(audits.map((a) => JSON.stringify(a.details)).join()).toContain('Chef Luigi');
      } finally {
        const reset = await api
          .as(team)
          .call(platformRoutes.updatePlatformSettings, { body: { reservedNames: null } });
        expect(reset.data.reservedNames).toEqual(DEFAULT_RESERVED_NAMES);
      }
    });

    it('refuses an empty name and keeps restaurants out', async () => {
      const empty = await api.as(team).send(platformRoutes.updatePlatformSettings, {
        body: { reservedNames: ['ok', ' '] },
      });
      expect(empty.status).toBe(400);
      expect(empty.error).toBe('A reserved name cannot be empty');
      const admin = await signInAs(t, 'admin');
      expect(
        (
          await api
            .as(admin)
            .call(platformRoutes.updatePlatformSettings, { body: { reservedNames: [] } })
        ).status,
      ).toBe(403);
    });
  });

  describe('new staff accounts', () => {
    it('cannot take a reserved name or a look-alike of it', async () => {
      const manager = await signInAs(t, 'manager');
      for (const username of ['support', 'Adm1n', 'tavola']) {
        const res = await newStaff(manager, username);
        expect(res.status).toBe(409);
        expect(res.error).toMatch(/^The username ".*" is not available\. Choose another one/);
      }
      expect(await userCount(['support', 'Adm1n', 'tavola'])).toBe(0);
    });
  });

  describe('usernames used by other restaurants cannot be discovered', () => {
    it('answers a name taken here, taken elsewhere and reserved with the same words and a free name to use', async () => {
      const other = await createOtherRestaurant(t, {
        name: 'Osteria Altrove',
        roles: ['manager'],
        plan: 'growth',
      });
      const [otherRow] = await t.database.db
        .select({ slug: restaurants.slug })
        .from(restaurants)
        .where(eq(restaurants.id, other.id));
      const otherManager = other.tokens.manager!;
      const demoManager = await signInAs(t, 'manager');

      // One name the other restaurant uses, one the demo uses.
      const giulia = await newStaff(otherManager, 'giulia');
      expect(giulia.body).toMatchObject({ success: true });
      expect((await newStaff(demoManager, 'marco')).status).toBe(201);

      // The other restaurant asks for the demo's name, its own and a reserved one.
      const elsewhere = await newStaff(otherManager, 'marco');
      const here = await newStaff(otherManager, 'giulia');
      const reserved = await newStaff(otherManager, 'support');
      const slug = otherRow!.slug;
      expect([elsewhere.status, here.status, reserved.status]).toEqual([409, 409, 409]);
      expect(elsewhere.body).toEqual({
        success: false,
        error: usernameUnavailable('marco', `marco.${slug}`),
        code: 'USERNAME_UNAVAILABLE',
        params: { username: 'marco', suggestion: `marco.${slug}` },
      });
      expect(here.body).toEqual({
        success: false,
        error: usernameUnavailable('giulia', `giulia.${slug}`),
        code: 'USERNAME_UNAVAILABLE',
        params: { username: 'giulia', suggestion: `giulia.${slug}` },
      });
      expect(reserved.body).toEqual({
        success: false,
        error: usernameUnavailable('support', `support.${slug}`),
        code: 'USERNAME_UNAVAILABLE',
        params: { username: 'support', suggestion: `support.${slug}` },
      });
      expect(Object.keys(elsewhere.headers).sort()).toEqual(Object.keys(here.headers).sort());

      // The suggestion is free to take.
      const suggested = await newStaff(otherManager, `marco.${slug}`);
      expect(suggested.status).toBe(201);
      // Once taken, the next one is suggested.
      expect((await newStaff(otherManager, 'marco')).error).toBe(
        usernameUnavailable('marco', `marco.${slug}2`),
      );
      // Nothing changed for the restaurant that uses the name.
      const marco = await loginAs(t.app, 'marco', 'maria-secret-77');
      const [row] = await t.database.db.select().from(users).where(eq(users.id, marco.user.id));
      expect(row?.restaurantId).toBe(t.restaurantId);
    });

    it("keeps the demo's sign-ins with a username and password alone", async () => {
      for (const [username, password] of [
        ['waiter1', 'waiter123'],
        ['manager1', 'manager123'],
        ['admin1', 'admin123'],
      ] as const) {
        const res = await api.call(authRoutes.login, { body: { username, password } });
        expect(res.status).toBe(200);
      }
    });

    it('answers a sign-up whose username is taken with the same words and a suggestion', async () => {
      const res = await signup({ restaurantName: 'Nuova Stella', username: 'WAITER1' });
      expect(res.status).toBe(409);
      expect(res.error).toBe(usernameUnavailable('WAITER1', 'waiter1.nuova-stella'));
    });
  });
});
