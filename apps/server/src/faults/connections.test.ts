import { authRoutes } from '@tavola/contract';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../core/db/seed.js';
import { fetchedData } from '../testing/client.js';
import { createTestDatabase, type TestDatabase } from '../testing/harness.js';
import { availableItems, expectOrdersIntact, startOrderingLoad } from '../testing/ordering-load.js';
import { ServerProcess } from '../testing/server-process.js';
import { TestSocket } from '../testing/ws-client.js';

const ENVELOPE_503 = /^\{"success":false,"error":"[^"]+","code":"UNAVAILABLE"\}$/;

/**
 * The database connection dies under the server while guests order: the process must stay up,
 * answer 503 with the envelope while it cannot reach the database, recover by itself, and lose or
 * duplicate nothing. And a SIGTERM under load must let requests in flight finish before the
 * database pool closes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('database connections under load', () => {
  let db: TestDatabase;
  let admin: pg.Client;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await seedDemo(db.database.db, { history: false });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  }, 60_000);
  afterEach(async () => {
    await server?.stop();
  });
  afterAll(async () => {
    await admin?.end();
    await db?.dispose();
  });

  const dbName = () => new URL(db.url!).pathname.slice(1);
  const terminateServerConnections = () =>
    admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [dbName()],
    );

  it('keeps running when its connections are terminated mid-query, and loses nothing', async () => {
    server = new ServerProcess({ DATABASE_URL: db.url! });
    await server.start();
    const load = startOrderingLoad(server.base, await availableItems(server.base), {
      guests: 40,
      ordersEach: 5,
      prefix: 'terminate',
    });
    let terminated = 0;
    for (let round = 0; round < 8; round++) {
      await new Promise((r) => setTimeout(r, 150));
      terminated += (await terminateServerConnections()).rows[0]!.n;
      // The process is still there after every round: an unhandled client error would kill it.
      expect(server.running, server.output).toBe(true);
    }
    await load.done;

    // The terminations really cut connections in use, and the server answered through them.
    expect(terminated).toBeGreaterThan(8);
    expect(server.running, server.output).toBe(true);
    expect(load.acknowledged.size).toBe(200);
    expect(load.mismatches).toEqual([]);
    // Every refusal was the database-unavailable answer, in the envelope; never a 500.
    for (const refusal of load.refusals) {
      expect(refusal.status, refusal.body).toBe(503);
      expect(refusal.body).toMatch(ENVELOPE_503);
    }
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await expectOrdersIntact(client, 'terminate', load.acknowledged);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('finishes the requests in flight before closing the pool on SIGTERM', async () => {
    server = new ServerProcess({ DATABASE_URL: db.url!, LOG_LEVEL: 'warn' });
    await server.start();
    const load = startOrderingLoad(server.base, await availableItems(server.base), {
      // Enough guests to have requests in flight at the stop, few enough that a slow, loaded
      // machine finishes them well within the test's time.
      guests: 16,
      ordersEach: 5,
      prefix: 'sigterm',
    });
    // Impatient guests hang up before the answer: their requests are still at work in the
    // server (in a transaction) when their connection is gone, so closing the HTTP server does
    // not wait for them.
    let impatient = true;
    const items = await availableItems(server.base);
    const hangUps = (async () => {
      for (let i = 0; impatient; i++) {
        await fetch(`${server.base}/api/orders/public`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `impatient-${i}` },
          body: JSON.stringify({ token: 'QR-T12', items: [{ menuItemId: items[0], quantity: 1 }] }),
          signal: AbortSignal.timeout(5 + (i % 20)),
        }).catch(() => undefined);
      }
    })();
    // A waiter's screen keeps sending staff notifications, each saved by the socket's handler.
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'waiter1', password: 'waiter123' }),
    });
    const session = await fetchedData(authRoutes.login, login);
    if (!('token' in session)) throw new Error('sign-in answered no token');
    const { token } = session;
    const screen = await TestSocket.open(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
    const chatter = setInterval(() => {
      for (let i = 0; i < 5; i++) {
        screen.ws.send(
          JSON.stringify({ type: 'staff_notification', data: { message: 'Table 3' } }),
        );
      }
    }, 10);
    // Wait until orders are flowing, then stop the server in the middle of them.
    while (load.acknowledged.size < 16) await new Promise((r) => setTimeout(r, 20));
    const code = await server.stop('SIGTERM');
    impatient = false;
    clearInterval(chatter);
    await hangUps;
    expect(code, server.output).toBe(0);
    expect(server.output).not.toMatch(/after calling end on the pool|unexpected error/i);

    // Guests keep retrying against a restarted server: nothing half-written, nothing twice.
    await server.start();
    await load.done;
    expect(load.acknowledged.size).toBe(80);
    expect(load.mismatches).toEqual([]);
    for (const refusal of load.refusals) {
      expect(refusal.status).toBe(503);
      expect(refusal.body).toMatch(ENVELOPE_503);
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await expectOrdersIntact(client, 'sigterm', load.acknowledged);
    } finally {
      await client.end();
    }
  }, 240_000);
});
