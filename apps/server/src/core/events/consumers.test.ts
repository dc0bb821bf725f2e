import type { EventInput } from '@tavola/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo } from '../db/seed.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../testing/harness.js';
import type { Db } from '../db/client.js';
import { consumerCursors, events, restaurants } from '../db/schema.js';
import { systemActor } from '../auth/actors.js';
import { InProcessEventBus } from './bus.js';
import {
  ConsumerRunner,
  defineConsumer,
  PENDING_AT_ONCE,
  pruneEvents,
  type ConsumedEvent,
} from './consumers.js';
import { runWork } from './unit-of-work.js';

const note = (message: string): EventInput => ({
  type: 'staff_notification',
  data: { message, fromRole: null },
});
const audited = (): EventInput => ({ type: 'audit_logged', data: { actions: ['order.placed'] } });

/** Commits one change that records these events, as a service would. */
async function commit(db: Db, restaurantId: string, ...inputs: EventInput[]) {
  await runWork({ db, bus: new InProcessEventBus() }, systemActor(restaurantId), async (uow) => {
    uow.emit(...inputs);
  });
}

const messages = (batch: ConsumedEvent[]) =>
  batch.map((e) => (e.type === 'staff_notification' ? e.data.message : e.type));

/** A table the test consumers write to, like a consumer's own effect would. */
async function createLog(db: Db) {
  await db.execute(sql`create table consumed_log (event_id bigint not null, message text)`);
}

async function loggedIds(db: Db): Promise<number[]> {
  const result = (await db.execute(sql`select event_id from consumed_log order by event_id`)) as {
    rows: { event_id: string | number }[];
  };
  return result.rows.map((r) => Number(r.event_id));
}

let open: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.map((d) => d.dispose()));
  open = [];
});

async function fresh(backend: (typeof BACKENDS)[number]) {
  const testDb = await createTestDatabase(backend);
  open.push(testDb);
  const { restaurantId } = await seedDemo(testDb.database.db, { history: false });
  return { db: testDb.database.db, restaurantId, testDb };
}

