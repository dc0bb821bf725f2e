// What one restaurant costs (the cost model of bench/README.md), measured on one instance on PostgreSQL:
// 1. CPU per order and per bill-summary poll, in the server process and in the database's
//    backends: each at a steady rate (open loop) for a while, minus the same processes' CPU
//    while idle, divided by the requests answered.
// 2. Server memory per staff socket: RSS before and after opening the sockets.
// 3. Database rows and bytes per restaurant per day: a simulated day for R restaurants (every
//    table seats --sittings parties; each party places --orders orders of two lines, then the
//    manager takes a cash payment for the bill at the till), with the row count and pg_total_relation_size
//    (tables, indexes, TOAST) of every table before and after, divided by R.
// Then the projection to --platform restaurants (stats.mjs projectPlatform, arithmetic shown).
// Usage: node bench/cost-model.mjs [restaurants=20] [--sittings=4] [--orders=3] [--sockets=1000]
//          [--order-rate=20] [--poll-rate=200] [--seconds=10] [--platform=10000]
//   Checkout: BENCH_ROOT (default this one); PostgreSQL as bench:quick.
import os from 'node:os';
import pg from 'pg';
import { benchRoot, ensureServerBuilt, seedFleet } from './fleet.mjs';
import {
  cliCount,
  cliFlag,
  foodAndDrinks,
  freshDatabase,
  machine,
  rssKb,
  startServer,
} from './lib.mjs';
import { postgresCpu, connectSockets, cpuMs, httpClient, openLoop, pool } from './load.mjs';
import { projectPlatform } from './stats.mjs';

const flag = (name, fallback) => Number(cliFlag(name, fallback));
const RESTAURANTS = cliCount(20);
const SITTINGS = flag('sittings', 4);
const ORDERS_PER_SITTING = flag('orders', 3);
const SOCKETS = flag('sockets', 1000);
const ORDER_RATE = flag('order-rate', 20);
const POLL_RATE = flag('poll-rate', 200);
const SECONDS = flag('seconds', 10);
const PLATFORM = flag('platform', 10_000);
const say = (line) => console.log(line);

const from = benchRoot();
if (ensureServerBuilt(from)) say('built the server bundle');
say(`cost model on ${from}; ${machine()}; load average ${os.loadavg()[0].toFixed(1)}`);
const url = await freshDatabase('tavola_cost');
const { restaurants } = await seedFleet(from, url, RESTAURANTS);
const server = await startServer({
  port: 5800 + Math.floor(Math.random() * 150),
  from,
  env: { DATABASE_URL: url, SEED_DEMO: 'false' },
});
const { request, close } = httpClient(server.base);
const items = [];
let n = 0;
const orderBody = (k, token) => {
  n++;
  const { food, drinks } = items[k];
  return JSON.stringify({
    token,
    items: [
      { menuItemId: food[n % food.length], quantity: 1 + (n % 2) },
      { menuItemId: drinks[n % drinks.length], quantity: 1 },
    ],
  });
};
const placeOrder = (k, token) =>
  request('POST', '/api/orders/public', {
    headers: { 'idempotency-key': `cost-${process.pid}-${n + 1}` },
    body: orderBody(k, token),
  });

/**
 * Server and database CPU over `run()` in ms per request answered (background work during the
 * run included), and the same processes' CPU while idle just before, in ms a second.
 */
async function cpuOf(run) {
  const databaseCpu = await postgresCpu(url);
  const take = () => ({ server: cpuMs(server.pid), db: databaseCpu(), at: performance.now() });
  const idle0 = take();
  await new Promise((r) => setTimeout(r, 3000));
  const idle1 = take();
  const count = await run();
  const busy = take();
  const idleSeconds = (idle1.at - idle0.at) / 1000;
  return {
    count,
    serverMsEach: +((busy.server - idle1.server) / count).toFixed(3),
    databaseMsEach: +((busy.db - idle1.db) / count).toFixed(3),
    idleMsPerSecond: {
      server: Math.round((idle1.server - idle0.server) / idleSeconds),
      database: Math.round((idle1.db - idle0.db) / idleSeconds),
    },
  };
}

/** `rate` requests a second for SECONDS, open loop; how many were answered with 2xx. */
async function steady(rate, send) {
  const fires = Array.from({ length: Math.round(rate * SECONDS) }, (_, i) => ({
    t: (i * 1000) / rate,
    i,
  }));
  let ok = 0;
  await openLoop(fires, async (fire) => {
    const res = await send(fire.i);
    if (res.status >= 200 && res.status < 300) ok++;
  });
  return ok;
}

