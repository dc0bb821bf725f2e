import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { JobDefinition, JobHandler, JobRunner, SendOptions } from './runner.js';

export interface PgBossRunnerOptions {
  /** How often an idle worker looks for jobs (a job sent from this instance wakes it at once). */
  pollSeconds: number;
  /** The database schema pg-boss keeps its tables in. */
  schema?: string;
  /** How long stopping waits for jobs running here. */
  stopTimeoutMs?: number;
  /** Told of pg-boss's own errors and of every failed run (`what` says which). */
  onError: (error: unknown, what: string) => void;
}

interface Registration {
  job: JobDefinition<object>;
  handler: JobHandler<object>;
}

/**
 * Jobs kept in the database by pg-boss 10.x, through the app's own database: the `pg` pool on
 * PostgreSQL, the embedded instance on PGlite (pg-boss's custom `db` adapter), so one database
 * holds both the restaurant's rows and its queue. Workers take jobs with `FOR UPDATE SKIP
 * LOCKED` (one instance per job), failed runs are retried with backoff, and a time slot's
 * singleton is a unique index: exactly once across instances.
 */
export class PgBossRunner implements JobRunner {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly periodic: { job: JobDefinition<object>; seconds: number }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly workerIds = new Map<string, string>();
  private started = false;
  private stopped = false;

  constructor(
    database: Pick<Database, 'execute'>,
    private readonly options: PgBossRunnerOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.execute(text, values) },
      schema: options.schema ?? 'pgboss',
      // Expiry, retention and archiving: pg-boss elects one instance at a time for them.
      supervise: true,
      // pg-boss's own cron is minute-grained; `every` covers scheduling here.
      schedule: false,
    });
    this.boss.on('error', (error) => options.onError(error, 'job queue error'));
  }

  register<T extends object>(job: JobDefinition<T>, handler: JobHandler<T>): void {
    if (this.started) throw new Error(`Job ${job.name} registered after the runner started`);
    if (this.registrations.has(job.name)) throw new Error(`Job ${job.name} registered twice`);
    this.registrations.set(job.name, {
      job: job,
      handler: handler as JobHandler<object>,
    });
  }

  async send<T extends object>(
    job: JobDefinition<T>,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    if (!this.started) throw new Error(`Job ${job.name} sent before the runner started`);
    if (!this.registrations.has(job.name)) throw new Error(`Job ${job.name} is not registered`);
    const id = await this.boss.send(job.name, data, {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds !== undefined
        ? { singletonSeconds: options.singletonSeconds }
        : {}),
    });
    // This instance's worker takes it now rather than at its next poll.
    const workerId = this.workerIds.get(job.name);
    if (id && workerId && !this.stopped) this.boss.notifyWorker(workerId);
    return id;
  }

  every(job: JobDefinition<Record<string, never>>, seconds: number): void {
    if (this.started) throw new Error(`Job ${job.name} scheduled after the runner started`);
    if (!Number.isInteger(seconds) || seconds < 1)
      throw new Error('every: whole seconds, at least 1');
    this.periodic.push({ job: job, seconds });
  }

  async start(): Promise<void> {
    if (this.started) return;
    // Creates or migrates the pgboss schema (under pg-boss's advisory lock).
    await this.boss.start();
    for (const { job } of this.registrations.values()) await this.ensureQueue(job);
    this.started = true;
    for (const { job, handler } of this.registrations.values()) {
      const workerId = await this.boss.work<object>(
        job.name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: this.options.pollSeconds,
        },
        async ([run]) => {
          if (!run) return;
          const lastAttempt = run.retryCount >= run.retryLimit;
          try {
            await handler(run.data ?? {}, { id: run.id, retryCount: run.retryCount, lastAttempt });
          } catch (error) {
            this.options.onError(
              error,
              `job ${job.name} failed${lastAttempt ? '' : ', to be retried'}`,
            );
            throw error;
          }
        },
      );
      this.workerIds.set(job.name, workerId);
    }
    for (const { job, seconds } of this.periodic) {
      const offer = () => {
        this.send(job, {}, { singletonKey: 'every', singletonSeconds: seconds }).catch(
          (error: unknown) => this.options.onError(error, `job ${job.name} not offered`),
        );
      };
      offer();
      const timer = setInterval(offer, seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** The job's queue (pg-boss 10 needs one per name), with the retry policy as now defined. */
  private async ensureQueue(job: JobDefinition<object>): Promise<void> {
    const queue = {
      name: job.name,
      policy: 'standard' as const,
      retryLimit: job.retry.retryLimit,
      retryDelay: job.retry.retryDelaySeconds,
      retryBackoff: job.retry.retryBackoff,
      expireInSeconds: job.retry.expireInSeconds,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = await this.boss.getQueue(job.name);
        if (!existing) return await this.boss.createQueue(job.name, queue);
        const same =
          existing.retryLimit === queue.retryLimit &&
          existing.retryDelay === queue.retryDelay &&
          existing.retryBackoff === queue.retryBackoff &&
          existing.expireInSeconds === queue.expireInSeconds;
        if (!same) await this.boss.updateQueue(job.name, queue);
        return;
      } catch (error) {
        // Instances starting together create a new queue at once (a table and a partition
        // each): PostgreSQL lets one through and reports a deadlock to the other, which retries
        // and finds the queue made.
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 50 * attempt * Math.random()));
      }
    }
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    // Graceful: no new fetches, then waits for the jobs running here; the database stays open
    // (it is the app's, closed after this).
    await this.boss.stop({
      graceful: true,
      wait: true,
      close: false,
      timeout: this.options.stopTimeoutMs ?? 10_000,
    });
  }
}
