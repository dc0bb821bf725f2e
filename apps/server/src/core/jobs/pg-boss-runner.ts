import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import {
  singletonRefusal,
  type EveryOptions,
  type JobDefinition,
  type JobHandler,
  type JobRunner,
  type SendOptions,
} from './runner.js';

export interface PgBossRunnerOptions {
  /**
   * How often the instance looks for jobs it did not send itself (retries, jobs sent elsewhere,
   * expired runs): one statement for every queue; a job sent from this instance wakes its worker
   * at once.
   */
  pollSeconds: number;
  /** The database schema pg-boss keeps its tables in. */
  schema?: string;
  /** How long stopping waits for jobs running here. */
  stopTimeoutMs?: number;
  /**
   * Told of every failed run and of the queue's own errors (`what` says which): `warn` when it
   * will be tried again by itself (a retry follows, the database is back), `error` when not.
   */
  onError: (error: unknown, what: string, level: 'warn' | 'error') => void;
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
 *
 * The workers are this class's own loops over `fetch`, `complete` and `fail`, each awaited:
 * pg-boss 10's `work()` leaves its completion calls unawaited, so a connection cut at that moment
 * would be an unhandled rejection and end the process. Here a lost connection is a warning, and
 * the job, still active, expires and is tried again.
 */
export class PgBossRunner implements JobRunner {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly periodic: {
    job: JobDefinition<object>;
    seconds: number;
    when?: () => Promise<boolean>;
  }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly loops: Promise<void>[] = [];
  /** Wakes a sleeping worker loop (a job was sent from here, or the runner stops). */
  private readonly wakers = new Map<string, () => void>();
  /** Queues with work found while their loop was not asleep: it fetches again at once. */
  private readonly woken = new Set<string>();
  private pollTimer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;

  constructor(
    private readonly database: Pick<Database, 'execute'>,
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
    // Maintenance and monitoring retry on their own schedule.
    this.boss.on('error', (error) => options.onError(error, 'job queue error', 'warn'));
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
    const refusal = singletonRefusal(job.name, options.singletonSeconds);
    if (refusal) throw refusal;
    const id = await this.boss.send(job.name, data, {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds !== undefined
        ? { singletonSeconds: options.singletonSeconds }
        : {}),
    });
    // This instance's worker takes it now rather than at the next poll.
    if (id) this.wake(job.name);
    return id;
  }

  every(
    job: JobDefinition<Record<string, never>>,
    seconds: number,
    options: EveryOptions = {},
  ): void {
    if (this.started) throw new Error(`Job ${job.name} scheduled after the runner started`);
    if (!Number.isInteger(seconds) || seconds < 1)
      throw new Error('every: whole seconds, at least 1');
    const refusal = singletonRefusal(job.name, seconds);
    if (refusal) throw refusal;
    this.periodic.push({ job: job, seconds, ...(options.when ? { when: options.when } : {}) });
  }

  async start(): Promise<void> {
    if (this.started) return;
    // Creates or migrates the pgboss schema (under pg-boss's advisory lock).
    await this.boss.start();
    for (const { job } of this.registrations.values()) await this.ensureQueue(job);
    this.started = true;
    for (const registration of this.registrations.values()) {
      this.loops.push(this.workLoop(registration));
    }
    for (const { job, seconds, when } of this.periodic) {
      const offer = () => {
        // Not knowing whether there is work is a reason to offer, never to skip.
        const wanted = when ? when().catch(() => true) : Promise.resolve(true);
        wanted
          .then((yes) =>
            yes ? this.send(job, {}, { singletonKey: 'every', singletonSeconds: seconds }) : null,
          )
          .catch((error: unknown) =>
            this.options.onError(error, `job ${job.name} not offered`, 'warn'),
          );
      };
      offer();
      const timer = setInterval(offer, seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    }
    this.schedulePoll();
  }

  /**
   * Every poll interval, one statement asks which queues have a job ready (pg-boss's own test for
   * a fetch: not yet active, its start time passed) and wakes only their workers. Each worker
   * used to fetch its own queue at every interval: a statement per queue, nearly all finding
   * nothing.
   */
  private schedulePoll(): void {
    if (this.stopped) return;
    this.pollTimer = setTimeout(() => {
      void this.poll().finally(() => this.schedulePoll());
    }, this.options.pollSeconds * 1000);
    this.pollTimer.unref();
  }

  private async poll(): Promise<void> {
    const names = [...this.registrations.keys()];
    if (names.length === 0) return;
    const schema = this.options.schema ?? 'pgboss';
    const list = names.map((_, i) => `$${i + 1}`).join(', ');
    try {
      const { rows } = await this.database.execute(
        `SELECT DISTINCT name FROM ${schema}.job
          WHERE name IN (${list}) AND state < 'active' AND start_after < now()`,
        names,
      );
      for (const row of rows as { name: string }[]) this.wake(row.name);
    } catch (error) {
      this.options.onError(error, 'job queue: waiting jobs could not be looked for', 'warn');
      // Each worker asks its own queue instead, as pg-boss would.
      for (const name of names) this.wake(name);
    }
  }

  /** Wakes the queue's worker, or has it fetch again at once if it is not asleep. */
  private wake(name: string): void {
    const waker = this.wakers.get(name);
    if (waker) waker();
    else this.woken.add(name);
  }

  /** One job at a time of one name: fetch, run, complete or fail; sleep when there is none. */
  private async workLoop({ job, handler }: Registration): Promise<void> {
    while (!this.stopped) {
      let run: PgBoss.JobWithMetadata<object> | undefined;
      try {
        [run] = await this.boss.fetch<object>(job.name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        this.options.onError(error, `job ${job.name}: the queue could not be read`, 'warn');
      }
      if (!run) {
        await this.sleep(job.name);
        continue;
      }
      const lastAttempt = run.retryCount >= run.retryLimit;
      let failure: unknown = null;
      try {
        await handler(run.data ?? {}, { id: run.id, retryCount: run.retryCount, lastAttempt });
      } catch (error) {
        failure = error ?? new Error('failed');
        this.options.onError(
          error,
          `job ${job.name} failed${lastAttempt ? '' : ', to be retried'}`,
          lastAttempt ? 'error' : 'warn',
        );
      }
      try {
        if (failure === null) await this.boss.complete(job.name, run.id);
        else
          await this.boss.fail(job.name, run.id, {
            message: String((failure as Error).message ?? failure),
          });
      } catch (error) {
        // Still active in the queue: it expires and is tried again (handlers allow a rerun).
        this.options.onError(error, `job ${job.name}: its outcome could not be recorded`, 'warn');
      }
    }
  }

  /** Waits until the poll finds a job of the queue, one is sent from here, or the runner stops. */
  private sleep(name: string): Promise<void> {
    // Woken while it was fetching (a send racing an empty fetch): it looks again at once.
    if (this.woken.delete(name) || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.wakers.set(name, () => {
        this.wakers.delete(name);
        resolve();
      });
    });
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
    clearTimeout(this.pollTimer);
    for (const timer of this.timers) clearInterval(timer);
    for (const wake of [...this.wakers.values()]) wake();
    // The jobs running here finish (bounded: one still going then expires and runs again
    // elsewhere); the database stays open (it is the app's, closed after this).
    const limit = this.options.stopTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.loops),
      new Promise((r) => {
        timer = setTimeout(r, limit);
      }),
    ]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: false, wait: true, close: false });
  }
}
