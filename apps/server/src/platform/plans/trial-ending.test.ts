import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { platformEvents, restaurants } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { announceTrialsEnding } from './trial-ending.js';

const DAY = 86_400_000;

describe.each(BACKENDS)('trials ending within 7 days on %s', (backend) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000 });
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  const trial = async (name: string, endsInDays: number) => {
    const r = await createOtherRestaurant(t, { name, status: 'trial', plan: 'starter' });
    await t.database.db
      .update(restaurants)
      .set({ trialEndsAt: new Date(Date.now() + endsInDays * DAY) })
      .where(eq(restaurants.id, r.id));
    return r.id;
  };
  const announced = (restaurantId: string) =>
    t.database.db
      .select()
      .from(platformEvents)
      .where(
        and(eq(platformEvents.type, 'trial_ending'), eq(platformEvents.restaurantId, restaurantId)),
      );

  it('announces each trial end once, to the team alone, however often the look runs', async () => {
    const team = (await loginAs(t.app, 'team1', 'team123')).token;
    const screen = await TestSocket.open(`${base}/ws?token=${team}&role=team`);
    await screen.waitReady();
    const soon = await trial('Soon Ending', 3);
    const later = await trial('Later Ending', 10);
    const ended = await trial('Already Ended', -1);

    // Two looks at once (two instances, a retry): one announcement.
    await Promise.all([announceTrialsEnding(t.app), announceTrialsEnding(t.app)]);
    await announceTrialsEnding(t.app);
    expect(await announced(soon)).toHaveLength(1);
    expect(await announced(later)).toHaveLength(0);
    expect(await announced(ended)).toHaveLength(0);
    await screen.waitFor((m) => m.some((e) => e.type === 'trial_ending'));
    const event = screen.messages.find((e) => e.type === 'trial_ending');
    expect(event?.data).toMatchObject({ restaurantId: soon, name: 'Soon Ending', daysLeft: 3 });

    // Later, the other trial comes within 7 days: it is announced then, the first not again.
    expect(await announceTrialsEnding(t.app, new Date(Date.now() + 4 * DAY))).toBe(1);
    expect(await announced(later)).toHaveLength(1);
    expect(await announced(soon)).toHaveLength(1);

    // A trial extended to a new end is announced for that end.
    await t.database.db
      .update(restaurants)
      .set({ trialEndsAt: new Date(Date.now() + 5 * DAY) })
      .where(eq(restaurants.id, soon));
    await announceTrialsEnding(t.app);
    expect(await announced(soon)).toHaveLength(2);
    screen.close();
  });
});

// The job queue on, on two instances sharing one database: both offer the look at start.
const jobs = { enabled: true, pollSeconds: 0.5, tickSeconds: 60 };

describe.each(BACKENDS)('the scheduled look on two instances (%s)', (backend) => {
  let t: TestApp;
  let second: FastifyInstance;
  let restaurantId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    // The trial exists before the instances with the queue start (and offer the look at once).
    const r = await createOtherRestaurant(t, {
      name: 'Queued Trial',
      status: 'trial',
      plan: 'starter',
    });
    restaurantId = r.id;
    await t.database.db
      .update(restaurants)
      .set({ trialEndsAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(restaurants.id, restaurantId));
    second = await buildApp(testConfig({ jobs }), { database: t.database });
    const third = await buildApp(testConfig({ jobs }), { database: t.database });
    await Promise.all([second.ready(), third.ready()]);
    await third.close();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('announces the trial once', async () => {
    const runs = async () => {
      const { rows } = await t.database.execute(
        "select state from pgboss.job where name = 'platform.trial-ending'",
      );
      return rows as { state: string }[];
    };
    await vi.waitFor(
      async () => expect((await runs()).map((r) => r.state)).toEqual(['completed']),
      { timeout: 20_000, interval: 100 },
    );
    const events = await t.database.db
      .select()
      .from(platformEvents)
      .where(
        and(eq(platformEvents.type, 'trial_ending'), eq(platformEvents.restaurantId, restaurantId)),
      );
    expect(events).toHaveLength(1);
  });
});
