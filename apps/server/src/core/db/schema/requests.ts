/** Guests' calls for a waiter or the bill. */
import { REQUEST_KINDS, REQUEST_STATUSES } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';
import { diningSessions } from './dining-sessions.js';
import { tenantId } from './restaurants.js';
import { tables } from './tables.js';
import { users } from './users.js';

/** A guest's call for a waiter or for the bill. */
export const requests = pgTable(
  'requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id),
    tableId: uuid()
      .notNull()
      .references(() => tables.id),
    kind: text({ enum: REQUEST_KINDS }).notNull(),
    status: text({ enum: REQUEST_STATUSES }).notNull().default('open'),
    message: text(),
    amountCents: money(),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('requests_one_open_per_kind')
      .on(t.diningSessionId, t.kind)
      .where(sql`${t.status} = 'open'`),
    index('requests_restaurant_idx').on(t.restaurantId, t.status),
  ],
);
