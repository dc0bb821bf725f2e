import { ERROR_CODES, isRefusalCode, menuRoutes } from '@tavola/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { client } from '../testing/client.js';

/**
 * Sends random and malformed requests to every route the app registers: no answer may be a 500,
 * every error uses the spec's envelope, and the server keeps serving.
 */
describe('fuzzing every route', () => {
  let t: TestApp;
  const tokens: string[] = [];
  let ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      // The fuzzer's invalid tokens must not shut its address out of the valid ones' routes.
      rateLimits: {
        login: 1_000_000,
        public: 1_000_000,
        wsConnect: 1_000_000,
        failedTokens: 1_000_000,
      },
    });
    for (const [u, p] of [
      ['manager1', 'manager123'],
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
      ['team1', 'team123'],
    ]) {
      tokens.push((await loginAs(t.app, u!, p!)).token);
    }
    const menu = (await client(t.app).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } }))
      .data.menu;
    ids = Object.values(menu)
      .flat()
      .slice(0, 3)
      .map((i) => i.id);
  });
  afterAll(async () => t?.close());

  // Logout would revoke the tokens the fuzzer signs in with; the auth tests cover it.
  const routes = () =>
    t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS' && r.url !== '/api/auth/logout',
    );

  it('registers the routes it is meant to cover', () => {
    const urls = routes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/orders/public',
        'PUT /api/menu/:id',
        'POST /api/tickets/:id/transition',
      ]),
    );
    expect(urls.length).toBeGreaterThan(30);
  });

  const idArb = () =>
    fc.oneof(
      fc.uuid(),
      fc.constantFrom(...ids, 'QR-T1', '0', '-1', '%00', '..%2f..%2fetc', "' or 1=1 --"),
      fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s) || 'x'),
    );
  const bodyArb = fc.oneof(
    fc.jsonValue(),
    fc.record({
      token: fc.oneof(fc.constant('QR-T1'), fc.string()),
      items: fc.array(
        fc.record({
          menuItemId: fc.oneof(fc.constantFrom(...['x']), fc.uuid(), fc.integer()),
          quantity: fc.oneof(fc.integer(), fc.double(), fc.string()),
        }),
        { maxLength: 3 },
      ),
      currency: fc.oneof(fc.constantFrom('EUR', 'usd', 'GBP'), fc.string()),
    }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2 }), { maxKeys: 6 }),
  );
  const rawBodyArb = fc.oneof(
    bodyArb.map((b) => JSON.stringify(b) ?? 'null'),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '[1,', '{"a":}', '\u0000', 'null', '"just a string"'),
  );
  const queryArb = fc.dictionary(
    fc.constantFrom(
      'token',
      'limit',
      'station',
      'from',
      'to',
      'page',
      'pageSize',
      'format',
      'sessionId',
      'x',
    ),
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom('QR-T1', 'kitchen', 'csv', '2026-01-01'),
    ),
    { maxKeys: 4 },
  );
  const headerArb = fc.record({
    // Mostly real tokens of several roles, so requests get past authentication.
    auth: fc.oneof(
      { arbitrary: fc.constantFrom(...tokensProxy()), weight: 8 },
      { arbitrary: fc.constant(undefined), weight: 1 },
      { arbitrary: fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`), weight: 1 },
      { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
    ),
    contentType: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      {
        arbitrary: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-8',
        ),
        weight: 1,
      },
    ),
    idempotency: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
  });

  // Tokens exist only after beforeAll; the arbitrary reads them lazily.
  function tokensProxy(): string[] {
    return ['__TOKEN0__', '__TOKEN1__', '__TOKEN2__', '__TOKEN3__'];
  }

  it('never answers 500, always uses the envelope, and keeps serving', async () => {
    const list = routes();
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: list.length - 1 }),
        idArb(),
        queryArb,
        rawBodyArb,
        headerArb,
        async (index, id, query, body, headers) => {
          const route = list[index]!;
          const url = route.url.replace(/:[a-zA-Z]+/g, id);
          const qs = new URLSearchParams(query).toString();
          const auth = headers.auth?.replace(
            /__TOKEN(\d)__/,
            (_m, n: string) => `Bearer ${tokens[Number(n)]}`,
          );
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: qs ? `${url}?${qs}` : url,
            headers: {
              ...(auth ? { authorization: auth } : {}),
              'content-type': headers.contentType,
              ...(headers.idempotency !== undefined
                ? { 'idempotency-key': headers.idempotency }
                : {}),
            },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(
            500,
          );
          if (res.statusCode >= 400) {
            const json = res.json<{ success: unknown; error: unknown; code: unknown }>();
            expect(json.success).toBe(false);
            expect(typeof json.error).toBe('string');
            expect((json.error as string).length).toBeGreaterThan(0);
            // Every refusal carries its machine-readable code beside the text: a class of error,
            // or a refusal of its own from the message catalog.
            const known =
              (ERROR_CODES as readonly unknown[]).includes(json.code) || isRefusalCode(json.code);
            expect(known, `${route.method} ${url} → ${res.body.slice(0, 200)}`).toBe(true);
          }
        },
      ),
      { numRuns: 2000, seed: Number(process.env.FUZZ_SEED ?? 20261121) },
    );
    // The fuzzer must reach past authentication and validation, not only bounce off them.
    const statuses = [...seen.keys()];
    expect(statuses.filter((s) => s < 300).length).toBeGreaterThan(0);
    for (const s of [400, 401, 403, 404]) expect(statuses).toContain(s);
    if (process.env.FUZZ_VERBOSE) console.log(Object.fromEntries(seen));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 120_000);
});
