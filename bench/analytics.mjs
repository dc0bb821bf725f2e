// Analytics over 100,000 orders of one restaurant on PostgreSQL: the time of the manager's
// analytics and overview calls, with the indexes the schema has.
// Usage: node bench/analytics.mjs [orders=100000]   (after npm run build; needs PostgreSQL)
import pg from 'pg';
import { login, machine, percentile, startServer } from './lib.mjs';

const ORDERS = Number(process.argv[2] ?? 100_000);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query('DROP DATABASE IF EXISTS tavola_bench_analytics WITH (FORCE)');
await client.query('CREATE DATABASE tavola_bench_analytics');
await client.end();
const url = new URL(admin);
url.pathname = '/tavola_bench_analytics';

const server = await startServer({
  port: 4600 + Math.floor(Math.random() * 90),
  env: { DATABASE_URL: url.toString(), SEED_DEMO: 'true' },
});
try {
  // Bulk-load orders spread over the last 60 days, with two lines each, straight in SQL.
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const started = Date.now();
  await db.query(`
    with r as (select id from restaurants where slug = 'demo'),
    s as (
      insert into dining_sessions (restaurant_id, table_id, status, payment_status, opened_at, closed_at)
      select r.id, t.id, 'closed', 'paid', now(), now() from r, tables t where t.restaurant_id = r.id limit 1
      returning id, table_id, restaurant_id
    ),
    o as (
      insert into orders (restaurant_id, dining_session_id, table_id, order_number, status, total_cents,
        base_currency, currency, exchange_rate, display_total_cents, created_at, ready_at)
      select s.restaurant_id, s.id, s.table_id, 100000 + g, 'paid', 1000 + (g % 4000), 'eur', 'eur', 1.08,
        1000 + (g % 4000), now() - (g % 86400 * 60) * interval '1 second',
        now() - (g % 86400 * 60) * interval '1 second' + interval '15 minutes'
      from s, generate_series(1, ${ORDERS}) g
      returning id, restaurant_id, total_cents
    )
    insert into order_items (restaurant_id, order_id, menu_item_id, name, category, station,
      unit_price_cents, quantity, line_total_cents)
    select o.restaurant_id, o.id, m.id, m.name, m.category, 'kitchen', o.total_cents, 1, o.total_cents
    from o cross join lateral (
      select id, name, category from menu_items mi where mi.restaurant_id = o.restaurant_id
      order by mi.sort_order offset (abs(hashtext(o.id::text)) % 12) limit 1
    ) m`);
  await db.query('analyze');
  const loadSeconds = (Date.now() - started) / 1000;
  await db.end();

  const { token } = await login(server.base, 'manager1', 'manager123');
  const time = async (path, runs = 15) => {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.json();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return {
      p50Ms: +percentile(samples, 50).toFixed(1),
      maxMs: +samples[samples.length - 1].toFixed(1),
    };
  };
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        orders: ORDERS,
        loadSeconds,
        analytics: await time('/api/reports/analytics'),
        overview: await time('/api/reports/overview'),
        historyFirstPage: await time('/api/orders/history?page=1&pageSize=25'),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
