// Profile of one order placement on PostgreSQL, counted rather than timed under load: the
// statements (each one round trip) the server sends per order, which of them run inside the
// transaction and which hold the restaurant's counter rows, how long those are held with no
// other order waiting, and the CPU one order costs in Node and in PostgreSQL's backends.
// Orders are placed one after the other (one in flight), so the counts do not depend on load;
// the times do a little (the machine may be shared).
// Then 20 s with no order: the statements an idle server sends (job polling, scheduled offers).
// Usage: node bench/order-profile.mjs [orders=300]   (after npm run build -w @tavola/server)
// PostgreSQL: BENCH_DATABASE_URL as for bench/http.mjs; the profile makes its own database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshDatabase, login, machine, menuIds, percentile, root, startServer } from './lib.mjs';

const N = Number(process.argv[2] ?? 300);
const WARMUP = 50;
const TICKS = 100; // USER_HZ: /proc's CPU times are in hundredths of a second on Linux

const url = await freshDatabase('tavola_profile');
const traceFile = path.join(os.tmpdir(), `tavola-pg-trace-${process.pid}.jsonl`);
// PROFILE_NODE_ARGS adds flags for the server (`--cpu-prof --cpu-prof-dir=/tmp/prof`: where its time goes).
process.env.BENCH_NODE_ARGS = `--import ${path.join(root, 'bench/pg-trace.mjs')} ${process.env.PROFILE_NODE_ARGS ?? ''}`;
const port = 4600 + Math.floor(Math.random() * 300);
const server = await startServer({
  port,
  env: { DATABASE_URL: url, SEED_DEMO: 'true', PG_TRACE_FILE: traceFile },
});
const observer = new pg.Client({ connectionString: url });
await observer.connect();

/** utime + stime of a process, in milliseconds (undefined once it has exited). */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * The CPU of the server's PostgreSQL backends (this database, not the observer): sampled every
 * 50 ms so a backend the pool closes meanwhile is counted up to its last sample.
 */
function backendCpu() {
  const first = new Map();
  const last = new Map();
  let stopped = false;
  const own = observer.processID;
  const sample = async () => {
    const { rows } = await observer.query(
      `select pid from pg_stat_activity where datname = current_database()
         and backend_type = 'client backend' and pid <> $1`,
      [own],
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    start: sample,
    stop: async () => {
      stopped = true;
      await loop;
      await sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? ms);
      return total;
    },
  };
}

/** A statement's shape: its text with literals and parameter numbers blurred, shortened. */
const shape = (text) =>
  text
    .replace(/\$\d+/g, '$')
    .replace(/\(\$(, \$)*\)(, \(\$(, \$)*\))*/g, '(…)')
    .replace(/\s+/g, ' ')
    .slice(0, 110);

async function dumpTrace() {
  try {
    fs.rmSync(traceFile);
  } catch {
    // none yet
  }
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(traceFile); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 50));
  return fs
    .readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Places `n` orders one after the other with `send(i)`; the trace and CPU of those orders. */
async function measure(name, n, send) {
  for (let i = 0; i < WARMUP; i++) await send(-1 - i);
  await new Promise((r) => setTimeout(r, 300));
  await dumpTrace(); // drops the warm-up's statements
  const pgCpu = backendCpu();
  await pgCpu.start();
  const nodeBefore = cpuMs(server.pid);
  const started = performance.now();
  const latencies = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await send(i);
    latencies.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  // The consumers woken by the last commits (webhooks fan-out) finish their round.
  await new Promise((r) => setTimeout(r, 300));
  const nodeMs = cpuMs(server.pid) - nodeBefore;
  const pgMs = await pgCpu.stop();
  const trace = await dumpTrace();
  return { name, n, elapsed, latencies, nodeMs, pgMs, trace };
}

