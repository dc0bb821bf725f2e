// Real-time fan-out: N connected kitchen clients; for each order, the time from the HTTP response
// to the kitchen_order event arriving at a client; and the server's memory per idle connection.
// Usage: node bench/ws-latency.mjs [clients=1000] [orders=200]   (after npm run build)
import WebSocket from 'ws';
import { login, machine, menuIds, percentile, rssKb, startServer } from './lib.mjs';

const CLIENTS = Number(process.argv[2] ?? 1000);
const ORDERS = Number(process.argv[3] ?? 200);

const server = await startServer({ port: 3400 + Math.floor(Math.random() * 500) });
try {
  const { token } = await login(server.base, 'kitchen1', 'kitchen123');
  const food = (await menuIds(server.base, 'QR-T1')).filter((i) => i.category === 'food');
  const wsBase = server.base.replace('http', 'ws');

  // Warm up, then measure memory before and after connecting the clients.
  await fetch(`${server.base}/api/menu/public?token=QR-T1`);
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssKb(server.pid);

  const sockets = [];
  const waiting = new Map();
  const arrivals = new Map();
  for (let i = 0; i < CLIENTS; i++) {
    const ws = new WebSocket(`${wsBase}/ws?token=${token}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    sockets.push(ws);
  }
  // The probe is the last client: it has the most work ahead of it in the fan-out loop.
  const probe = sockets[sockets.length - 1];
  probe.on('message', (raw) => {
    const event = JSON.parse(raw.toString());
    if (event.type !== 'kitchen_order') return;
    const at = performance.now();
    arrivals.set(event.data.orderId, at);
    waiting.get(event.data.orderId)?.(at);
  });
  let received = 0;
  for (const ws of sockets) ws.on('message', () => received++);
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssKb(server.pid);
  const perConnectionKb = (after - before) / CLIENTS;

  const latencies = [];
  const fromRequest = [];
  for (let i = 0; i < ORDERS; i++) {
    const item = food[i % food.length];
    const sentAt = performance.now();
    const res = await fetch(`${server.base}/api/orders/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: `QR-T${(i % 12) + 1}`,
        items: [{ menuItemId: item.id, quantity: 1 }],
      }),
    });
    const respondedAt = performance.now();
    const body = await res.json();
    const orderId = body.data.orderId;
    // The event may arrive before the response is read: then its latency counts as 0.
    const arrivedAt =
      arrivals.get(orderId) ??
      (await Promise.race([
        new Promise((resolve) => waiting.set(orderId, resolve)),
        new Promise((r) => setTimeout(() => r(null), 5000)),
      ]));
    waiting.delete(orderId);
    if (arrivedAt !== null) {
      latencies.push(Math.max(0, arrivedAt - respondedAt));
      fromRequest.push(arrivedAt - sentAt);
    }
  }
  latencies.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  const result = {
    machine: machine(),
    clients: CLIENTS,
    orders: ORDERS,
    delivered: latencies.length,
    p50Ms: +percentile(latencies, 50).toFixed(2),
    p99Ms: +percentile(latencies, 99).toFixed(2),
    maxMs: +(latencies[latencies.length - 1] ?? NaN).toFixed(2),
    fromRequestP50Ms: +percentile(fromRequest, 50).toFixed(2),
    fromRequestP99Ms: +percentile(fromRequest, 99).toFixed(2),
    rssBeforeKb: before,
    rssAfterKb: after,
    perIdleConnectionKb: +perConnectionKb.toFixed(1),
    eventsReceivedByAllClients: received,
  };
  console.log(JSON.stringify(result, null, 2));
  for (const ws of sockets) ws.terminate();
} finally {
  await server.stop();
}
