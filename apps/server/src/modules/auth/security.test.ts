import {
  authRoutes,
  LOGIN_FAILURES_SHOWN,
  PASSWORD_BLANK,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_REPEATED_WORD,
  passwordTooShortTrimmed,
  platformRoutes,
  securityRoutes,
  staffRoutes,
  WS_CLOSE,
  WS_REVOKED,
} from '@tavola/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, loginFailures, restaurants, users } from '../../core/db/schema.js';
import { hashToken } from '../../core/auth/tokens.js';
import { client, type Client } from '../../testing/client.js';
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

  let api: Client;

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    api.call(authRoutes.login, { body: { username, password }, headers });
  /** The session a password answers (these accounts have no two-factor sign-in). */
  const signIn = async (username: string, password: string, headers?: Record<string, string>) => {
    const res = await login(username, password, headers);
    if (!('token' in res.data)) throw new Error('signed in with a challenge');
    return res.data;
  };
  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
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
      const res = await api.as(admin).call(securityRoutes.getSecuritySettings);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ sessionTimeoutHours: 24, passwordMinLength: 8 });
    });

    it('applies a new timeout to sign-ins from then on, not to sessions already open', async () => {
      const before = await signIn('waiter1', 'waiter123');
      const beforeExpiry = new Date(before.expiresAt).getTime();
      expect(beforeExpiry - Date.now()).toBeGreaterThan(23.9 * 3600_000);

      const res = await api
        .as(admin)
        .call(securityRoutes.updateSecuritySettings, { body: { sessionTimeoutHours: 2 } });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ sessionTimeoutHours: 2, passwordMinLength: 8 });

      const after = await signIn('waiter1', 'waiter123');
      const afterExpiry = new Date(after.expiresAt).getTime();
      expect(afterExpiry - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
      expect(afterExpiry - Date.now()).toBeGreaterThan(1.9 * 3600_000);
      // Stored as given: the session ends then.
      const [stored] = await t.database.db
        .select({ expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(after.token)));
      expect(stored!.expiresAt.getTime()).toBe(afterExpiry);

      // The session opened before keeps its 24 hours and still works.
      const profile = await api.as(before.token).call(authRoutes.getProfile);
      expect(profile.status).toBe(200);
      const [old] = await t.database.db
        .select({ expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(before.token)));
      expect(old!.expiresAt.getTime()).toBe(beforeExpiry);

      // The team's sessions do not follow a restaurant's setting.
      const team = await signIn('team1', 'team123');
      expect(new Date(team.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    });

    it('enforces the end: a token past its timeout is refused', async () => {
      await api
        .as(admin)
        .call(securityRoutes.updateSecuritySettings, { body: { sessionTimeoutHours: 1 } });
      const { token } = await signIn('bar1', 'bar123');
      expect((await api.as(token).call(authRoutes.getProfile)).status).toBe(200);
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
      // Written around the app: its cached check of the token (which knew the old end) goes too.
      t.forgetCaches();
      const res = await api.as(token).call(authRoutes.getProfile);
      expect(res.status).toBe(401);
      expect(res.error).toBe('Your session has expired, please sign in again');
    });

    it.each([
      [{ sessionTimeoutHours: 0 }, 'Session timeout must be between 1 and 720 hours'],
      [{ sessionTimeoutHours: 721 }, 'Session timeout must be between 1 and 720 hours'],
      [{ sessionTimeoutHours: 1.5 }, 'Session timeout must be a whole number of hours'],
      [{ sessionTimeoutHours: '24' }, 'Session timeout must be a number of hours'],
      [{ passwordMinLength: 7 }, 'Minimum password length must be between 8 and 128 characters'],
    ])('refuses %j with a clear message', async (payload, message) => {
      const res = await api
        .as(admin)
        .send(securityRoutes.updateSecuritySettings, { body: payload });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: message, code: 'VALIDATION' });
    });

    it('is the admin’s alone', async () => {
      expect((await api.as(manager).call(securityRoutes.getSecuritySettings)).status).toBe(403);
      const res = await api
        .as(manager)
        .call(securityRoutes.updateSecuritySettings, { body: { sessionTimeoutHours: 1 } });
      expect(res.status).toBe(403);
    });

    it('audits a change with what it was and what it became', async () => {
      await api.as(admin).call(securityRoutes.updateSecuritySettings, {
        body: { sessionTimeoutHours: 12, passwordMinLength: 10 },
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
      const waiter = await signIn('waiter1', 'waiter123', { 'user-agent': CHROME_WINDOWS });
      const res = await api.as(admin).call(securityRoutes.listActiveSessions);
      expect(res.status).toBe(200);
      const sessions = res.data;
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
      const out = (await signIn('kitchen1', 'kitchen123')).token;
      await api.as(out).call(authRoutes.logout);
      const sessions = (await api.as(admin).call(securityRoutes.listActiveSessions)).data;
      const [row] = await t.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(users.username, 'kitchen1'));
      expect(sessions.map((s) => s.id)).not.toContain(row!.id);
    });

    it('keeps last seen to the minute: one update a minute, not one a call', async () => {
      const { token } = await signIn('waiter1', 'waiter123');
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
      expect((await api.as(token).call(authRoutes.getProfile)).status).toBe(200);
      const seen = await lastSeen();
      expect(seen).toBeGreaterThan(twoMinutesAgo.getTime() + 100_000);
      // and the calls of the same minute leave it alone.
      await api.as(token).call(authRoutes.getProfile);
      await api.as(token).call(authRoutes.getProfile);
      expect(await lastSeen()).toBe(seen);
    });

    it('revokes a session: its token stops working and its live screen closes at once', async () => {
      const phone = (await signIn('waiter1', 'waiter123')).token;
      const tablet = (await signIn('waiter1', 'waiter123')).token;
      const phoneSocket = await TestSocket.open(`${base}/ws?token=${phone}`);
      const tabletSocket = await TestSocket.open(`${base}/ws?token=${tablet}`);
      sockets.push(phoneSocket, tabletSocket);
      await waitForAttached(t.app, 2);

      // The phone's session: the waiter's newest but one (each sign-in is its own session).
      const [phoneRow] = await t.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(phone)));
      const res = await api
        .as(admin)
        .call(securityRoutes.revokeSession, { params: { id: phoneRow!.id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { revoked: true } });

      await phoneSocket.waitClosed();
      expect(phoneSocket.closeCode).toBe(WS_CLOSE.unauthorized);
      expect(phoneSocket.closeReason).toBe(WS_REVOKED.sessionEnded);
      expect((await api.as(phone).call(authRoutes.getProfile)).status).toBe(401);
      // The waiter's other device carries on.
      expect(await tabletSocket.stillOpen()).toBe(true);
      expect((await api.as(tablet).call(authRoutes.getProfile)).status).toBe(200);

      const sessions = (await api.as(admin).call(securityRoutes.listActiveSessions)).data;
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
      const again = await api
        .as(admin)
        .call(securityRoutes.revokeSession, { params: { id: phoneRow!.id } });
      expect(again.status).toBe(404);
    });

    it('is the admin’s alone', async () => {
      expect((await api.as(manager).call(securityRoutes.listActiveSessions)).status).toBe(403);
      const [row] = await t.database.db.select({ id: authSessions.id }).from(authSessions);
      const res = await api
        .as(manager)
        .call(securityRoutes.revokeSession, { params: { id: row!.id } });
      expect(res.status).toBe(403);
    });

    it("shows another restaurant's admin none of these sessions, and cannot end them", async () => {
      const other = await createOtherRestaurant(t, { roles: ['admin', 'waiter'] });
      const otherAdmin = other.tokens.admin!;
      const res = await api.as(otherAdmin).call(securityRoutes.listActiveSessions);
      expect(res.status).toBe(200);
      const theirs = res.data;
      expect(theirs.map((s) => s.username).sort()).toEqual(
        [other.usernames.admin, other.usernames.waiter].sort(),
      );

      const waiter = (await signIn('waiter1', 'waiter123')).token;
      const [row] = await t.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, hashToken(waiter)));
      const refused = await api
        .as(otherAdmin)
        .call(securityRoutes.revokeSession, { params: { id: row!.id } });
      expect(refused.status).toBe(404);
      expect((await api.as(waiter).call(authRoutes.getProfile)).status).toBe(200);

      // Nor does the demo admin see theirs.
      const ours = (await api.as(admin).call(securityRoutes.listActiveSessions)).data;
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
      api.as(token).call(staffRoutes.createStaff, {
        body: {
          name: 'Nina',
          username: `nina-${Math.random().toString(36).slice(2, 8)}`,
          password,
          role: 'waiter',
          ...extra,
        },
      });

    it('refuses a password shorter than the restaurant’s minimum, on create and on reset', async () => {
      await api
        .as(admin)
        .call(securityRoutes.updateSecuritySettings, { body: { passwordMinLength: 12 } });
      const short = await newStaff(manager, 'eleven-char');
      expect(short.status).toBe(400);
      expect(short.body).toEqual({
        success: false,
        error: 'Password must be at least 12 characters',
        code: 'VALIDATION',
      });
      const ok = await newStaff(manager, 'twelve-chars');
      expect(ok.status).toBe(201);

      const reset = await api.as(manager).call(staffRoutes.updateStaff, {
        params: { id: ok.data.id },
        body: { password: 'eleven-char' },
      });
      expect(reset.status).toBe(400);
      expect(reset.error).toBe('Password must be at least 12 characters');
    });

    it.each(['password1', 'Sunshine', 'qwerty123', 'FOOTBALL', 'trustno1'])(
      'refuses the common password %s',
      async (password) => {
        const res = await newStaff(manager, password);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: PASSWORD_TOO_COMMON,
          code: 'VALIDATION',
        });
      },
    );

    it('refuses a common password on reset, and the username as the password', async () => {
      const ok = await newStaff(manager, 'anna-secret-7');
      const id = ok.data.id;
      const username = ok.data.username;
      const common = await api
        .as(manager)
        .call(staffRoutes.updateStaff, { params: { id }, body: { password: 'letmein1' } });
      expect(common.status).toBe(400);
      expect(common.error).toBe(PASSWORD_TOO_COMMON);
      const same = await api.as(manager).call(staffRoutes.updateStaff, {
        params: { id: id },
        body: { password: username.toUpperCase() },
      });
      expect(same.status).toBe(400);
      expect(same.error).toBe(PASSWORD_IS_USERNAME);
      // Nothing changed: the old password still signs in.
      expect((await login(username, 'anna-secret-7')).status).toBe(200);
    });

    it('applies to the managers an admin creates and resets', async () => {
      const weak = await newStaff(admin, 'baseball', { role: 'manager' });
      expect(weak.status).toBe(400);
      expect(weak.error).toBe(PASSWORD_TOO_COMMON);
      const ok = await newStaff(admin, 'grill-master-42', { role: 'manager' });
      expect(ok.status).toBe(201);
      const reset = await api.as(admin).call(staffRoutes.updateStaff, {
        params: { id: ok.data.id },
        body: { password: 'whatever' },
      });
      expect(reset.status).toBe(400);
      expect(reset.error).toBe(PASSWORD_TOO_COMMON);
    });

    it("applies to a new restaurant's first admin, made by the team or by signing up", async () => {
      const team = (await loginAs(t.app, 'team1', 'team123')).token;
      const restaurant = (password: string) =>
        api.as(team).call(platformRoutes.createRestaurant, {
          body: {
            name: 'Policy Bistro',
            currency: 'eur',
            timezone: 'Europe/Rome',
            plan: 'starter',
            admin: { name: 'Paula', username: 'paula-policy', password },
          },
        });
      const weak = await restaurant('iloveyou1');
      expect(weak.status).toBe(400);
      expect(weak.error).toBe(PASSWORD_TOO_COMMON);
      expect((await restaurant('paula-policy')).error).toBe(PASSWORD_IS_USERNAME);
      expect((await restaurant('olive-oil-and-basil')).status).toBe(201);

      const signup = (password: string) =>
        api.call(platformRoutes.signUp, {
          body: {
            restaurantName: 'Signup Policy Grill',
            ownerName: 'Sam',
            username: 'sam-policy',
            password,
          },
        });
      const common = await signup('football1');
      expect(common.status).toBe(400);
      expect(common.error).toBe(PASSWORD_TOO_COMMON);
      expect((await signup('charcoal-and-smoke')).status).toBe(201);
    });

    it('refuses 20 spaces under a 20-character minimum, on create and on reset', async () => {
      await api
        .as(admin)
        .call(securityRoutes.updateSecuritySettings, { body: { passwordMinLength: 20 } });
      const spaces = await newStaff(manager, ' '.repeat(20));
      expect(spaces.status).toBe(400);
      expect(spaces.error).toBe(PASSWORD_BLANK);
      const padded = await newStaff(manager, `   ${'kestrel-lake'}        `);
      expect(padded.status).toBe(400);
      expect(padded.error).toBe(passwordTooShortTrimmed(20));
      const ok = await newStaff(manager, 'kestrel-lake-at-dawn-7');
      expect(ok.status).toBe(201);
      const reset = await api.as(manager).call(staffRoutes.updateStaff, {
        params: { id: ok.data.id },
        body: { password: ' '.repeat(24) },
      });
      expect(reset.status).toBe(400);
      expect(reset.error).toBe(PASSWORD_BLANK);
    });

    it('refuses one character repeated and a common word repeated, wherever a password is set', async () => {
      const tripled = 'passwordpasswordpassword';
      const staff = await newStaff(manager, tripled);
      expect(staff.status).toBe(400);
      expect(staff.error).toBe(PASSWORD_REPEATED_WORD);
      // A word only the long list knows ("chocolate") is refused repeated too.
      expect((await newStaff(manager, 'ChocolateChocolate')).error).toBe(PASSWORD_REPEATED_WORD);
      expect((await newStaff(manager, 'zzzzzzzzzzzz')).error).toBe(PASSWORD_ONE_CHARACTER);
      const ok = await newStaff(admin, 'grill-master-43', { role: 'manager' });
      const reset = await api.as(admin).call(staffRoutes.updateStaff, {
        params: { id: ok.data.id },
        body: { password: 'qwertyqwertyqwerty' },
      });
      expect(reset.status).toBe(400);
      expect(reset.error).toBe(PASSWORD_REPEATED_WORD);

      const signup = await api.call(platformRoutes.signUp, {
        body: {
          restaurantName: 'Repeat Grill',
          ownerName: 'Rita',
          username: 'rita-repeat',
          password: tripled,
        },
      });
      expect(signup.status).toBe(400);
      expect(signup.error).toBe(PASSWORD_REPEATED_WORD);

      const team = (await loginAs(t.app, 'team1', 'team123')).token;
      const restaurant = await api.as(team).call(platformRoutes.createRestaurant, {
        body: {
          name: 'Repeat Bistro',
          currency: 'eur',
          timezone: 'Europe/Rome',
          plan: 'starter',
          admin: { name: 'Remo', username: 'remo-repeat', password: ' '.repeat(30) },
        },
      });
      expect(restaurant.status).toBe(400);
      expect(restaurant.error).toBe(PASSWORD_BLANK);
      const member = await api.as(team).call(platformRoutes.createTeamMember, {
        body: { name: 'Tess', username: 'tess-repeat', password: '1111111111111111' },
      });
      expect(member.status).toBe(400);
      expect(member.error).toBe(PASSWORD_ONE_CHARACTER);
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

      const res = await api.as(admin).call(securityRoutes.listLoginFailures);
      expect(res.status).toBe(200);
      const list = res.data;
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
      const ours = (await api.as(admin).call(securityRoutes.listLoginFailures)).data;
      expect(ours).toHaveLength(LOGIN_FAILURES_SHOWN);
      expect(ours.some((f) => f.username === other.usernames.admin)).toBe(false);
      const theirs = (await api.as(other.tokens.admin!).call(securityRoutes.listLoginFailures))
        .data;
      expect(theirs.map((f) => f.username)).toEqual([other.usernames.admin]);
      expect((await api.as(manager).call(securityRoutes.listLoginFailures)).status).toBe(403);
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
      await client(t.app).call(authRoutes.login, {
        body: { username: 'waiter1', password: 'nope-nope' },
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
