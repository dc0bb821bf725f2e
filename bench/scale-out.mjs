// Two instances behind one PostgreSQL and one Redis: orders placed on both, kitchen clients on both.
// Reports order throughput against one instance, and whether every kitchen client received every
// kitchen ticket, whichever instance took the order.
// Usage: node bench/scale-out.mjs [seconds=8] [clientsPerInstance=50]   (after npm run build)
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { login, machine, menuIds, startServer } from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 8);
const CLIENTS = Number(process.argv[3] ?? 50);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redis = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query('DROP DATABASE IF EXISTS tavola_bench_scale WITH (FORCE)');
await c.query('CREATE DATABASE tavola_bench_scale');
await c.end();
const url = new URL(admin);
url.pathname = '/tavola_bench_scale';
const env = { DATABASE_URL: url.toString(), SEED_DEMO: 'true', REDIS_URL: redis };

const port = 5600 + Math.floor(Math.random() * 300);
const a = await startServer({ port, env });
const b = await startServer({ port: port + 1, env });
try {
  const items = (await menuIds(a.base, 'QR-T1')).map((i) => i.id);
  const { token } = await login(a.base, 'kitchen1', 'kitchen123');
  const received = [];
  const sockets = [];
  for (const server of [a, b]) {
    for (let i = 0; i < CLIENTS; i++) {
      const seen = new Set();
      const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
      ws.on('message', (raw) => {
        const e = JSON.parse(raw.toString());
        if (e.type === 'kitchen_order') seen.add(e.data.ticketId);
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      sockets.push(ws);
      received.push(seen);
    }
  }

  // Only tickets of orders placed from now on (the seed has history of its own).
  const since = new Date();
  let n = 0;
  const load = (base, seconds) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: `${base}/api/orders/public`,
          method: 'POST',
          connections: 16,
          duration: seconds,
          headers: { 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (req) => {
                n++;
                return {
                  ...req,
                  body: JSON.stringify({
                    token: `QR-T${(n % 12) + 1}`,
                    items: [{ menuItemId: items[n % items.length], quantity: 1 }],
                  }),
                };
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
    });

  const one = await load(a.base, SECONDS);
  const [onA, onB] = await Promise.all([load(a.base, SECONDS), load(b.base, SECONDS)]);
  await new Promise((r) => setTimeout(r, 2000));

  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const { rows } = await db.query(
    `select id from tickets where station = 'kitchen' and created_at >= $1`,
    [since],
  );
  await db.end();
  const all = new Set(rows.map((r) => r.id));
  const complete = received.filter((seen) => [...all].every((id) => seen.has(id))).length;
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        clientsPerInstance: CLIENTS,
        seconds: SECONDS,
        oneInstanceOrdersPerSecond: Math.round(one.requests.average),
        twoInstancesOrdersPerSecond: Math.round(onA.requests.average + onB.requests.average),
        twoInstancesP99Ms: Math.max(onA.latency.p99, onB.latency.p99),
        non2xx: one.non2xx + onA.non2xx + onB.non2xx,
        kitchenTickets: all.size,
        kitchenClients: received.length,
        clientsThatReceivedEveryTicket: complete,
        fewestTicketsReceived: Math.min(...received.map((r) => r.size)),
        mostTicketsReceived: Math.max(...received.map((r) => r.size)),
        receivedOnA: received.slice(0, CLIENTS).reduce((m, r) => Math.min(m, r.size), Infinity),
        receivedOnB: received.slice(CLIENTS).reduce((m, r) => Math.min(m, r.size), Infinity),
      },
      null,
      2,
    ),
  );
  for (const ws of sockets) ws.terminate();
} finally {
  await a.stop();
  await b.stop();
}
