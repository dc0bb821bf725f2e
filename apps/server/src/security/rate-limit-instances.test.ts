import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type Config } from '../config.js';
import { createTestApp, type TestApp } from '../testing/harness.js';
import { bodyOf } from '../testing/client.js';

const REDIS_URL = process.env.REDIS_URL;

/**
 * Two server instances behind one load balancer share their limits through Redis: a client that
 * alternates between them gets no more than the limit in all.
 */
describe.skipIf(!REDIS_URL)('rate limits across two instances sharing REDIS_URL', () => {
  let a: TestApp;
  let b: TestApp;

  const start = async (rateLimits: Partial<Config['rateLimits']>) => {
    // Both instances use the same keys; other test runs on the same Redis use others.
    const redisKeyPrefix = `tavola-test-${randomUUID()}:`;
    const config = {
      redisUrl: REDIS_URL,
      redisKeyPrefix,
      rateLimits: { ...testConfig().rateLimits, ...rateLimits },
    };
    [a, b] = await Promise.all([createTestApp('pglite', config), createTestApp('pglite', config)]);
  };
  const stop = async () => {
    await Promise.all([a?.close(), b?.close()]);
  };
  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {});
  const login = (app: TestApp, username: string, password: string, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });

  describe('per address', () => {
    beforeAll(() => start({ login: 4, public: 6 }));
    afterAll(stop);

    it('counts sign-in requests from one address on both instances together', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await login(i % 2 ? b : a, `someone${i}`, 'x', '10.9.0.1');
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    });

    it('counts guest calls from one address on both instances together', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await (i % 2 ? b : a).app.inject({
          method: 'GET',
          url: `/api/menu/public?token=QR-T${(i % 3) + 1}`,
          remoteAddress: '10.9.0.2',
        });
        codes.push(res.statusCode);
      }
      expect(tally(codes)).toEqual({ 200: 6, 429: 2 });
    });

    it('counts calls for one table token on both instances together', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await (i % 2 ? b : a).app.inject({
          method: 'GET',
          url: '/api/sessions/public/summary?token=QR-T9',
          remoteAddress: `10.9.1.${i}`,
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(bodyOf(res)?.error).toMatch(/for this table/);
      }
      expect(tally(codes)).toEqual({ 200: 6, 429: 2 });
    });
  });

  describe('per username', () => {
    beforeAll(() => start({ login: 100_000 }));
    afterAll(stop);

    it('evaluates ten guesses from one address in all, whichever instance answers', async () => {
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => login(i % 2 ? b : a, 'waiter1', `g${i}`, '10.9.2.1')),
      );
      expect(tally(results.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 14 });
    });
  });
});
