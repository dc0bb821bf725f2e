import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { backups, restaurants } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

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

// Intervals longer than pg-boss's 12-hour singleton limit, run through the real queue on two
// instances. Only `Date` is faked (PGlite's clock follows it): it runs on from wherever the test
// sets it, so a day or a week passes in a jump while the instances tick every real second.
describe.each(BACKENDS)('automatic backups of long intervals on two instances (%s)', (backend) => {
  let t: TestApp;
  let second: FastifyInstance;
  const HOUR = 3_600_000;

  beforeAll(async () => {
    t = await createTestApp(backend, { jobs });
    second = await buildApp(testConfig({ jobs }), { database: t.database });
    await second.ready();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    vi.useRealTimers();
  });

  const autoBackups = () =>
    t.database.db
      .select({
        id: backups.id,
        status: backups.status,
        scheduledFor: backups.scheduledFor,
      })
      .from(backups)
      .where(and(eq(backups.restaurantId, t.restaurantId), eq(backups.kind, 'auto')))
      .orderBy(backups.createdAt);
  /**
   * `vi.waitFor` moves a fake clock on at every check; here the test alone jumps it, so this
   * waits for the condition with the real timers.
   */
  const until = async (check: () => Promise<void>, timeout = 30_000) => {
    const deadline = performance.now() + timeout;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (performance.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const completedTicks = async () => {
    const { rows } = await t.database.execute(
      "select count(*)::int as n from pgboss.job where name = 'backups.tick' and state = 'completed'",
    );
    return (rows[0] as { n: number }).n;
  };
  /** Jumps the clock, then waits until the instances have ticked at least once after the jump. */
  const at = async (time: number) => {
    vi.setSystemTime(time);
    const before = await completedTicks();
    await until(async () => expect(await completedTicks()).toBeGreaterThanOrEqual(before + 2));
  };
  const settled = async (count: number) => {
    await until(async () => {
      const rows = await autoBackups();
      expect(rows).toHaveLength(count);
      expect(rows.every((b) => b.status === 'ready')).toBe(true);
    });
    return (await autoBackups()).at(-1)!.scheduledFor!.getTime();
  };

  it.each([24, 168])(
    'runs every %i hours on time, exactly once across both instances',
    async (hours) => {
      const every = hours * HOUR;
      await t.database.db
        .update(restaurants)
        .set({ autoBackup: true, backupIntervalHours: hours, backupKeep: 10 })
        .where(eq(restaurants.id, t.restaurantId));
      // A backup the instances started when they booted must finish first: one still running
      // when the clock jumps 400 hours is taken for lost with its instance and marked failed.
      await until(async () =>
        expect((await autoBackups()).filter((b) => b.status === 'running')).toEqual([]),
      );
      const before = (await autoBackups()).length;
      // Long after any earlier backup: due at once, and the schedule starts here.
      await at(Date.now() + 400 * HOUR);
      const start = await settled(before + 1);

      // Ten minutes early: nothing.
      await at(start + every - 10 * 60_000);
      expect(await autoBackups()).toHaveLength(before + 1);
      // Due: exactly one more, though both instances tick again and again.
      await at(start + every);
      expect(await settled(before + 2)).toBe(start + every);
      await at(start + every + 30 * 60_000);
      expect(await autoBackups()).toHaveLength(before + 2);

      // A late tick (the instances were down for ten minutes) does not move the schedule.
      await at(start + 2 * every + 10 * 60_000);
      expect(await settled(before + 3)).toBe(start + 2 * every);
      await at(start + 3 * every - 10 * 60_000);
      expect(await autoBackups()).toHaveLength(before + 3);
      await at(start + 3 * every);
      expect(await settled(before + 4)).toBe(start + 3 * every);

      const { token } = await loginAs(t.app, 'admin1', 'admin123');
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/backups',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.json<{ data: { nextAutoBackupAt: string } }>().data.nextAutoBackupAt).toBe(
        new Date(start + 4 * every).toISOString(),
      );
      expect(t.logs.join('')).not.toContain('could not be queued');
    },
    120_000,
  );
});
