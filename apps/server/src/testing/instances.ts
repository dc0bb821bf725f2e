import type { DomainEvent } from '@tavola/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { seedDemo } from '../core/db/seed.js';
import { createTestDatabase, type TestDatabase } from './harness.js';

export interface TwoInstances {
  db: TestDatabase;
  a: FastifyInstance;
  b: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Two instances of the app behind one PostgreSQL database (the demo restaurant seeded) and the
 * Redis of `REDIS_URL`, as a platform runs them; `overrides` go to both instances' config.
 */
export async function twoInstances(overrides: Partial<Config> = {}): Promise<TwoInstances> {
  const db = await createTestDatabase('postgres');
  await seedDemo(db.database.db, { history: false });
  const config = testConfig({ redisUrl: process.env.REDIS_URL, ...overrides });
  const a = await buildApp(config, { database: db.database });
  const b = await buildApp(config, { database: db.database });
  await Promise.all([a.ready(), b.ready()]);
  return {
    db,
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await db.dispose();
    },
  };
}

/**
 * Resolves when `app` has heard an event of this type, from any instance (its caches heard it
 * first); for an audit entry, one recording `action` when it is given.
 */
export function heard(
  app: FastifyInstance,
  type: DomainEvent['type'],
  action?: string,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const off = app.bus.subscribe((event) => {
      if (event.type !== type) return;
      if (
        action &&
        !(
          event.type === 'audit_logged' &&
          (event.data.actions as readonly string[]).includes(action)
        )
      )
        return;
      off();
      resolve();
    });
  });
}
