import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../core/db/seed.js';
import { createTestDatabase, type TestDatabase } from '../testing/harness.js';
import { availableItems, expectOrdersIntact, startOrderingLoad } from '../testing/ordering-load.js';
import { ServerProcess } from '../testing/server-process.js';

/**
 * Crash safety: guests keep ordering (with idempotency keys, retrying on any failure) while the
 * server process is killed with SIGKILL and restarted three times. Afterwards every order a guest
 * saw acknowledged exists exactly once, retries returned the same order, and totals match lines.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('crash safety under SIGKILL', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await seedDemo(db.database.db, { history: false });
    server = new ServerProcess({ DATABASE_URL: db.url! });
    await server.start();
    base = server.base;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await db?.dispose();
  });

  it('loses nothing and duplicates nothing', async () => {
    const load = startOrderingLoad(base, await availableItems(base), {
      guests: 50,
      ordersEach: 6,
      prefix: 'crash',
    });
    for (let crash = 0; crash < 3; crash++) {
      await new Promise((r) => setTimeout(r, 400));
      await server.stop('SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      await server.start();
    }
    await load.done;

    // The crashes really hit guests mid-order, and every order still got through.
    expect(load.networkFailures).toBeGreaterThan(10);
    expect(load.acknowledged.size).toBe(300);
    expect(load.mismatches).toEqual([]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await expectOrdersIntact(client, 'crash', load.acknowledged);
    } finally {
      await client.end();
    }
  }, 180_000);
});
