import { ALL_ROUTES } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { INFRASTRUCTURE_ROUTES, UNCONVERTED_ROUTES } from '../../testing/route-coverage.js';

const key = (r: { method: string; path?: string; url?: string }) =>
  `${r.method} ${r.path ?? r.url}`;

describe('routes and the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const served = () => t.app.routeList.filter((r) => r.method !== 'OPTIONS');

  it('every route the server registers has a contract entry (or is listed infrastructure)', () => {
    const declared = new Set(ALL_ROUTES.map(key));
    const allowed = new Set([...INFRASTRUCTURE_ROUTES, ...UNCONVERTED_ROUTES]);
    const missing = served()
      .map(key)
      .filter((k) => !declared.has(k) && !allowed.has(k));
    expect(missing).toEqual([]);
  });

  it('registers each contract entry from the entry itself: operationId, scope, permissions', () => {
    const byKey = new Map(served().map((r) => [key(r), r]));
    const offences = ALL_ROUTES.filter((route) => route.scope !== 'api').flatMap((route) => {
      const r = byKey.get(key(route));
      if (!r) return [`${key(route)} is not registered`];
      const expected = {
        operationId: route.operationId,
        scope: route.scope,
        public: route.scope === 'public' || route.scope === 'guest',
        permissions:
          route.scope === 'team' && !route.permissions?.length
            ? ['manage_platform']
            : route.permissions?.length
              ? [...route.permissions]
              : null,
      };
      const actual = {
        operationId: r.operationId,
        scope: r.scope,
        public: r.public,
        permissions: r.permissions,
      };
      return JSON.stringify(actual) === JSON.stringify(expected)
        ? []
        : [`${key(route)}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`];
    });
    expect(offences).toEqual([]);
  });

  it('names each operation once', () => {
    const ids = ALL_ROUTES.map((r) => r.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const keys = ALL_ROUTES.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('the allow-lists name only routes the server has and the contract lacks', () => {
    const registered = new Set(served().map(key));
    const declared = new Set(ALL_ROUTES.map(key));
    // The web app's pages are served only when it is built.
    const stale = [
      ...INFRASTRUCTURE_ROUTES.filter((k) => k !== 'GET /*'),
      ...UNCONVERTED_ROUTES,
    ].filter((k) => !registered.has(k) || declared.has(k));
    expect(stale).toEqual([]);
  });
});
