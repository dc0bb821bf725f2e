// A platform's Friday night: N restaurants × 12 tables on PostgreSQL, every table
// occupied (one order placed at each before measuring), and at Friday-night rates, in real time
// (not compressed): a guest's phone at every table polls its bill summary every 8 s, every table
// orders once every 5 minutes (two lines: one to the kitchen, one to the bar), every table's new
// party opens the public menu once an hour, each restaurant's manager opens the overview and the
// day's sales report every 5 minutes, and 3 staff sockets per restaurant (kitchen, bar, waiter)
// receive their events. Each step measures a slice of that night (--warmup s, then --window s)
// and reports p99 per route from each request's scheduled time, and event delivery p99: from an
// order's request to its order_placed event at each of its restaurant's 3 sockets.
// A step passes when every route's p99 < 100 ms, event delivery p99 < 500 ms, no event is lost
// and at most 0.1% of requests fail. Then it searches for the largest number of restaurants that
// passes (doubling, then bisecting: stats.mjs nextCount), on one instance, then on two instances
// sharing Redis (sockets and orders of a restaurant spread over both, so events cross Redis).
// Usage: node bench/platform-night.mjs [restaurants=1000] [--instances=1,2] [--no-search]
//          [--warmup=10] [--window=30] [--max=8000] [--min-step=50] [--max-steps=6] [--no-prefill]
//   Checkout: BENCH_ROOT (default this one), built if needed. PostgreSQL as bench:quick;
//   Redis: BENCH_REDIS_URL or REDIS_URL (default redis://127.0.0.1:6379).
import os from 'node:os';
import { benchRoot, createFleet, ensureServerBuilt } from './fleet.mjs';
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
import { largestPassing, latencySummary, nextCount, phases } from './stats.mjs';

const flag = cliFlag;
const START = cliCount(1000);
const SEARCH = !flag('no-search', false);
const PREFILL = !flag('no-prefill', false);
const INSTANCES = String(flag('instances', '1,2')).split(',').map(Number);
const WARMUP_MS = Number(flag('warmup', 10)) * 1000;
const WINDOW_MS = Number(flag('window', 30)) * 1000;
const MAX = Number(flag('max', 8000));
const MIN_STEP = Number(flag('min-step', 50));
const MAX_STEPS = Number(flag('max-steps', 6));
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const TABLE_POLL_MS = 8_000;
const ORDER_EVERY_MS = 300_000;
const MENU_EVERY_MS = 3_600_000;
const REPORTS_EVERY_MS = 300_000;
const ROUTE_P99_MS = 100;
const EVENT_P99_MS = 500;
const STAFF_ROLES = ['kitchen', 'bar', 'waiter'];

const say = (line) => console.log(line);
const from = benchRoot();
if (ensureServerBuilt(from)) say('built the server bundle');
const url = await freshDatabase('tavola_night');
const fleet = await createFleet(from, url);
const items = []; // per restaurant: { food: [ids], drinks: [ids] }
const prefilled = new Set(); // restaurants whose tables have an open bill

/** Fires of one periodic kind for `count` clients over [0, until), phases spread by `salt`. */
function periodic(kind, count, periodMs, until, salt) {
  const out = [];
  const offsets = phases(count + salt, periodMs).slice(salt);
  for (let i = 0; i < count; i++) {
    for (let t = offsets[i]; t < until; t += periodMs) out.push({ t, kind, i });
  }
  return out;
}

