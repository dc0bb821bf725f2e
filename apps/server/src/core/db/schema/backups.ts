/** Restaurants' backups. */
import { BACKUP_KINDS, BACKUP_STATUSES } from '@tavola/contract';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

/** A restaurant's backup: a ZIP of every row it owns, kept in the database. */
export const backups = pgTable(
  'backups',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    kind: text({ enum: BACKUP_KINDS }).notNull(),
    status: text({ enum: BACKUP_STATUSES }).notNull().default('running'),
    sizeBytes: bigint({ mode: 'number' }),
    content: bytea(),
    error: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * An automatic backup's place in its schedule: the next is due one interval after it, however
     * late a tick started this one, so the schedule does not drift.
     */
    scheduledFor: timestamp({ withTimezone: true }),
  },
  (t) => [index('backups_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
