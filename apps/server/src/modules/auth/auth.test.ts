import { randomUUID } from 'node:crypto';
import { authRoutes, DEMO_ACCOUNTS, healthRoutes } from '@tavola/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { authSessions, restaurants, users } from '../../core/db/schema.js';
import { client, type Client, bodyOf } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)('auth API on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      rateLimits: { login: 1000, public: 1000, wsConnect: 1000 },
    });
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  // Sign-in attempts as typed, wrong types and missing fields included.
  const login = (body: unknown) => api.send(authRoutes.login, { body });
  /** The session a password answers (these accounts have no two-factor sign-in). */
  const sessionOf = (res: Awaited<ReturnType<typeof login>>) => {
    if (!('token' in res.data)) throw new Error('signed in with a challenge');
    return res.data;
  };
  const profile = (token?: string) =>
    (token === undefined ? api : api.as(token)).call(authRoutes.getProfile);

  describe('POST /api/auth/login', () => {
    it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.password, a.role] as const))(
      'signs in %s',
      async (username, password, role) => {
        const res = await login({ username, password });
        expect(res.status).toBe(200);
        expect(res.body?.success).toBe(true);
        const data = sessionOf(res);
        expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(data.user).toMatchObject({ username, role, status: 'active' });
        expect(data.user.permissions.length).toBeGreaterThan(0);
        if (role === 'team') expect(data.user.restaurant_id).toBeNull();
        else expect(data.user.restaurant_id).toBe(t.restaurantId);
        // The token is stored only as a hash.
        const rows = await t.database.db
          .select({ tokenHash: authSessions.tokenHash })
          .from(authSessions);
        expect(rows.some((r) => r.tokenHash === data.token)).toBe(false);
      },
    );

    it('stores passwords as argon2id hashes', async () => {
      const [row] = await t.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.username, 'waiter1'));
      expect(row?.hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a wrong password', async () => {
      const res = await login({ username: 'waiter1', password: 'wrong' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        error: 'Invalid username or password',
        code: 'UNAUTHORIZED',
      });
    });

    it('refuses an unknown user with the same message', async () => {
      const res = await login({ username: 'nobody', password: 'whatever' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        error: 'Invalid username or password',
        code: 'UNAUTHORIZED',
      });
    });

    it.each([
      [{ username: '', password: 'x' }],
      [{ username: 'waiter1', password: '' }],
      [{ username: '   ', password: 'x' }],
      [{}],
    ])('refuses empty fields %j', async (payload) => {
      const res = await login(payload);
      expect(res.status).toBe(400);
      expect(res.body?.success).toBe(false);
      expect(res.error).toMatch(/username|password/i);
    });

    it('refuses a wrongly typed field', async () => {
      const res = await login({ username: 42, password: ['x'] });
      expect(res.status).toBe(400);
      expect(res.error).toBe('Username must be text');
    });

    it('refuses malformed JSON', async () => {
      const res = await api.send(authRoutes.login, {
        headers: { 'content-type': 'application/json' },
        body: '{"username": "waiter1", ',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Malformed JSON in request body',
        code: 'BAD_REQUEST',
      });
    });

    it('refuses an oversized body', async () => {
      const res = await login({ username: 'waiter1', password: 'x'.repeat(200_000) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        success: false,
        error: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    });

    it('is case-insensitive on the username', async () => {
      const res = await login({ username: 'Waiter1', password: 'waiter123' });
      expect(res.status).toBe(200);
    });
  });

  describe('GET /api/auth/profile', () => {
    it('returns the user for a valid token', async () => {
      const token = await api.signIn('manager1', 'manager123');
      const res = await profile(token);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        username: 'manager1',
        role: 'manager',
        restaurant_id: t.restaurantId,
        name: 'Sofia Conti',
        status: 'active',
      });
      expect(res.data.permissions).toContain('manage_menu');
    });

    it("carries the restaurant's time zone, which every staff screen's clock shows (issue 13, item 5)", async () => {
      await t.database.db
        .update(restaurants)
        .set({ timezone: 'America/New_York' })
        .where(eq(restaurants.id, t.restaurantId));
      try {
        const signedIn = await login({ username: 'kitchen1', password: 'kitchen123' });
        expect(sessionOf(signedIn).user.restaurant?.timezone).toBe('America/New_York');
        const { token } = sessionOf(signedIn);
        expect((await profile(token)).data.restaurant).toMatchObject({
          id: t.restaurantId,
          timezone: 'America/New_York',
        });
      } finally {
        await t.database.db
          .update(restaurants)
          .set({ timezone: 'Europe/Rome' })
          .where(eq(restaurants.id, t.restaurantId));
      }
    });

    it('refuses a missing token', async () => {
      const res = await profile();
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Unauthorized', code: 'UNAUTHORIZED' });
    });

    it('refuses a garbage token', async () => {
      for (const token of ['garbage', 'x'.repeat(500), '%%%']) {
        const res = await profile(token);
        expect(res.status).toBe(401);
        expect(res.body?.success).toBe(false);
      }
    });

    it('refuses an expired token', async () => {
      const token = await api.signIn('kitchen1', 'kitchen123');
      await t.database.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(sql`${authSessions.revokedAt} is null`);
      const res = await profile(token);
      expect(res.status).toBe(401);
    });

    it('refuses a revoked token: logout then profile is 401', async () => {
      const token = await api.signIn('bar1', 'bar123');
      expect((await profile(token)).status).toBe(200);
      const out = await api.as(token).call(authRoutes.logout);
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ success: true, data: { loggedOut: true } });
      const res = await profile(token);
      expect(res.status).toBe(401);
    });
  });

  describe('restaurant and account status', () => {
    it('refuses sign-in for a suspended restaurant and ends its open sessions', async () => {
      const token = await api.signIn('waiter1', 'waiter123');
      await t.database.db
        .update(restaurants)
        .set({ status: 'suspended' })
        .where(eq(restaurants.id, t.restaurantId));
      try {
        const res = await login({ username: 'waiter1', password: 'waiter123' });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          success: false,
          error: 'This restaurant is suspended. Contact Tavola support.',
          code: 'RESTAURANT_SUSPENDED',
        });
        expect((await profile(token)).status).toBe(401);
        // The platform team has no restaurant and is unaffected.
        expect((await login({ username: 'team1', password: 'team123' })).status).toBe(200);
      } finally {
        await t.database.db
          .update(restaurants)
          .set({ status: 'active' })
          .where(eq(restaurants.id, t.restaurantId));
      }
    });

    it('refuses sign-in for a deactivated user', async () => {
      await t.database.db
        .update(users)
        .set({ status: 'inactive' })
        .where(eq(users.username, 'bar1'));
      try {
        const res = await login({ username: 'bar1', password: 'bar123' });
        expect(res.status).toBe(403);
        expect(res.error).toBe('This account is deactivated. Ask your manager to reactivate it.');
        // A wrong password still says only that the credentials are wrong.
        expect((await login({ username: 'bar1', password: 'nope' })).status).toBe(401);
      } finally {
        await t.database.db
          .update(users)
          .set({ status: 'active' })
          .where(eq(users.username, 'bar1'));
      }
    });
  });

  it('never writes passwords or tokens to the log', async () => {
    const token = await api.signIn('admin1', 'admin123');
    await profile(token);
    const all = t.logs.join('\n');
    expect(all).not.toContain('admin123');
    expect(all).not.toContain(token);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    // A path no route declares: read raw.
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(bodyOf(res)).toEqual({
      success: false,
      error: 'Route GET /api/nope not found',
      code: 'NOT_FOUND',
    });
  });

  it('sends security headers', async () => {
    const res = await api.call(healthRoutes.getHealth);
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { rateLimits: { login: 5, public: 1000, wsConnect: 1000 } });
  });
  afterAll(async () => t?.close());

  it('answers 429 after too many attempts from one IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await client(t.app).call(authRoutes.login, {
        body: { username: `someone${i}`, password: 'x' },
        remoteAddress: '10.0.0.1',
      });
      codes.push(res.status);
      if (res.status === 429) expect(res.error).toMatch(/^Too many requests/);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
  // Attempts per username (parallel guesses, many addresses): login-throttle.test.ts.
});

