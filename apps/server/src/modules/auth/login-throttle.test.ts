import { authRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { client } from '../../testing/client.js';

const STORES = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';

describe.each(STORES)('sign-in throttle per username (%s counters)', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      // The per-IP request limit is not what these tests are about.
      rateLimits: { ...testConfig().rateLimits, login: 100_000 },
      ...(store === 'redis' ? { redisUrl: process.env.REDIS_URL } : {}),
    });
  });
  afterAll(async () => t?.close());

  const attempt = (username: string, password: string, ip: string) =>
    client(t.app).call(authRoutes.login, { body: { username, password }, remoteAddress: ip });
  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {});

  it('counts each attempt before verifying it: of 20 parallel guesses, 10 are evaluated', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt('waiter1', `guess-${i}`, '10.1.0.1')),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 401: 10, 429: 10 });
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ success: false, error: LOCKED, code: 'RATE_LIMITED' });
    // The right password from that address waits too…
    expect((await attempt('waiter1', 'waiter123', '10.1.0.1')).status).toBe(429);
    // …but the user is not shut out everywhere: their own restaurant's address still works.
    expect((await attempt('waiter1', 'waiter123', '10.1.0.2')).status).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    for (let round = 0; round < 3; round++) {
      const codes: number[] = [];
      for (let i = 0; i < 9; i++) codes.push((await attempt('bar1', 'wrong', '10.1.1.1')).status);
      expect(codes.every((c) => c === 401)).toBe(true);
      expect((await attempt('bar1', 'bar123', '10.1.1.1')).status).toBe(200);
    }
  });

  it('cannot be used by another tenant to lock a user out from where they work', async () => {
    // The kitchen signs in from its restaurant as usual.
    expect((await attempt('kitchen1', 'kitchen123', '10.2.0.7')).status).toBe(200);
    // Someone who learnt the username fails sign-ins from six addresses, ten each.
    const codes: number[] = [];
    for (let ip = 1; ip <= 6; ip++) {
      const batch = await Promise.all(
        Array.from({ length: 12 }, (_, i) => attempt('kitchen1', `x${i}`, `10.2.1.${ip}`)),
      );
      codes.push(...batch.map((r) => r.status));
    }
    // Ten per address are evaluated until fifty from anywhere; the rest are refused unseen.
    expect(tally(codes)).toEqual({ 401: 50, 429: 22 });
    // An address the user never signed in from now waits, even with the right password…
    const stranger = await attempt('kitchen1', 'kitchen123', '10.2.9.9');
    expect(stranger.status).toBe(429);
    expect(stranger.error).toMatch(/^Too many failed sign-in attempts/);
    // …while the kitchen's own address still signs in.
    expect((await attempt('kitchen1', 'kitchen123', '10.2.0.7')).status).toBe(200);
    // Other users are not affected at all.
    expect((await attempt('manager1', 'manager123', '10.2.9.9')).status).toBe(200);
  });

  it('does not count successful sign-ins against the username (a demo account shared by many)', async () => {
    for (let i = 0; i < 60; i++) {
      const res = await attempt('waiter1', 'waiter123', `10.4.${Math.floor(i / 250)}.${i % 250}`);
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('throttles unknown usernames the same way, so they look like real ones', async () => {
    const codes = (
      await Promise.all(Array.from({ length: 12 }, () => attempt('nobody.here', 'x', '10.3.0.1')))
    ).map((r) => r.status);
    expect(tally(codes)).toEqual({ 401: 10, 429: 2 });
  });
});
