/** Payments taken for a dining session's bill, the refunds given back of them, and the movements. */
import { CURRENCIES, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATES } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';
import { diningSessions } from './dining-sessions.js';
import { orderItems } from './orders.js';
import { tenantId } from './restaurants.js';
import { tables } from './tables.js';
import { users } from './users.js';

/**
 * A payment towards a dining session's bill: a bill may have several. Its status follows the
 * contract's payment state machine; only captured money counts towards the bill. The amount and
 * tip are what was captured and never change: a refund is a row of `payment_refunds`.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id),
    /** The bill's table; null for a tab's payment. */
    tableId: uuid().references(() => tables.id),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    amountCents: money().notNull(),
    tipCents: money().notNull().default(0),
    currency: text({ enum: CURRENCIES }).notNull(),
    /**
     * A row written without a provider's steps is what staff have always recorded: money already
     * in hand, so captured by the manual provider.
     */
    status: text({ enum: PAYMENT_STATES }).notNull().default('captured'),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull().default('manual'),
    /** The provider's own id for the payment (none for manual ones). */
    providerRef: text(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * When the money was taken: set as the payment reaches `captured`, and kept after refunds.
     * Null while it is pending or authorized, and for a payment that failed (a check constraint
     * holds this, migration 0024). A manual payment is captured as it is recorded.
     */
    capturedAt: timestamp({ withTimezone: true }),
    /**
     * The business day the payment was taken in (as an order's `businessDate`): the day it was
     * captured, for a payment whose capture came later than its request.
     */
    businessDate: date({ mode: 'string' }),
    /**
     * How the payer split the bill: all, items, share, equal or amount (a guest's, or a waiter's
     * split), or null for a waiter's payment of what was due. An equal split's next part counts
     * the parts paid with the same `splitParts`.
     */
    splitKind: text(),
    splitParts: integer(),
    /** A guest's Idempotency-Key, and what its first request was: a retry answers this payment. */
    idempotencyKey: text(),
    requestHash: text(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_unique')
      .on(t.restaurantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('payments_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('payments_restaurant_business_date_idx').on(t.restaurantId, t.businessDate),
    index('payments_session_idx').on(t.diningSessionId),
    uniqueIndex('payments_provider_ref_unique')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    check('payments_amount_nonnegative', sql`${t.amountCents} >= 0 AND ${t.tipCents} >= 0`),
  ],
);

/**
 * What a payment paid of each line of its bill, in the bill's cents: a line's paid stretch is the
 * sum of its rows, and the pieces of all payments add up to the line (decision 0013).
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    cents: money().notNull(),
  },
  (t) => [
    index('payment_allocations_payment_idx').on(t.paymentId),
    index('payment_allocations_line_idx').on(t.orderItemId),
    check('payment_allocations_cents_positive', sql`${t.cents} > 0`),
  ],
);

/**
 * Money given back from a captured payment, dated in the business day it was given back (never
 * in the payment's own day, which may be closed): the negative movement the day's figures read.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Positive cents given back of the bill part and of the tip. */
    amountCents: money().notNull(),
    tipCents: money().notNull().default(0),
    reason: text().notNull(),
    providerRef: text(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    businessDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_restaurant_business_date_idx').on(t.restaurantId, t.businessDate),
    check(
      'payment_refunds_amount_positive',
      sql`${t.amountCents} >= 0 AND ${t.tipCents} >= 0 AND ${t.amountCents} + ${t.tipCents} > 0`,
    ),
  ],
);

/**
 * The money that moved, each on the business day it moved: a captured payment in (positive, on
 * the day it was taken) and each refund out (negative, on the day it was given back). The Z
 * report, the journal and the payment reports read this, so a refund never edits a closed day.
 * Pending, authorized and failed payments moved nothing.
 */
export const paymentMovements = pgView('payment_movements', {
  id: uuid().notNull(),
  restaurantId: uuid().notNull(),
  paymentId: uuid().notNull(),
  kind: text({ enum: ['capture', 'refund'] }).notNull(),
  method: text({ enum: PAYMENT_METHODS }).notNull(),
  amountCents: money().notNull(),
  tipCents: money().notNull(),
  businessDate: date({ mode: 'string' }).notNull(),
  at: timestamp({ withTimezone: true }).notNull(),
}).as(
  sql`select p.id, p.restaurant_id, p.id as payment_id, 'capture' as kind, p.method, p.amount_cents, p.tip_cents, p.business_date, p.captured_at as at from payments p where p.status in ('captured', 'partially_refunded', 'refunded') union all select r.id, r.restaurant_id, r.payment_id, 'refund' as kind, p.method, -r.amount_cents, -r.tip_cents, r.business_date, r.created_at as at from payment_refunds r join payments p on p.id = r.payment_id`,
);
