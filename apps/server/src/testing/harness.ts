import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { ALL_SCOPES, cachesOf } from '../core/cache/hub.js';
import { createDatabase, migrationsFolder, type Database } from '../core/db/client.js';
import { seedDemo } from '../core/db/seed.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await createDatabase({
      dataDir: ':memory:',
      loadDataDir: await migratedPgliteDump(),
    });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tavola_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const database = await createDatabase({ url, dataDir: ':memory:', poolSize: 20 });
  return {
    database,
    url,
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrations' own fingerprint: a changed or added migration makes a new template. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * PGlite's counterpart of the template below: an in-memory database migrated once and dumped
 * to a file named by the migrations and the PGlite version, which every test's database is
 * loaded from instead of being migrated anew (seconds a database on a loaded machine). Written
 * under a temporary name and renamed, so a worker never reads half a file.
 */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `tavola-pglite-${pgliteVersion()}-${migrationsHash()}.tar`);
    if (!fs.existsSync(file)) {
      const database = await createDatabase({ dataDir: ':memory:' });
      try {
        await database.migrate();
        const dump = await database.dump!();
        const building = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        fs.writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(building, file);
      } finally {
        await database.close();
      }
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return pgliteDump;
}

/** The installed PGlite's version: a dump is read only by the version that wrote it. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

let templateName: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, made once per set of migrations and
 * copied for each test (`CREATE DATABASE … TEMPLATE`, a file copy) instead of migrating each
 * test's database anew, which cost seconds a test file. Workers agree through an advisory lock;
 * templates of older migrations are dropped.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  templateName ??= (async () => {
    const name = `tavola_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(727272)');
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'tavola\\_tpl\\_%'",
      );
      if (!rows.some((r) => r.datname === name)) {
        // Built under another name and renamed when complete: a half-migrated template is never used.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const database = await createDatabase({
          url: databaseUrl(adminUrl, building),
          dataDir: ':memory:',
          poolSize: 2,
        });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      for (const old of rows.filter(
        (r) => r.datname !== name && !r.datname.endsWith('_building'),
      )) {
        await admin.query(`DROP DATABASE IF EXISTS ${old.datname} WITH (FORCE)`);
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(727272)').catch(() => undefined);
      await admin.end();
    }
  })();
  return templateName;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  restaurantId: string;
  /** Every log line the app wrote, for tests that check what is (not) logged. */
  logs: string[];
  /**
   * For a test that writes rows directly (around the app, so no event says what changed): drops
   * everything this app cached (token checks, bills, menus), as a missed bus message does.
   */
  forgetCaches(): void;
  close(): Promise<void>;
}

export async function createTestApp(
  backend: Backend,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(backend);
  const { restaurantId } = await seedDemo(testDb.database.db, { history: false });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(testConfig(overrides), { database: testDb.database, logStream });
  await app.ready();
  return {
    app,
    database: testDb.database,
    restaurantId,
    logs,
    forgetCaches: () => cachesOf(app.bus).invalidateHere([ALL_SCOPES]),
    close: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}

export async function loginAs(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
  return res.json<{ data: { token: string; user: { id: string } } }>().data;
}
