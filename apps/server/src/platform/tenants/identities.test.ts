import {
  DEFAULT_RESERVED_NAMES,
  restaurantNameReserved,
  usernameUnavailable,
} from '@tavola/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restaurants, users } from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

type Method = 'GET' | 'POST' | 'PUT';

describe.each(BACKENDS)('identities on %s', (backend) => {
  let t: TestApp;
  let team: string;
  let n = 0;
  const unique = (what: string) => `${what}-${++n}`;

  const api = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const signup = (body: Record<string, unknown>) =>
    api('POST', '/api/signup', null, {
      restaurantName: unique('Casa Prova'),
      ownerName: 'Olivia Owner',
      username: unique('olivia'),
      password: 'olive-grove-at-noon',
      ...body,
    });
  const newStaff = (token: string, username: string) =>
    api('POST', '/api/staff', token, {
      name: 'Maria',
      username,
      password: 'maria-secret-77',
      role: 'waiter',
    });
  const userCount = async (usernames: string[]) =>
    (await t.database.db.select().from(users).where(inArray(users.username, usernames))).length;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      rateLimits: { login: 1000, public: 1000, wsConnect: 1000, signup: 1000 },
    });
    team = (await loginAs(t.app, 'team1', 'team123')).token;
  });
  afterAll(async () => t?.close());

  describe('sign-up refuses look-alikes of the platform, its team and its demo', () => {
    it.each(['admin', 'Support', 'tavola', 'TAV0LA', 'adm1n', 'tavola_support', 'Postmaster'])(
      'the username %s',
      async (username) => {
        const res = await signup({ username });
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatch(
          new RegExp(`^The username "${username}" is not available\\. Choose another one`),
        );
        expect(await userCount([username])).toBe(0);
      },
    );

    it.each(['Tavola Demo Bistro', 'tavola – demo  bistro.', 'Tavola Support', 'Tav0la Supp0rt'])(
      'the restaurant name %s',
      async (restaurantName) => {
        const res = await signup({ restaurantName });
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(restaurantNameReserved(restaurantName.trim()));
        const named = await t.database.db
          .select()
          .from(restaurants)
          .where(and(eq(restaurants.name, restaurantName), eq(restaurants.isDemo, false)));
        expect(named).toEqual([]);
      },
    );

    it("the white label's name, alone or as its support, once the team sets it", async () => {
      const brand = await api('PUT', '/api/platform/settings', team, { brandName: 'Mangia Cloud' });
      expect(brand.statusCode).toBe(200);
      try {
        expect((await signup({ username: 'mangia.cloud' })).statusCode).toBe(409);
        const support = await signup({ restaurantName: 'Mangia Cloud Support' });
        expect(support.statusCode).toBe(409);
        expect(support.json().error).toBe(restaurantNameReserved('Mangia Cloud Support'));
      } finally {
        await api('PUT', '/api/platform/settings', team, { brandName: null });
      }
    });

    it('still lets real restaurants and owners in', async () => {
      const res = await signup({ restaurantName: 'Tavola Calda Rossi', username: 'admin-rossi' });
      expect(res.statusCode).toBe(201);
    });
  });

  describe("the team's list of reserved names", () => {
    it('shows the defaults, replaces them, is audited, and goes back to the defaults', async () => {
      const before = await api('GET', '/api/platform/settings', team);
      expect(before.json().data.reservedNames).toEqual(DEFAULT_RESERVED_NAMES);

      const saved = await api('PUT', '/api/platform/settings', team, {
        reservedNames: ['Chef Luigi', 'support'],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.reservedNames).toEqual(['Chef Luigi', 'support']);
      try {
        // The team's own name, in a look-alike spelling.
        expect((await signup({ username: 'chef_1uigi' })).statusCode).toBe(409);
        expect((await signup({ restaurantName: 'CHEF LUIGI' })).statusCode).toBe(409);
        // A default the team took off the list is free again; the product's name never is.
        expect((await signup({ username: 'postmaster' })).statusCode).toBe(201);
        expect((await signup({ username: 'tavola' })).statusCode).toBe(409);
        const audits = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'platform.settings'), eq(auditLog.entityId, 'settings')));
        expect(audits.map((a) => JSON.stringify(a.details)).join()).toContain('Chef Luigi');
      } finally {
        const reset = await api('PUT', '/api/platform/settings', team, { reservedNames: null });
        expect(reset.json().data.reservedNames).toEqual(DEFAULT_RESERVED_NAMES);
      }
    });

    it('refuses an empty name and keeps restaurants out', async () => {
      const empty = await api('PUT', '/api/platform/settings', team, {
        reservedNames: ['ok', ' '],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('A reserved name cannot be empty');
      const admin = await signInAs(t, 'admin');
      expect(
        (await api('PUT', '/api/platform/settings', admin, { reservedNames: [] })).statusCode,
      ).toBe(403);
    });
  });

  describe('new staff accounts', () => {
    it('cannot take a reserved name or a look-alike of it', async () => {
      const manager = await signInAs(t, 'manager');
      for (const username of ['support', 'Adm1n', 'tavola']) {
        const res = await newStaff(manager, username);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatch(
          /^The username ".*" is not available\. Choose another one/,
        );
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
      expect(giulia.json()).toMatchObject({ success: true });
      expect((await newStaff(demoManager, 'marco')).statusCode).toBe(201);

      // The other restaurant asks for the demo's name, its own and a reserved one.
      const elsewhere = await newStaff(otherManager, 'marco');
      const here = await newStaff(otherManager, 'giulia');
      const reserved = await newStaff(otherManager, 'support');
      const slug = otherRow!.slug;
      expect([elsewhere.statusCode, here.statusCode, reserved.statusCode]).toEqual([409, 409, 409]);
      expect(elsewhere.json()).toEqual({
        success: false,
        error: usernameUnavailable('marco', `marco.${slug}`),
        code: 'CONFLICT',
      });
      expect(here.json()).toEqual({
        success: false,
        error: usernameUnavailable('giulia', `giulia.${slug}`),
        code: 'CONFLICT',
      });
      expect(reserved.json()).toEqual({
        success: false,
        error: usernameUnavailable('support', `support.${slug}`),
        code: 'CONFLICT',
      });
      expect(Object.keys(elsewhere.headers).sort()).toEqual(Object.keys(here.headers).sort());

      // The suggestion is free to take.
      const suggested = await newStaff(otherManager, `marco.${slug}`);
      expect(suggested.statusCode).toBe(201);
      // Once taken, the next one is suggested.
      expect((await newStaff(otherManager, 'marco')).json().error).toBe(
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
        const res = await api('POST', '/api/auth/login', null, { username, password });
        expect(res.statusCode).toBe(200);
      }
    });

    it('answers a sign-up whose username is taken with the same words and a suggestion', async () => {
      const res = await signup({ restaurantName: 'Nuova Stella', username: 'WAITER1' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(usernameUnavailable('WAITER1', 'waiter1.nuova-stella'));
    });
  });
});
