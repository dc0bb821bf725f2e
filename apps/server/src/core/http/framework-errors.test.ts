import {
  authRoutes,
  refusalText,
  REFUSAL_KINDS,
  type MessageParams,
  type RefusalCode,
} from '@tavola/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { bodyOf } from '../../testing/client.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * What Fastify itself refuses, before or instead of a route (a body it cannot read, a path it
 * does not have, a limit), answers in the same envelope as a route's refusal: the English text
 * from the catalog by code, the class of the status as `code`.
 */
describe('errors the framework raises', () => {
  let t: TestApp;
  const signIn = { method: 'POST', url: authRoutes.login.path } as const;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, login: 3 },
    });
  });
  afterAll(async () => t?.close());

  const cases: [
    what: string,
    request: InjectOptions,
    status: number,
    refusal: RefusalCode,
    params?: MessageParams,
  ][] = [
    [
      'malformed JSON',
      { ...signIn, headers: { 'content-type': 'application/json' }, payload: '{"username":' },
      400,
      'REQUEST_JSON_MALFORMED',
    ],
    [
      'an empty JSON body',
      { ...signIn, headers: { 'content-type': 'application/json' }, payload: '' },
      400,
      'REQUEST_JSON_EMPTY',
    ],
    [
      'an unsupported media type',
      { ...signIn, headers: { 'content-type': 'text/xml' }, payload: '<login/>' },
      415,
      'REQUEST_MEDIA_TYPE_UNSUPPORTED',
    ],
    [
      'a body over the limit',
      {
        ...signIn,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(200 * 1024), password: 'y' }),
      },
      413,
      'REQUEST_BODY_TOO_LARGE',
    ],
    [
      'bad percent-encoding in the path',
      { method: 'GET', url: '/api/menu/%ff' },
      400,
      'REQUEST_URL_MALFORMED',
    ],
    [
      'a route that does not exist',
      { method: 'GET', url: '/api/no-such-route?x=1' },
      404,
      'ROUTE_NOT_FOUND',
      { method: 'GET', path: '/api/no-such-route' },
    ],
    // Fastify answers a method a path does not take as a route it does not have (no 405).
    [
      'a method the route does not take',
      { method: 'DELETE', url: '/api/health' },
      404,
      'ROUTE_NOT_FOUND',
      { method: 'DELETE', path: '/api/health' },
    ],
  ];

  // Each from an address of its own: the sign-in route's per-address limit is low here.
  let address = 0;
  const from = () => `198.51.100.${++address}`;

  it.each(cases)('answers %s in the envelope', async (_what, request, status, code, params) => {
    const res = await t.app.inject({ ...request, remoteAddress: from() });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(bodyOf(res)).toEqual({
      success: false,
      error: refusalText(code, params),
      code: REFUSAL_KINDS[code],
    });
  });

  it('answers a body that breaks the schema with VALIDATION and the field', async () => {
    const res = await t.app.inject({
      ...signIn,
      payload: { username: 7, password: 'x' },
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res)).toEqual({
      success: false,
      error: expect.any(String),
      code: 'VALIDATION',
    });
  });

  it('answers past the rate limit with 429, RATE_LIMITED and when to try again', async () => {
    const attempt = () =>
      t.app.inject({
        ...signIn,
        payload: { username: 'nobody-here', password: 'wrong-password' },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).not.toBe(429);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    const body = bodyOf(res);
    expect(body).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests, try again in \d+ seconds$/),
      code: 'RATE_LIMITED',
    });
    const seconds = Number(/in (\d+) seconds/.exec(body!.error!)![1]);
    expect(body!.error).toBe(refusalText('REQUESTS_RATE_LIMITED', { seconds }));
  });
});
