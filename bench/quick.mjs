// `npm run bench:quick`: the speed regression guard, in under two minutes on PostgreSQL.
// 1. pgbench's TPC-B (scale 1, 4 clients, 2 threads, 10 s) in a scratch database: the machine's
//    transaction rate in this same run, which order placement is compared with.
// 2. 100 restaurants (the checkout's demo restaurant and 99 copies, 12 tables each, see fleet.mjs)
//    behind one server: orders spread over all 100, orders within one restaurant, the public menu
//    and the guest's bill summary spread over every table, each read beside a bare Fastify route
//    answering the same JSON in the same run (autocannon in this process, as bench/http.mjs).
// Prints a line per measure, then, as its last line, one JSON object with the figures.
// Usage: npm run bench:quick [-- <checkout>]   or   BENCH_ROOT=<checkout> npm run bench:quick
//   The checkout (default: this one) is built if its server bundle is missing or stale; its own
//   seed code and migrations are used, so an older commit (a8643bd) is measured as it was.
//   PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
//   QUICK_SECONDS (5) per read route, QUICK_ORDER_SECONDS (8) per order run, QUICK_CONNECTIONS (32).
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchRoot, ensureServerBuilt, seedFleet } from './fleet.mjs';
import { freshDatabase, machine, menuIds, startBare, startServer } from './lib.mjs';
import { ratio } from './stats.mjs';

const from = path.resolve(process.argv[2] ?? benchRoot());
const SECONDS = Number(process.env.QUICK_SECONDS ?? 5);
const ORDER_SECONDS = Number(process.env.QUICK_ORDER_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.QUICK_CONNECTIONS ?? 32);
const RESTAURANTS = 100;
const started = Date.now();
const say = (line) => console.log(line);

function commitOf(dir) {
  try {
    const sha = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    });
    const dirty = execFileSync(
      'git',
      ['-C', dir, 'status', '--porcelain', '--untracked-files=no'],
      {
        encoding: 'utf8',
      },
    );
    return `${sha.trim()}${dirty.trim() ? '+changes' : ''}`;
  } catch {
    return null;
  }
}