async function prepare(n, client) {
  const grew = await fleet.growTo(n);
  if (grew) say(`  copied restaurants up to ${n} in ${grew} s`);
  const restaurants = fleet.restaurants.slice(0, n);
  const base = client.base;
  await pool(n, 8, async (k) => {
    items[k] ??= await foodAndDrinks(base, restaurants[k].tables[0]);
  });
  if (!PREFILL) return;
  const todo = restaurants.filter((r) => !prefilled.has(r.k));
  if (todo.length === 0) return;
  const t0 = Date.now();
  const tables = todo.flatMap((r) => r.tables.map((token, i) => ({ r, token, i })));
  let failed = 0;
  await pool(tables.length, 16, async (j) => {
    const { r, token, i } = tables[j];
    const res = await client.http.request('POST', '/api/orders/public', {
      headers: { 'idempotency-key': `night-prefill-${r.k}-${i}-${Date.now()}` },
      body: orderBody(r.k, token, j),
    });
    if (res.status !== 201 && res.status !== 200) failed++;
  });
  for (const r of todo) prefilled.add(r.k);
  say(
    `  opened a bill at ${tables.length} tables in ${(Date.now() - t0) / 1000} s${failed ? ` (${failed} failed)` : ''}`,
  );
}

function orderBody(k, token, n) {
  const { food, drinks } = items[k];
  return JSON.stringify({
    token,
    items: [
      { menuItemId: food[n % food.length], quantity: 1 },
      { menuItemId: drinks[n % drinks.length], quantity: 1 },
    ],
  });
}

