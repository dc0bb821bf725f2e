import { Validator } from '@seriousme/openapi-schema-validator';
import { ALL_ROUTES, publicMenuResponseSchema, type RouteScope } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { UNCONVERTED_ROUTES } from '../../testing/route-coverage.js';

/** The credential each scope's operations name. */
const SCOPE_SECURITY: Record<RouteScope, unknown[]> = {
  public: [],
  guest: [{ tableToken: [] }],
  staff: [{ bearer: [] }],
  team: [{ bearer: [] }],
  api: [{ apiKey: [] }],
};

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  deprecated?: boolean;
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  info: { title: string };
  security: unknown[];
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's `/api/tables/:id` as OpenAPI writes it: `/api/tables/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });
  afterAll(async () => t?.close());

  it('is a valid OpenAPI 3.1 document (an independent validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(doc) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.info.title).toBe('Tavola');
  });

  it('names the bearer scheme, required unless a route is public', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const route of t.app.routeList.filter((r) => r.url.startsWith('/api/'))) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      // A route of the contract names its scope's credential; one outside it inherits the bearer.
      const expected = route.scope ? SCOPE_SECURITY[route.scope] : route.public ? [] : undefined;
      expect(op?.security, `${route.method} ${route.url}`).toEqual(expected);
      // The public API's operations take an API key, every other non-public one the bearer token.
      if (!route.public) {
        expect(op?.security ?? doc.security).toEqual(
          route.scope === 'api' ? [{ apiKey: [] }] : [{ bearer: [] }],
        );
      }
    }
  });

  it('names a credential per scope: the table token for guests, an API key for the public API', () => {
    expect(doc.components.securitySchemes.tableToken).toMatchObject({
      type: 'apiKey',
      in: 'query',
      name: 'token',
    });
    // The key travels as a bearer token (Authorization: Bearer tvk_live_…).
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/orders']?.get?.security).toEqual([{ apiKey: [] }]);
    const guest = doc.paths['/api/orders/public']?.post;
    expect(guest?.security).toEqual([{ tableToken: [] }]);
    expect(doc.paths['/api/orders/{id}/serve']?.post?.security).toEqual([{ bearer: [] }]);
  });

  it('gives every operation its operationId, once, as the contract names it', () => {
    const pending = new Set(UNCONVERTED_ROUTES);
    const ids: string[] = [];
    const missing: string[] = [];
    for (const route of t.app.routeList.filter((r) => r.url.startsWith('/api/'))) {
      const name = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (op?.operationId) ids.push(op.operationId);
      else if (!pending.has(name)) missing.push(name);
      if (route.operationId) expect(op?.operationId, name).toBe(route.operationId);
    }
    expect(missing).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const contract = new Map(ALL_ROUTES.map((r) => [`${r.method} ${r.path}`, r.operationId]));
    for (const route of t.app.routeList) {
      const id = contract.get(`${route.method} ${route.url}`);
      if (id) expect(route.operationId).toBe(id);
    }
  });

  it('holds every API route with its success response and its error envelope', () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
    // The app's routes, as its onRoute hook saw them register.
    expect(routes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(name);
        continue;
      }
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => s.startsWith('2'));
      const errors = statuses.filter((s) => /^[45]/.test(s));
      // A deprecated route may be kept only to tell old callers where to go instead.
      if (!op.deprecated) expect(success.length, `${name}: success response`).toBeGreaterThan(0);
      for (const s of success) {
        expect(Object.keys(op.responses[s]!.content ?? {}), `${name} ${s}`).not.toHaveLength(0);
      }
      expect(errors.length, `${name}: error responses`).toBeGreaterThan(0);
      for (const s of errors) {
        expect(op.responses[s]!.content?.['application/json']?.schema, `${name} ${s}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      if (!route.public) expect(statuses, `${name}: 401`).toContain('401');
      if (route.permissions) expect(statuses, `${name}: 403`).toContain('403');
    }
    expect(missing).toEqual([]);
  });

  it('describes the guest menu as sent (written once per table, it bypasses the serializer)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
    const body = res.json<unknown>();
    // Parsing keeps only what the schema names: every field sent is documented.
    expect(publicMenuResponseSchema.parse(body)).toEqual(body);
  });

  it('describes files by their media type', () => {
    const content = (path: string, status = '200') =>
      Object.keys(doc.paths[path]?.get?.responses[status]?.content ?? {});
    expect(content('/api/tables/{id}/qr.png')).toEqual(['image/png']);
    expect(content('/api/tables/{id}/qr.svg')).toEqual(['image/svg+xml']);
    expect(content('/api/tables/qr.pdf')).toEqual(['application/pdf']);
    expect(content('/api/orders/history').sort()).toEqual([
      'application/json',
      'application/pdf',
      'text/csv',
    ]);
  });

  it('is public, and rate limited like the guest routes', async () => {
    const limited = await createTestApp('pglite', {
      rateLimits: { login: 1000, public: 3, wsConnect: 1000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'GET', url: '/api/openapi.json' });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const docs = await limited.app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('lists every operation of the document, as HTML the CSP allows (no script, nothing from elsewhere)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    const html = res.body;
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        expect(html, `${method} ${path}`).toContain(`${method.toUpperCase()}</span> <code>${path}`);
      }
    }
    expect(html).toContain('id="schema-Ticket"');
  });

  it('needs no sign-in, and a staff token changes nothing', async () => {
    const { token } = await loginAs(t.app, 'manager1', 'manager123');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
  });
});