/** Reads the trace of one phase into the profile's figures. */
function analyse({ name, n, elapsed, latencies, nodeMs, pgMs, trace }) {
  const byShape = new Map();
  for (const r of trace) byShape.set(shape(r.text), (byShape.get(shape(r.text)) ?? 0) + 1);
  // Transactions: BEGIN … COMMIT on one connection.
  const perConn = new Map();
  for (const r of trace) perConn.set(r.conn, [...(perConn.get(r.conn) ?? []), r]);
  const txs = [];
  for (const list of perConn.values()) {
    let open = null;
    for (const r of list) {
      if (/^begin/i.test(r.text)) open = [r];
      else if (open) {
        open.push(r);
        if (/^(commit|rollback)/i.test(r.text)) {
          txs.push(open);
          open = null;
        }
      }
    }
  }
  const orderTxs = txs.filter((t) => t.some((r) => /insert into "orders"/i.test(r.text)));
  const windows = orderTxs.map((t) => {
    const commit = t.at(-1);
    const firstCounter = t.findIndex((r) => /"counters"/.test(r.text));
    const from = firstCounter >= 0 ? firstCounter : t.findIndex((r) => /"orders"/.test(r.text));
    return {
      statements: t.length,
      lockedRoundTrips: t.length - from,
      lockedMs: (commit.done ?? commit.sent) - t[from].sent,
      txMs: (commit.done ?? commit.sent) - t[0].sent,
    };
  });
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const lockedMs = sorted(windows.map((w) => w.lockedMs));
  const txMs = sorted(windows.map((w) => w.txMs));
  const lat = sorted(latencies);
  const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    phase: name,
    orders: n,
    ordersPerSecondOneAtATime: round(n / (elapsed / 1000), 1),
    latencyP50Ms: round(percentile(lat, 50)),
    statementsPerOrder: round(trace.length / n),
    orderTransactions: orderTxs.length,
    statementsInTransactionPerOrder: round(
      windows.reduce((s, w) => s + w.statements, 0) / Math.max(1, windows.length),
    ),
    roundTripsHoldingRestaurantCountersPerOrder: round(
      windows.reduce((s, w) => s + w.lockedRoundTrips, 0) / Math.max(1, windows.length),
    ),
    restaurantCountersHeldMsP50: round(percentile(lockedMs, 50)),
    restaurantCountersHeldMsP99: round(percentile(lockedMs, 99)),
    transactionMsP50: round(percentile(txMs, 50)),
    nodeCpuMsPerOrder: round(nodeMs / n),
    postgresCpuMsPerOrder: round(pgMs / n),
    statements: [...byShape.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([text, count]) => `${round(count / n)} × ${text}`),
  };
}

try {
  const base = server.base;
  const items = (await menuIds(base, 'QR-T1')).map((i) => i.id);
  const body = (i) => ({
    items: [
      { menuItemId: items[Math.abs(i) % items.length], quantity: 1 + (Math.abs(i) % 3) },
      { menuItemId: items[(Math.abs(i) * 7) % items.length], quantity: 1 },
    ],
  });
  const post = async (url, payload, headers) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  };
  let key = 0;
  const guest = await measure('POST /api/orders/public', N, (i) =>
    post(
      `${base}/api/orders/public`,
      { token: `QR-T${(Math.abs(i) % 12) + 1}`, currency: 'EUR', ...body(i) },
      { 'idempotency-key': `profile-${process.pid}-${key++}` },
    ),
  );
  const { token } = await login(base, 'manager1', 'manager123');
  const { rows: tableRows } = await observer.query(
    `select t.id from tables t join restaurants r on r.id = t.restaurant_id
       where r.is_demo and t.archived_at is null order by t.number`,
  );
  const staff = await measure('POST /api/tables/:id/orders (staff)', N, (i) =>
    post(`${base}/api/tables/${tableRows[Math.abs(i) % tableRows.length].id}/orders`, body(i), {
      authorization: `Bearer ${token}`,
      'idempotency-key': `profile-staff-${process.pid}-${key++}`,
    }),
  );
  // What the server sends with no order at all (job polling and scheduled offers), per second.
  const IDLE_SECONDS = 20;
  await new Promise((r) => setTimeout(r, 1000));
  await dumpTrace();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleTrace = await dumpTrace();
  const idleShapes = new Map();
  for (const r of idleTrace)
    idleShapes.set(shape(r.text), (idleShapes.get(shape(r.text)) ?? 0) + 1);
  const idle = {
    seconds: IDLE_SECONDS,
    statementsPerSecond: Math.round((idleTrace.length / IDLE_SECONDS) * 100) / 100,
    statements: [...idleShapes.entries()]
      .sort((x, y) => y[1] - x[1])
      .map(([text, count]) => `${count} × ${text}`),
  };
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
        database: 'postgres',
        phases: [analyse(guest), analyse(staff)],
        idle,
      },
      null,
      2,
    ),
  );
} finally {
  await observer.end();
  await server.stop();
  fs.rmSync(traceFile, { force: true });
}
