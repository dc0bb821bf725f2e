import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed.js';
import { createTestDatabase, type TestDatabase } from '../testing/harness.js';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
// The tsx loader inside this one process: a SIGKILL then kills the server itself, not a wrapper.
const tsxLoader = pathToFileURL(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../node_modules/tsx/dist/loader.mjs',
  ),
).href;

/**
 * Crash safety: guests keep ordering (with idempotency keys, retrying on any failure) while the
 * server process is killed with SIGKILL and restarted three times. Afterwards every order a guest
 * saw acknowledged exists exactly once, retries returned the same order, and totals match lines.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('crash safety under SIGKILL', () => {
  let db: TestDatabase;
  let server: ChildProcess | null = null;
  const port = 5100 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;

  const start = async () => {
    server = spawn(process.execPath, ['--import', tsxLoader, serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        PUBLIC_RATE_LIMIT: '1000000',
        WEB_DIST: '',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  };
  const kill = async () => {
    const child = server;
    server = null;
    if (!child) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await seedDemo(db.database.db, { history: false });
    await start();
  }, 60_000);
  afterAll(async () => {
    await kill();
    await db?.dispose();
  });

  it('loses nothing and duplicates nothing', async () => {
    const menu = (await (await fetch(`${base}/api/menu/public?token=QR-T1`)).json()) as {
      data: { menu: Record<string, { id: string; available: boolean }[]> };
    };
    const items = Object.values(menu.data.menu)
      .flat()
      .filter((i) => i.available)
      .map((i) => i.id);

    const acknowledged = new Map<string, { orderNumber: number; orderId: string }>();
    const mismatches: string[] = [];
    let failedAttempts = 0;
    let stop = false;

    const guest = async (g: number) => {
      for (let k = 0; k < 6 && !stop; k++) {
        const key = `crash-${g}-${k}`;
        const body = JSON.stringify({
          token: `QR-T${(g % 12) + 1}`,
          items: [
            { menuItemId: items[(g + k) % items.length], quantity: 1 + (k % 3) },
            { menuItemId: items[(g * 3 + k) % items.length], quantity: 1 },
          ],
        });
        // Retry the same request with the same key until it is acknowledged.
        for (let attempt = 0; attempt < 200; attempt++) {
          try {
            const res = await fetch(`${base}/api/orders/public`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': key },
              body,
              signal: AbortSignal.timeout(3000),
            });
            if (res.status === 200 || res.status === 201) {
              const data = (
                (await res.json()) as { data: { order_number: number; orderId: string } }
              ).data;
              const seen = acknowledged.get(key);
              if (seen && seen.orderNumber !== data.order_number) mismatches.push(key);
              acknowledged.set(key, { orderNumber: data.order_number, orderId: data.orderId });
              break;
            }
          } catch {
            // The server is down or the connection died: wait and retry with the same key.
            failedAttempts++;
          }
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
        }
      }
    };

    const guests = Array.from({ length: 50 }, (_, g) => guest(g));
    for (let crash = 0; crash < 3; crash++) {
      await new Promise((r) => setTimeout(r, 400));
      await kill();
      await new Promise((r) => setTimeout(r, 200));
      await start();
    }
    await Promise.all(guests);
    stop = true;

    // The crashes really hit guests mid-order, and every order still got through.
    expect(failedAttempts).toBeGreaterThan(10);
    expect(acknowledged.size).toBe(300);
    expect(mismatches).toEqual([]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; n: number; numbers: number[] }>(
        `select idempotency_key as key, count(*)::int as n, array_agg(order_number) as numbers
           from orders where idempotency_key like 'crash-%' group by 1`,
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const [key, ack] of acknowledged) {
        const row = byKey.get(key);
        expect(row?.n, key).toBe(1);
        expect(row?.numbers, key).toEqual([ack.orderNumber]);
      }
      const bad = await client.query(
        `select o.id from orders o left join order_items i on i.order_id = o.id
          group by o.id, o.total_cents having coalesce(sum(i.line_total_cents), 0) <> o.total_cents`,
      );
      expect(bad.rows).toEqual([]);
      const numbers = await client.query(
        `select count(*)::int as n, count(distinct order_number)::int as d from orders`,
      );
      expect(numbers.rows[0].n).toBe(numbers.rows[0].d);
    } finally {
      await client.end();
    }
  }, 60_000);
});
