import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../testing/harness.js';
import { InlineRunner } from './inline-runner.js';
import { PgBossRunner } from './pg-boss-runner.js';
import { defineJob, MAX_SINGLETON_SECONDS } from './runner.js';

const errors: string[] = [];

/**
 * How long a test waits for pg-boss to get round to a job: a condition waited for, bounded only
 * by the test's own time (a loaded machine polls and schedules late, but gets there).
 */
const UNTIL = { timeout: 55_000, interval: 50 };
const TEST_MS = 60_000;
const runner = (db: TestDatabase, stopTimeoutMs = 5000) =>
  new PgBossRunner(db.database, {
    pollSeconds: 0.5,
    stopTimeoutMs,
    onError: (_error, what) => errors.push(what),
  });

describe.each(BACKENDS)(
  'pg-boss job runner on %s',
  (backend) => {
    let db: TestDatabase;
    const runners: PgBossRunner[] = [];

    // One database for the block (each test its own job names): pg-boss installs its schema once.
    beforeAll(async () => {
      db = await createTestDatabase(backend);
    });
    afterAll(() => db.dispose());
    beforeEach(() => {
      errors.length = 0;
    });
    afterEach(async () => {
      for (const r of runners.splice(0)) await r.stop();
    });

    it('installs its schema in the database and runs a sent job with its data', async () => {
      const echo = defineJob<{ n: number }>('test.echo');
      const seen: number[] = [];
      const a = runner(db);
      runners.push(a);
      a.register(echo, async (data) => {
        seen.push(data.n);
      });
      await a.start();
      expect(await a.send(echo, { n: 7 })).toEqual(expect.any(String));
      await vi.waitFor(() => expect(seen).toEqual([7]), UNTIL);
      await vi.waitFor(async () => {
        const { rows } = await db.database.execute(
          "select state from pgboss.job where name = 'test.echo'",
        );
        expect(rows).toEqual([{ state: 'completed' }]);
      }, UNTIL);
    });

    it('retries a failed run, telling the handler which attempt is the last', async () => {
      const flaky = defineJob<{ id: string }>('test.flaky', {
        retryLimit: 2,
        retryDelaySeconds: 0,
        retryBackoff: false,
      });
      const attempts: { retryCount: number; lastAttempt: boolean }[] = [];
      const a = runner(db);
      runners.push(a);
      a.register(flaky, async (_data, run) => {
        attempts.push({ retryCount: run.retryCount, lastAttempt: run.lastAttempt });
        if (!run.lastAttempt) throw new Error('not yet');
      });
      await a.start();
      await a.send(flaky, { id: 'x' });
      await vi.waitFor(() => expect(attempts).toHaveLength(3), UNTIL);
      expect(attempts).toEqual([
        { retryCount: 0, lastAttempt: false },
        { retryCount: 1, lastAttempt: false },
        { retryCount: 2, lastAttempt: true },
      ]);
      expect(errors).toEqual([
        'job test.flaky failed, to be retried',
        'job test.flaky failed, to be retried',
      ]);
      // The queue keeps the job's retry policy; backoff is on by default.
      const queues = await db.database.execute(
        "select name, retry_backoff from pgboss.queue where name = 'test.flaky'",
      );
      expect(queues.rows).toEqual([{ name: 'test.flaky', retry_backoff: false }]);
      expect(defineJob('test.default').retry).toMatchObject({ retryLimit: 3, retryBackoff: true });
    });

    it('lets one job through per singleton key and slot, also once the first has finished', async () => {
      const once = defineJob<{ restaurantId: string }>('test.once');
      const runs: string[] = [];
      const a = runner(db);
      runners.push(a);
      a.register(once, async (data) => {
        runs.push(data.restaurantId);
      });
      await a.start();
      const options = { singletonKey: 'r1', singletonSeconds: 3600 };
      expect(await a.send(once, { restaurantId: 'r1' }, options)).not.toBeNull();
      await vi.waitFor(() => expect(runs).toEqual(['r1']), UNTIL);
      expect(await a.send(once, { restaurantId: 'r1' }, options)).toBeNull();
      // Another key is another job.
      expect(
        await a.send(once, { restaurantId: 'r2' }, { ...options, singletonKey: 'r2' }),
      ).not.toBeNull();
      await vi.waitFor(() => expect(runs).toEqual(['r1', 'r2']), UNTIL);
    });

    it('runs an `every` job once per slot while two instances offer it', async () => {
      const tick = defineJob<Record<string, never>>('test.tick', { retryLimit: 0 });
      const runs: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = runner(db);
        runners.push(r);
        r.register(tick, async (_data, run) => {
          runs.push(run.id);
        });
        r.every(tick, 1);
      }
      await Promise.all(runners.map((r) => r.start()));
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), UNTIL);
      await Promise.all(runners.map((r) => r.stop()));
      const { rows } = await db.database.execute(
        "select singleton_on, count(*)::int as n from pgboss.job where name = 'test.tick' group by 1",
      );
      const slots = rows as { singleton_on: Date; n: number }[];
      // Each second's slot got one job though both instances offered it, and each job ran once.
      expect(slots.every((s) => s.n === 1)).toBe(true);
      expect(new Set(runs).size).toBe(runs.length);
      expect(runs.length).toBeLessThanOrEqual(slots.length);
    });

    it('looks for jobs of every queue with one statement per poll, fetching only a queue with one ready', async () => {
      const statements: string[] = [];
      const a = new PgBossRunner(
        {
          execute: (text, values) => {
            statements.push(text);
            return db.database.execute(text, values);
          },
        },
        { pollSeconds: 0.5, onError: (_error, what) => errors.push(what) },
      );
      runners.push(a);
      const idle = ['one', 'two', 'three', 'four', 'five'].map((n) => defineJob(`test.idle-${n}`));
      for (const job of idle) a.register(job, async () => {});
      const ran: string[] = [];
      const later = defineJob<{ n: number }>('test.idle-retried', {
        retryLimit: 1,
        retryDelaySeconds: 0,
        retryBackoff: false,
      });
      a.register(later, async (_data, run) => {
        ran.push(run.lastAttempt ? 'retry' : 'first');
        if (!run.lastAttempt) throw new Error('once more');
      });
      await a.start();
      const polls = () => statements.filter((t) => /SELECT DISTINCT name FROM/.test(t)).length;
      const fetches = () => statements.filter((t) => /WITH next as/.test(t)).length;
      await vi.waitFor(() => expect(polls()).toBeGreaterThanOrEqual(1), UNTIL);
      const fetchesAfterFirstPoll = fetches();
      await vi.waitFor(() => expect(polls()).toBeGreaterThanOrEqual(4), UNTIL);
      // Three polls with nothing ready: no queue was fetched.
      expect(fetches()).toBe(fetchesAfterFirstPoll);

      // A retry (not sent from here, so nothing wakes its worker) is found by the poll.
      await a.send(later, { n: 1 });
      await vi.waitFor(() => expect(ran).toEqual(['first', 'retry']), UNTIL);
    });

    it('offers an `every` job only when its check says there may be work', async () => {
      const idle = defineJob<Record<string, never>>('test.every-idle');
      const busy = defineJob<Record<string, never>>('test.every-busy');
      const ran: string[] = [];
      let asked = 0;
      const a = runner(db);
      runners.push(a);
      a.register(idle, async () => void ran.push('idle'));
      a.register(busy, async () => void ran.push('busy'));
      a.every(idle, 60, { when: async () => (asked++, false) });
      a.every(busy, 60, { when: async () => true });
      await a.start();
      await vi.waitFor(() => expect(ran).toEqual(['busy']), UNTIL);
      expect(asked).toBe(1);
      const { rows } = await db.database.execute(
        "select name from pgboss.job where name like 'test.every-%'",
      );
      expect(rows).toEqual([{ name: 'test.every-busy' }]);
    });

    it('stops gracefully: a job running here finishes before stop resolves', async () => {
      const slow = defineJob<Record<string, never>>('test.slow');
      let release = () => {};
      const started = new Promise<void>((resolveStarted) => {
        // Stop waits for the running job longer than this test runs: however long the machine
        // takes between stop() and release(), stop can only resolve by the job finishing.
        const a = runner(db, 10 * TEST_MS);
        runners.push(a);
        a.register(slow, async () => {
          resolveStarted();
          await new Promise<void>((r) => (release = r));
        });
      });
      const a = runners[0]!;
      await a.start();
      await a.send(slow, {});
      await started;
      let stopped = false;
      const stopping = a.stop().then(() => (stopped = true));
      // Room for a stop that does not wait to resolve; a correct one stays pending however long.
      await new Promise((r) => setTimeout(r, 300));
      expect(stopped).toBe(false);
      release();
      await stopping;
      const { rows } = await db.database.execute(
        "select state from pgboss.job where name = 'test.slow'",
      );
      expect(rows).toEqual([{ state: 'completed' }]);
    });
  },
  TEST_MS,
);

