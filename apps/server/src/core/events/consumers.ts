import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventOf, EventType } from '@tavola/contract';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { consumerCursors, counters, eventConsumers, events } from '../db/schema.js';

/** A stored event as a consumer receives it: `id` is unique across restaurants, for dedupe. */
export type ConsumedEvent<T extends EventType = EventType> = DomainEventOf<T> & { id: number };

export interface ConsumeContext {
  restaurantId: string;
  db: Db;
  /**
   * The transaction that also moves the cursor, for a transactional consumer: what the handler
   * writes through it commits exactly once, with the cursor. Absent otherwise.
   */
  tx: Tx | null;
}

export interface ConsumerSpec<T extends EventType> {
  /** The event types it handles; the cursor moves past the others without calling it. */
  types: readonly T[];
  /**
   * Where a restaurant's cursor starts when the consumer first looks at it: every stored event
   * (`beginning`), or those committed after the consumer was first registered (`registration`,
   * the default: a new effect does not replay history).
   */
  startAt?: 'beginning' | 'registration';
  /** Events per call of `handle` (default 100). */
  batchSize?: number;
  /**
   * The handler runs inside the transaction that moves the cursor (`ctx.tx`): database effects
   * happen exactly once. Without it the handler's outside effects happen at least once: a run
   * cut short after the effect and before the cursor moved repeats it, so receivers dedupe by
   * `event.id`.
   */
  transactional?: boolean;
  /**
   * Whether the restaurant has anything this consumer hands its events to (an endpoint, a
   * printer), answered from memory in the common case. When it says no, a publish does not wake
   * the consumer there: its cursor waits for the periodic tick, which runs `handle` as usual, so
   * `handle` must skip what happened before a subscriber existed (it is given events that old
   * when one is added) — exactly what it would have done had it run at once.
   */
  wanted?: (restaurantId: string) => boolean | Promise<boolean>;
  handle(events: ConsumedEvent<T>[], ctx: ConsumeContext): Promise<void>;
}

export interface Consumer<T extends EventType = EventType> extends ConsumerSpec<T> {
  readonly name: string;
}

/** Consumer names are stored: lowercase letters, digits, `.`, `-` and `_`. */
const CONSUMER_NAME = /^[a-z][a-z0-9._-]{0,62}$/;

export function defineConsumer<T extends EventType>(
  name: string,
  spec: ConsumerSpec<T>,
): Consumer<T> {
  if (!CONSUMER_NAME.test(name)) throw new Error(`Bad consumer name: ${name}`);
  if (spec.types.length === 0) throw new Error(`Consumer ${name} handles no event type`);
  return { ...spec, name };
}

export interface ConsumerRunnerOptions {
  /** How long a claim on a restaurant's cursor lasts without progress (a crashed run's limit). */
  leaseSeconds?: number;
  /** The longest wait before a failing restaurant is tried again. */
  maxRetrySeconds?: number;
  /** Told of a handler's failure (it is retried after a growing delay). */
  onError?: (error: unknown, consumer: string, restaurantId: string) => void;
}

const DEFAULT_BATCH = 100;
/** Runs the periodic tick keeps going at once, of all consumers and restaurants behind. */
export const PENDING_AT_ONCE = 2;

/** A cursor nobody holds and not waiting for a retry. */
const LEASE_FREE = sql`(${consumerCursors.leaseUntil} is null or ${consumerCursors.leaseUntil} < now())
  and (${consumerCursors.retryAt} is null or ${consumerCursors.retryAt} <= now())`;

/** A cursor's lease given back after a run that went well. */
const RELEASED = {
  leaseOwner: null,
  leaseUntil: null,
  failures: 0,
  retryAt: null,
  lastError: null,
};

/** Thrown inside a run's transaction when another instance took the lease meanwhile. */
class LeaseLost extends Error {}