/** One slice of the night with the first `n` restaurants on `servers`. */
async function step(n, servers, clients) {
  await prepare(n, clients[0]);
  const restaurants = fleet.restaurants.slice(0, n);
  const S = servers.length;

  // Staff sockets: socket j of restaurant k on server (k + j) % S.
  const rssBefore = servers.map((s) => rssKb(s.pid));
  const arrivals = new Map();
  const socketUrls = [];
  const socketServer = [];
  for (const r of restaurants) {
    STAFF_ROLES.forEach((role, j) => {
      const s = (r.k + j) % S;
      socketUrls.push(`${servers[s].base.replace('http', 'ws')}/ws?token=${r.tokens[role]}`);
      socketServer.push(s);
    });
  }
  const onMessage = (_i, text) => {
    if (!text.includes('"order_placed"')) return;
    const at = performance.now();
    const event = JSON.parse(text);
    if (event.type !== 'order_placed') return;
    const list = arrivals.get(event.data.orderId);
    if (list) list.push(at);
    else arrivals.set(event.data.orderId, [at]);
  };
  const t0 = Date.now();
  const { sockets, failed: socketsFailed } = await connectSockets(socketUrls, onMessage);
  const connectSeconds = (Date.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfter = servers.map((s) => rssKb(s.pid));
  const socketsPerServer = servers.map((_, s) => socketServer.filter((x) => x === s).length);
  const memoryPerSocketKb = servers.map(
    (_, s) =>
      Math.round(((rssAfter[s] - rssBefore[s]) / Math.max(1, socketsPerServer[s])) * 10) / 10,
  );

  const tables = restaurants.flatMap((r) => r.tables.map((token, i) => ({ k: r.k, token, i })));
  const until = WARMUP_MS + WINDOW_MS;
  const fires = [
    ...periodic('summary', tables.length, TABLE_POLL_MS, until, 0),
    ...periodic('order', tables.length, ORDER_EVERY_MS, until, 7),
    ...periodic('menu', tables.length, MENU_EVERY_MS, until, 13),
    ...periodic('reports', n, REPORTS_EVERY_MS, until, 17),
  ].sort((a, b) => a.t - b.t);

  const latencies = { summary: [], order: [], menu: [], overview: [], sales: [] };
  const failures = Object.fromEntries(Object.keys(latencies).map((k) => [k, 0]));
  const orders = [];
  let seq = 0;
  const timed = async (route, measured, scheduledAt, promise) => {
    const res = await promise;
    if (measured) {
      latencies[route].push(performance.now() - scheduledAt);
      if (res.status < 200 || res.status >= 300) failures[route]++;
    }
    return res;
  };
  const send = async (fire, scheduledAt) => {
    const measured = fire.t >= WARMUP_MS;
    if (fire.kind === 'reports') {
      const r = restaurants[fire.i];
      const c = clients[r.k % S].http;
      const headers = { authorization: `Bearer ${r.tokens.manager}` };
      await Promise.all([
        timed(
          'overview',
          measured,
          scheduledAt,
          c.request('GET', '/api/reports/overview', { headers }),
        ),
        timed(
          'sales',
          measured,
          scheduledAt,
          c.request('GET', '/api/reports/sales?period=day', { headers }),
        ),
      ]);
      return;
    }
    const table = tables[fire.i];
    const c = clients[(table.k + table.i) % S].http;
    const token = encodeURIComponent(table.token);
    if (fire.kind === 'summary') {
      await timed(
        'summary',
        measured,
        scheduledAt,
        c.request('GET', `/api/sessions/public/summary?token=${token}`),
      );
    } else if (fire.kind === 'menu') {
      await timed(
        'menu',
        measured,
        scheduledAt,
        c.request('GET', `/api/menu/public?token=${token}`),
      );
    } else {
      const n = ++seq;
      const res = await timed(
        'order',
        measured,
        scheduledAt,
        c.request('POST', '/api/orders/public', {
          headers: { 'idempotency-key': `night-${process.pid}-${Date.now()}-${n}` },
          body: orderBody(table.k, table.token, n),
        }),
      );
      if (!measured || res.status < 200 || res.status >= 300) return;
      orders.push({
        orderId: JSON.parse(res.body).data.orderId,
        k: table.k,
        scheduledAt,
        respondedAt: performance.now(),
      });
    }
  };

  // CPU over the measured window: this process, the servers, the database's backends.
  const databaseCpu = await postgresCpu(url);
  const cpu = {};
  const sample = () => ({
    generator: process.cpuUsage(),
    servers: servers.map((s) => cpuMs(s.pid)),
    database: databaseCpu(),
    at: performance.now(),
  });
  const lag = [];
  const sampler = setTimeout(() => (cpu.start = sample()), WARMUP_MS);
  const endSampler = setTimeout(() => (cpu.end = sample()), until);
  await openLoop(fires, send, lag);
  clearTimeout(sampler);
  clearTimeout(endSampler);
  cpu.end ??= sample();
  cpu.start ??= cpu.end;
  await new Promise((r) => setTimeout(r, 2000));
  for (const ws of sockets) ws.terminate();

  // Event delivery: every order's order_placed at each of its restaurant's connected sockets.
  const connectedPerRestaurant = new Map();
  sockets.forEach((ws) => {
    const k = Number(/bench-(\d+)-/.exec(ws.url)?.[1]);
    connectedPerRestaurant.set(k, (connectedPerRestaurant.get(k) ?? 0) + 1);
  });
  const fromRequest = [];
  const fromResponse = [];
  let lost = 0;
  for (const o of orders) {
    const got = arrivals.get(o.orderId) ?? [];
    lost += Math.max(0, (connectedPerRestaurant.get(o.k) ?? 0) - got.length);
    for (const at of got) {
      fromRequest.push(at - o.scheduledAt);
      fromResponse.push(Math.max(0, at - o.respondedAt));
    }
  }

  const seconds = (cpu.end.at - cpu.start.at) / 1000 || 1;
  const gen = process.cpuUsage(cpu.start.generator);
  const routes = Object.fromEntries(
    Object.entries(latencies).map(([route, xs]) => [
      route,
      {
        ...latencySummary(xs),
        perSecond: Math.round(xs.length / (WINDOW_MS / 1000)),
        failed: failures[route],
      },
    ]),
  );
  const requests = Object.values(latencies).reduce((s, xs) => s + xs.length, 0);
  const failed = Object.values(failures).reduce((s, x) => s + x, 0);
  const events = {
    ...latencySummary(fromRequest),
    fromResponse: latencySummary(fromResponse),
    expected: fromRequest.length + lost,
    lost,
  };
  const slowRoutes = Object.entries(routes)
    .filter(([, r]) => r.count > 0 && r.p99Ms >= ROUTE_P99_MS)
    .map(([name]) => name);
  const passed =
    slowRoutes.length === 0 &&
    (events.count === 0 || events.p99Ms < EVENT_P99_MS) &&
    lost === 0 &&
    socketsFailed === 0 &&
    failed <= requests * 0.001;
  return {
    restaurants: n,
    instances: S,
    passed,
    slowRoutes,
    routes,
    events,
    requests,
    failed,
    sockets: sockets.length,
    socketsFailed,
    socketConnectSeconds: connectSeconds,
    memoryPerSocketKb,
    generatorLagP99Ms: latencySummary(lag).p99Ms,
    cpuCores: {
      generator: +((gen.user + gen.system) / 1e6 / seconds).toFixed(2),
      servers: servers.map(
        (_, s) => +((cpu.end.servers[s] - cpu.start.servers[s]) / 1000 / seconds).toFixed(2),
      ),
      postgres: +((cpu.end.database - cpu.start.database) / 1000 / seconds).toFixed(2),
    },
    loadAverage: +os.loadavg()[0].toFixed(1),
  };
}

function describe(r) {
  const route = (name) => {
    const x = r.routes[name];
    return `${name} ${x.p99Ms ?? '-'} ms (${x.perSecond}/s${x.failed ? `, ${x.failed} failed` : ''})`;
  };
  return [
    `  ${r.restaurants} restaurants, ${r.instances} instance${r.instances > 1 ? 's' : ''}: ${r.passed ? 'PASS' : 'FAIL'}`,
    `    p99: ${['summary', 'order', 'menu', 'overview', 'sales'].map(route).join(' · ')}`,
    `    events p99 ${r.events.p99Ms} ms from the order's request, ${r.events.fromResponse.p99Ms} ms from its response (${r.events.count} delivered, ${r.events.lost} lost)`,
    `    sockets ${r.sockets} (${r.socketsFailed} failed, ${r.socketConnectSeconds} s), server memory per socket ${r.memoryPerSocketKb.join(' / ')} KB`,
    `    CPU cores: generator ${r.cpuCores.generator}, server ${r.cpuCores.servers.join(' + ')}, PostgreSQL ${r.cpuCores.postgres}; generator lag p99 ${r.generatorLagP99Ms} ms; load ${r.loadAverage}`,
  ].join('\n');
}

const started = Date.now();
say(`platform night on ${from}; ${machine()}; load average ${os.loadavg()[0].toFixed(1)}`);
say(
  `window ${WINDOW_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up per step, real time (not compressed)`,
);
const outcome = { machine: machine(), checkout: from, windowSeconds: WINDOW_MS / 1000 };
for (const count of INSTANCES) {
  const port = 5200 + Math.floor(Math.random() * 300) * 2;
  const env = { DATABASE_URL: url, SEED_DEMO: 'false', ...(count > 1 ? { REDIS_URL: REDIS } : {}) };
  const servers = [];
  for (let s = 0; s < count; s++) servers.push(await startServer({ port: port + s, from, env }));
  const clients = servers.map((s) => ({ base: s.base, http: httpClient(s.base) }));
  const tried = [];
  try {
    say(`\n${count} instance${count > 1 ? 's (Redis)' : ''}`);
    const opts = { start: START, max: MAX, minStep: MIN_STEP };
    for (
      let n = nextCount(tried, opts);
      n !== null && tried.length < MAX_STEPS;
      n = SEARCH ? nextCount(tried, opts) : null
    ) {
      const r = await step(n, servers, clients);
      tried.push({ count: n, passed: r.passed, result: r });
      say(describe(r));
    }
  } finally {
    for (const c of clients) c.http.close();
    for (const s of servers) await s.stop();
  }
  outcome[count === 1 ? 'oneInstance' : `instances${count}`] = {
    largestPassing: largestPassing(tried),
    steps: tried.map((t) => t.result),
  };
  say(`  largest passing: ${largestPassing(tried)} restaurants`);
}
outcome.elapsedSeconds = Math.round((Date.now() - started) / 1000);
console.log(JSON.stringify(outcome));
