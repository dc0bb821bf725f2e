/** A table's sitting, from the first scan until the bill is settled. */
import {
  BILL_PAYMENT_STATUSES,
  DINING_SESSION_STATUSES,
  ORDER_TYPES,
  SESSION_CLOSE_REASONS,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantId } from './restaurants.js';
import { tables } from './tables.js';
import { users } from './users.js';

/**
 * A bill: a table's sitting, from the first guest's scan until it is paid, one bill for everyone
 * at it; or a tab (a bar tab, a counter order, a takeaway), a bill without a table opened by staff
 * under a name.
 */
export const diningSessions = pgTable(
  'dining_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    /** Null exactly for a tab (any order type but dine-in). */
    tableId: uuid().references(() => tables.id, { onDelete: 'cascade' }),
    orderType: text({ enum: ORDER_TYPES }).notNull().default('dine_in'),
    /** A tab's name (or number): the pickup name of a takeaway. */
    tabName: text(),
    /** A tab's phone number, for a "ready" message. */
    tabPhone: text(),
    /** The pickup time promised for a takeaway. */
    pickupAt: timestamp({ withTimezone: true }),
    status: text({ enum: DINING_SESSION_STATUSES }).notNull().default('open'),
    paymentStatus: text({ enum: BILL_PAYMENT_STATUSES }).notNull().default('none'),
    customerCount: integer().notNull().default(1),
    /**
     * A table's bill is its check 1 (the one guests' phone orders join); staff may split further
     * checks off it (2, 3, …), each paid and closed by itself. When check 1 closes while another
     * is open, the lowest other becomes check 1. Always 1 for a tab.
     */
    checkNumber: integer().notNull().default(1),
    waiterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last thing a guest did at the table (a scan, an order, a request): idle time counts from here. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    /** Why the session ended: paid, idle (no orders, nobody active), or closed by staff. */
    closeReason: text({ enum: SESSION_CLOSE_REASONS }),
    /**
     * The business day the bill was settled in (paid, or closed by staff), fixed when it ends:
     * its orders count in that day's Z report. Set by a trigger when a writer leaves it out.
     */
    settledOn: date({ mode: 'string' }),
  },
  (t) => [
    index('dining_sessions_settled_idx').on(t.restaurantId, t.settledOn),
    uniqueIndex('dining_sessions_one_open_check_per_table')
      .on(t.tableId, t.checkNumber)
      .where(sql`${t.status} = 'open'`),
    index('dining_sessions_restaurant_idx').on(t.restaurantId, t.openedAt),
    index('dining_sessions_open_idle_idx')
      .on(t.lastActivityAt)
      .where(sql`${t.status} = 'open'`),
    index('dining_sessions_open_tabs_idx')
      .on(t.restaurantId, t.openedAt)
      .where(sql`${t.status} = 'open' AND ${t.tableId} IS NULL`),
    check(
      'dining_sessions_tab_has_no_table',
      sql`(${t.orderType} = 'dine_in') = (${t.tableId} IS NOT NULL) AND (${t.tableId} IS NULL) = (${t.tabName} IS NOT NULL)`,
    ),
  ],
);
