/** Discounts and comps on open bills, and the reasons a restaurant gives them for. */
import { DISCOUNT_KINDS, DISCOUNT_SCOPES } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.js';
import { diningSessions } from './dining-sessions.js';
import { orderItems } from './orders.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

/** The manager's list of reasons a discount or comp may be given for. */
export const discountReasons = pgTable(
  'discount_reasons',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_reasons_restaurant_name_unique').on(
      t.restaurantId,
      sql`lower(${t.name})`,
    ),
  ],
);

/** What one discount takes off one line now, in cents of the restaurant's currency. */
export interface DiscountLineShare {
  orderItemId: string;
  cents: number;
}

/**
 * A discount or comp given on a bill: what was asked (a percentage, an amount, or a comp), on
 * what (one line, or the lines on the bill when it was given), why and by whom; and what it takes
 * off now (`allocation` per line, `discountCents` at menu prices, `totalCents` off what the table
 * pays), kept by the bill's repricing. Taken back, it stays with who and when, and takes nothing.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id),
    scope: text({ enum: DISCOUNT_SCOPES }).notNull(),
    kind: text({ enum: DISCOUNT_KINDS }).notNull(),
    /** The line of a line discount or a comp; null for a bill discount. */
    orderItemId: uuid().references(() => orderItems.id, { onDelete: 'cascade' }),
    percentBps: integer(),
    /** What an amount discount asked for (what it takes may be less: never more than the lines). */
    amountCents: money(),
    reasonId: uuid().references(() => discountReasons.id, { onDelete: 'set null' }),
    /** The reason's name when it was given (a later rename or removal changes nothing here). */
    reason: text().notNull(),
    appliedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    appliedByName: text(),
    createdAt: createdAt(),
    removedAt: timestamp({ withTimezone: true }),
    removedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    allocation: jsonb().$type<DiscountLineShare[]>().notNull().default([]),
    discountCents: money().notNull().default(0),
    totalCents: money().notNull().default(0),
  },
  (t) => [
    index('discounts_session_idx').on(t.diningSessionId),
    index('discounts_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check(
      'discounts_shape',
      sql`(${t.scope} = 'line') = (${t.orderItemId} IS NOT NULL)
        AND (${t.kind} <> 'comp' OR ${t.scope} = 'line')
        AND (${t.kind} = 'percent') = (${t.percentBps} IS NOT NULL)
        AND (${t.kind} = 'amount') = (${t.amountCents} IS NOT NULL)
        AND (${t.percentBps} IS NULL OR ${t.percentBps} BETWEEN 1 AND 10000)
        AND (${t.amountCents} IS NULL OR ${t.amountCents} > 0)
        AND ${t.discountCents} >= 0 AND ${t.totalCents} >= 0`,
    ),
  ],
);
