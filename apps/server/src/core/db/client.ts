import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs raw SQL outside drizzle, as `pg` does: with values, one statement; without, a script of
   * several. For core/jobs' pg-boss adapter, which brings its own SQL.
   */
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * What tells this database apart from any other: the same for every instance of a deployment
   * connected to it, different for another deployment (keys shared in Redis are scoped by it).
   */
  identity(): Promise<string>;
  /** PGlite only: the whole data folder as one file, which `loadDataDir` starts another from. */
  dump?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder, or ':memory:' for an in-memory database. */
  dataDir: string;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Told of connection errors the pool recovers from by itself (for the log). */
  onError?: (error: Error) => void;
  /** How long closing waits for queries in flight; 10 s by default. */
  drainMs?: number;
}

/** Where the generated SQL migrations live, both from source (tsx, vitest) and from the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    const onError = options.onError ?? (() => undefined);
    // A connection that dies (a restart, pg_terminate_backend, a network cut) emits 'error' on
    // its client. The pool listens only while the client is idle; a checked-out client without
    // a listener would throw the error and kill the process. The query in flight on it fails
    // by itself (the request answers 503), and the pool discards the client when it is released.
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: folder }),
      execute: (text, values) => pool.query(text, values),
      identity: () => postgresIdentity(pool, options.url!),
      close: async () => {
        await drain(() => pool.totalCount - pool.idleCount + pool.waitingCount, options.drainMs);
        await pool.end();
      },
    };
  }
  const dir = options.dataDir === ':memory:' ? undefined : path.join(options.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  // An embedded database belongs to one process: its folder names it; one in memory is unique.
  const identity = dir ? `pglite:${path.resolve(dir)}` : `pglite-memory:${randomUUID()}`;
  return {
    identity: async () => identity,
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: folder }),
    dump: () => client.dumpDataDir('none'),
    // PGlite's `query` takes one statement (with parameters), `exec` a script (without). A script
    // runs inside `transaction`, whose ROLLBACK clears a failed script's own BEGIN: the one
    // connection is never left in an aborted transaction.
    execute: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.transaction((tx) => tx.exec(text));
      return results.at(-1) ?? { rows: [] };
    },
    close: async () => {
      // PGlite runs queries one at a time, in order, and a transaction holds it until it ends:
      // once this query has run, the work queued before it has finished.
      await client.query('select 1').catch(() => undefined);
      await client.close();
    },
  };
}

/**
 * The cluster's system identifier (set once by initdb, the same whatever address reaches it)
 * and the database's name. Where the server does not let a role read the identifier, the
 * address and name from the URL stand in.
 */
async function postgresIdentity(pool: pg.Pool, url: string): Promise<string> {
  try {
    const { rows } = await pool.query<{ system: string; db: string }>(
      'select system_identifier::text as system, current_database() as db from pg_control_system()',
    );
    if (rows[0]) return `postgres:${rows[0].system}/${rows[0].db}`;
  } catch {
    // Falls through to the URL.
  }
  const { hostname, port, pathname } = new URL(url);
  return `postgres:${hostname}:${port || '5432'}${pathname}`;
}

/**
 * Waits (at most `timeoutMs`) until no query or transaction is using the database, so closing it
 * never cuts off a request or socket handler still at work ("Cannot use a pool after calling end").
 */
async function drain(inUse: () => number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (inUse() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
