// The team's Analytics and Subscriptions over 1,000 restaurants and 1,000,000 orders on
// PostgreSQL: the time of GET /api/platform/analytics (target: under 200 ms) and of
// GET /api/platform/subscriptions, through the API with the team's token.
// Usage: node bench/platform-analytics.mjs [restaurants=1000] [orders=1000000] [runs=30]
//        (after npm run build; needs PostgreSQL, BENCH_DATABASE_URL or postgres@127.0.0.1)
import pg from 'pg';
import { login, machine, percentile, startServer } from './lib.mjs';

const RESTAURANTS = Number(process.argv[2] ?? 1000);
const ORDERS = Number(process.argv[3] ?? 1_000_000);
const RUNS = Number(process.argv[4] ?? 30);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query('DROP DATABASE IF EXISTS tavola_bench_platform WITH (FORCE)');
await client.query('CREATE DATABASE tavola_bench_platform');
await client.end();
const url = new URL(admin);
url.pathname = '/tavola_bench_platform';

const server = await startServer({
  port: 4700 + Math.floor(Math.random() * 90),
  env: { DATABASE_URL: url.toString(), SEED_DEMO: 'true' },
});
try {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const step = async (label, sql) => {
    const t0 = Date.now();
    await db.query(sql);
    return [label, (Date.now() - t0) / 1000];
  };
  // Bulk-loaded in SQL with generate_series: restaurants on every plan and status (a tenth in
  // USD), 12 to 60 tables each, one dining session each, orders spread over the last 60 days
  // (one in 50 voided) and a payment for every second order. The daily_totals triggers run as
  // they would for any insert.
  const load = [
    await step(
      'restaurants',
      `insert into restaurants (name, slug, status, plan, currency, exchange_rate, trial_ends_at, created_at)
       select 'Bench ' || g, 'bench-' || g,
         case when g % 10 < 6 then 'active' when g % 10 < 9 then 'trial' else 'suspended' end,
         case when g % 10 >= 6 and g % 10 < 9 then 'starter' when g % 3 = 0 then 'enterprise' else 'growth' end,
         case when g % 10 = 1 then 'usd' else 'eur' end, 1.08,
         case when g % 10 >= 6 and g % 10 < 9 then now() + ((g % 28) - 7) * interval '1 day' end,
         now() - (g % 400) * interval '1 day'
       from generate_series(1, ${RESTAURANTS}) g`,
    ),
    await step(
      'tables',
      `insert into tables (restaurant_id, number, qr_token)
       select r.id, n, 'B-' || r.slug || '-' || n
       from restaurants r cross join lateral generate_series(1, 12 + (hashtext(r.slug) & 48)) n
       where r.slug like 'bench-%'`,
    ),
    await step(
      'dining sessions',
      `create table bench_r as
       select row_number() over (order by r.id) - 1 as i, r.id as restaurant_id, t.id as table_id
       from restaurants r join tables t on t.restaurant_id = r.id and t.number = 1
       where r.slug like 'bench-%';
       alter table bench_r add column session_id uuid;
       with s as (
         insert into dining_sessions (restaurant_id, table_id, status, payment_status, opened_at, closed_at)
         select restaurant_id, table_id, 'closed', 'paid', now(), now() from bench_r
         returning id, restaurant_id)
       update bench_r set session_id = s.id from s where s.restaurant_id = bench_r.restaurant_id;
       create index on bench_r (i)`,
    ),
    await step(
      'orders',
      `insert into orders (restaurant_id, dining_session_id, table_id, order_number, status, total_cents,
         base_currency, currency, exchange_rate, display_total_cents, created_at)
       select b.restaurant_id, b.session_id, b.table_id, g, case when g % 50 = 0 then 'cancelled' else 'paid' end,
         1000 + (g % 4000), 'eur', 'eur', 1.08, 1000 + (g % 4000),
         now() - ((g::bigint * 7919) % 5184000) * interval '1 second'
       from generate_series(1, ${ORDERS}) g join bench_r b on b.i = g % ${RESTAURANTS}`,
    ),
    await step(
      'payments',
      `insert into payments (restaurant_id, dining_session_id, table_id, method, amount_cents, tip_cents, currency, created_at)
       select o.restaurant_id, o.dining_session_id, o.table_id, 'card', o.total_cents * 2, 100, r.currency, o.created_at + interval '40 minutes'
       from orders o join restaurants r on r.id = o.restaurant_id
       where o.order_number % 2 = 0 and r.slug like 'bench-%' and o.created_at + interval '40 minutes' < now()`,
    ),
    await step('analyze', 'drop table bench_r; analyze'),
  ];
  const [{ rows: counts }] = [
    await db.query(
      `select (select count(*) from restaurants)::int as restaurants, (select count(*) from orders)::int as orders,
        (select count(*) from payments)::int as payments, (select count(*) from daily_totals)::int as daily_totals`,
    ),
  ];
  await db.end();

  const { token } = await login(server.base, 'team1', 'team123');
  const time = async (path) => {
    const samples = [];
    let body;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      body = await res.json();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.error}`);
      // The first calls warm the connection pool and the plan cache.
      if (i >= 3) samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return {
      result: {
        p50Ms: +percentile(samples, 50).toFixed(1),
        p95Ms: +percentile(samples, 95).toFixed(1),
        maxMs: +samples[samples.length - 1].toFixed(1),
      },
      body,
    };
  };
  const analytics = await time('/api/platform/analytics');
  const subscriptions = await time('/api/platform/subscriptions');
  const a = analytics.body.data;
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        rows: counts[0],
        loadSeconds: Object.fromEntries(load),
        runs: RUNS,
        analytics: analytics.result,
        subscriptions: subscriptions.result,
        figures: {
          mrrEur: a.mrrCents / 100,
          gmv30dEur: a.gmvCents / 100,
          orders30d: a.orders,
          restaurants: a.restaurants,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