describe.each(process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const))(
  'bearer token checks (%s counters)',
  (store) => {
    const LIMIT = 5;
    const prefix = `tavola-test-${randomUUID()}:`;
    let a: TestApp;
    let b: TestApp | undefined;
    beforeAll(async () => {
      const overrides = {
        rateLimits: { ...testConfig().rateLimits, failedTokens: LIMIT },
        ...(store === 'redis' ? { redisUrl: process.env.REDIS_URL, redisKeyPrefix: prefix } : {}),
      };
      a = await createTestApp('pglite', overrides);
      // A second instance of the same deployment counts with the first through Redis.
      if (store === 'redis') b = await createTestApp('pglite', overrides);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    const profile = (t: TestApp, token: string, ip: string) =>
      client(t.app).as(token).call(authRoutes.getProfile, { remoteAddress: ip });

    it('answers 429 to an address that keeps sending invalid tokens; other addresses go on', async () => {
      const valid = await client(a.app).signIn('manager1');
      const codes: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++) {
        const t = b && i % 2 === 1 ? b : a;
        const res = await profile(t, `garbage-${i}-${randomUUID()}`, '10.9.9.9');
        codes.push(res.status);
        if (res.status === 429) {
          expect(res.body?.success).toBe(false);
          expect(res.error).toMatch(/^Too many requests with an invalid token/);
        }
      }
      expect(codes).toEqual([...Array<number>(LIMIT).fill(401), 429, 429, 429]);
      // The address is refused before any token is looked up, a valid one too.
      expect((await profile(a, valid, '10.9.9.9')).status).toBe(429);
      // Another address is not affected.
      expect((await profile(a, valid, '10.9.9.10')).status).toBe(200);
      expect((await profile(a, 'garbage', '10.9.9.10')).status).toBe(401);
    });

    it('does not count valid tokens', async () => {
      const valid = await client(a.app).signIn('waiter1');
      for (let i = 0; i < LIMIT * 3; i++) {
        expect((await profile(a, valid, '10.9.9.20')).status).toBe(200);
      }
    });
  },
);
