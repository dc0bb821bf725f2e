// The period reports over 100,000 orders of one restaurant on PostgreSQL: each
// report's on-screen call (JSON) for a day, a week, a month and all 60 days, and the CSV and PDF
// downloads of the month; meanwhile another request's latency, to show nothing blocks.
// Usage: node bench/reports.mjs [orders=100000]   (after npm run build; needs PostgreSQL)
import pg from 'pg';
import { login, machine, percentile, startServer } from './lib.mjs';

const ORDERS = Number(process.argv[2] ?? 100_000);
const DAYS = 60;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query('DROP DATABASE IF EXISTS tavola_bench_reports WITH (FORCE)');
await client.query('CREATE DATABASE tavola_bench_reports');
await client.end();
const url = new URL(admin);
url.pathname = '/tavola_bench_reports';

const server = await startServer({
  port: 4700 + Math.floor(Math.random() * 90),
  env: { DATABASE_URL: url.toString(), SEED_DEMO: 'true' },
});
try {
  // Bulk-load in SQL: a sitting per two orders at the demo's 12 tables, spread over the last 60
  // days; two lines per order at 10% tax on top and 5% service (parts by the contract's rule
  // per line); a card or cash payment with a tip per sitting; a void of a line on every 50th
  // order in the audit log.
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const started = Date.now();
  await db.query(`
    create temp table g as
      select g, now() - ((g::bigint * 51839) % (${DAYS} * 86400)) * interval '1 second' as at
      from generate_series(1, ${ORDERS}) g;
    with r as (select id from restaurants where slug = 'demo'),
    t as (select id, number, row_number() over (order by number) - 1 as i
          from tables where restaurant_id = (select id from r)),
    s as (
      insert into dining_sessions (id, restaurant_id, table_id, status, payment_status, customer_count,
        opened_at, closed_at)
      select md5('s' || (g.g / 2))::uuid, r.id, t.id, 'closed', 'paid', 1 + g.g % 4,
        g.at - interval '5 minutes', g.at + interval '55 minutes'
      from g, r, t where g.g % 2 = 0 and t.i = (g.g / 2) % 12
      returning id, table_id
    )
    select count(*) from s;
  `);
  await db.query(`
    with r as (select id from restaurants where slug = 'demo'),
    m as (select id, name, category, price_cents, row_number() over (order by sort_order, name) - 1 as i,
            count(*) over () as n
          from menu_items where restaurant_id = (select id from r) and deleted_at is null),
    lines as (
      select g.g, g.at, m.id as menu_item_id, m.name, m.category, m.price_cents as unit, 1 + (g.g + k) % 3 as qty,
        k
      from g, generate_series(0, 1) k, m where m.i = (g.g * 7 + k * 3) % m.n
    ),
    parts as (
      select g, at, menu_item_id, name, category, unit, qty, k,
        unit * qty as cents,
        round(unit * qty * 0.05) as service,
        round((unit * qty + round(unit * qty * 0.05)) * 0.10) as tax
      from lines
    ),
    o as (
      insert into orders (id, restaurant_id, dining_session_id, table_id, order_number, status, total_cents,
        tax_rate_bps, service_charge_bps, prices_include_tax, surcharge_cents, tax_cents, service_cents,
        base_currency, currency, exchange_rate, display_total_cents, created_at, ready_at, served_at, paid_at)
      select md5('o' || p.g)::uuid, (select id from r), s.id, s.table_id, 100000 + p.g, 'paid',
        sum(p.cents), 1000, 500, false, sum(p.service + p.tax), sum(p.tax), sum(p.service),
        'eur', 'eur', 1.08, sum(p.cents), p.at, p.at + interval '12 minutes', p.at + interval '15 minutes',
        p.at + interval '50 minutes'
      from parts p join dining_sessions s on s.id = md5('s' || (p.g / 2))::uuid
      group by p.g, p.at, s.id, s.table_id
      returning id
    )
    insert into order_items (restaurant_id, order_id, menu_item_id, name, category, station,
      unit_price_cents, quantity, line_total_cents)
    select (select id from r), md5('o' || p.g)::uuid, p.menu_item_id, p.name, p.category,
      case when p.category = 'drinks' then 'bar' else 'kitchen' end, p.unit, p.qty, p.cents
    from parts p where exists (select 1 from o where o.id = md5('o' || p.g)::uuid)`);
  await db.query(`
    insert into payments (restaurant_id, dining_session_id, table_id, method, amount_cents, tip_cents,
      currency, created_at)
    select o.restaurant_id, o.dining_session_id, o.table_id,
      case when count(*) % 2 = 0 then 'card' else 'cash' end,
      sum(o.total_cents + o.surcharge_cents), (sum(o.total_cents) / 10)::bigint, 'eur', max(o.created_at) + interval '50 minutes'
    from orders o where o.order_number > 100000 group by 1, 2, 3;
    insert into audit_log (restaurant_id, action, entity_type, entity_id, details, created_at)
    select o.restaurant_id, 'order.void_line', 'order', o.id::text,
      jsonb_build_object('orderNumber', o.order_number, 'tableNumber', 1, 'reason', 'Bench',
        'voidedCents', 250, 'lines', jsonb_build_array(jsonb_build_object('name', 'Espresso', 'quantity', 1))),
      o.created_at + interval '3 minutes'
    from orders o where o.order_number > 100000 and abs(hashtext(o.id::text)) % 50 = 0;
    analyze;`);
  const loadSeconds = (Date.now() - started) / 1000;
  const counts = (
    await db.query(
      `select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as lines,
        (select count(*) from dining_sessions)::int as sittings, (select count(*) from payments)::int as payments`,
    )
  ).rows[0];
  await db.end();

  const { token } = await login(server.base, 'manager1', 'manager123');
  const headers = { authorization: `Bearer ${token}` };
  const time = async (path, runs = 9) => {
    const samples = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.base}${path}`, { headers });
      bytes = (await res.arrayBuffer()).byteLength;
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return {
      p50Ms: +percentile(samples, 50).toFixed(1),
      maxMs: +samples[samples.length - 1].toFixed(1),
      bytes,
    };
  };
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const periods = {
    day: 'period=day',
    week: 'period=week',
    month: 'period=month',
    [`all ${DAYS} days`]: `period=custom&from=${from}&to=${today}`,
  };
  const onScreen = {};
  for (const kind of ['sales', 'items', 'staff', 'tables', 'payments', 'tax', 'voids']) {
    onScreen[kind] = {};
    for (const [name, query] of Object.entries(periods)) {
      onScreen[kind][name] = await time(`/api/reports/${kind}?${query}`);
    }
  }

  // A month's PDF and CSV, each while the overview is called every 20 ms: its worst latency
  // shows whether writing the file held the server up.
  const whileDownloading = async (path) => {
    const latencies = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        const t0 = performance.now();
        await (await fetch(`${server.base}/api/reports/overview`, { headers })).arrayBuffer();
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const file = await time(path, 3);
    done = true;
    await probe;
    latencies.sort((a, b) => a - b);
    return {
      ...file,
      otherRequestP50Ms: +percentile(latencies, 50).toFixed(1),
      otherRequestMaxMs: +latencies[latencies.length - 1].toFixed(1),
    };
  };
  // The same probe with nothing else running, to compare.
  const idle = await (async () => {
    const latencies = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await (await fetch(`${server.base}/api/reports/overview`, { headers })).arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    latencies.sort((a, b) => a - b);
    return {
      p50Ms: +percentile(latencies, 50).toFixed(1),
      maxMs: +latencies[latencies.length - 1].toFixed(1),
    };
  })();
  const downloads = {
    otherRequestAlone: idle,
    itemsMonthPdf: await whileDownloading('/api/reports/items?period=month&format=pdf'),
    voidsAllPdf: await whileDownloading(
      `/api/reports/voids?${periods[`all ${DAYS} days`]}&format=pdf`,
    ),
    voidsAllCsv: await whileDownloading(
      `/api/reports/voids?${periods[`all ${DAYS} days`]}&format=csv`,
    ),
  };
  console.log(
    JSON.stringify({ machine: machine(), ...counts, loadSeconds, onScreen, downloads }, null, 2),
  );
} finally {
  await server.stop();
}