describe.each(BACKENDS)('durable event consumers (%s)', (backend) => {
  it('hands its own types in order, from its registration on, and moves past the rest', async () => {
    const { db, restaurantId } = await fresh(backend);
    await commit(db, restaurantId, note('before registration'));

    const seen: string[] = [];
    const runner = new ConsumerRunner(db);
    runner.register(
      defineConsumer('test.notes', {
        types: ['staff_notification'],
        batchSize: 2,
        handle: async (batch) => void seen.push(...messages(batch)),
      }),
    );
    await runner.start();
    await commit(db, restaurantId, note('one'), audited(), note('two'));
    await commit(db, restaurantId, note('three'), audited());
    await runner.runPending();

    expect(seen).toEqual(['one', 'two', 'three']);
    const [cursor] = await db.select().from(consumerCursors);
    const [last] = await db
      .select({ seq: sql<number>`max(${events.seq})` })
      .from(events)
      .where(eq(events.restaurantId, restaurantId));
    expect(cursor?.lastSeq).toBe(Number(last?.seq));
    expect(cursor?.leaseOwner).toBeNull();

    // Caught up: nothing is handed twice.
    await runner.runPending();
    expect(seen).toEqual(['one', 'two', 'three']);
  });

  it('starts from the first event when asked to', async () => {
    const { db, restaurantId } = await fresh(backend);
    await commit(db, restaurantId, note('history'));
    const seen: string[] = [];
    const runner = new ConsumerRunner(db);
    runner.register(
      defineConsumer('test.all', {
        types: ['staff_notification'],
        startAt: 'beginning',
        handle: async (batch) => void seen.push(...messages(batch)),
      }),
    );
    await runner.runPending();
    expect(seen).toEqual(['history']);
  });

  it('rolls back a transactional batch that fails and hands it again, each event once', async () => {
    const { db, restaurantId } = await fresh(backend);
    await createLog(db);
    let failNext = true;
    const failures: unknown[] = [];
    const runner = new ConsumerRunner(db, {
      maxRetrySeconds: 0,
      onError: (error) => failures.push(error),
    });
    runner.register(
      defineConsumer('test.tx', {
        types: ['staff_notification'],
        transactional: true,
        handle: async (batch, { tx }) => {
          for (const event of batch) {
            await tx!.execute(sql`insert into consumed_log (event_id) values (${event.id})`);
            // Dies half-way through its batch, after writing part of its effect.
            if (failNext) {
              failNext = false;
              throw new Error('crashed mid-batch');
            }
          }
        },
      }),
    );
    await runner.start();
    await commit(db, restaurantId, note('a'), note('b'), note('c'));
    await runner.runPending();
    expect(failures).toHaveLength(1);
    expect(await loggedIds(db)).toEqual([]);
    const [failed] = await db.select().from(consumerCursors);
    expect(failed).toMatchObject({ failures: 1, lastError: 'crashed mid-batch' });

    await runner.runPending();
    const ids = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.type, 'staff_notification'));
    expect(await loggedIds(db)).toEqual(ids.map((r) => r.id).sort((a, b) => a - b));
    const [recovered] = await db.select().from(consumerCursors);
    expect(recovered).toMatchObject({ failures: 0, lastError: null, retryAt: null });
  });

  it('waits a growing delay before trying a failing restaurant again', async () => {
    const { db, restaurantId } = await fresh(backend);
    let calls = 0;
    const runner = new ConsumerRunner(db, { maxRetrySeconds: 300 });
    runner.register(
      defineConsumer('test.failing', {
        types: ['staff_notification'],
        handle: async () => {
          calls += 1;
          throw new Error('receiver down');
        },
      }),
    );
    await runner.start();
    await commit(db, restaurantId, note('x'));
    await runner.runPending();
    await runner.runPending();
    expect(calls).toBe(1);
    const [cursor] = await db
      .select({
        failures: consumerCursors.failures,
        wait: sql<number>`extract(epoch from ${consumerCursors.retryAt} - now())`,
      })
      .from(consumerCursors);
    expect(cursor?.failures).toBe(1);
    expect(Number(cursor?.wait)).toBeGreaterThan(0);
    expect(Number(cursor?.wait)).toBeLessThanOrEqual(2);
  });

  it('reports a database that fails under a run to onError, and never rejects', async () => {
    const { db, restaurantId, testDb } = await fresh(backend);
    const errors: string[] = [];
    const runner = new ConsumerRunner(db, {
      onError: (error, name) => errors.push(`${name}: ${String(error)}`),
    });
    runner.register(
      defineConsumer('test.outage', { types: ['staff_notification'], handle: async () => {} }),
    );
    await testDb.dispose();
    open = open.filter((d) => d !== testDb);
    runner.notify([{ type: 'staff_notification', restaurantId }]);
    await expect(runner.idle()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^test\.outage: /);
  });

  it('prunes old events only once every consumer has handled them', async () => {
    const { db, restaurantId } = await fresh(backend);
    const runner = new ConsumerRunner(db);
    const consumer = defineConsumer('test.prune', {
      types: ['staff_notification'],
      startAt: 'beginning',
      handle: async () => {},
    });
    runner.register(consumer);
    await commit(db, restaurantId, note('old, handled'));
    await runner.runPending();
    await commit(db, restaurantId, note('old, not handled yet'));
    await db.update(events).set({ createdAt: sql`now() - interval '30 days'` });

    expect(await pruneEvents(db, [consumer], 7)).toBe(1);
    const left = await db.select({ type: events.type, data: events.data }).from(events);
    expect(left).toEqual([
      { type: 'staff_notification', data: { message: 'old, not handled yet', fromRole: null } },
    ]);
    // A consumer that starts from the beginning and has not looked at a restaurant keeps it all.
    const other = defineConsumer('test.unstarted', {
      types: ['staff_notification'],
      startAt: 'beginning',
      handle: async () => {},
    });
    await runner.runPending();
    expect(await pruneEvents(db, [consumer, other], 7)).toBe(0);
    expect(await pruneEvents(db, [consumer], 7)).toBe(1);
  });

  it('is not woken where it is not wanted; the tick still hands those events on', async () => {
    const { db, restaurantId } = await fresh(backend);
    const seen: string[] = [];
    let wanted: boolean | Promise<boolean> = false;
    const runner = new ConsumerRunner(db);
    runner.register(
      defineConsumer('test.gated', {
        types: ['staff_notification'],
        wanted: () => wanted,
        handle: async (batch) => void seen.push(...messages(batch)),
      }),
    );
    await runner.start();
    const published = [{ type: 'staff_notification' as const, restaurantId }];

    await commit(db, restaurantId, note('nobody listens'));
    runner.notify(published);
    await runner.idle();
    expect(seen).toEqual([]);
    expect(await db.select().from(consumerCursors)).toEqual([]);

    // The periodic tick runs it whatever the answer: the cursor moves on.
    await runner.runPending();
    expect(seen).toEqual(['nobody listens']);

    // An answer that has to be read first: idle() waits for it, and for the run it leads to.
    wanted = Promise.resolve(true);
    await commit(db, restaurantId, note('now someone does'));
    runner.notify(published);
    await runner.idle();
    expect(seen).toEqual(['nobody listens', 'now someone does']);
  });

  it("runs once for a commit's events published one after another", async () => {
    const { db, restaurantId } = await fresh(backend);
    const seen: string[][] = [];
    const runner = new ConsumerRunner(db);
    runner.register(
      defineConsumer('test.burst', {
        types: ['staff_notification'],
        handle: async (batch) => void seen.push(messages(batch)),
      }),
    );
    await runner.start();
    await commit(db, restaurantId, note('a'), note('b'), note('c'));
    const runs = vi.spyOn(runner, 'runOne');
    // As the bus hands them on: one call per event, in the same turn.
    for (let i = 0; i < 3; i += 1) {
      runner.notify([{ type: 'staff_notification', restaurantId }]);
    }
    await runner.idle();
    expect(seen).toEqual([['a', 'b', 'c']]);
    expect(runs).toHaveBeenCalledTimes(1);
  });

  it('catches up many restaurants on its tick a few at a time, each once', async () => {
    const { db, restaurantId } = await fresh(backend);
    const others = await db
      .insert(restaurants)
      .values(Array.from({ length: 7 }, (_, i) => ({ name: `Branch ${i}`, slug: `branch-${i}` })))
      .returning({ id: restaurants.id });
    const all = [restaurantId, ...others.map((r) => r.id)];
    const runner = new ConsumerRunner(db);
    let going = 0;
    let most = 0;
    const handled: string[] = [];
    runner.register(
      defineConsumer('test.tick', {
        types: ['staff_notification'],
        handle: async (batch, ctx) => {
          going += 1;
          most = Math.max(most, going);
          // Long beside a run's own round trips: runs started together are all in here at once.
          await ctx.db.execute(sql`select pg_sleep(0.05)`);
          handled.push(...batch.map(() => ctx.restaurantId));
          going -= 1;
        },
      }),
    );
    await runner.start();
    for (const id of all) await commit(db, id, note(`for ${id}`));
    await runner.runPending();
    expect(handled.sort()).toEqual([...all].sort());
    // Not one run per restaurant at once: each holds a pooled connection while it runs.
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(PENDING_AT_ONCE);
  });

  it("runs on the app's published events, without waiting for the tick", async () => {
    const testDb = await createTestDatabase(backend);
    open.push(testDb);
    await seedDemo(testDb.database.db, { history: false });
    const app = await buildApp(testConfig(), { database: testDb.database });
    const seen: ConsumedEvent<'order_placed'>[] = [];
    app.consumers.register(
      defineConsumer('test.orders', {
        types: ['order_placed'],
        handle: async (batch) => void seen.push(...batch),
      }),
    );
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders/public',
        payload: { token: 'QR-T1', items: [{ menuItemId: await firstItemId(app), quantity: 2 }] },
      });
      expect(res.statusCode).toBe(201);
      await app.consumers.idle();
      expect(seen).toHaveLength(1);
      expect(seen[0]?.data.orderNumber).toBe(
        res.json<{ data: { order_number: number } }>().data.order_number,
      );
    } finally {
      await app.close();
    }
  });
});

