import { RECOVERY_CODE_COUNT, TEAM_TWO_FACTOR_REQUIRED } from '@tavola/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { base32Decode, totp } from '../../core/auth/totp.js';
import { auditLog, users } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

const STEP = 30_000;

describe.each(BACKENDS)("the team's own two-factor sign-in on %s", (backend) => {
  let t: TestApp;
  let now: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const password = (username: string, pass: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: pass } });
  const withCode = (challenge: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { challenge, code },
    });
  const codeAt = (secret: string, offset: number) =>
    totp(base32Decode(secret)!, now + offset * STEP);

  beforeAll(async () => {
    t = await createTestApp(backend);
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
    const status = await call('GET', '/api/auth/two-factor', token);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual({
      available: true,
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await call('POST', '/api/auth/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json().data;
    expect(decodeURIComponent(new URL(otpauthUri).pathname)).toBe('/Tavola:team1');
    const enabled = await call('POST', '/api/auth/two-factor/enable', token, {
      code: codeAt(secret, 0),
    });
    expect(enabled.statusCode).toBe(200);
    const recovery = enabled.json().data.recoveryCodes as string[];
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);

    // The password alone no longer signs in: a code does.
    const first = await password('team1', 'team123');
    expect(first.json().data).toMatchObject({ twoFactorRequired: true });
    expect(first.json().data.token).toBeUndefined();
    vi.setSystemTime(now + STEP);
    const signedIn = await withCode(first.json().data.challenge, codeAt(secret, 1));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ username: 'team1', role: 'team' });
    expect(
      (await call('GET', '/api/platform/settings', signedIn.json().data.token)).statusCode,
    ).toBe(200);

    // A recovery code signs in once.
    const second = await password('team1', 'team123');
    const byRecovery = await withCode(second.json().data.challenge, recovery[0]!);
    expect(byRecovery.statusCode).toBe(200);
    const third = await password('team1', 'team123');
    expect((await withCode(third.json().data.challenge, recovery[0]!)).statusCode).toBe(401);

    // Turned off with a code: the password alone signs in again.
    vi.setSystemTime(now + 2 * STEP);
    const off = await call('POST', '/api/auth/two-factor/disable', token, {
      code: codeAt(secret, 2),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ available: true, enabled: false });
    expect((await password('team1', 'team123')).json().data.token).toEqual(expect.any(String));

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
    const created = await call('POST', '/api/platform/team-members', team1, {
      username: 'ops-sara',
      name: 'Sara Ops',
      password: 'a long enough passphrase 7',
    });
    expect(created.statusCode).toBe(201);
    // Sara is signed in before the rule exists.
    const earlier = (await loginAs(t.app, 'ops-sara', 'a long enough passphrase 7')).token;

    // Who requires it has it on first (else they would shut themselves out mid-change).
    const refused = await call('PUT', '/api/platform/settings', team1, {
      requireTeamTwoFactor: true,
    });
    expect(refused.statusCode).toBe(409);
    const setup = (await call('POST', '/api/auth/two-factor/setup', team1)).json().data;
    await call('POST', '/api/auth/two-factor/enable', team1, { code: codeAt(setup.secret, 0) });
    const required = await call('PUT', '/api/platform/settings', team1, {
      requireTeamTwoFactor: true,
    });
    expect(required.statusCode).toBe(200);
    expect(required.json().data.requireTeamTwoFactor).toBe(true);

    // Sara signs in with her password and is told to enrol; nothing else answers her.
    const login = await password('ops-sara', 'a long enough passphrase 7');
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json().data;
    expect(user.two_factor_enrolment_required).toBe(true);
    for (const session of [token, earlier]) {
      for (const [method, url] of [
        ['GET', '/api/platform/settings'],
        ['GET', '/api/platform/restaurants'],
        ['GET', '/api/platform/team-members'],
      ] as const) {
        const res = await call(method, url, session);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, error: TEAM_TWO_FACTOR_REQUIRED });
      }
    }
    const me = await call('GET', '/api/auth/profile', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.two_factor_enrolment_required).toBe(true);

    const hers = (await call('POST', '/api/auth/two-factor/setup', token)).json().data;
    const on = await call('POST', '/api/auth/two-factor/enable', token, {
      code: codeAt(hers.secret, 0),
    });
    expect(on.statusCode).toBe(200);
    expect((await call('GET', '/api/platform/settings', token)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/auth/profile', token)).json().data.two_factor_enrolment_required,
    ).toBe(false);
    // While it is required, a team account cannot turn it off.
    const off = await call('POST', '/api/auth/two-factor/disable', token, {
      code: codeAt(hers.secret, 1),
    });
    expect(off.statusCode).toBe(409);

    // Restaurant accounts are not the team's rule.
    const admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    expect((await call('GET', '/api/restaurant/settings', admin)).statusCode).toBe(200);
  });
});
