import {
  LOGIN_FAILURES_SHOWN,
  PASSWORD_BLANK,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_REPEATED_WORD,
  passwordTooShortTrimmed,
  WS_CLOSE,
  WS_REVOKED,
} from '@tavola/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, loginFailures, restaurants, users } from '../../core/db/schema.js';
import { hashToken } from '../../core/auth/tokens.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';
import { pruneLoginFailures } from './login-failures.js';
import { PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON } from './password-policy.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.each(BACKENDS)('the Security tab on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let manager: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      headers,
    });
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
  });
  afterAll(async () => t?.close());

  describe('session timeout', () => {
    afterEach(async () => {
      await t.database.db
        .update(restaurants)
        .set({ sessionTimeoutHours: 24, passwordMinLength: 8 })
        .where(eq(restaurants.id, t.restaurantId));
    });

    it('answers the settings, 24 hours and 8 characters by default', async () => {
      const res = await call('GET', '/api/security/settings', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ sessionTimeoutHours: 24, passwordMinLength: 8 });
    });

    it('applies a new timeout to sign-ins from then on, not to sessions already open', async () => {
      const before = await login('waiter1', 'waiter123');
      const beforeExpiry = new Date(before.json().data.expiresAt).getTime();
      expect(beforeExpiry - Date.now()).toBeGreaterThan(23.9 * 3600_000);

      const res = await call('PUT', '/api/security/settings', admin, { sessionTimeoutHours: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ sessionTimeoutHours: 2, passwordMinLength: 8 });

      const after = await login('waiter1', 'waiter123');
      const afterExpiry = new Date(after.json().data.expiresAt).getTime();
      expect(afterExpiry - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
      expect(afterExpiry - Date.now()).toBeGreaterThan(1.9 * 3600_000);
      // Stored as given: the session ends then.
      const [stored] = await t.database.db
        .select({ expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(after.json().data.token)));
      expect(stored!.expiresAt.getTime()).toBe(afterExpiry);

      // The session opened before keeps its 24 hours and still works.
      const profile = await call('GET', '/api/auth/profile', before.json().data.token);
      expect(profile.statusCode).toBe(200);
      const [old] = await t.database.db
        .select({ expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(before.json().data.token)));
      expect(old!.expiresAt.getTime()).toBe(beforeExpiry);

      // The team's sessions do not follow a restaurant's setting.
      const team = await login('team1', 'team123');
      expect(new Date(team.json().data.expiresAt).getTime() - Date.now()).toBeGreaterThan(
        23.9 * 3600_000,
      );
    });

    it('enforces the end: a token past its timeout is refused', async () => {
      await call('PUT', '/api/security/settings', admin, { sessionTimeoutHours: 1 });
      const { token } = (await login('bar1', 'bar123')).json().data;
      expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(token)));
      expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
      // An hour later (the row's end moved back rather than the clock forward).
      await t.database.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authSessions.tokenHash, hashToken(token)));
      const res = await call('GET', '/api/auth/profile', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Your session has expired, please sign in again');
    });

    it.each([
      [{ sessionTimeoutHours: 0 }, 'Session timeout must be between 1 and 720 hours'],
      [{ sessionTimeoutHours: 721 }, 'Session timeout must be between 1 and 720 hours'],
      [{ sessionTimeoutHours: 1.5 }, 'Session timeout must be a whole number of hours'],
      [{ sessionTimeoutHours: '24' }, 'Session timeout must be a number of hours'],
      [{ passwordMinLength: 7 }, 'Minimum password length must be between 8 and 128 characters'],
    ])('refuses %j with a clear message', async (payload, message) => {
      const res = await call('PUT', '/api/security/settings', admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: message, code: 'VALIDATION' });
    });

    it('is the admin’s alone', async () => {
      expect((await call('GET', '/api/security/settings', manager)).statusCode).toBe(403);
      const res = await call('PUT', '/api/security/settings', manager, { sessionTimeoutHours: 1 });
      expect(res.statusCode).toBe(403);
    });

    it('audits a change with what it was and what it became', async () => {
      await call('PUT', '/api/security/settings', admin, {
        sessionTimeoutHours: 12,
        passwordMinLength: 10,
      });
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'restaurant.settings'),
            eq(auditLog.restaurantId, t.restaurantId),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.details).toEqual({
        section: 'security',
        changes: {
          sessionTimeoutHours: { from: 24, to: 12 },
          passwordMinLength: { from: 8, to: 10 },
        },
      });
    });
  });

  describe('active sessions', () => {
    let base: string;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      base = await listen(t.app);
    });
    afterEach(() => {
      for (const s of sockets.splice(0)) s.close();
    });

    it('lists the open sessions with user, role, device, IP and last seen; the caller’s is marked', async () => {
      const waiter = (await login('waiter1', 'waiter123', { 'user-agent': CHROME_WINDOWS })).json()
        .data;
      const res = await call('GET', '/api/security/sessions', admin);
      expect(res.statusCode).toBe(200);
      const sessions = res.json().data as Record<string, unknown>[];
      const mine = sessions.filter((s) => s.current);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ username: 'admin1', role: 'admin' });
      const waiters = sessions.filter((s) => s.username === 'waiter1');
      expect(waiters).toContainEqual(
        expect.objectContaining({
          userId: waiter.user.id,
          name: expect.any(String),
          role: 'waiter',
          device: 'Chrome on Windows',
          ip: '127.0.0.1',
          lastSeenAt: expect.any(String),
          current: false,
        }),
      );
      // Nobody of another restaurant, nor the platform team.
      expect(sessions.some((s) => s.username === 'team1')).toBe(false);
    });

    it('leaves out sessions that were signed out or have expired', async () => {
      const out = (await login('kitchen1', 'kitchen123')).json().data.token;
      await call('POST', '/api/auth/logout', out);
      const sessions = (await call('GET', '/api/security/sessions', admin)).json().data as {
        id: string;
      }[];
      const [row] = await t.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(users.username, 'kitchen1'));
      expect(sessions.map((s) => s.id)).not.toContain(row!.id);
    });

    it('keeps last seen to the minute: one update a minute, not one a call', async () => {
      const { token } = (await login('waiter1', 'waiter123')).json().data;
      const lastSeen = async () =>
        (
          await t.database.db
            .select({ lastSeenAt: authSessions.lastSeenAt })
            .from(authSessions)
            .where(eq(authSessions.tokenHash, hashToken(token)))
        )[0]!.lastSeenAt!.getTime();
      // Seen two minutes ago...
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await t.database.db
        .update(authSessions)
        .set({ lastSeenAt: twoMinutesAgo })
        .where(eq(authSessions.tokenHash, hashToken(token)));
      // ...it is seen now on its next call,
      expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(200);
      const seen = await lastSeen();
      expect(seen).toBeGreaterThan(twoMinutesAgo.getTime() + 100_000);
      // and the calls of the same minute leave it alone.
      await call('GET', '/api/auth/profile', token);
      await call('GET', '/api/auth/profile', token);
      expect(await lastSeen()).toBe(seen);
    });

    it('revokes a session: its token stops working and its live screen closes at once', async () => {
      const phone = (await login('waiter1', 'waiter123')).json().data.token as string;
      const tablet = (await login('waiter1', 'waiter123')).json().data.token as string;
      const phoneSocket = await TestSocket.open(`${base}/ws?token=${phone}`);
      const tabletSocket = await TestSocket.open(`${base}/ws?token=${tablet}`);
      sockets.push(phoneSocket, tabletSocket);
      await waitForAttached(t.app, 2);

      // The phone's session: the waiter's newest but one (each sign-in is its own session).
      const [phoneRow] = await t.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(phone)));
      const res = await call('DELETE', `/api/security/sessions/${phoneRow!.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { revoked: true } });

      await phoneSocket.waitClosed();
      expect(phoneSocket.closeCode).toBe(WS_CLOSE.unauthorized);
      expect(phoneSocket.closeReason).toBe(WS_REVOKED.sessionEnded);
      expect((await call('GET', '/api/auth/profile', phone)).statusCode).toBe(401);
      // The waiter's other device carries on.
      expect(await tabletSocket.stillOpen()).toBe(true);
      expect((await call('GET', '/api/auth/profile', tablet)).statusCode).toBe(200);

      const sessions = (await call('GET', '/api/security/sessions', admin)).json().data as {
        id: string;
      }[];
      expect(sessions.map((s) => s.id)).not.toContain(phoneRow!.id);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.session_revoked'));
      expect(entry).toMatchObject({
        restaurantId: t.restaurantId,
        entityType: 'user',
        details: { sessionId: phoneRow!.id, username: 'waiter1' },
      });
      // Revoked once: a second time it is gone.
      const again = await call('DELETE', `/api/security/sessions/${phoneRow!.id}`, admin);
      expect(again.statusCode).toBe(404);
    });

    it('is the admin’s alone', async () => {
      expect((await call('GET', '/api/security/sessions', manager)).statusCode).toBe(403);
      const [row] = await t.database.db.select({ id: authSessions.id }).from(authSessions);
      const res = await call('DELETE', `/api/security/sessions/${row!.id}`, manager);
      expect(res.statusCode).toBe(403);
    });

    it("shows another restaurant's admin none of these sessions, and cannot end them", async () => {
      const other = await createOtherRestaurant(t, { roles: ['admin', 'waiter'] });
      const otherAdmin = other.tokens.admin!;
      const res = await call('GET', '/api/security/sessions', otherAdmin);
      expect(res.statusCode).toBe(200);
      const theirs = res.json().data as { username: string; id: string }[];
      expect(theirs.map((s) => s.username).sort()).toEqual(
        [other.usernames.admin, other.usernames.waiter].sort(),
      );

      const waiter = (await login('waiter1', 'waiter123')).json().data.token as string;
      const [row] = await t.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(waiter)));
      const refused = await call('DELETE', `/api/security/sessions/${row!.id}`, otherAdmin);
      expect(refused.statusCode).toBe(404);
      expect((await call('GET', '/api/auth/profile', waiter)).statusCode).toBe(200);

      // Nor does the demo admin see theirs.
      const ours = (await call('GET', '/api/security/sessions', admin)).json().data as {
        username: string;
      }[];
      expect(ours.some((s) => s.username === other.usernames.waiter)).toBe(false);
    });
  });

  describe('password policy', () => {
    afterEach(async () => {
      await t.database.db
        .update(restaurants)
        .set({ passwordMinLength: 8 })
        .where(eq(restaurants.id, t.restaurantId));
    });
    const newStaff = (token: string, password: string, extra: object = {}) =>
      call('POST', '/api/staff', token, {
        name: 'Nina',
        username: `nina-${Math.random().toString(36).slice(2, 8)}`,
        password,
        role: 'waiter',
        ...extra,
      });

    it('refuses a password shorter than the restaurant’s minimum, on create and on reset', async () => {
      await call('PUT', '/api/security/settings', admin, { passwordMinLength: 12 });
      const short = await newStaff(manager, 'eleven-char');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({
        success: false,
        error: 'Password must be at least 12 characters',
        code: 'VALIDATION',
      });
      const ok = await newStaff(manager, 'twelve-chars');
      expect(ok.statusCode).toBe(201);

      const reset = await call('PUT', `/api/staff/${ok.json().data.id}`, manager, {
        password: 'eleven-char',
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toBe('Password must be at least 12 characters');
    });

    it.each(['password1', 'Sunshine', 'qwerty123', 'FOOTBALL', 'trustno1'])(
      'refuses the common password %s',
      async (password) => {
        const res = await newStaff(manager, password);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          error: PASSWORD_TOO_COMMON,
          code: 'VALIDATION',
        });
      },
    );

    it('refuses a common password on reset, and the username as the password', async () => {
      const ok = await newStaff(manager, 'anna-secret-7');
      const id = ok.json().data.id as string;
      const username = ok.json().data.username as string;
      const common = await call('PUT', `/api/staff/${id}`, manager, { password: 'letmein1' });
      expect(common.statusCode).toBe(400);
      expect(common.json().error).toBe(PASSWORD_TOO_COMMON);
      const same = await call('PUT', `/api/staff/${id}`, manager, {
        password: username.toUpperCase(),
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().error).toBe(PASSWORD_IS_USERNAME);
      // Nothing changed: the old password still signs in.
      expect((await login(username, 'anna-secret-7')).statusCode).toBe(200);
    });

    it('applies to the managers an admin creates and resets', async () => {
      const weak = await newStaff(admin, 'baseball', { role: 'manager' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error).toBe(PASSWORD_TOO_COMMON);
      const ok = await newStaff(admin, 'grill-master-42', { role: 'manager' });
      expect(ok.statusCode).toBe(201);
      const reset = await call('PUT', `/api/staff/${ok.json().data.id}`, admin, {
        password: 'whatever',
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toBe(PASSWORD_TOO_COMMON);
    });

    it("applies to a new restaurant's first admin, made by the team or by signing up", async () => {
      const team = (await loginAs(t.app, 'team1', 'team123')).token;
      const restaurant = (password: string) =>
        call('POST', '/api/platform/restaurants', team, {
          name: 'Policy Bistro',
          currency: 'eur',
          timezone: 'Europe/Rome',
          plan: 'starter',
          admin: { name: 'Paula', username: 'paula-policy', password },
        });
      const weak = await restaurant('iloveyou1');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error).toBe(PASSWORD_TOO_COMMON);
      expect((await restaurant('paula-policy')).json().error).toBe(PASSWORD_IS_USERNAME);
      expect((await restaurant('olive-oil-and-basil')).statusCode).toBe(201);

      const signup = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/signup',
          payload: {
            restaurantName: 'Signup Policy Grill',
            ownerName: 'Sam',
            username: 'sam-policy',
            password,
          },
        });
      const common = await signup('football1');
      expect(common.statusCode).toBe(400);
      expect(common.json().error).toBe(PASSWORD_TOO_COMMON);
      expect((await signup('charcoal-and-smoke')).statusCode).toBe(201);
    });

    it('refuses 20 spaces under a 20-character minimum, on create and on reset', async () => {
      await call('PUT', '/api/security/settings', admin, { passwordMinLength: 20 });
      const spaces = await newStaff(manager, ' '.repeat(20));
      expect(spaces.statusCode).toBe(400);
      expect(spaces.json().error).toBe(PASSWORD_BLANK);
      const padded = await newStaff(manager, `   ${'kestrel-lake'}        `);
      expect(padded.statusCode).toBe(400);
      expect(padded.json().error).toBe(passwordTooShortTrimmed(20));
      const ok = await newStaff(manager, 'kestrel-lake-at-dawn-7');
      expect(ok.statusCode).toBe(201);
      const reset = await call('PUT', `/api/staff/${ok.json().data.id}`, manager, {
        password: ' '.repeat(24),
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toBe(PASSWORD_BLANK);
    });

    it('refuses one character repeated and a common word repeated, wherever a password is set', async () => {
      const tripled = 'passwordpasswordpassword';
      const staff = await newStaff(manager, tripled);
      expect(staff.statusCode).toBe(400);
      expect(staff.json().error).toBe(PASSWORD_REPEATED_WORD);
      // A word only the long list knows ("chocolate") is refused repeated too.
      expect((await newStaff(manager, 'ChocolateChocolate')).json().error).toBe(
        PASSWORD_REPEATED_WORD,
      );
      expect((await newStaff(manager, 'zzzzzzzzzzzz')).json().error).toBe(PASSWORD_ONE_CHARACTER);
      const ok = await newStaff(admin, 'grill-master-43', { role: 'manager' });
      const reset = await call('PUT', `/api/staff/${ok.json().data.id}`, admin, {
        password: 'qwertyqwertyqwerty',
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toBe(PASSWORD_REPEATED_WORD);

      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: {
          restaurantName: 'Repeat Grill',
          ownerName: 'Rita',
          username: 'rita-repeat',
          password: tripled,
        },
      });
      expect(signup.statusCode).toBe(400);
      expect(signup.json().error).toBe(PASSWORD_REPEATED_WORD);

      const team = (await loginAs(t.app, 'team1', 'team123')).token;
      const restaurant = await call('POST', '/api/platform/restaurants', team, {
        name: 'Repeat Bistro',
        currency: 'eur',
        timezone: 'Europe/Rome',
        plan: 'starter',
        admin: { name: 'Remo', username: 'remo-repeat', password: ' '.repeat(30) },
      });
      expect(restaurant.statusCode).toBe(400);
      expect(restaurant.json().error).toBe(PASSWORD_BLANK);
      const member = await call('POST', '/api/platform/team-members', team, {
        name: 'Tess',
        username: 'tess-repeat',
        password: '1111111111111111',
      });
      expect(member.statusCode).toBe(400);
      expect(member.json().error).toBe(PASSWORD_ONE_CHARACTER);
      const rows = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.username, ['rita-repeat', 'remo-repeat', 'tess-repeat']));
      expect(rows).toEqual([]);
    });
  });

  describe('failed sign-ins', () => {
    it('records each failure with username, address, device and reason; the admin sees them', async () => {
      await login('waiter1', 'not-the-password', { 'user-agent': CHROME_WINDOWS });
      await login('nobody-here', 'whatever');
      await t.database.db
        .update(users)
        .set({ status: 'inactive' })
        .where(eq(users.username, 'bar1'));
      await login('bar1', 'bar123');
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.username, 'bar1'));

      const res = await call('GET', '/api/security/login-failures', admin);
      expect(res.statusCode).toBe(200);
      const list = res.json().data as Record<string, unknown>[];
      expect(list[0]).toMatchObject({ username: 'bar1', reason: 'deactivated' });
      expect(list[1]).toMatchObject({
        username: 'waiter1',
        reason: 'wrong_password',
        ip: '127.0.0.1',
        device: 'Chrome on Windows',
        userId: expect.any(String),
        createdAt: expect.any(String),
      });
      // An unknown username belongs to no restaurant: kept, never shown to one.
      expect(list.some((f) => f.username === 'nobody-here')).toBe(false);
      const [unknown] = await t.database.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.username, 'nobody-here'));
      expect(unknown).toMatchObject({ reason: 'unknown_user', restaurantId: null, userId: null });
    });

    it(`shows the latest ${LOGIN_FAILURES_SHOWN}, only the restaurant's own`, async () => {
      const other = await createOtherRestaurant(t, { roles: ['admin'] });
      await login(other.usernames.admin!, 'wrong-password');
      await t.database.db.insert(loginFailures).values(
        Array.from({ length: 60 }, (_, i) => ({
          restaurantId: t.restaurantId,
          username: `old-${i}`,
          reason: 'wrong_password',
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
        })),
      );
      const ours = (await call('GET', '/api/security/login-failures', admin)).json().data as {
        username: string;
      }[];
      expect(ours).toHaveLength(LOGIN_FAILURES_SHOWN);
      expect(ours.some((f) => f.username === other.usernames.admin)).toBe(false);
      const theirs = (await call('GET', '/api/security/login-failures', other.tokens.admin!)).json()
        .data as { username: string }[];
      expect(theirs.map((f) => f.username)).toEqual([other.usernames.admin]);
      expect((await call('GET', '/api/security/login-failures', manager)).statusCode).toBe(403);
    });

    it('keeps 30 days: older failures are deleted', async () => {
      await t.database.db.insert(loginFailures).values([
        {
          restaurantId: t.restaurantId,
          username: 'ancient',
          reason: 'wrong_password',
          createdAt: new Date(Date.now() - 31 * 86_400_000),
        },
        {
          restaurantId: t.restaurantId,
          username: 'recent',
          reason: 'wrong_password',
          createdAt: new Date(Date.now() - 29 * 86_400_000),
        },
      ]);
      await pruneLoginFailures(t.database.db);
      const names = (
        await t.database.db.select({ username: loginFailures.username }).from(loginFailures)
      ).map((r) => r.username);
      expect(names).not.toContain('ancient');
      expect(names).toContain('recent');
    });
  });
});

describe('failed sign-ins are pruned by the next one', () => {
  it('deletes rows older than 30 days when a failure is recorded', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.database.db.insert(loginFailures).values({
        restaurantId: t.restaurantId,
        username: 'ancient',
        reason: 'wrong_password',
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'waiter1', password: 'nope-nope' },
      });
      const names = (
        await t.database.db.select({ username: loginFailures.username }).from(loginFailures)
      ).map((r) => r.username);
      expect(names).toEqual(['waiter1']);
    } finally {
      await t.close();
    }
  });
});
