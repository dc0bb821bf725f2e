// HTTP throughput and latency of the main routes on one instance, each against a bare Fastify
// route returning the same JSON in the same run (the practical ceiling on this machine).
// Usage: node bench/http.mjs [pglite|postgres] [seconds=8] [connections=32]   (after npm run build)
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the
// benchmark creates and drops its own database there.
import autocannon from 'autocannon';
import { freshDatabase, login, machine, menuIds, startBare, startServer } from './lib.mjs';

const DB = process.argv[2] ?? 'pglite';
const SECONDS = Number(process.argv[3] ?? 8);
const CONNECTIONS = Number(process.argv[4] ?? 32);

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const summarise = (name, r) => ({
  route: name,
  rps: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

const env =
  DB === 'postgres' ? { DATABASE_URL: await freshDatabase('tavola_bench'), SEED_DEMO: 'true' } : {};
const port = 4100 + Math.floor(Math.random() * 400);
const server = await startServer({ port, env });
const results = [];
try {
  const base = server.base;
  const menuBody = await (await fetch(`${base}/api/menu/public?token=QR-T1`)).text();
  const summaryBody = await (await fetch(`${base}/api/sessions/public/summary?token=QR-T1`)).text();
  const stopBare = await startBare(port + 1, menuBody);
  const bareMenu = summarise(
    'bare route, menu JSON',
    await run({ url: `http://127.0.0.1:${port + 1}/bare` }),
  );
  await stopBare();
  const stopBare2 = await startBare(port + 2, summaryBody);
  const bareSummary = summarise(
    'bare route, summary JSON',
    await run({ url: `http://127.0.0.1:${port + 2}/bare` }),
  );
  await stopBare2();

  const menu = summarise(
    'GET /api/menu/public',
    await run({ url: `${base}/api/menu/public?token=QR-T1` }),
  );
  const summary = summarise(
    'GET /api/sessions/public/summary',
    await run({ url: `${base}/api/sessions/public/summary?token=QR-T1` }),
  );

  const items = (await menuIds(base, 'QR-T1')).map((i) => i.id);
  let n = 0;
  const orders = summarise(
    'POST /api/orders/public',
    await run({
      url: `${base}/api/orders/public`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            n++;
            return {
              ...req,
              headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${n}` },
              body: JSON.stringify({
                token: `QR-T${(n % 12) + 1}`,
                currency: 'EUR',
                items: [
                  { menuItemId: items[n % items.length], quantity: 1 + (n % 3) },
                  { menuItemId: items[(n * 7) % items.length], quantity: 1 },
                ],
              }),
            };
          },
        },
      ],
    }),
  );

  const { token } = await login(base, 'manager1', 'manager123');
  const staffMenu = summarise(
    'GET /api/menu (staff)',
    await run({ url: `${base}/api/menu?limit=500`, headers: { authorization: `Bearer ${token}` } }),
  );

  // The staff's reads, each beside a bare route answering its own JSON (taken after the orders
  // above, so the tickets and the history have content).
  const staffReads = [];
  const headers = { authorization: `Bearer ${token}` };
  let barePort = port + 3;
  for (const [name, path] of [
    ['GET /api/menu (staff)', '/api/menu?limit=500'],
    ['GET /api/tables/floor', '/api/tables/floor'],
    ['GET /api/tickets?station=kitchen', '/api/tickets?station=kitchen'],
    ['GET /api/orders/history (first page)', '/api/orders/history'],
  ]) {
    const body = await (await fetch(`${base}${path}`, { headers })).text();
    const stop = await startBare(barePort, body);
    const bare = summarise(
      `bare route, ${name} JSON`,
      await run({ url: `http://127.0.0.1:${barePort}/bare` }),
    );
    stop();
    barePort++;
    const route =
      name === 'GET /api/menu (staff)'
        ? staffMenu
        : summarise(name, await run({ url: `${base}${path}`, headers }));
    staffReads.push({ bare, route });
  }

  results.push(bareMenu, menu, bareSummary, summary, orders, staffMenu);
  for (const { bare, route } of staffReads)
    results.push(bare, ...(route === staffMenu ? [] : [route]));
  const ratio = (r, bare) => `${Math.round((r.rps / bare.rps) * 100)}%`;
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        database: DB,
        seconds: SECONDS,
        connections: CONNECTIONS,
        results,
        ratios: {
          menuVsBare: ratio(menu, bareMenu),
          summaryVsBare: ratio(summary, bareSummary),
          ordersVsBareMenu: ratio(orders, bareMenu),
          staffMenuVsBareMenu: ratio(staffMenu, bareMenu),
          staffReadsVsTheirBare: Object.fromEntries(
            staffReads.map(({ bare, route }) => [route.route, ratio(route, bare)]),
          ),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
