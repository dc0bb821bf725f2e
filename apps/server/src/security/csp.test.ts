import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.js';

function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it("connects only to the page's own origin ('self' covers same-origin ws: and wss:) and Stripe's API", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it("runs scripts and frames of the page and of Stripe's card form only", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
  });

  it('loads images from the page, data and blob URLs, and https only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('sends the same security headers on every answer: a route, a guest read, an unknown path', async () => {
    const answers = await Promise.all(
      ['/api/health', '/api/menu/public?token=QR-T1', '/api/nope'].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404]);
    const policy = answers[0]!.headers['content-security-policy'];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(policy);
      expect(res.headers).toMatchObject({
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
