// Webhook delivery latency: N orders (each one order.created event) delivered to E endpoints on a
// local receiver; for each delivery, the time from the order's HTTP response (its event is
// committed by then) to the delivery arriving at the receiver. Every delivery is verified with
// the standardwebhooks package.
// Usage: node bench/webhooks.mjs [events=1000] [endpoints=10]   (after npm run build)
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { login, machine, menuIds, percentile, startServer } from './lib.mjs';

const EVENTS = Number(process.argv[2] ?? 1000);
const ENDPOINTS = Number(process.argv[3] ?? 10);

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
    while (waiters.length && latencies.length >= waiters[0].count) waiters.shift().resolve();
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const receiverPort = receiver.address().port;

const server = await startServer({
  port: 3400 + Math.floor(Math.random() * 500),
  env: { WEBHOOKS_ALLOW_LOOPBACK_HTTP: 'true' },
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
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await fetch(`${server.base}/api/integrations/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        url: `http://127.0.0.1:${receiverPort}/hook-${i}`,
        eventTypes: ['order.created'],
      }),
    });
    const { data } = await res.json();
    secrets.set(`/hook-${i}`, data.secret);
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
  const expected = EVENTS * ENDPOINTS;
  await Promise.race([
    new Promise((resolve) => waiters.push({ count: expected, resolve })),
    new Promise((r) => setTimeout(r, 120_000)),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        events: EVENTS,
        endpoints: ENDPOINTS,
        delivered: latencies.length,
        verified,
        expected,
        deliveriesPerSecond: Math.round(latencies.length / seconds),
        latencyMs: {
          p50: Math.round(percentile(sorted, 50)),
          p95: Math.round(percentile(sorted, 95)),
          max: Math.round(sorted.at(-1) ?? 0),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  receiver.close();
}