async function firstItemId(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
  const menu = res.json<{ data: { menu: { drinks: { id: string; name: string }[] } } }>().data.menu;
  const espresso = menu.drinks.find((i) => i.name === 'Espresso');
  if (!espresso) throw new Error('the demo menu has no Espresso');
  return espresso.id;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('durable event consumers on PostgreSQL', () => {
  it('resumes after an instance dies mid-batch, and handles every event exactly once by id', async () => {
    const { db, restaurantId, testDb } = await fresh('postgres');
    await createLog(db);
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let firstRun = true;
    const consumer = (onEvent: (id: number) => Promise<void>) =>
      defineConsumer('test.resume', {
        types: ['staff_notification'],
        transactional: true,
        batchSize: 3,
        handle: async (batch, { tx }) => {
          for (const event of batch) {
            await tx!.execute(sql`insert into consumed_log (event_id) values (${event.id})`);
            await onEvent(event.id);
          }
        },
      });
    // The first instance hangs after its first event's effect, holding its lease: it has died.
    const dying = new ConsumerRunner(db, { leaseSeconds: 1 });
    dying.register(
      consumer(async () => {
        if (firstRun) {
          firstRun = false;
          await stuck;
        }
      }),
    );
    await dying.start();
    for (let i = 0; i < 8; i += 1) await commit(db, restaurantId, note(`n${i}`));
    const dyingRun = dying.runOne('test.resume', restaurantId);

    // Another instance finds the cursor leased until the lease runs out, then takes over.
    const survivor = new ConsumerRunner(db, { leaseSeconds: 30 });
    survivor.register(consumer(async () => {}));
    await survivor.start();
    const ids = (
      await db.select({ id: events.id }).from(events).where(eq(events.type, 'staff_notification'))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await survivor.runOne('test.resume', restaurantId);
      if ((await loggedIds(db)).length === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await loggedIds(db)).toEqual(ids);

    // The dead instance wakes up: its batch no longer commits (its lease is gone).
    release();
    await dyingRun;
    expect(await loggedIds(db)).toEqual(ids);
    const [cursor] = await db.select().from(consumerCursors);
    expect(cursor?.leaseOwner).toBeNull();
    expect(testDb.url).toBeDefined();
  });

  it('two instances running at once hand each event to one of them, once', async () => {
    const { db, restaurantId } = await fresh('postgres');
    await createLog(db);
    const make = () => {
      const runner = new ConsumerRunner(db);
      runner.register(
        defineConsumer('test.pair', {
          types: ['staff_notification'],
          transactional: true,
          batchSize: 5,
          handle: async (batch, { tx }) => {
            for (const event of batch) {
              await tx!.execute(sql`insert into consumed_log (event_id) values (${event.id})`);
            }
          },
        }),
      );
      return runner;
    };
    const a = make();
    const b = make();
    await a.start();
    await b.start();
    const writes = Array.from({ length: 40 }, (_, i) => commit(db, restaurantId, note(`m${i}`)));
    const runs: Promise<void>[] = [];
    for (let i = 0; i < 10; i += 1) runs.push(a.runPending(), b.runPending());
    await Promise.all([...writes, ...runs]);
    await a.runPending();
    await b.runPending();
    const ids = (
      await db.select({ id: events.id }).from(events).where(eq(events.type, 'staff_notification'))
    )
      .map((r) => r.id)
      .sort((x, y) => x - y);
    expect(ids).toHaveLength(40);
    expect(await loggedIds(db)).toEqual(ids);
  });
});
