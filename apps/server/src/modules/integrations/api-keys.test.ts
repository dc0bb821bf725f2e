import {
  API_KEY_PREFIX,
  integrationsRoutes,
  menuRoutes,
  platformRoutes,
  tablesRoutes,
  v1Routes,
  type ApiKeyScope,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { apiKeys, auditLog } from '../../core/db/schema.js';
import { seedDemo } from '../../core/db/seed.js';
import { client, type Client } from '../../testing/client.js';
import {
  BACKENDS,
  createTestApp,
  createTestDatabase,
  type TestApp,
} from '../../testing/harness.js';

describe.each(BACKENDS)('API keys on %s', (backend) => {
  let t: TestApp;
  let api: Client;

  const create = async (who: string, scopes: ApiKeyScope[], extra: object = {}) =>
    api
      .as(who)
      .call(integrationsRoutes.createApiKey, { body: { name: `${who} key`, scopes, ...extra } });
  const newKey = async (scopes: ApiKeyScope[], extra: object = {}) => {
    const res = await create('admin1', scopes, extra);
    expect(res.status).toBe(201);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  it('gives the secret once, with its prefix, and stores only its hash', async () => {
    const res = await create('admin1', ['orders:read', 'orders:write']);
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, id, masked } = res.data;
    expect(key).toMatch(/^tvk_live_[A-Za-z0-9_-]{43}$/);
    expect(masked).toBe(`${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(JSON.stringify(row)).not.toContain(key.slice(API_KEY_PREFIX.length + 4, -4));
    const list = await api.as('admin1').call(integrationsRoutes.listApiKeys);
    expect(list.res.body).not.toContain(key);
    const listed = list.data.keys.find((k) => k.id === id)!;
    expect(listed).toMatchObject({ masked, scopes: ['orders:read', 'orders:write'] });
    expect(listed.createdBy).toBeTruthy();
  });

  it('lets a manager create read-only keys only, and no one below', async () => {
    expect((await create('manager1', ['menu:read', 'reports:read'])).status).toBe(201);
    const write = await create('manager1', ['menu:read', 'menu:write']);
    expect(write.status).toBe(403);
    expect(write.code).toBe('API_KEY_WRITE_ADMIN_ONLY');
    expect((await create('waiter1', ['menu:read'])).status).toBe(403);
  });

  it('refuses bad scopes, bad addresses and a past expiry', async () => {
    const bad = await api.as('admin1').send(integrationsRoutes.createApiKey, {
      body: { name: 'x', scopes: ['orders:delete'] },
    });
    expect(bad.status).toBe(400);
    const addr = await api.as('admin1').send(integrationsRoutes.createApiKey, {
      body: { name: 'x', scopes: ['orders:read'], allowedSources: ['10.0.0.0/33'] },
    });
    expect(addr.status).toBe(400);
    const past = await create('admin1', ['orders:read'], {
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.code).toBe('API_KEY_EXPIRY_PAST');
  });

  it("answers a key's calls with its restaurant's data, and counts them", async () => {
    const { key, id } = await newKey(['orders:read']);
    const first = await api.as(key).call(v1Routes.v1ListOrders);
    expect(first.status).toBe(200);
    await api.as(key).call(v1Routes.v1ListOrders);
    const listed = (await api.as('admin1').call(integrationsRoutes.listApiKeys)).data.keys.find(
      (k) => k.id === id,
    )!;
    expect(listed.requestCount).toBe(2);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses a call without a key, with an unknown key, and a scope the key lacks', async () => {
    const none = await api.call(v1Routes.v1ListOrders);
    expect(none.status).toBe(401);
    expect(none.code).toBe('API_KEY_REQUIRED');
    const unknown = await api.as(`${API_KEY_PREFIX}nope`).call(v1Routes.v1ListOrders);
    expect(unknown.status).toBe(401);
    const { key } = await newKey(['menu:read']);
    const scoped = await api.as(key).call(v1Routes.v1ListOrders);
    expect(scoped.status).toBe(403);
    expect(scoped.code).toBe('API_KEY_SCOPE_MISSING');
    // A staff session is not a key.
    expect((await api.as('admin1').call(v1Routes.v1ListMenu)).status).toBe(401);
  });

  it('never lets a key reach a staff, admin or platform route', async () => {
    const { key } = await newKey(['menu:read', 'menu:write', 'tables:read', 'orders:write']);
    for (const res of [
      await api.as(key).call(menuRoutes.listMenu),
      await api.as(key).call(tablesRoutes.listTables),
      await api.as(key).call(integrationsRoutes.listApiKeys),
      await api.as(key).call(platformRoutes.listRestaurants),
    ]) {
      expect(res.status).toBe(403);
      expect(res.code).toBe('API_KEY_NOT_ALLOWED_HERE');
    }
  });

  it('stops a revoked key at once, and a rolled key’s old secret', async () => {
    const { key, id } = await newKey(['orders:read']);
    expect((await api.as(key).call(v1Routes.v1ListOrders)).status).toBe(200);
    const rolled = await api.as('admin1').call(integrationsRoutes.rollApiKey, { params: { id } });
    expect(rolled.status).toBe(200);
    expect(rolled.data.key).not.toBe(key);
    expect((await api.as(key).call(v1Routes.v1ListOrders)).status).toBe(401);
    expect((await api.as(rolled.data.key).call(v1Routes.v1ListOrders)).status).toBe(200);
    const revoked = await api
      .as('manager1')
      .call(integrationsRoutes.revokeApiKey, { params: { id } });
    expect(revoked.data.revokedAt).not.toBeNull();
    const after = await api.as(rolled.data.key).call(v1Routes.v1ListOrders);
    expect(after.status).toBe(401);
    expect(after.code).toBe('API_KEY_INVALID');
    const again = await api.as('admin1').call(integrationsRoutes.revokeApiKey, { params: { id } });
    expect(again.code).toBe('API_KEY_REVOKED');
  });

  it('lets only an admin roll a key that writes', async () => {
    const { id } = await newKey(['orders:write']);
    const res = await api.as('manager1').call(integrationsRoutes.rollApiKey, { params: { id } });
    expect(res.code).toBe('API_KEY_WRITE_ADMIN_ONLY');
  });

  it('refuses an expired key', async () => {
    const { key, id } = await newKey(['orders:read'], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await api.as(key).call(v1Routes.v1ListOrders)).status).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    expect((await api.as(key).call(v1Routes.v1ListOrders)).status).toBe(401);
  });

  it('answers only from the addresses a key allows', async () => {
    const { key } = await newKey(['orders:read'], {
      allowedSources: ['10.20.0.0/16', '2001:db8::1'],
    });
    const from = (remoteAddress: string) =>
      api.as(key).call(v1Routes.v1ListOrders, { remoteAddress });
    expect((await from('10.20.3.4')).status).toBe(200);
    expect((await from('::ffff:10.20.3.4')).status).toBe(200);
    expect((await from('2001:db8::1')).status).toBe(200);
    const other = await from('10.21.0.1');
    expect(other.status).toBe(403);
    expect(other.code).toBe('API_KEY_SOURCE_NOT_ALLOWED');
  });

  it("audits a key's change as the key, never as the person who created it", async () => {
    const { key, id } = await newKey(['orders:write', 'tables:read', 'menu:read']);
    const table = (await api.as(key).call(v1Routes.v1ListTables)).data.tables[0]!;
    const menu = await api.as(key).call(v1Routes.v1ListMenu);
    const item = menu.data.items.find((i) => i.available && i.name === 'Caesar Salad')!;
    const placed = await api.as(key).call(v1Routes.v1CreateOrder, {
      body: { tableId: table.id, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.placed'), eq(auditLog.entityId, placed.data.order.id)));
    expect(entry!.userId).toBeNull();
    expect(entry!.details).toMatchObject({ by: 'api_key', apiKeyId: id, apiKeyName: 'admin1 key' });
    // Keys' own changes (created, rolled, revoked) are the staff member's.
    const [created] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.created'), eq(auditLog.entityId, id)));
    expect(created!.userId).not.toBeNull();
    expect(JSON.stringify(created!.details)).not.toContain(key);
  });
});

describe('API key limits', () => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 1000, apiKeyPerWindow: 5 },
    });
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  it('announces the limit in RateLimit headers and answers 429 with Retry-After past it', async () => {
    const { key } = (
      await api
        .as('admin1')
        .call(integrationsRoutes.createApiKey, { body: { name: 'k', scopes: ['menu:read'] } })
    ).data;
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.as(key).call(v1Routes.v1ListMenu);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      remaining.push(String(res.headers['ratelimit-remaining']));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const over = await api.as(key).call(v1Routes.v1ListMenu);
    expect(over.status).toBe(429);
    expect(over.code).toBe('API_KEY_RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(800);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // Another key of the same restaurant has its own budget.
    const other = (
      await api
        .as('admin1')
        .call(integrationsRoutes.createApiKey, { body: { name: 'k2', scopes: ['menu:read'] } })
    ).data;
    expect((await api.as(other.key).call(v1Routes.v1ListMenu)).status).toBe(200);
  });

  it('holds the burst limit per second', async () => {
    const burst = await createTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 3 },
    });
    try {
      const c = client(burst.app);
      const { key } = (
        await c
          .as('admin1')
          .call(integrationsRoutes.createApiKey, { body: { name: 'k', scopes: ['menu:read'] } })
      ).data;
      const codes = await Promise.all(
        Array.from({ length: 6 }, () => c.as(key).call(v1Routes.v1ListMenu)),
      );
      expect(codes.filter((r) => r.status === 200)).toHaveLength(3);
      expect(codes.filter((r) => r.status === 429)).toHaveLength(3);
      expect(codes.find((r) => r.status === 429)!.headers['retry-after']).toBe('1');
    } finally {
      await burst.close();
    }
    // It starts an app of its own: slow on a busy machine.
  }, 180_000);
});

/**
 * Two instances on one database: a key revoked through one is refused by the other at its next
 * request (no instance keeps keys in memory). With REDIS_URL, their limits add up too.
 */
describe('API keys across two instances', () => {
  it('refuses on B a key revoked on A, at once', async () => {
    const db = await createTestDatabase('pglite');
    await seedDemo(db.database.db, { history: false });
    const config = testConfig(
      process.env.REDIS_URL
        ? {
            redisUrl: process.env.REDIS_URL,
            rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 1000, apiKeyPerWindow: 6 },
          }
        : {},
    );
    const a = await buildApp(config, { database: db.database });
    const b = await buildApp(config, { database: db.database });
    try {
      const onA = client(a);
      const onB = client(b);
      const { key, id } = (
        await onA
          .as('admin1')
          .call(integrationsRoutes.createApiKey, { body: { name: 'k', scopes: ['menu:read'] } })
      ).data;
      expect((await onB.as(key).call(v1Routes.v1ListMenu)).status).toBe(200);
      if (process.env.REDIS_URL) {
        // Six calls in all, alternating: the seventh is refused wherever it lands.
        const codes: number[] = [];
        for (let i = 0; i < 6; i++) {
          codes.push((await (i % 2 ? onA : onB).as(key).call(v1Routes.v1ListMenu)).status);
        }
        expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      }
      await onA.as('admin1').call(integrationsRoutes.revokeApiKey, { params: { id } });
      expect((await onB.as(key).call(v1Routes.v1ListMenu)).status).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await db.dispose();
    }
    // Two apps on a database of their own: slow on a busy machine.
  }, 180_000);
});
