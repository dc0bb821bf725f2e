// Many restaurants fast, for the platform-scale benchmarks: the checkout's own seed code makes the
// demo restaurant (no history) in a fresh PostgreSQL database, then SQL copies it N times, each
// copy with its own ids, slug, table codes and staff accounts, and signed-in staff sessions whose
// bearer tokens the benchmark knows. The copy reads the schema from the database (every table
// with a restaurant_id), so it follows whatever the checkout's migrations made.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib.mjs';

/** The checkout to measure: BENCH_ROOT, else this one. */
export function benchRoot() {
  return path.resolve(process.env.BENCH_ROOT ?? root);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds the server of `from` when its bundle is missing or older than its sources (the API
 * benchmarks need no web build).
 */
export function ensureServerBuilt(from) {
  const bundle = path.join(from, 'apps/server/dist/main.js');
  const sources = ['apps/server/src', 'packages/contract/src'].map((d) => path.join(from, d));
  const stale =
    !fs.existsSync(bundle) || Math.max(...sources.map(newestMtime)) > fs.statSync(bundle).mtimeMs;
  if (!stale) return false;
  const built = spawnSync('npm', ['run', 'build', '-w', '@tavola/server'], {
    cwd: from,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`building the server in ${from} failed`);
  return true;
}

/** Migrates `url` and seeds the demo restaurant with the code of `from`; its id. */
export function seedTemplate(from, url) {
  const tsx = path.join(from, 'node_modules/.bin/tsx');
  const run = spawnSync(tsx, [path.join(import.meta.dirname, 'seed-template.mjs'), from, url], {
    cwd: path.join(from, 'apps/server'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`seeding the template restaurant failed: ${run.stdout}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()).restaurantId;
}

const TEXT_TYPES = new Set(['text', 'character varying', 'citext']);

/** How each column of `table` is copied: its SQL expression over `t` (the row) and `g.k` (copy). */
async function copyPlan(db, table) {
  const { rows: columns } = await db.query(
    `select column_name as name, data_type as type, udt_name as udt, column_default as def,
       is_identity = 'YES' as identity, is_generated = 'ALWAYS' as generated
     from information_schema.columns where table_schema = 'public' and table_name = $1
     order by ordinal_position`,
    [table],
  );
  // Text columns under a unique index that no uuid column makes unique per copy (a slug, a
  // table code, a username): each copy appends its number to them.
  const { rows: indexes } = await db.query(
    `select pg_get_indexdef(i.indexrelid) as def,
       array(select a.attname from pg_attribute a
             where a.attrelid = i.indrelid and a.attnum = any(i.indkey)) as keys
     from pg_index i where i.indrelid = $1::regclass and i.indisunique`,
    [`public.${table}`],
  );
  const uuidColumns = new Set(columns.filter((c) => c.udt === 'uuid').map((c) => c.name));
  const suffixed = new Set();
  for (const index of indexes) {
    const mentioned = columns.filter(
      (c) => index.keys.includes(c.name) || new RegExp(`\\b${c.name}\\b`).test(index.def),
    );
    if (mentioned.some((c) => uuidColumns.has(c.name))) continue;
    for (const c of mentioned) if (TEXT_TYPES.has(c.type)) suffixed.add(c.name);
  }
  const names = [];
  const exprs = [];
  const joins = [];
  for (const c of columns) {
    if (c.generated || c.identity || (c.def ?? '').startsWith('nextval(')) continue;
    const col = `t.${JSON.stringify(c.name)}`;
    let expr = col;
    if (c.udt === 'uuid') {
      const m = `m${joins.length}`;
      joins.push(`left join bench_map ${m} on ${m}.old = ${col} and ${m}.k = g.k`);
      expr = `coalesce(${m}.new, ${col})`;
    } else if (c.udt === '_uuid') {
      expr = `case when ${col} is null then null else coalesce((select array_agg(coalesce(m.new, x) order by o)
        from unnest(${col}) with ordinality u(x, o) left join bench_map m on m.old = x and m.k = g.k), '{}') end`;
    } else if (suffixed.has(c.name)) {
      expr = `${col} || '-b' || g.k`;
    }
    names.push(JSON.stringify(c.name));
    exprs.push(expr);
  }
  return { names, exprs, joins, hasId: columns.some((c) => c.name === 'id' && c.udt === 'uuid') };
}

/**
 * Copies restaurant `templateId` `count` times (copies offset+1..offset+count) in one
 * transaction, and signs in its staff at every copy (and at the template, copy 0, when offset
 * is 0): the bearer token of `username` at copy k is `fleetToken(k, username)`. Triggers and foreign-key checks are off while copying
 * (session_replication_role), so tables can be copied in any order.
 */
export async function cloneRestaurants(url, templateId, count, offset = 0) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: tables } = await db.query(
      `select c.table_name as name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and c.column_name = 'restaurant_id' and t.table_type = 'BASE TABLE'
       order by 1`,
    );
    const scoped = [{ name: 'restaurants', where: 't.id = $1' }].concat(
      tables.map((t) => ({ name: t.name, where: 't.restaurant_id = $1' })),
    );
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    await db.query(
      'create temp table bench_map (old uuid, k int, new uuid, primary key (old, k)) on commit drop',
    );
    const plans = [];
    for (const table of scoped) {
      const plan = await copyPlan(db, table.name);
      plans.push({ ...table, plan });
      if (!plan.hasId) continue;
      await db.query(
        `insert into bench_map select t.id, g.k, gen_random_uuid()
         from public.${JSON.stringify(table.name)} t cross join generate_series($2::int, $3::int) g(k)
         where ${table.where}`,
        [templateId, offset + 1, offset + count],
      );
    }
    const copied = {};
    for (const { name, where, plan } of plans) {
      const res = await db.query(
        `insert into public.${JSON.stringify(name)} (${plan.names.join(', ')})
         select ${plan.exprs.join(', ')}
         from public.${JSON.stringify(name)} t cross join generate_series($2::int, $3::int) g(k)
         ${plan.joins.join('\n')}
         where ${where}`,
        [templateId, offset + 1, offset + count],
      );
      copied[name] = res.rowCount;
    }
    // Staff sessions: the template's accounts (k = 0) and each copy's.
    await db.query(
      `insert into auth_sessions (user_id, token_hash, expires_at)
       select x.id, encode(sha256(convert_to('bench-' || x.k || '-' || u.username, 'UTF8')), 'hex'),
         now() + interval '2 days'
       from users u
       cross join lateral (select u.id, 0 as k where $2 union all
                           select m.new, m.k from bench_map m where m.old = u.id) x
       where u.restaurant_id = $1 and u.role <> 'team'`,
      [templateId, offset === 0],
    );
    // Each restaurant's last automatic backup, dated as on a platform that has been running: spread
    // over the past interval (copy k at the fraction k × 0.618… mod 1 of it), so backups come at
    // their steady rate (1,000 restaurants a day: one every 86 s) instead of all at the first tick
    // after the server starts. The row holds no archive; nothing here downloads it.
    await db.query(
      `insert into backups (restaurant_id, kind, status, size_bytes, content, created_at, finished_at, scheduled_for)
       select x.id, 'auto', 'ready', 0, '\\x'::bytea, at, at, at
       from (select $1::uuid as id, 0 as k where $2 union all
             select m.new, m.k from bench_map m where m.old = $1) x
       join restaurants r on r.id = x.id
       cross join lateral (select now() - make_interval(hours => r.backup_interval_hours)
                                  * ((x.k * 0.6180339887) - floor(x.k * 0.6180339887)) as at) s`,
      [templateId, offset === 0],
    );
    const { rows: ids } = await db.query(
      `select k, new as id from bench_map where old = $1 order by k`,
      [templateId],
    );
    await db.query('commit');
    await db.query('analyze');
    return { copied, restaurantIds: ids.map((r) => r.id) };
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    await db.end();
  }
}

/** The bearer token of template account `username` at copy k (0: the template itself). */
export function fleetToken(k, username) {
  return `bench-${k}-${username}`;
}

/**
 * The restaurants `ids` (copies `firstK`, `firstK + 1`, ... of `templateId`), each with its table
 * codes (by table number) and its staff's bearer tokens by role.
 */
export async function describeFleet(url, templateId, ids, firstK) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: staff } = await db.query(
      `select username, role from users where restaurant_id = $1 and role <> 'team' order by username`,
      [templateId],
    );
    const { rows: tables } = await db.query(
      `select restaurant_id, qr_token from tables where restaurant_id = any($1::uuid[]) order by number`,
      [ids],
    );
    const byRestaurant = new Map(ids.map((id) => [id, []]));
    for (const t of tables) byRestaurant.get(t.restaurant_id).push(t.qr_token);
    return ids.map((id, i) => ({
      k: firstK + i,
      id,
      tables: byRestaurant.get(id),
      tokens: Object.fromEntries(staff.map((s) => [s.role, fleetToken(firstK + i, s.username)])),
    }));
  } finally {
    await db.end();
  }
}

/**
 * A fleet that grows on demand: the template in a fresh database, then copies as `growTo(n)`
 * asks for them; `restaurants` holds the first n (the template first).
 */
export async function createFleet(from, url) {
  const templateId = seedTemplate(from, url);
  const restaurants = await describeFleet(url, templateId, [templateId], 0);
  return {
    templateId,
    restaurants,
    async growTo(n) {
      const have = restaurants.length;
      if (n <= have) return 0;
      const t0 = Date.now();
      const { restaurantIds } = await cloneRestaurants(url, templateId, n - have, have - 1);
      restaurants.push(...(await describeFleet(url, templateId, restaurantIds, have)));
      return (Date.now() - t0) / 1000;
    },
  };
}

/** The template and `count - 1` copies in a fresh database (see createFleet). */
export async function seedFleet(from, url, count) {
  const fleet = await createFleet(from, url);
  const cloneSeconds = await fleet.growTo(count);
  return { restaurants: fleet.restaurants, cloneSeconds };
}
