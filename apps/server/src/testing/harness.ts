import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../core/db/client.js';
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
    const database = await createDatabase({ dataDir: ':memory:' });
    await database.migrate();
    return { database, url: undefined, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tavola_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), dataDir: ':memory:', poolSize: 20 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  restaurantId: string;
  /** Every log line the app wrote, for tests that check what is (not) logged. */
  logs: string[];
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
