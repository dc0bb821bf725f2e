import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../core/db/client.js';
import { seedDemo } from '../core/db/seed.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../testing/harness.js';

const REDIS_URL = process.env.REDIS_URL;
const LIMIT = 3;

/**
 * Two deployments on one Redis server, each with its own database, keep their keys apart; the
 * instances of one deployment (one database) share theirs. No prefix is configured: the default
 * is what is tested.
 */
describe.skipIf(!REDIS_URL).each(BACKENDS)('Redis keys of a deployment on %s', (backend) => {
  const config: Partial<Config> = {
    redisUrl: REDIS_URL,
    redisKeyPrefix: undefined,
    rateLimits: { ...testConfig().rateLimits, failedTokens: LIMIT },
  };
  const databases: TestDatabase[] = [];
  const extra: Database[] = [];
  const apps: FastifyInstance[] = [];
  let first: FastifyInstance;
  let sameDatabase: FastifyInstance;
  let otherDatabase: FastifyInstance;

  const start = async (database: Database) => {
    const app = await buildApp(testConfig(config), { database });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    const [one, two] = [await createTestDatabase(backend), await createTestDatabase(backend)];
    databases.push(one, two);
    await seedDemo(one.database.db, { history: false });
    await seedDemo(two.database.db, { history: false });
    first = await start(one.database);
    // Another instance of the same deployment: on PostgreSQL through a connection of its own.
    if (one.url) {
      const again = await createDatabase({ url: one.url, dataDir: ':memory:' });
      extra.push(again);
      sameDatabase = await start(again);
    } else sameDatabase = await start(one.database);
    otherDatabase = await start(two.database);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of extra) await database.close();
    for (const database of databases) await database.dispose();
  });

  const garbage = (app: FastifyInstance, ip: string) =>
    app
      .inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: 'Bearer not-a-token' },
        remoteAddress: ip,
      })
      .then((res) => res.statusCode);

  it('shares rate-limit counters with the same database only', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < LIMIT; i++) expect(await garbage(first, ip)).toBe(401);
    expect(await garbage(sameDatabase, ip)).toBe(429);
    expect(await garbage(otherDatabase, ip)).toBe(401);
  });

  it('lists the instances of the same database only', async () => {
    const ids = (await first.bus.instances()).map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([first.bus.self.id, sameDatabase.bus.self.id]));
    expect(ids).not.toContain(otherDatabase.bus.self.id);
  });

  it('hears the events of the same database only', async () => {
    const heard = { same: 0, other: 0 };
    const offSame = sameDatabase.bus.subscribePlatform(() => (heard.same += 1));
    const offOther = otherDatabase.bus.subscribePlatform(() => (heard.other += 1));
    try {
      first.bus.publishPlatform([
        {
          seq: 1,
          type: 'platform_settings_updated',
          data: { changed: ['brandName'], by: 'test' },
          timestamp: new Date().toISOString(),
          userId: null,
          restaurantId: null,
        },
      ]);
      // The other deployment hears nothing; once the same deployment has heard the message,
      // the other had the same time to hear it (one Redis channel delivers in order).
      otherDatabase.bus.publishPlatform([]);
      for (let i = 0; i < 200 && heard.same === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(heard.same).toBe(1);
      expect(heard.other).toBe(0);
    } finally {
      offSame();
      offOther();
    }
  });
});
