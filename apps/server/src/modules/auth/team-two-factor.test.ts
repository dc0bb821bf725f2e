import {
  authRoutes,
  platformRoutes,
  RECOVERY_CODE_COUNT,
  TEAM_TWO_FACTOR_REQUIRED,
} from '@tavola/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { base32Decode, totp } from '../../core/auth/totp.js';
import { auditLog, users } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

const STEP = 30_000;

describe.each(BACKENDS)("the team's own two-factor sign-in on %s", (backend) => {
  let t: TestApp;
  let api: Client;
  let now: number;

  const password = (username: string, pass: string) =>
    api.call(authRoutes.login, { body: { username, password: pass } });
  /** The session a password alone answers, or the challenge a code must follow. */
  const sessionOf = (res: Awaited<ReturnType<typeof password>>) => {
    if (!('token' in res.data)) throw new Error('asked for a code');
    return res.data;
  };
  const challengeOf = (res: Awaited<ReturnType<typeof password>>) => {
    if (!('challenge' in res.data)) throw new Error('signed in without a code');
    return res.data.challenge;
  };
  const withCode = (challenge: string, code: string) =>
    api.call(authRoutes.loginTwoFactor, { body: { challenge, code } });
  const codeAt = (secret: string, offset: number) =>
    totp(base32Decode(secret)!, now + offset * STEP);

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    now = Math.floor(Date.now() / STEP) * STEP + 1000;
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
    // Each test's codes are of steps of their own.
    now += 10 * STEP;
  });
  afterAll(async () => t?.close());

  it('gives a team account the same codes as staff: enrol, confirm, sign in with a code or a recovery code, turn off', async () => {
    const token = (await loginAs(t.app, 'team1', 'team123')).token;
    const status = await api.as(token).call(authRoutes.getTwoFactor);
    expect(status.status).toBe(200);
    expect(status.data).toEqual({
      available: true,
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await api.as(token).call(authRoutes.startTwoFactorSetup);
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.data;
    expect(decodeURIComponent(new URL(otpauthUri).pathname)).toBe('/Tavola:team1');
    const enabled = await api.as(token).call(authRoutes.enableTwoFactor, {
      body: {
        code: codeAt(secret, 0),
      },
    });
    expect(enabled.status).toBe(200);
    const recovery = enabled.data.recoveryCodes;
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);

    // The password alone no longer signs in: a code does.
    const first = await password('team1', 'team123');
    expect(first.data).toMatchObject({ twoFactorRequired: true });
    expect('token' in first.data).toBe(false);
    vi.setSystemTime(now + STEP);
    const signedIn = await withCode(challengeOf(first), codeAt(secret, 1));
    expect(signedIn.status).toBe(200);
    expect(signedIn.data.user).toMatchObject({ username: 'team1', role: 'team' });
    expect(
      (await api.as(signedIn.data.token).call(platformRoutes.getPlatformSettings)).status,
    ).toBe(200);

    // A recovery code signs in once.
    const second = await password('team1', 'team123');
    const byRecovery = await withCode(challengeOf(second), recovery[0]!);
    expect(byRecovery.status).toBe(200);
    const third = await password('team1', 'team123');
    expect((await withCode(challengeOf(third), recovery[0]!)).status).toBe(401);

    // Turned off with a code: the password alone signs in again.
    vi.setSystemTime(now + 2 * STEP);
    const off = await api.as(token).call(authRoutes.disableTwoFactor, {
      body: {
        code: codeAt(secret, 2),
      },
    });
    expect(off.status).toBe(200);
    expect(off.data).toMatchObject({ available: true, enabled: false });
    expect(sessionOf(await password('team1', 'team123')).token).toEqual(expect.any(String));

    const [team1] = await t.database.db.select().from(users).where(eq(users.username, 'team1'));
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.userId, team1!.id), isNull(auditLog.restaurantId)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.two_factor_enabled', 'auth.two_factor_disabled']),
    );
  });

  it('lets the team require it of every team account: one without it must enrol before anything else', async () => {
    const team1 = (await loginAs(t.app, 'team1', 'team123')).token;
    const created = await api.as(team1).call(platformRoutes.createTeamMember, {
      body: {
        username: 'ops-sara',
        name: 'Sara Ops',
        password: 'a long enough passphrase 7',
      },
    });
    expect(created.status).toBe(201);
    // Sara is signed in before the rule exists.
    const earlier = (await loginAs(t.app, 'ops-sara', 'a long enough passphrase 7')).token;

    // Who requires it has it on first (else they would shut themselves out mid-change).
    const refused = await api.as(team1).call(platformRoutes.updatePlatformSettings, {
      body: {
        requireTeamTwoFactor: true,
      },
    });
    expect(refused.status).toBe(409);
    const setup = (await api.as(team1).call(authRoutes.startTwoFactorSetup)).data;
    await api
      .as(team1)
      .call(authRoutes.enableTwoFactor, { body: { code: codeAt(setup.secret, 0) } });
    const required = await api.as(team1).call(platformRoutes.updatePlatformSettings, {
      body: {
        requireTeamTwoFactor: true,
      },
    });
    expect(required.status).toBe(200);
    expect(required.data.requireTeamTwoFactor).toBe(true);

    // Sara signs in with her password and is told to enrol; nothing else answers her.
    const login = await password('ops-sara', 'a long enough passphrase 7');
    expect(login.status).toBe(200);
    const { token, user } = sessionOf(login);
    expect(user.two_factor_enrolment_required).toBe(true);
    for (const session of [token, earlier]) {
      for (const route of [
        platformRoutes.getPlatformSettings,
        platformRoutes.listRestaurants,
        platformRoutes.listTeamMembers,
      ]) {
        const res = await api.as(session).call(route);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, error: TEAM_TWO_FACTOR_REQUIRED });
      }
    }
    const me = await api.as(token).call(authRoutes.getProfile);
    expect(me.status).toBe(200);
    expect(me.data.two_factor_enrolment_required).toBe(true);

    const hers = (await api.as(token).call(authRoutes.startTwoFactorSetup)).data;
    const on = await api.as(token).call(authRoutes.enableTwoFactor, {
      body: {
        code: codeAt(hers.secret, 0),
      },
    });
    expect(on.status).toBe(200);
    expect((await api.as(token).call(platformRoutes.getPlatformSettings)).status).toBe(200);
    expect(
      (await api.as(token).call(authRoutes.getProfile)).data.two_factor_enrolment_required,
    ).toBe(false);
    // While it is required, a team account cannot turn it off.
    const off = await api.as(token).call(authRoutes.disableTwoFactor, {
      body: {
        code: codeAt(hers.secret, 1),
      },
    });
    expect(off.status).toBe(409);

    // Restaurant accounts are not the team's rule.
    const admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/restaurant/settings',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(settings.statusCode).toBe(200);
  });
});
