import { WS_CLOSE, WS_TRY_AGAIN_LATER } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket } from '../../testing/ws-client.js';

const LIMIT = 20;

describe('/ws connection attempts', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Behind a proxy, so each test client can speak for the IP it names.
    t = await createTestApp('pglite', {
      trustProxy: true,
      rateLimits: { login: 1000, public: 10_000, wsConnect: LIMIT },
    });
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  /** One connection attempt from `ip`; resolves with how the server closed it. */
  const attempt = async (ip: string, query: string) => {
    const socket = await TestSocket.open(`${base}/ws?${query}`, {
      headers: { 'x-forwarded-for': ip },
    });
    await socket.waitClosed();
    return { code: socket.closeCode, reason: socket.closeReason };
  };

  it('closes the attempts of an IP over the limit with 1013 and the wait, before any lookup', async () => {
    const results = [];
    for (let i = 0; i < LIMIT + 10; i++) {
      results.push(await attempt('203.0.113.7', `tableToken=guess-${i}`));
    }
    // The first ones were looked up (and not found); the rest never reached the database.
    expect(results.slice(0, LIMIT).map((r) => r.code)).toEqual(
      Array(LIMIT).fill(WS_CLOSE.notFound),
    );
    const refused = results.slice(LIMIT);
    expect(refused.map((r) => r.code)).toEqual(Array(10).fill(WS_TRY_AGAIN_LATER));
    expect(refused[0]!.reason).toMatch(/^Too many connection attempts, try again in \d+ s/);

    // Guessing staff tokens counts against the same budget.
    expect((await attempt('203.0.113.7', 'token=guessed-bearer')).code).toBe(WS_TRY_AGAIN_LATER);
  });

  it('counts per IP: another address still connects', async () => {
    const { token } = await loginAs(t.app, 'waiter1', 'waiter123');
    const staff = await TestSocket.open(`${base}/ws?token=${token}`, {
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    const guest = await TestSocket.open(`${base}/ws?tableToken=QR-T1`, {
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(await staff.stillOpen()).toBe(true);
    expect(await guest.stillOpen()).toBe(true);
    staff.close();
    guest.close();
  });
});
