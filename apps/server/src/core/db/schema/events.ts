/** The ordered stream of domain events and the durable consumers' progress through it. */
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';

/** Every domain change, numbered per restaurant; the real-time channel replays from here. */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    restaurantId: tenantId(),
    seq: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Set for events about one table, so a guest's page can follow just its own table. */
    tableId: uuid(),
    userId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('events_restaurant_seq_unique').on(t.restaurantId, t.seq),
    index('events_created_idx').on(t.createdAt),
  ],
);

/**
 * The durable consumers of `events` the server has known (docs/decisions/0001-events-outbox.md):
 * when each was first registered, so one that starts "from its registration" skips what was
 * committed before it existed.
 */
export const eventConsumers = pgTable('event_consumers', {
  name: text().primaryKey(),
  registeredAt: createdAt(),
});

/**
 * Each consumer's progress through one restaurant's events: everything up to `lastSeq` is
 * handled. An instance working on it holds a lease (owner and expiry, on the database's clock):
 * one instance at a time, and a crashed one's lease runs out so another resumes after `lastSeq`.
 */
export const consumerCursors = pgTable(
  'consumer_cursors',
  {
    consumer: text().notNull(),
    restaurantId: tenantId(),
    lastSeq: bigint({ mode: 'number' }).notNull(),
    leaseOwner: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** Failed runs in a row; the next try waits until `retryAt` (growing delays). */
    failures: integer().notNull().default(0),
    retryAt: timestamp({ withTimezone: true }),
    lastError: text(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.restaurantId] })],
);
