import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { backups } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

// The job queue on, looking for due backups every second, on two instances sharing one database.
const jobs = { enabled: true, pollSeconds: 0.5, tickSeconds: 1 };

describe.each(BACKENDS)('automatic backups on two instances (%s)', (backend) => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(backend, { jobs });
    second = await buildApp(testConfig({ jobs }), { database: t.database });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const autoBackups = () =>
    t.database.db
      .select({ id: backups.id, status: backups.status })
      .from(backups)
      .where(and(eq(backups.restaurantId, t.restaurantId), eq(backups.kind, 'auto')));
  const ticks = async () => {
    const { rows } = await t.database.execute(
      "select singleton_on, state from pgboss.job where name = 'backups.tick'",
    );
    return rows as { singleton_on: Date; state: string }[];
  };

  it('makes a due backup exactly once while both instances tick', async () => {
    // The demo restaurant has auto backup on and no backup yet: due at the first tick.
    await vi.waitFor(async () => expect((await autoBackups())[0]?.status).toBe('ready'), {
      timeout: 30_000,
      interval: 100,
    });
    const ranBefore = (await ticks()).filter((j) => j.state === 'completed').length;
    // Four more ticks have run since, on whichever instance took them.
    await vi.waitFor(
      async () =>
        expect(
          (await ticks()).filter((j) => j.state === 'completed').length,
        ).toBeGreaterThanOrEqual(ranBefore + 4),
      { timeout: 30_000, interval: 100 },
    );
    expect(await autoBackups()).toHaveLength(1);
    // Each second's tick was one job, though both instances offered it.
    const slots = (await ticks()).map((j) => new Date(j.singleton_on).getTime());
    expect(new Set(slots).size).toBe(slots.length);
  });
});
