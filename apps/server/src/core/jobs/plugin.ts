import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InlineRunner } from './inline-runner.js';
import { PgBossRunner } from './pg-boss-runner.js';
import type { JobRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work: register handlers while the app is built, send once it is ready. */
    jobs: JobRunner;
  }
}

export interface JobsConfig {
  /** The pg-boss queue in the database; off: jobs run inline and nothing is scheduled. */
  enabled: boolean;
  /** How often an idle worker looks for jobs. */
  pollSeconds: number;
  /** How often scheduled work looks for what is due (`JobRunner.every`). */
  tickSeconds: number;
}

const JOB_STOP_GRACE_MS = 3000;

/**
 * The job runner, started once the app is ready (every module has registered its handlers) and
 * stopped when it begins to close, before the database does: jobs running here finish first.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { config: JobsConfig }) => {
    const onError = (err: unknown, what: string, level: 'warn' | 'error') =>
      app.log[level]({ err }, what);
    const runner: JobRunner = opts.config.enabled
      ? new PgBossRunner(app.database, {
          pollSeconds: opts.config.pollSeconds,
          // Shutdown waits this long for jobs running here; one still going then expires and
          // runs again on another instance (or after the restart).
          stopTimeoutMs: JOB_STOP_GRACE_MS,
          onError,
        })
      : new InlineRunner(onError);
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
