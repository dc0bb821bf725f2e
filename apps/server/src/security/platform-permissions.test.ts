import { authRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { users } from '../core/db/schema.js';
import { seedDemo } from '../core/db/seed.js';
import { requirePermission } from '../core/auth/plugin.js';
import { BACKENDS, createTestDatabase, loginAs, type TestDatabase } from '../testing/harness.js';
import { bodyOf, client } from '../testing/client.js';

/**
 * A platform route (the team's, across every restaurant) guarded by `manage_platform`: no
 * restaurant account may pass, whatever its role or individual grants.
 */
describe.each(BACKENDS)('platform permissions on %s', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
    await seedDemo(testDb.database.db, { history: false });
    app = await buildApp(testConfig(), { database: testDb.database });
    app.get(
      '/api/platform/test-tenants',
      { preHandler: requirePermission('manage_platform') },
      async () => ({ success: true as const, data: 'every tenant' }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  // A route of this test's own, outside the contract: called raw.
  const getTestTenants = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/platform/test-tenants',
      headers: { authorization: `Bearer ${token}` },
    });

  it("is closed to a restaurant admin's full access, and open to the team", async () => {
    for (const [username, password] of [
      ['admin1', 'admin123'],
      ['manager1', 'manager123'],
      ['waiter1', 'waiter123'],
    ] as const) {
      const res = await getTestTenants((await loginAs(app, username, password)).token);
      expect(res.statusCode, username).toBe(403);
      expect(bodyOf(res)?.success).toBe(false);
    }
    expect((await getTestTenants((await loginAs(app, 'team1', 'team123')).token)).statusCode).toBe(
      200,
    );
  });

  it('is closed to a restaurant account even when granted the platform permission', async () => {
    await testDb.database.db
      .update(users)
      .set({ extraPermissions: ['manage_platform'] })
      .where(eq(users.username, 'admin1'));
    const { token } = await loginAs(app, 'admin1', 'admin123');
    expect((await getTestTenants(token)).statusCode).toBe(403);
    const profile = await client(app).as(token).call(authRoutes.getProfile);
    expect(profile.data.permissions).toEqual(['full_access']);
  });
});
