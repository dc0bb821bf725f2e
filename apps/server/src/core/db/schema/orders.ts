/** Orders and their lines. */
import { CURRENCIES, type LineOption, ORDER_STATUSES, PRIORITIES } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.js';
import { diningSessions } from './dining-sessions.js';
import { menuItems } from './menu.js';
import { tenantId } from './restaurants.js';
import { tables } from './tables.js';
import { users } from './users.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id),
    /** The session's table; null for a tab's order. */
    tableId: uuid().references(() => tables.id),
    orderNumber: integer().notNull(),
    status: text({
      enum: ORDER_STATUSES,
    })
      .notNull()
      .default('new'),
    priority: text({ enum: PRIORITIES }).notNull().default('normal'),
    /** When the order was escalated for staying new past the restaurant's order timeout. */
    escalatedAt: timestamp({ withTimezone: true }),
    /**
     * Total in the restaurant's base currency, from database prices: the menu prices' sum of what
     * is still billed, less the discounts on it (`discountCents`).
     */
    totalCents: money().notNull(),
    /**
     * The restaurant's tax and service charge when the order was placed, kept with it so a later
     * change of settings never reprices it, and its parts by the contract's rule (`orderParts`,
     * rounded per line): what the bill adds to the menu prices (the service charge, and the tax
     * when prices exclude it), and of the order's share of the bill, the tax and the service
     * charge. Its share of the bill is totalCents + surchargeCents; net is that less tax and
     * service. Defaults are an order with neither.
     */
    taxRateBps: integer().notNull().default(0),
    serviceChargeBps: integer().notNull().default(0),
    pricesIncludeTax: boolean().notNull().default(true),
    surchargeCents: money().notNull().default(0),
    taxCents: money().notNull().default(0),
    serviceCents: money().notNull().default(0),
    baseCurrency: text({ enum: CURRENCIES }).notNull(),
    /** The currency the guest ordered in, the rate then, and the total they saw. */
    currency: text({ enum: CURRENCIES }).notNull(),
    exchangeRate: numeric({ precision: 12, scale: 6, mode: 'number' }).notNull(),
    displayTotalCents: money().notNull(),
    /**
     * What discounts and comps take off its lines, at menu prices (the sum of its lines'):
     * `totalCents` is already less this, so the order's share of the bill stays totalCents +
     * surchargeCents, and its menu prices are totalCents + discountCents.
     */
    discountCents: money().notNull().default(0),
    notes: text(),
    /** The guest's allergies, shown emphasised on every ticket of the order. */
    allergyNote: text(),
    idempotencyKey: text(),
    /** SHA-256 of the request that placed it: a key reused with another body is refused. */
    requestHash: text(),
    waiterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readyAt: timestamp({ withTimezone: true }),
    /** When the expo bumped the ready order to its waiter (it leaves the expo's display). */
    expoBumpedAt: timestamp({ withTimezone: true }),
    servedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /** When a waiter acknowledged the new order (clears the table's new_order notification). */
    acknowledgedAt: timestamp({ withTimezone: true }),
    /** A manager's void of the whole order (status 'cancelled'): who, when and why. */
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    voidReason: text(),
    /**
     * The business day the order was placed in, fixed when it is placed (never moved by a later
     * change of time zone or closing time). NOT NULL in the database, where a trigger sets it for
     * a writer that leaves it out.
     */
    businessDate: date({ mode: 'string' }),
  },
  (t) => [
    uniqueIndex('orders_restaurant_number_unique').on(t.restaurantId, t.orderNumber),
    index('orders_restaurant_business_date_idx').on(t.restaurantId, t.businessDate),
    // Keys are a table's: the same key at another table is another guest's order.
    uniqueIndex('orders_table_idempotency_unique')
      .on(t.tableId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // A tab's orders have no table: their keys are the tab's.
    uniqueIndex('orders_tab_idempotency_unique')
      .on(t.diningSessionId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL AND ${t.tableId} IS NULL`),
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('orders_session_idx').on(t.diningSessionId),
    check(
      'orders_charges_nonnegative',
      sql`${t.surchargeCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.serviceCents} >= 0 AND ${t.discountCents} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for an open-priced line (a name and price typed by staff). */
    menuItemId: uuid().references(() => menuItems.id),
    /** Snapshots, so history never changes when the menu does. */
    name: text().notNull(),
    category: text().notNull(),
    station: text().notNull(),
    unitPriceCents: money().notNull(),
    quantity: integer().notNull(),
    /** How many of `quantity` a manager voided; the line total counts the rest. */
    voidedQuantity: integer().notNull().default(0),
    /** What discounts and comps take off what is still billed of it, at menu prices. */
    discountCents: money().notNull().default(0),
    /** unit × what is still billed, less `discountCents`. */
    lineTotalCents: money().notNull(),
    notes: text(),
    /** The client's key for the line, unique in its order (a line written without one gets a random key). */
    lineKey: text()
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** The options chosen, as the menu priced them (none yet); `unitPriceCents` includes them. */
    options: jsonb().$type<LineOption[]>().notNull().default([]),
    /** The allergens the item declared when it was ordered (none are declared yet). */
    allergens: jsonb().$type<string[]>().notNull().default([]),
    /** The guest's seat and the course, when staff gave them. */
    seat: integer(),
    course: integer(),
    /**
     * Its course is held (a later course of the order, not fired yet): the displays show it
     * greyed. `firedAt` is when a held line was fired; `servedAt` when its station served it.
     */
    held: boolean().notNull().default(false),
    firedAt: timestamp({ withTimezone: true }),
    servedAt: timestamp({ withTimezone: true }),
    /**
     * Who rang the line up: a member of staff (their id, and their name then, kept if the
     * account goes); both null when the guest ordered from their phone.
     */
    enteredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    enteredByName: text(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    uniqueIndex('order_items_order_line_key_unique').on(t.orderId, t.lineKey),
    check('order_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('order_items_voided_range', sql`${t.voidedQuantity} BETWEEN 0 AND ${t.quantity}`),
    check(
      'order_items_seat_course_range',
      sql`(${t.seat} IS NULL OR ${t.seat} BETWEEN 1 AND 99) AND (${t.course} IS NULL OR ${t.course} BETWEEN 1 AND 9)`,
    ),
    check(
      'order_items_discount_range',
      sql`${t.discountCents} BETWEEN 0 AND ${t.unitPriceCents} * (${t.quantity} - ${t.voidedQuantity})`,
    ),
  ],
);
