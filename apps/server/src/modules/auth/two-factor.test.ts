import { authRoutes, RECOVERY_CODE_COUNT } from '@tavola/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { base32Decode, totp } from '../../core/auth/totp.js';
import { auditLog, authSessions, loginFailures, users } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { LOGIN_LIMITS } from './login-throttle.js';
import { CHALLENGE_EXPIRED, LOGIN_WRONG_CODE, REUSED_CODE, WRONG_CODE } from './two-factor.js';

const STEP = 30_000;

describe.each(BACKENDS)('two-factor sign-in on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  /** A moment one second into a time step: codes of the steps around it are known exactly. */
  let now: number;

  const password = (username: string, pass: string) =>
    api.call(authRoutes.login, { body: { username, password: pass } });
  /** The challenge a correct password answers for an account with two-factor sign-in. */
  const challengeOf = async (username: string, pass: string) => {
    const { data } = await password(username, pass);
    if (!('challenge' in data)) throw new Error(`${username} signed in without a code`);
    return data.challenge;
  };
  /** The token a password alone answers (no second step). */
  const tokenOf = async (username: string, pass: string) => {
    const { data } = await password(username, pass);
    return 'token' in data ? data.token : undefined;
  };
  const withCode = (challenge: string, code: string) =>
    api.call(authRoutes.loginTwoFactor, { body: { challenge, code } });
  /** The code of the time step `offset` steps from now. */
  const codeAt = (secret: string, offset: number) =>
    totp(base32Decode(secret)!, now + offset * STEP);

  /** Signs in with a password and turns two-factor sign-in on; answers the secret and codes. */
  const enrol = async (username: string, pass: string) => {
    const token = await api.signIn(username, pass);
    const setup = (await api.as(token).call(authRoutes.startTwoFactorSetup)).data;
    const enabled = await api.as(token).call(authRoutes.enableTwoFactor, {
      body: { code: codeAt(setup.secret, 0) },
    });
    expect(enabled.status).toBe(200);
    return { token, secret: setup.secret, recovery: enabled.data.recoveryCodes };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    now = Math.floor(Date.now() / STEP) * STEP + 1000;
  });
  beforeEach(() => {
    // The clock stands still, one second into a step (only Date is faked; timers run).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => t?.close());

  describe('enrolment', () => {
    it('gives an admin a secret as text, as an otpauth:// URI and as a QR code', async () => {
      const token = await api.signIn('admin1', 'admin123');
      const status = await api.as(token).call(authRoutes.getTwoFactor);
      expect(status.data).toEqual({
        available: true,
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
      });
      const res = await api.as(token).call(authRoutes.startTwoFactorSetup);
      expect(res.status).toBe(200);
      const { secret, otpauthUri, qrSvg } = res.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Tavola');
      expect(decodeURIComponent(uri.pathname)).toBe('/Tavola:admin1');
      expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      // Not in force until a code confirms it: the password alone still signs in.
      expect(await tokenOf('admin1', 'admin123')).toEqual(expect.any(String));
    });

    it('is confirmed by a first valid code only, and gives ten recovery codes once', async () => {
      const token = await api.signIn('admin1', 'admin123');
      const { secret } = (await api.as(token).call(authRoutes.startTwoFactorSetup)).data;
      const wrong = await api.as(token).call(authRoutes.enableTwoFactor, {
        body: {
          code: codeAt(secret, 2),
        },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        success: false,
        error: WRONG_CODE,
        code: 'TWO_FACTOR_WRONG_CODE',
      });
      const notDigits = await api
        .as(token)
        .call(authRoutes.enableTwoFactor, { body: { code: 'abc' } });
      expect(notDigits.status).toBe(400);

      const res = await api.as(token).call(authRoutes.enableTwoFactor, {
        body: {
          code: codeAt(secret, 0),
        },
      });
      expect(res.status).toBe(200);
      const codes = res.data.recoveryCodes;
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

      // Stored hashed: no code is in the row.
      const [row] = await t.database.db.select().from(users).where(eq(users.username, 'admin1'));
      expect(row!.totpRecoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      for (const code of codes) {
        expect(row!.totpRecoveryCodes.join()).not.toContain(code.replace('-', ''));
      }
      expect(row!.totpEnabledAt).not.toBeNull();

      const status = (await api.as(token).call(authRoutes.getTwoFactor)).data;
      expect(status).toMatchObject({ available: true, enabled: true, recoveryCodesLeft: 10 });
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.two_factor_enabled'));
      expect(entry).toMatchObject({ userId: row!.id, entityId: row!.id });

      // Once on, a new set-up or confirmation is a conflict.
      expect((await api.as(token).call(authRoutes.startTwoFactorSetup)).status).toBe(409);
      const twice = await api.as(token).call(authRoutes.enableTwoFactor, {
        body: {
          code: codeAt(secret, 1),
        },
      });
      expect(twice.status).toBe(409);
    });

    it('is for admins, managers and the team only', async () => {
      for (const [username, pass] of [
        ['waiter1', 'waiter123'],
        ['kitchen1', 'kitchen123'],
      ] as const) {
        const token = await api.signIn(username, pass);
        const status = (await api.as(token).call(authRoutes.getTwoFactor)).data;
        expect(status).toMatchObject({ available: false, enabled: false });
        const res = await api.as(token).call(authRoutes.startTwoFactorSetup);
        expect(res.status).toBe(403);
        expect(res.error).toBe('Two-factor sign-in is for admin, manager and team accounts');
      }
      const manager = await api.signIn('manager1', 'manager123');
      expect((await api.as(manager).call(authRoutes.getTwoFactor)).data.available).toBe(true);
    });
  });

  describe('signing in', () => {
    let secret: string;
    let recovery: string[];
    beforeAll(async () => {
      // The describe above left admin1 enrolled; start over with a clean account, a few steps
      // later (its steps so far were used).
      now += 10 * STEP;
      await t.database.db
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, totpRecoveryCodes: [] })
        .where(eq(users.username, 'admin1'));
    });

    it('answers a correct password with a challenge and no token, then the code signs in', async () => {
      ({ secret, recovery } = await enrol('admin1', 'admin123'));
      const sessionsBefore = (await t.database.db.select().from(authSessions)).length;

      const first = await password('admin1', 'admin123');
      expect(first.status).toBe(200);
      const data = first.data;
      expect(data).toEqual({
        twoFactorRequired: true,
        challenge: expect.any(String),
        expiresAt: new Date(now + 5 * 60_000).toISOString(),
      });
      if (!('challenge' in data)) throw new Error('admin1 signed in without a code');
      expect('token' in data).toBe(false);
      expect((await t.database.db.select().from(authSessions)).length).toBe(sessionsBefore);

      // The code the enrolment used is spent: never the same code twice.
      const replay = await withCode(data.challenge, codeAt(secret, 0));
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ success: false, error: REUSED_CODE, code: 'UNAUTHORIZED' });

      // The next step's code (a phone's clock a little ahead) signs in.
      const res = await withCode(data.challenge, codeAt(secret, 1));
      expect(res.status).toBe(200);
      const session = res.data;
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.user).toMatchObject({ username: 'admin1', role: 'admin' });
      expect((await api.as(session.token).call(authRoutes.getProfile)).status).toBe(200);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.login'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.details).toEqual({ twoFactor: 'code' });

      // Used once: a new challenge with the same code is refused.
      const again = await challengeOf('admin1', 'admin123');
      const reused = await withCode(again, codeAt(secret, 1));
      expect(reused.status).toBe(401);
      expect(reused.error).toBe(REUSED_CODE);
      // The previous step's code (a phone a little behind) works, once.
      expect((await withCode(again, codeAt(secret, -1))).status).toBe(200);
    });

    it('refuses a wrong code and one more than a step away, and records the failure', async () => {
      const challenge = await challengeOf('admin1', 'admin123');
      for (const code of ['000000', codeAt(secret, 2), codeAt(secret, -2)]) {
        const res = await withCode(challenge, code);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          error: LOGIN_WRONG_CODE,
          code: 'UNAUTHORIZED',
        });
      }
      const failures = await t.database.db
        .select()
        .from(loginFailures)
        .where(and(eq(loginFailures.username, 'admin1'), eq(loginFailures.reason, 'wrong_code')));
      expect(failures.length).toBeGreaterThanOrEqual(2);
      expect(failures[0]!.restaurantId).toBe(t.restaurantId);
    });

    it('takes a recovery code instead, each once', async () => {
      const token = (
        await withCode(
          await challengeOf('admin1', 'admin123'),
          // Typed in capitals without the dash: still the code.
          recovery[0]!.replace('-', '').toUpperCase(),
        )
      ).data.token;
      expect(token).toEqual(expect.any(String));
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.login'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.details).toEqual({ twoFactor: 'recovery_code' });
      expect((await api.as(token).call(authRoutes.getTwoFactor)).data.recoveryCodesLeft).toBe(9);

      const again = await withCode(await challengeOf('admin1', 'admin123'), recovery[0]!);
      expect(again.status).toBe(401);
      expect(again.error).toBe(LOGIN_WRONG_CODE);
      // Another one still works.
      const other = await withCode(await challengeOf('admin1', 'admin123'), recovery[1]!);
      expect(other.status).toBe(200);
    });

    it('refuses a challenge that was tampered with, or has expired', async () => {
      const challenge = await challengeOf('admin1', 'admin123');
      const parts = challenge.split('.');
      const later = [parts[0], String(Number(parts[1]) + 3600_000), parts[2], parts[3]].join('.');
      const someoneElse = ['00000000-0000-4000-8000-000000000000', ...parts.slice(1)].join('.');
      for (const bad of [later, `${challenge}x`, 'not-a-challenge', someoneElse]) {
        const res = await withCode(bad, codeAt(secret, 0));
        expect(res.status).toBe(401);
        expect(res.error).toBe(CHALLENGE_EXPIRED);
      }
      vi.setSystemTime(now + 5 * 60_000 + 1);
      const expired = await withCode(challenge, totp(base32Decode(secret)!, Date.now()));
      expect(expired.status).toBe(401);
      expect(expired.error).toBe(CHALLENGE_EXPIRED);
    });

    it('refuses a wrong password before any challenge', async () => {
      const res = await password('admin1', 'admin124');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        error: 'Invalid username or password',
        code: 'UNAUTHORIZED',
      });
    });

    it('counts wrong codes toward the sign-in throttle', async () => {
      const { secret: managerSecret } = await enrol('manager1', 'manager123');
      const challenge = await challengeOf('manager1', 'manager123');
      // The password was one attempt; the codes make up the rest of the address's allowance.
      for (let i = 1; i < LOGIN_LIMITS.perAddress; i++) {
        expect((await withCode(challenge, '000000')).status).toBe(401);
      }
      // Past the limit even the right code waits.
      const res = await withCode(challenge, codeAt(managerSecret, 1));
      expect(res.status).toBe(429);
      expect(res.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
      const [throttled] = await t.database.db
        .select()
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.username, 'manager1'),
            eq(loginFailures.reason, 'too_many_attempts'),
          ),
        );
      expect(throttled?.restaurantId).toBe(t.restaurantId);
    });

    it('turns off with a code, and the password alone signs in again', async () => {
      const token = (await withCode(await challengeOf('admin1', 'admin123'), recovery[2]!)).data
        .token;
      const wrong = await api
        .as(token)
        .call(authRoutes.disableTwoFactor, { body: { code: '000000' } });
      expect(wrong.status).toBe(400);
      expect(wrong.error).toBe(WRONG_CODE);
      const res = await api.as(token).call(authRoutes.disableTwoFactor, {
        body: {
          code: codeAt(secret, 0),
        },
      });
      // Step 0 was spent by the enrolment: refused as used.
      expect(res.status).toBe(400);
      expect(res.error).toBe(REUSED_CODE);
      vi.setSystemTime(now + 2 * STEP);
      const off = await api.as(token).call(authRoutes.disableTwoFactor, {
        body: {
          code: totp(base32Decode(secret)!, now + 2 * STEP),
        },
      });
      expect(off.status).toBe(200);
      expect(off.data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.two_factor_disabled'));
      expect(entry?.details).toEqual({ with: 'code' });
      expect(await tokenOf('admin1', 'admin123')).toEqual(expect.any(String));
    });
  });
});
