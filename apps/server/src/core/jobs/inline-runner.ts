import { randomUUID } from 'node:crypto';
import {
  singletonRefusal,
  type JobDefinition,
  type JobHandler,
  type JobRunner,
  type SendOptions,
} from './runner.js';

/**
 * The runner with the job queue turned off (`JOBS=false`; tests by default): a sent job runs once,
 * in this process, right after `send` resolves, with no retry; nothing runs on a schedule. Keeps
 * tests that do not need the queue fast and lets them drive scheduled work by calling it.
 */
export class InlineRunner implements JobRunner {
  readonly kind = 'inline';
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly running = new Set<Promise<void>>();
  private readonly slots = new Set<string>();

  constructor(
    private readonly onError: (error: unknown, what: string, level: 'warn' | 'error') => void,
  ) {}

  register<T extends object>(job: JobDefinition<T>, handler: JobHandler<T>): void {
    if (this.handlers.has(job.name)) throw new Error(`Job ${job.name} registered twice`);
    this.handlers.set(job.name, handler as JobHandler<object>);
  }

  send<T extends object>(
    job: JobDefinition<T>,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    const handler = this.handlers.get(job.name);
    if (!handler) return Promise.reject(new Error(`Job ${job.name} is not registered`));
    const refusal = singletonRefusal(job.name, options.singletonSeconds);
    if (refusal) return Promise.reject(refusal);
    if (options.singletonKey !== undefined || options.singletonSeconds !== undefined) {
      const slot = options.singletonSeconds
        ? Math.floor(Date.now() / 1000 / options.singletonSeconds)
        : 0;
      const key = `${job.name}\0${options.singletonKey ?? ''}\0${slot}`;
      if (this.slots.has(key)) return Promise.resolve(null);
      this.slots.add(key);
    }
    const id = randomUUID();
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => handler(data, { id, retryCount: 0, lastAttempt: true }))
      .catch((error: unknown) => this.onError(error, `job ${job.name} failed`, 'error'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return Promise.resolve(id);
  }

  every(job: JobDefinition<Record<string, never>>, seconds: number): void {
    // Nothing runs on a schedule without the queue; a slot it could not keep is refused alike.
    const refusal = singletonRefusal(job.name, seconds);
    if (refusal) throw refusal;
  }

  async start(): Promise<void> {}

  /** Resolves once every job sent so far (and any they sent) has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    await this.idle();
  }
}
