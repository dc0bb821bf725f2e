import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { listen } from '../../testing/ws-client.js';

describe('/ws connection attempts', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: { login: 1000, public: 10_000, wsConnect: 120 },
    });
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  /** Resolves with the HTTP status of a refused upgrade, or the close code of an accepted one. */
  const attempt = (query: string) =>
    new Promise<{ status?: number; close?: number; body?: string }>((resolve) => {
      const ws = new WebSocket(`${base}/ws?${query}`);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      ws.on('close', (code) => resolve({ close: code }));
      ws.on('error', () => undefined);
    });

  it('refuses an IP that guesses table tokens, before any database lookup', async () => {
    const results = [];
    for (let i = 0; i < 140; i++) results.push(await attempt(`tableToken=guess-${i}`));
    const refused = results.filter((r) => r.status === 429);
    // Each accepted attempt was looked up and closed as not found; the rest never got that far.
    expect(results.filter((r) => r.close === 4404).length).toBeLessThanOrEqual(120);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    expect(JSON.parse(refused[0]!.body!)).toEqual({
      success: false,
      error: expect.stringMatching(/Too many connection attempts/),
    });
  });
});