/**
 * Runs durable consumers over the ordered `events` table: per consumer and restaurant a cursor
 * (the last sequence number handled) and a lease, so each restaurant's events reach each
 * consumer in order, from one instance at a time, at least once — exactly once for the database
 * effects of a transactional consumer — and a run that dies resumes after the last cursor it
 * committed once its lease runs out. Nothing here knows a domain; modules register consumers.
 */
export class ConsumerRunner {
  private readonly consumers = new Map<string, Consumer>();
  private readonly registeredAt = new Map<string, Date>();
  private readonly owner = randomUUID();
  private readonly leaseSeconds: number;
  private readonly maxRetrySeconds: number;
  private readonly running = new Set<Promise<void>>();
  /** Runs asked for while one of the same consumer and restaurant was going: run again after. */
  private readonly again = new Set<string>();
  private readonly active = new Map<string, Promise<void>>();
  /** Cursors (consumer and restaurant) known to exist, so claiming one is a single update. */
  private readonly known = new Set<string>();
  private claimKnown: ReturnType<ConsumerRunner['prepareClaim']> | null = null;
  private lastSeq: ReturnType<ConsumerRunner['prepareLastSeq']> | null = null;
  private readonly reads = new Map<string, ReturnType<ConsumerRunner['prepareRead']>>();
  private stopped = false;
  private started: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: ConsumerRunnerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.maxRetrySeconds = options.maxRetrySeconds ?? 300;
  }

  register<T extends EventType>(consumer: Consumer<T>): void {
    if (this.consumers.has(consumer.name)) {
      throw new Error(`Consumer ${consumer.name} registered twice`);
    }
    this.consumers.set(consumer.name, consumer as unknown as Consumer);
  }

  get names(): string[] {
    return [...this.consumers.keys()];
  }

  get(name: string): Consumer {
    const consumer = this.consumers.get(name);
    if (!consumer) throw new Error(`Consumer ${name} is not registered`);
    return consumer;
  }

  /** Records every registered consumer (the first registration time is kept); once. */
  start(): Promise<void> {
    this.started ??= this.record();
    return this.started;
  }

  private async record(): Promise<void> {
    for (const name of this.consumers.keys()) {
      await this.db.insert(eventConsumers).values({ name }).onConflictDoNothing();
      const [row] = await this.db
        .select({ registeredAt: eventConsumers.registeredAt })
        .from(eventConsumers)
        .where(eq(eventConsumers.name, name));
      if (row) this.registeredAt.set(name, row.registeredAt);
    }
  }

  /** Stops starting runs and waits for those going here (each ends at its next batch). */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /**
   * Asks for a run of every consumer that handles one of these events' types, in their
   * restaurants (called when events are published: the fast path; `runPending` catches up
   * whatever this misses). Runs of one consumer and restaurant never overlap on an instance.
   */
  notify(published: readonly Pick<DomainEvent, 'type' | 'restaurantId'>[]): void {
    for (const consumer of this.consumers.values()) {
      const restaurants = new Set(
        published
          .filter((e) => (consumer.types as readonly string[]).includes(e.type))
          .map((e) => e.restaurantId),
      );
      for (const restaurantId of restaurants) this.wake(consumer, restaurantId);
    }
  }

  /** Schedules a run unless the consumer has nobody to hand the restaurant's events to. */
  private wake(consumer: Consumer, restaurantId: string): void {
    if (this.stopped) return;
    let wanted: boolean | Promise<boolean> = true;
    try {
      wanted = consumer.wanted?.(restaurantId) ?? true;
    } catch (error) {
      // Not knowing is a reason to run, never to skip.
      this.options.onError?.(error, consumer.name, restaurantId);
    }
    if (wanted === true) void this.schedule(consumer.name, restaurantId);
    if (typeof wanted === 'boolean') return;
    const asked = wanted
      .catch((error: unknown) => {
        this.options.onError?.(error, consumer.name, restaurantId);
        return true;
      })
      .then((yes) => {
        if (yes) void this.schedule(consumer.name, restaurantId);
      })
      .finally(() => this.running.delete(asked));
    // `idle()` waits for the answer too: a run it leads to is one the caller asked for.
    this.running.add(asked);
  }

  /**
   * Runs every consumer for every restaurant with events past its cursor (the periodic tick),
   * `PENDING_AT_ONCE` runs at a time: a platform's tick finds hundreds of restaurants behind (those
   * without subscribers are not woken at their commits), and starting them all at once held every
   * pooled connection, so the requests of that moment waited behind them.
   */
  async runPending(): Promise<void> {
    const behind: [name: string, restaurantId: string][] = [];
    for (const consumer of this.consumers.values()) {
      const rows = await this.db
        .select({ restaurantId: counters.restaurantId })
        .from(counters)
        .leftJoin(
          consumerCursors,
          and(
            eq(consumerCursors.restaurantId, counters.restaurantId),
            eq(consumerCursors.consumer, consumer.name),
          ),
        )
        .where(
          and(
            eq(counters.name, 'event_seq'),
            sql`${counters.value} > coalesce(${consumerCursors.lastSeq}, 0)`,
            sql`(${consumerCursors.retryAt} is null or ${consumerCursors.retryAt} <= now())`,
            sql`(${consumerCursors.leaseUntil} is null or ${consumerCursors.leaseUntil} < now())`,
          ),
        );
      for (const { restaurantId } of rows) behind.push([consumer.name, restaurantId]);
    }
    let next = 0;
    const lane = async () => {
      while (next < behind.length && !this.stopped) {
        const [name, restaurantId] = behind[next++]!;
        await this.schedule(name, restaurantId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PENDING_AT_ONCE, behind.length) }, lane));
    await this.idle();
  }

  /** Resolves once every run asked for so far has finished (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Starts a run (or asks the one going for another turn); resolves when that run ends. */
  private schedule(name: string, restaurantId: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const key = `${name}\0${restaurantId}`;
    const going = this.active.get(key);
    if (going) {
      this.again.add(key);
      return going;
    }
    const run = (async () => {
      // A commit's events are published one after another in one go: those that come before
      // the run starts are all handled by it, rather than each asking for one more run.
      await Promise.resolve();
      try {
        do {
          this.again.delete(key);
          await this.runOne(name, restaurantId);
        } while (this.again.has(key) && !this.stopped);
      } catch (error) {
        // The database itself failed (an outage, a shutdown): nothing could be recorded, and the
        // lease lapses on its own; the next tick tries again. Never an unhandled rejection.
        this.options.onError?.(error, name, restaurantId);
      } finally {
        this.active.delete(key);
      }
    })().finally(() => this.running.delete(run));
    // Set before the run's first await lets it finish (its `finally` deletes the key).
    this.active.set(key, run);
    this.running.add(run);
    return run;
  }

  /**
   * One consumer over one restaurant's events, batch after batch until it is caught up, under
   * a lease. Resolves quietly when another instance holds the lease.
   */
  async runOne(name: string, restaurantId: string): Promise<void> {
    const consumer = this.get(name);
    await this.start();
    let cursor = await this.claim(consumer, restaurantId);
    if (cursor === null) return;
    try {
      let released = false;
      for (;;) {
        if (this.stopped) break;
        const step = await this.runBatch(consumer, restaurantId, cursor);
        if (step === null) break;
        cursor = step.cursor;
        if (step.released) {
          released = true;
          break;
        }
      }
      if (!released) {
        await this.db.update(consumerCursors).set(RELEASED).where(this.mine(name, restaurantId));
      }
    } catch (error) {
      if (error instanceof LeaseLost) return;
      await this.failed(name, restaurantId, error);
    }
  }

  /** Takes the lease (creating the cursor at its start); the cursor, or null if it is held. */
  private async claim(consumer: Consumer, restaurantId: string): Promise<number | null> {
    const lease = sql`now() + make_interval(secs => ${this.leaseSeconds})`;
    const key = `${consumer.name}\0${restaurantId}`;
    // A cursor this instance has seen is claimed in one statement; its start is only looked up
    // (a scan of the restaurant's events) for a cursor not made yet.
    if (this.known.has(key)) {
      this.claimKnown ??= this.prepareClaim();
      const [row] = await this.claimKnown.execute({ consumer: consumer.name, restaurantId });
      if (row) return row.lastSeq;
      this.known.delete(key);
    }
    const start = await this.startSeq(consumer, restaurantId);
    const [row] = await this.db
      .insert(consumerCursors)
      .values({
        consumer: consumer.name,
        restaurantId,
        lastSeq: start,
        leaseOwner: this.owner,
        leaseUntil: lease,
      })
      .onConflictDoUpdate({
        target: [consumerCursors.consumer, consumerCursors.restaurantId],
        set: { leaseOwner: this.owner, leaseUntil: lease, updatedAt: sql`now()` },
        setWhere: LEASE_FREE,
      })
      .returning({ lastSeq: consumerCursors.lastSeq });
    // Made now or before (its lease held elsewhere): either way the cursor exists.
    this.known.add(key);
    return row ? row.lastSeq : null;
  }

  /** Where a restaurant's cursor starts: 0, or the last event committed before registration. */
  private async startSeq(consumer: Consumer, restaurantId: string): Promise<number> {
    if (consumer.startAt === 'beginning') return 0;
    const since = this.registeredAt.get(consumer.name);
    if (!since) throw new Error(`Consumer ${consumer.name} was registered after start()`);
    const [row] = await this.db
      .select({ seq: sql<string | null>`max(${events.seq})` })
      .from(events)
      .where(and(eq(events.restaurantId, restaurantId), sql`${events.createdAt} < ${since}`));
    return Number(row?.seq ?? 0);
  }

  /**
   * Handles the next batch after `cursor` and moves the cursor past it (and past the events of
   * other types up to the restaurant's last committed number). Resolves to the new cursor, or
   * null when there was nothing to do.
   */
  private async runBatch(
    consumer: Consumer,
    restaurantId: string,
    cursor: number,
  ): Promise<{ cursor: number; released: boolean } | null> {
    // Numbers are taken in commit order under the counter's lock, so every event up to the
    // counter's committed value is visible now: the cursor may move up to it without a gap.
    // Both reads run on every wake of every consumer: prepared once per runner.
    this.lastSeq ??= this.prepareLastSeq();
    const [counter] = await this.lastSeq.execute({ restaurantId });
    const upTo = counter?.value ?? 0;
    if (upTo <= cursor) return null;
    const limit = consumer.batchSize ?? DEFAULT_BATCH;
    let read = this.reads.get(consumer.name);
    if (!read) {
      read = this.prepareRead(consumer, limit);
      this.reads.set(consumer.name, read);
    }
    const rows = await read.execute({ restaurantId, cursor, upTo });
    const next = rows.length === limit ? rows[rows.length - 1]!.seq : upTo;
    // A short batch reached the counter read above: the run ends with this batch, and the cursor
    // moves and the lease goes back in one statement. An event committed since wakes the
    // consumer again (`notify` while this run is going asks for another), or the tick finds it.
    const last = rows.length < limit;
    const batch = rows.map(
      (r) =>
        ({
          id: r.id,
          seq: r.seq,
          type: r.type,
          data: r.data,
          timestamp: r.createdAt.toISOString(),
          userId: r.userId,
          restaurantId: r.restaurantId,
          tableId: r.tableId,
        }) as ConsumedEvent,
    );
    const moveCursor = async (db: Db | Tx) => {
      const moved = await db
        .update(consumerCursors)
        .set({
          lastSeq: next,
          ...(last
            ? RELEASED
            : { leaseUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})` }),
          updatedAt: sql`now()`,
        })
        .where(this.mine(consumer.name, restaurantId))
        .returning({ lastSeq: consumerCursors.lastSeq });
      // Another instance took over (this run outlived its lease): the batch is not ours to commit.
      if (moved.length === 0) throw new LeaseLost();
    };
    if (consumer.transactional) {
      await this.db.transaction(async (tx) => {
        if (batch.length > 0) await consumer.handle(batch, { restaurantId, db: this.db, tx });
        await moveCursor(tx);
      });
    } else {
      // Outside effects (a delivery, a print) may take a while: no transaction stays open for them.
      if (batch.length > 0) await consumer.handle(batch, { restaurantId, db: this.db, tx: null });
      await moveCursor(this.db);
    }
    return { cursor: next, released: last };
  }

  private prepareClaim() {
    return this.db
      .update(consumerCursors)
      .set({
        leaseOwner: this.owner,
        leaseUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(consumerCursors.consumer, sql.placeholder('consumer')),
          eq(consumerCursors.restaurantId, sql.placeholder('restaurantId')),
          LEASE_FREE,
        ),
      )
      .returning({ lastSeq: consumerCursors.lastSeq })
      .prepare('consumer_claim');
  }

  private prepareLastSeq() {
    return this.db
      .select({ value: counters.value })
      .from(counters)
      .where(
        and(
          eq(counters.restaurantId, sql.placeholder('restaurantId')),
          eq(counters.name, 'event_seq'),
        ),
      )
      .prepare('consumer_last_seq');
  }

  private prepareRead(consumer: Consumer, limit: number) {
    return this.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.restaurantId, sql.placeholder('restaurantId')),
          gt(events.seq, sql.placeholder('cursor')),
          lte(events.seq, sql.placeholder('upTo')),
          inArray(events.type, [...consumer.types]),
        ),
      )
      .orderBy(asc(events.seq))
      .limit(limit)
      .prepare(`consumer_events_${consumer.name}`);
  }

  private mine(name: string, restaurantId: string) {
    return and(
      eq(consumerCursors.consumer, name),
      eq(consumerCursors.restaurantId, restaurantId),
      eq(consumerCursors.leaseOwner, this.owner),
    );
  }

  /** Gives the lease back with a growing delay before the next try (2 s, 4 s, … up to the max). */
  private async failed(name: string, restaurantId: string, error: unknown): Promise<void> {
    this.options.onError?.(error, name, restaurantId);
    const message = error instanceof Error ? error.message : String(error);
    await this.db
      .update(consumerCursors)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        failures: sql`${consumerCursors.failures} + 1`,
        retryAt: sql`now() + make_interval(secs => least(${this.maxRetrySeconds}, power(2, ${consumerCursors.failures} + 1)))`,
        lastError: message.slice(0, 500),
      })
      .where(this.mine(name, restaurantId));
  }
}

/**
 * Deletes events no live consumer still needs: older than `keepDays` (the realtime replay window
 * and the audit of what screens saw stay within it) and at or before every registered
 * consumer's cursor in their restaurant. A restaurant a consumer has not started yet keeps its
 * events when that consumer starts from the beginning. Returns how many rows went.
 */
export async function pruneEvents(
  db: Db,
  consumers: readonly Pick<Consumer, 'name' | 'startAt'>[],
  keepDays: number,
): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${keepDays})`;
  const needed = consumers.map((c) =>
    c.startAt === 'beginning'
      ? sql`not exists (select 1 from ${consumerCursors} c where c.consumer = ${c.name}
            and c.restaurant_id = ${events.restaurantId} and c.last_seq >= ${events.seq})`
      : sql`(exists (select 1 from ${consumerCursors} c where c.consumer = ${c.name}
            and c.restaurant_id = ${events.restaurantId} and c.last_seq < ${events.seq})
          or (not exists (select 1 from ${consumerCursors} c where c.consumer = ${c.name}
            and c.restaurant_id = ${events.restaurantId})
            and ${events.createdAt} >= coalesce((select r.registered_at from ${eventConsumers} r
              where r.name = ${c.name}), '-infinity'::timestamptz)))`,
  );
  const stillNeeded = needed.length ? sql.join(needed, sql` or `) : sql`false`;
  const deleted = await db
    .delete(events)
    .where(and(sql`${events.createdAt} < ${cutoff}`, sql`not (${stillNeeded})`))
    .returning({ id: events.id });
  return deleted.length;
}