/** pgbench's TPC-B with 4 clients on a scratch database: transactions per second. */
async function tpcb() {
  const url = await freshDatabase('tavola_quick_pgbench');
  const pgbench = process.env.PGBENCH ?? '/usr/bin/pgbench';
  const init = spawnSync(pgbench, ['-i', '-q', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(pgbench, ['-c', '4', '-j', '2', '-T', '10', url], { encoding: 'utf8' });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (run.status !== 0 || !tps) throw new Error(`pgbench failed: ${run.stderr}${run.stdout}`);
  return Number(tps[1]);
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** Successful responses a second, p50/p99, and what failed. */
function measure(label, r) {
  // Requests still in flight when the run ends are not counted; with none answered at all
  // autocannon reports latencies of 0, which would read as fast.
  const answered = r['2xx'] + r.non2xx > 0;
  const m = {
    rps: Math.round(r['2xx'] / r.duration),
    p50Ms: answered ? r.latency.p50 : null,
    p99Ms: answered ? r.latency.p99 : null,
    failed: r.non2xx + r.errors + r.timeouts,
  };
  say(
    `${label.padEnd(44)} ${String(m.rps).padStart(7)}/s  p50 ${m.p50Ms} ms  p99 ${m.p99Ms} ms${m.failed ? `  (${m.failed} failed)` : ''}`,
  );
  return m;
}

/** A GET cycling through `paths` (one per request). */
const rotating = (paths) => {
  let n = 0;
  return [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }];
};

say(`bench:quick on ${from} (${commitOf(from) ?? 'not a git checkout'}); ${machine()}`);
say(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (ensureServerBuilt(from)) say('built the server bundle');

const tpcbTps = await tpcb();
say(`${'pgbench TPC-B, 4 clients, 10 s'.padEnd(44)} ${String(Math.round(tpcbTps)).padStart(7)}/s`);

const url = await freshDatabase('tavola_quick');
const fleet = await seedFleet(from, url, RESTAURANTS);
const restaurants = fleet.restaurants;
say(
  `seeded ${restaurants.length} restaurants × ${restaurants[0].tables.length} tables (copies made in ${fleet.cloneSeconds} s)`,
);

const port = 4600 + Math.floor(Math.random() * 300);
const server = await startServer({
  port,
  from,
  env: { DATABASE_URL: url, SEED_DEMO: 'false' },
});
let result;
try {
  const base = server.base;
  const tables = restaurants.flatMap((r) => r.tables);
  // Each restaurant's orderable items (no options to choose), read through its public menu.
  const items = [];
  for (const r of restaurants) items.push((await menuIds(base, r.tables[0])).map((i) => i.id));
  const menuPaths = tables.map((t) => `/api/menu/public?token=${encodeURIComponent(t)}`);
  const summaryPaths = tables.map(
    (t) => `/api/sessions/public/summary?token=${encodeURIComponent(t)}`,
  );

  let n = 0;
  /** Orders of two lines each, with their own Idempotency-Key, over `among` restaurants. */
  const orders = (among, seconds) =>
    cannon({
      url: `${base}/api/orders/public`,
      method: 'POST',
      duration: seconds,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            n++;
            const r = n % among;
            const menu = items[r];
            const table =
              restaurants[r].tables[Math.floor(n / among) % restaurants[r].tables.length];
            return {
              ...req,
              headers: { ...req.headers, 'idempotency-key': `quick-${process.pid}-${n}` },
              body: JSON.stringify({
                token: table,
                items: [
                  { menuItemId: menu[n % menu.length], quantity: 1 + (n % 3) },
                  { menuItemId: menu[(n * 7) % menu.length], quantity: 1 },
                ],
              }),
            };
          },
        },
      ],
    });

  /** A route over `paths`, after a bare route answering the first one's JSON on `barePort`. */
  const beside = async (label, paths, barePort) => {
    const body = await (await fetch(`${base}${paths[0]}`)).text();
    const stopBare = await startBare(barePort, body);
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await cannon({ url: bareUrl, duration: 1 });
    const bare = measure(`bare route, ${label} JSON`, await cannon({ url: bareUrl }));
    await stopBare();
    await cannon({ url: base, requests: rotating(paths), duration: 1 });
    const route = measure(
      `GET ${paths[0].split('?')[0]} (${paths.length.toLocaleString('en')} tables)`,
      await cannon({ url: base, requests: rotating(paths) }),
    );
    return { bare, route };
  };

  const { bare: bareMenu, route: menu } = await beside('menu', menuPaths, port + 1);

  await orders(RESTAURANTS, 1);
  const ordersAll = measure(
    `POST /api/orders/public (${RESTAURANTS} restaurants)`,
    await orders(RESTAURANTS, ORDER_SECONDS),
  );
  const ordersOne = measure(
    'POST /api/orders/public (one restaurant)',
    await orders(1, ORDER_SECONDS),
  );

  // Every table has orders now: the summaries are of real bills.
  const { bare: bareSummary, route: summary } = await beside('summary', summaryPaths, port + 2);

  result = {
    ordersPerSecond: ordersAll.rps,
    ordersP99Ms: ordersAll.p99Ms,
    ordersVsTpcb: ratio(ordersAll.rps, tpcbTps),
    summaryRatio: ratio(summary.rps, bareSummary.rps),
    menuRatio: ratio(menu.rps, bareMenu.rps),
    oneRestaurantOrdersPerSecond: ordersOne.rps,
    oneRestaurantOrdersP99Ms: ordersOne.p99Ms,
    oneRestaurantVsTpcb: ratio(ordersOne.rps, tpcbTps),
    tpcbTps: Math.round(tpcbTps),
    summaryRps: summary.rps,
    summaryP99Ms: summary.p99Ms,
    bareSummaryRps: bareSummary.rps,
    menuRps: menu.rps,
    menuP99Ms: menu.p99Ms,
    bareMenuRps: bareMenu.rps,
    failedRequests: ordersAll.failed + ordersOne.failed + summary.failed + menu.failed,
    restaurants: RESTAURANTS,
    connections: CONNECTIONS,
    commit: commitOf(from),
    checkout: from,
    machine: machine(),
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
  };
} finally {
  await server.stop();
}
result.elapsedSeconds = Math.round((Date.now() - started) / 1000);
say(
  `orders/s over TPC-B ${result.ordersVsTpcb} (target 0.30; one restaurant ${result.oneRestaurantVsTpcb}, target 0.12); summary/bare ${result.summaryRatio} (target 0.25); menu/bare ${result.menuRatio} (target 0.60); ${result.elapsedSeconds} s`,
);
console.log(JSON.stringify(result));
