import type { DomainEvent, EventInput, PlatformEvent, PlatformEventInput } from '@tavola/contract';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { type CounterName, counters, events, platformEvents } from '../db/schema.js';

/**
 * The upsert that takes a restaurant's next `by` numbers from a counter row, not yet run: it
 * returns the counter's new value (the last number taken), and locks the row until the
 * transaction ends.
 */
export function counterBump(tx: DbOrTx, restaurantId: string, name: CounterName, by = 1) {
  return tx
    .insert(counters)
    .values({ restaurantId, name, value: by })
    .onConflictDoUpdate({
      target: [counters.restaurantId, counters.name],
      set: { value: sql`${counters.value} + ${by}` },
    })
    .returning({ value: counters.value });
}

/** Takes the restaurant's next number from a counter row (locked until the transaction ends). */
export async function nextCounter(
  tx: DbOrTx,
  restaurantId: string,
  name: Exclude<CounterName, 'event_seq'>,
): Promise<number> {
  const [row] = await counterBump(tx, restaurantId, name);
  if (!row) throw new Error('counter update returned nothing');
  return Number(row.value);
}

/** Typed by the contract: each event type with the data its schema describes. */
export type { EventInput } from '@tavola/contract';

/**
 * Writes several events with one counter bump and one insert, in one statement (one round trip)
 * together with the change's audit entries (`audit`, an insert not yet run) when there are any.
 * Only the unit of work calls it, last in its transaction: the event counter's row lock is then
 * held only from this statement to the commit, which keeps the numbering in commit order (what
 * resume relies on) at little cost to throughput.
 */
export async function recordEvents(
  tx: DbOrTx,
  restaurantId: string,
  inputs: readonly EventInput[],
  audit: SQLWrapper | null = null,
): Promise<DomainEvent[]> {
  if (inputs.length === 0) {
    if (audit) await tx.execute(audit.getSQL());
    return [];
  }
  const n = inputs.length;
  const bump = counterBump(tx, restaurantId, 'event_seq', n);
  const insert = tx
    .insert(events)
    .values(
      inputs.map((input, i) => ({
        restaurantId,
        // The counter's new value is the last of the numbers it handed out.
        seq: sql`(select value from event_seq) - ${n - 1 - i}`,
        type: input.type,
        data: input.data,
        tableId: input.tableId ?? null,
        userId: input.userId ?? null,
      })),
    )
    .returning({
      seq: events.seq,
      createdMs: sql<number>`(extract(epoch from ${events.createdAt}) * 1000)::float8`.as(
        'created_ms',
      ),
    });
  const result = await tx.execute(
    sql`with ${audit ? sql`audit as ${audit}, ` : sql``}event_seq as ${bump} ${insert.getSQL()}`,
  );
  const rows = rowsOf<{ seq: number | string; created_ms: number | string }>(result);
  // Each input pairs its type with that type's data, and so does each event built from it.
  return inputs.map((input, i) => {
    const row = rows[i];
    if (!row) throw new Error('event insert returned too few rows');
    return {
      seq: Number(row.seq),
      type: input.type,
      data: input.data,
      timestamp: new Date(Number(row.created_ms)).toISOString(),
      userId: input.userId ?? null,
      restaurantId,
      tableId: input.tableId ?? null,
    };
  }) as DomainEvent[];
}

/** The rows of a raw `execute`, as node-postgres (a result) and PGlite (the same shape) give them. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The transaction lock that numbers platform events in commit order (any fixed key will do). */
const PLATFORM_EVENTS_LOCK = 7_310_001;

/**
 * Writes platform events (for the team). A transaction lock held until the commit makes their
 * numbers follow commit order, as the event counter does for a restaurant's events, so a team
 * screen resuming after the last number it saw misses nothing. Only the unit of work calls it,
 * just before the restaurant's events (the lock order is always this one, then the counter).
 */
export async function recordPlatformEvents(
  tx: DbOrTx,
  userId: string | null,
  inputs: readonly PlatformEventInput[],
): Promise<PlatformEvent[]> {
  if (inputs.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${PLATFORM_EVENTS_LOCK})`);
  const rows = await tx
    .insert(platformEvents)
    .values(
      inputs.map((input) => ({
        type: input.type,
        data: input.data,
        restaurantId: input.restaurantId,
        userId,
      })),
    )
    .returning({ id: platformEvents.id, createdAt: platformEvents.createdAt });
  // Each input pairs its type with that type's data, and so does each event built from it.
  return inputs.map((input, i) => ({
    seq: rows[i]!.id,
    type: input.type,
    data: input.data,
    timestamp: rows[i]!.createdAt.toISOString(),
    userId,
    restaurantId: input.restaurantId,
  })) as PlatformEvent[];
}
