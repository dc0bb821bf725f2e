// Webhook delivery latency, and the public API's order placement beside the guest's, in one run.
// 1. N orders (each one order.created event) delivered to E endpoints on a local receiver; for
//    each delivery, the time from the order's HTTP response (its event is committed by then) to
//    the delivery arriving at the receiver. Every delivery is verified with standardwebhooks.
//    Then the backlog: every one of those deliveries redelivered at once (the admin's "redeliver
//    a time range", per endpoint), and the time until all arrived again: the deliverer's rate
//    when it is not waiting for orders.
// 2. With the endpoints gone: orders per second through POST /api/v1/orders with an API key (its
//    per-key limits lifted by API_KEY_RATE_LIMIT/API_KEY_WINDOW_LIMIT, or it would measure them)
//    and through the guest's POST /api/orders/public, each for S seconds on C connections.
// Usage: node bench/webhooks.mjs [events=1000] [endpoints=10] [pglite|postgres] [seconds=8]
//        [connections=32]   (after npm run build; PostgreSQL: BENCH_DATABASE_URL, see lib.mjs)
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { Webhook } from 'standardwebhooks';
import { freshDatabase, login, machine, menuIds, percentile, startServer } from './lib.mjs';

const EVENTS = Number(process.argv[2] ?? 1000);
const ENDPOINTS = Number(process.argv[3] ?? 10);
const DB = process.argv[4] ?? 'pglite';
const SECONDS = Number(process.argv[5] ?? 8);
const CONNECTIONS = Number(process.argv[6] ?? 32);

const committed = new Map();
const latencies = [];
const waiters = [];
let verified = 0;
const secrets = new Map();
const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const payload = new Webhook(secrets.get(req.url)).verify(body, req.headers);
    verified++;
    const from = committed.get(payload.data.orderId);
    if (from !== undefined) latencies.push(at - from);
    res.writeHead(204).end();
    while (waiters.length && waiters[0].done()) waiters.shift().resolve();
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const receiverPort = receiver.address().port;

const env = {
  WEBHOOKS_ALLOW_LOOPBACK_HTTP: 'true',
  API_KEY_RATE_LIMIT: '100000000',
  API_KEY_WINDOW_LIMIT: '100000000',
  ...(DB === 'postgres'
    ? { DATABASE_URL: await freshDatabase('tavola_bench_webhooks'), SEED_DEMO: 'true' }
    : {}),
};
const server = await startServer({ port: 3400 + Math.floor(Math.random() * 500), env });

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const summarise = (route, r) => ({
  route,
  rps: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

try {
  // A fresh embedded database migrates and seeds first: slow on a busy machine.
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const { token } = await login(server.base, 'admin1', 'admin123');
  const staff = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const endpointIds = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await fetch(`${server.base}/api/integrations/webhooks`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({
        url: `http://127.0.0.1:${receiverPort}/hook-${i}`,
        eventTypes: ['order.created'],
      }),
    });
    const { data } = await res.json();
    secrets.set(`/hook-${i}`, data.secret);
    endpointIds.push(data.id);
  }
  const food = (await menuIds(server.base, 'QR-T1')).filter((i) => i.category === 'food');
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const res = await fetch(`${server.base}/api/orders/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: `QR-T${(i % 12) + 1}`,
        items: [{ menuItemId: food[i % food.length].id, quantity: 1 }],
      }),
    });
    const at = performance.now();
    const body = await res.json();
    if (!body.success) throw new Error(`order failed: ${body.error}`);
    committed.set(body.data.orderId, at);
  }
  const placedIn = (performance.now() - started) / 1000;
  const expected = EVENTS * ENDPOINTS;
  await Promise.race([
    new Promise((resolve) => waiters.push({ done: () => latencies.length >= expected, resolve })),
    new Promise((r) => setTimeout(r, 120_000)),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const webhooks = {
    events: EVENTS,
    endpoints: ENDPOINTS,
    ordersPerSecond: Math.round(EVENTS / placedIn),
    delivered: latencies.length,
    verified,
    expected,
    deliveriesPerSecond: Math.round(latencies.length / seconds),
    latencyMs: {
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      max: Math.round(sorted.at(-1) ?? 0),
    },
  };

  // The backlog: everything sent again at once.
  const before = verified;
  const drainStarted = performance.now();
  const drained = new Promise((resolve) =>
    waiters.push({ done: () => verified - before >= expected, resolve }),
  );
  const range = JSON.stringify({
    since: new Date(Date.now() - 3_600_000).toISOString(),
    until: new Date(Date.now() + 60_000).toISOString(),
  });
  for (const id of endpointIds) {
    await fetch(`${server.base}/api/integrations/webhooks/${id}/redeliver`, {
      method: 'POST',
      headers: staff,
      body: range,
    });
  }
  await Promise.race([drained, new Promise((r) => setTimeout(r, 300_000))]);
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  webhooks.backlog = {
    redelivered: verified - before,
    seconds: Math.round(drainSeconds * 10) / 10,
    deliveriesPerSecond: Math.round((verified - before) / drainSeconds),
  };

  // 2. Order placement, v1 beside the guest route, with no endpoint to deliver to.
  for (const id of endpointIds) {
    await fetch(`${server.base}/api/integrations/webhooks/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  const created = await fetch(`${server.base}/api/integrations/api-keys`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({ name: 'bench', scopes: ['orders:write', 'tables:read'] }),
  }).then((r) => r.json());
  const key = { authorization: `Bearer ${created.data.key}` };
  const tables = (
    await fetch(`${server.base}/api/v1/tables`, { headers: key }).then((r) => r.json())
  ).data.tables.map((t) => t.id);
  const items = food.map((i) => i.id);
  const lines = (n) => [
    { menuItemId: items[n % items.length], quantity: 1 + (n % 3) },
    { menuItemId: items[(n * 7) % items.length], quantity: 1 },
  ];
  let n = 0;
  const keyed = (body) => (req) => {
    n++;
    return {
      ...req,
      headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${n}` },
      body: JSON.stringify(body(n)),
    };
  };
  const guest = summarise(
    'POST /api/orders/public',
    await load({
      url: `${server.base}/api/orders/public`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        { setupRequest: keyed((i) => ({ token: `QR-T${(i % 12) + 1}`, items: lines(i) })) },
      ],
    }),
  );
  const v1 = summarise(
    'POST /api/v1/orders',
    await load({
      url: `${server.base}/api/v1/orders`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key },
      requests: [
        { setupRequest: keyed((i) => ({ tableId: tables[i % tables.length], items: lines(i) })) },
      ],
    }),
  );
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
        database: DB,
        webhooks,
        orders: { seconds: SECONDS, connections: CONNECTIONS, results: [guest, v1] },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  receiver.close();
}