async function tableSizes() {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes
       from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname = 'public' and c.relkind = 'r'`,
    );
    const out = {};
    for (const r of rows) {
      const { rows: count } = await db.query(
        `select count(*)::int as n from public.${JSON.stringify(r.name)}`,
      );
      out[r.name] = { rows: count[0].n, bytes: Number(r.bytes) };
    }
    return out;
  } finally {
    await db.end();
  }
}

let result;
try {
  await pool(restaurants.length, 4, async (k) => {
    items[k] = await foodAndDrinks(server.base, restaurants[k].tables[0]);
  });
  const tables = restaurants.flatMap((r) => r.tables.map((token) => ({ k: r.k, token })));
  // Every table with a bill (a poll of an empty table would be cheaper than a real one), warm.
  await pool(tables.length, 8, async (j) => placeOrder(tables[j].k, tables[j].token));

  const orders = await cpuOf(() =>
    steady(ORDER_RATE, (i) =>
      placeOrder(tables[i % tables.length].k, tables[i % tables.length].token),
    ),
  );
  say(
    `CPU per order: server ${orders.serverMsEach} ms, database ${orders.databaseMsEach} ms (${orders.count} orders at ${ORDER_RATE}/s)`,
  );
  const polls = await cpuOf(() =>
    steady(POLL_RATE, (i) =>
      request(
        'GET',
        `/api/sessions/public/summary?token=${encodeURIComponent(tables[i % tables.length].token)}`,
      ),
    ),
  );
  say(
    `CPU per summary poll: server ${polls.serverMsEach} ms, database ${polls.databaseMsEach} ms (${polls.count} polls at ${POLL_RATE}/s)`,
  );

  const before = rssKb(server.pid);
  const urls = Array.from({ length: SOCKETS }, (_, i) => {
    const r = restaurants[i % restaurants.length];
    const role = ['kitchen', 'bar', 'waiter'][i % 3];
    return `${server.base.replace('http', 'ws')}/ws?token=${r.tokens[role]}`;
  });
  const { sockets, failed } = await connectSockets(urls, () => {});
  await new Promise((r) => setTimeout(r, 2000));
  const kbPerSocket = +((rssKb(server.pid) - before) / sockets.length).toFixed(1);
  for (const ws of sockets) ws.terminate();
  say(
    `server memory per staff socket: ${kbPerSocket} KB (${sockets.length} sockets, ${failed} failed)`,
  );

  // A simulated day: each table's parties in turn (orders, then the bill paid in cash).
  const sizes0 = await tableSizes();
  let dayOrders = 0;
  let payments = 0;
  let refused = 0;
  const t0 = Date.now();
  await pool(tables.length, 16, async (j) => {
    const { k, token } = tables[j];
    // The manager settles at the till (a waiter may settle only the tables assigned to them).
    const manager = { authorization: `Bearer ${restaurants[k].tokens.manager}` };
    for (let s = 0; s < SITTINGS; s++) {
      let sessionId;
      for (let o = 0; o < ORDERS_PER_SITTING; o++) {
        const res = await placeOrder(k, token);
        if (res.status !== 201 && res.status !== 200) {
          refused++;
          continue;
        }
        dayOrders++;
        sessionId = JSON.parse(res.body).data.sessionId;
      }
      if (!sessionId) continue;
      const paid = await request('POST', `/api/sessions/${sessionId}/payments`, {
        headers: manager,
        body: JSON.stringify({ method: 'cash' }),
      });
      if (paid.status >= 200 && paid.status < 300) payments++;
      else refused++;
    }
  });
  const daySeconds = (Date.now() - t0) / 1000;
  const sizes1 = await tableSizes();
  const perRestaurant = {};
  let rows = 0;
  let bytes = 0;
  for (const [name, after] of Object.entries(sizes1)) {
    const b = sizes0[name] ?? { rows: 0, bytes: 0 };
    const dRows = after.rows - b.rows;
    const dBytes = after.bytes - b.bytes;
    if (dRows === 0 && dBytes === 0) continue;
    perRestaurant[name] = {
      rows: +(dRows / RESTAURANTS).toFixed(1),
      bytes: Math.round(dBytes / RESTAURANTS),
    };
    rows += dRows;
    bytes += dBytes;
  }
  say(
    `a day per restaurant (${SITTINGS} sittings × 12 tables, ${ORDERS_PER_SITTING} orders each, a cash payment per bill): ${(rows / RESTAURANTS).toFixed(0)} rows, ${Math.round(bytes / RESTAURANTS / 1024)} KB (${dayOrders} orders, ${payments} payments, ${refused} refused, in ${daySeconds} s)`,
  );

  const projection = projectPlatform({
    restaurants: PLATFORM,
    serverMsPerPoll: polls.serverMsEach,
    serverMsPerOrder: orders.serverMsEach,
    dbMsPerPoll: polls.databaseMsEach,
    dbMsPerOrder: orders.databaseMsEach,
    kbPerSocket,
  });
  say(
    `${PLATFORM} restaurants on a Friday night: ${projection.pollsPerSecond} polls/s × ${polls.serverMsEach} ms + ${projection.ordersPerSecond} orders/s × ${orders.serverMsEach} ms = ${projection.serverCores} server cores → ${projection.instances} two-core instances at 60%; database ${projection.databaseCores} cores busy → ${projection.databaseCoresProvisioned} at 60%; sockets ${projection.socketMemoryMb} MB`,
  );
  result = {
    machine: machine(),
    checkout: from,
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    restaurants: RESTAURANTS,
    cpuPerOrderMs: { server: orders.serverMsEach, database: orders.databaseMsEach },
    cpuPerSummaryPollMs: { server: polls.serverMsEach, database: polls.databaseMsEach },
    idleCpuMsPerSecond: orders.idleMsPerSecond,
    memoryPerSocketKb: kbPerSocket,
    day: {
      sittingsPerTable: SITTINGS,
      ordersPerSitting: ORDERS_PER_SITTING,
      ordersPerRestaurant: dayOrders / RESTAURANTS,
      paymentsPerRestaurant: payments / RESTAURANTS,
      refused,
      rowsPerRestaurant: Math.round(rows / RESTAURANTS),
      bytesPerRestaurant: Math.round(bytes / RESTAURANTS),
      byTable: perRestaurant,
    },
    projection: { restaurants: PLATFORM, ...projection },
  };
} finally {
  close();
  await server.stop();
}
console.log(JSON.stringify(result));
