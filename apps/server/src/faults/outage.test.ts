import { healthRoutes, menuRoutes, ordersRoutes } from '@tavola/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../testing/ws-client.js';
import { client } from '../testing/client.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage', () => {
  let t: TestApp;
  let admin: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const { rows } = await (t.database.db as unknown as { $client: pg.Pool }).$client.query<{
      d: string;
    }>('select current_database() as d');
    dbName = rows[0]!.d;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => undefined);
    await admin?.end();
    await t?.close();
  });

  it('answers 503 with the envelope during it, recovers on its own, and writes nothing by halves', async () => {
    const api = client(t.app);
    const menu = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } })).data
      .menu;
    const order = (n: number) =>
      api.call(ordersRoutes.placeOrder, {
        headers: { 'idempotency-key': `outage-${n}` },
        body: {
          token: 'QR-T2',
          items: [
            { menuItemId: menu.food![0]!.id, quantity: 1 },
            { menuItemId: menu.drinks![0]!.id, quantity: 2 },
          ],
        },
      });
    expect((await order(1)).status).toBe(201);

    // The outage: no new connections, and every open one is cut.
    await admin.query(`alter database ${dbName} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
      dbName,
    ]);
    const during = await Promise.all([order(2), order(3), api.call(healthRoutes.getHealth)]);
    for (const res of during) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        error: expect.stringMatching(/unavailable/i),
        code: 'UNAVAILABLE',
      });
    }

    await admin.query(`alter database ${dbName} allow_connections true`);
    // It recovers without a restart: the pool replaces its dead connections.
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      recovered = (await api.call(healthRoutes.getHealth)).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(true);
    expect((await order(2)).status).toBe(201);
    expect((await order(1)).status).toBe(200); // still the first order, not a second

    const check = await admin.query(
      `select count(*)::int as n from pg_database where datname = $1`,
      [dbName],
    );
    expect(check.rows[0].n).toBe(1);
    const target = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${dbName}`),
    });
    await target.connect();
    try {
      const orders = await target.query(
        `select o.order_number, o.total_cents, coalesce(sum(i.line_total_cents), 0)::int as lines, count(i.id)::int as n
           from orders o left join order_items i on i.order_id = o.id group by o.id`,
      );
      expect(orders.rows).toHaveLength(2);
      for (const row of orders.rows) {
        expect(row.n).toBe(2);
        // total_cents is bigint, which the driver reads as a string.
        expect(row.lines).toBe(Number(row.total_cents));
      }
      const tickets = await target.query(`select count(*)::int as n from tickets`);
      expect(tickets.rows[0].n).toBe(4);
    } finally {
      await target.end();
    }
  });
});

describe('a WebSocket client that stops reading', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('is dropped once its send buffer passes the bound, and the others keep receiving', async () => {
    const base = await listen(t.app);
    const { token } = await loginAs(t.app, 'waiter1', 'waiter123');
    const slow = await TestSocket.open(`${base}/ws?token=${token}`);
    const healthy = await TestSocket.open(`${base}/ws?token=${token}`);
    await waitForAttached(t.app, 2);
    expect(t.app.realtime.size).toBe(2);
    // Stop reading from the socket: the kernel buffers fill, then the server's send buffer grows.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 200 && t.app.realtime.size > 1; i++) {
      t.app.bus.publish([
        {
          seq: 10_000 + i,
          type: 'staff_notification',
          data: { message: big, fromRole: null },
          timestamp: new Date().toISOString(),
          userId: null,
          restaurantId: t.restaurantId,
          tableId: null,
        },
      ]);
      await new Promise((r) => setImmediate(r));
    }
    expect(t.app.realtime.size).toBe(1);
    await healthy.waitFor((m) => m.length >= 10);
    expect(await healthy.stillOpen()).toBe(true);
  });
});
