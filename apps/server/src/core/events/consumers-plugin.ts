import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defineJob } from '../jobs/runner.js';
import { ConsumerRunner, pruneEvents } from './consumers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable consumers of `events`: modules register theirs while the app is built. */
    consumers: ConsumerRunner;
  }
}

export interface ConsumersConfig {
  /** How often every consumer catches up on what the published fast path missed. */
  tickSeconds: number;
  /** Events older than this, and handled by every consumer, are deleted (hourly). */
  keepEventsDays: number;
}

const tickJob = defineJob<Record<string, never>>('events.consumers.tick', {
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});
const pruneJob = defineJob<Record<string, never>>('events.prune', {
  retryLimit: 1,
  expireInSeconds: 30 * 60,
});

/**
 * Runs the registered consumers: at once on this instance when their events are published (any
 * instance's, through the bus), and on the job queue's tick, once across instances, for what a
 * crash or a lost message left behind. Stops before the jobs and the database close.
 */
export const consumersPlugin = fp(
  async (app: FastifyInstance, opts: { config: ConsumersConfig }) => {
    const runner = new ConsumerRunner(app.db, {
      onError: (err, consumer, restaurantId) =>
        app.log.warn({ err, consumer, restaurantId }, 'event consumer failed; it will retry'),
    });
    app.decorate('consumers', runner);

    app.jobs.register(tickJob, () => runner.runPending());
    app.jobs.register(pruneJob, async () => {
      const deleted = await pruneEvents(
        app.db,
        runner.names.map((name) => runner.get(name)),
        opts.config.keepEventsDays,
      );
      if (deleted > 0) app.log.info({ deleted }, 'events pruned');
    });
    app.jobs.every(tickJob, opts.config.tickSeconds);
    app.jobs.every(pruneJob, 3600);

    let unsubscribe: (() => void) | null = null;
    app.addHook('onReady', async () => {
      await runner.start();
      unsubscribe = app.bus.subscribe((event) => runner.notify([event]));
    });
    app.addHook('preClose', async () => {
      unsubscribe?.();
      await runner.stop();
    });
  },
  { name: 'consumers', dependencies: ['jobs', 'events', 'database'] },
);
