/** Receipts, kept as issued. */
import { type Receipt } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { diningSessions } from './dining-sessions.js';
import { payments } from './payments.js';
import { tenantId } from './restaurants.js';

/**
 * A receipt: one per payment, numbered per restaurant from 1 with no gaps (the
 * number is taken from the counters row inside the payment's transaction), and kept as it was
 * issued so a reprint shows the same document whatever changes later (the restaurant's name,
 * a menu item's name, a waiter leaving). A bill paid in parts has one per part: each part's
 * says what was left to pay after it, and the payment that settles the bill issues the bill's
 * own receipt (its last), listing every payment.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    number: integer().notNull(),
    paymentId: uuid()
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id, { onDelete: 'cascade' }),
    content: jsonb().$type<Receipt>().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_restaurant_number_unique').on(t.restaurantId, t.number),
    index('receipts_session_idx').on(t.diningSessionId, t.number),
    check('receipts_number_positive', sql`${t.number} > 0`),
  ],
);
