/**
 * Background work (DESIGN.md: pg-boss 10.x, on PostgreSQL and on PGlite). A job is defined once
 * with `defineJob`, its handler registered by the module that owns it, and sent by name with
 * typed data. Nothing here knows any domain.
 */

export interface RetryPolicy {
  /** How many times a failed run is tried again (0: never). */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  /** Doubles the delay on every further retry (pg-boss's exponential backoff, with jitter). */
  retryBackoff: boolean;
  /** A run still going after this long counts as failed (its instance died, say) and is retried. */
  expireInSeconds: number;
}

export interface JobDefinition<T extends object> {
  readonly name: string;
  readonly retry: RetryPolicy;
  /** Only carries the data's type. */
  readonly _data?: T;
}

const DEFAULT_RETRY: RetryPolicy = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/** Job names are pg-boss queue names: letters, digits and `.`, `-`, `_`. */
const JOB_NAME = /^[a-z][a-z0-9._-]*$/;

export function defineJob<T extends object>(
  name: string,
  retry: Partial<RetryPolicy> = {},
): JobDefinition<T> {
  if (!JOB_NAME.test(name)) throw new Error(`Bad job name: ${name}`);
  return { name, retry: { ...DEFAULT_RETRY, ...retry } };
}

/** What a handler knows about the run it is in. */
export interface JobRun {
  id: string;
  /** 0 for the first run, 1 for the first retry, ... */
  retryCount: number;
  /** No retry follows if this run fails: the place to record a final failure. */
  lastAttempt: boolean;
}

export type JobHandler<T extends object> = (data: T, run: JobRun) => Promise<void>;

export interface SendOptions {
  /**
   * At most one job of this name and key per time slot (`singletonSeconds`), across every
   * instance: a second send in the slot is dropped (resolves to null), also after the first one
   * has finished.
   */
  singletonKey?: string;
  /**
   * The slot's length; slots are counted from the Unix epoch on the database's clock. At most
   * `MAX_SINGLETON_SECONDS`: work that repeats less often keeps its own record of what ran.
   */
  singletonSeconds?: number;
}

/**
 * The longest singleton slot the queue can hold: pg-boss enforces a slot with a unique index on
 * its job table, which it empties into the archive after 12 hours, so it refuses longer slots.
 */
export const MAX_SINGLETON_SECONDS = 12 * 3600;

/** Why the queue would refuse this slot, if it would (every runner alike: tests run the inline one). */
export function singletonRefusal(name: string, seconds: number | undefined): Error | null {
  if (seconds === undefined || (seconds > 0 && seconds <= MAX_SINGLETON_SECONDS)) return null;
  return new Error(
    `Job ${name}: a singleton slot must be between 1 and ${MAX_SINGLETON_SECONDS} seconds`,
  );
}

export interface EveryOptions {
  /**
   * A cheap read saying whether the job may have anything to do: when it says no, this
   * instance does not offer the job this time (the offer, the run and its record cost several
   * statements). Without it the job is always offered.
   */
  when?: () => Promise<boolean>;
}

export interface JobRunner {
  /** `pg-boss` keeps jobs in the database; `inline` runs them at once in this process. */
  readonly kind: 'pg-boss' | 'inline';
  /** Registers the handler of a job (before the app is ready). */
  register<T extends object>(job: JobDefinition<T>, handler: JobHandler<T>): void;
  /** Queues a job; resolves to its id, or null when its singleton slot is taken. */
  send<T extends object>(
    job: JobDefinition<T>,
    data: T,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Runs a job (with empty data) once every `seconds` across all instances: each instance offers
   * it on its own timer, and the slot's singleton lets exactly one of the offers through. For
   * scheduled per-restaurant work, the job looks for what is due and sends one job each, keyed by
   * restaurant and slot (DESIGN.md "Background work").
   */
  every(job: JobDefinition<Record<string, never>>, seconds: number, options?: EveryOptions): void;
  /** Starts working (the app calls it once ready). */
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for those running here to finish. */
  stop(): Promise<void>;
}