describe('inline job runner (the queue turned off)', () => {
  it('refuses, as pg-boss does, a singleton slot longer than the queue keeps one', async () => {
    const r = new InlineRunner(() => {});
    const job = defineJob<{ n: number }>('test.slots');
    r.register(job, async () => {});
    await expect(
      r.send(job, { n: 1 }, { singletonKey: 'k', singletonSeconds: MAX_SINGLETON_SECONDS + 1 }),
    ).rejects.toThrow('a singleton slot must be between 1 and 43200 seconds');
    expect(() => r.every(defineJob('test.daily'), 86_400)).toThrow(
      'a singleton slot must be between 1 and 43200 seconds',
    );
    expect(
      await r.send(job, { n: 2 }, { singletonKey: 'k', singletonSeconds: MAX_SINGLETON_SECONDS }),
    ).not.toBeNull();
    await r.stop();
  });

  it('runs a sent job in this process once, after send resolves; no schedule, no retry', async () => {
    const failures: string[] = [];
    const r = new InlineRunner((_e, what) => failures.push(what));
    const job = defineJob<{ n: number }>('test.inline');
    const seen: { n: number; lastAttempt: boolean }[] = [];
    r.register(job, async (data, run) => {
      seen.push({ n: data.n, lastAttempt: run.lastAttempt });
      if (data.n === 2) throw new Error('boom');
    });
    r.every(defineJob('test.never'), 1);
    await r.start();
    await r.send(job, { n: 1 });
    expect(seen).toEqual([]);
    await r.send(job, { n: 2 });
    expect(await r.send(job, { n: 3 }, { singletonKey: 'k', singletonSeconds: 60 })).not.toBeNull();
    expect(await r.send(job, { n: 4 }, { singletonKey: 'k', singletonSeconds: 60 })).toBeNull();
    await r.idle();
    expect(seen).toEqual([
      { n: 1, lastAttempt: true },
      { n: 2, lastAttempt: true },
      { n: 3, lastAttempt: true },
    ]);
    expect(failures).toEqual(['job test.inline failed']);
    await r.stop();
  });
});
