import {
  BILL_PAYMENT_STATUSES,
  CURRENCIES,
  DINING_SESSION_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PLAN_IDS,
  PRIORITIES,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  RESTAURANT_STATUSES,
  ROLES,
  STATIONS,
  TABLE_STATUSES,
  TICKET_STATUSES,
  USER_STATUSES,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Money in minor units (cents). bigint, so no bill or period overflows 32 bits; read as a JS
 * number, exact up to 2^53 cents.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
/** The owning restaurant of a tenant row; its rows go with it. */
const tenantId = () =>
  uuid('restaurant_id')
    .notNull()
    .references((): AnyPgColumn => restaurants.id, { onDelete: 'cascade' });

export interface Branding {
  brandName?: string;
  primaryColor?: string;
  logoUrl?: string;
}

/** A tenant. Money settings: prices are stored in `currency`; `exchange_rate` is 1 EUR in USD. */
export const restaurants = pgTable(
  'restaurants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    status: text('status', { enum: RESTAURANT_STATUSES }).notNull().default('trial'),
    plan: text('plan', { enum: PLAN_IDS }).notNull().default('starter'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('eur'),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6, mode: 'number' })
      .notNull()
      .default(1.08),
    /** Tax and service charge in basis points (850 = 8.5%). */
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    serviceChargeBps: integer('service_charge_bps').notNull().default(0),
    timezone: text('timezone').notNull().default('Europe/Rome'),
    branding: jsonb('branding').$type<Branding>().notNull().default({}),
    publicUrl: text('public_url'),
    isDemo: boolean('is_demo').notNull().default(false),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('restaurants_exchange_rate_positive', sql`${t.exchangeRate} > 0`)],
);

/** Per-restaurant monotonically increasing counters (order numbers, event numbers). */
export const counters = pgTable(
  'counters',
  {
    restaurantId: tenantId(),
    name: text('name', { enum: ['order_number', 'event_seq'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.name] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for the platform team. */
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('waiter'),
    /** Permissions granted beyond the role's own (the role's come from the contract). */
    extraPermissions: text('extra_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    email: text('email'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    shift: text('shift'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_restaurant_idx').on(t.restaurantId),
    check('users_team_has_no_restaurant', sql`(${t.role} = 'team') = (${t.restaurantId} IS NULL)`),
  ],
);

/** Staff sign-in sessions: only a hash of the bearer token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const tables = pgTable(
  'tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    number: integer('number').notNull(),
    capacity: integer('capacity').notNull().default(4),
    status: text('status', {
      enum: TABLE_STATUSES,
    })
      .notNull()
      .default('available'),
    /** The token in the table's QR code; unique across the platform, rotated to revoke a code. */
    qrToken: text('qr_token').notNull().unique(),
    assignedWaiterId: uuid('assigned_waiter_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A removed table stays for its order history; its number can be used again. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tables_restaurant_number_unique')
      .on(t.restaurantId, t.number)
      .where(sql`${t.archivedAt} IS NULL`),
    check('tables_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/** A table's sitting, from the first guest's scan until it is paid; one bill for everyone at it. */
export const diningSessions = pgTable(
  'dining_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DINING_SESSION_STATUSES }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: BILL_PAYMENT_STATUSES })
      .notNull()
      .default('none'),
    customerCount: integer('customer_count').notNull().default(1),
    waiterId: uuid('waiter_id').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dining_sessions_one_open_per_table')
      .on(t.tableId)
      .where(sql`${t.status} = 'open'`),
    index('dining_sessions_restaurant_idx').on(t.restaurantId, t.openedAt),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    /** Category key, e.g. food, drinks, specials, or a manager's own category. */
    category: text('category').notNull(),
    /** Which station prepares it; null follows the category (drinks to bar, else kitchen). */
    station: text('station', { enum: STATIONS }),
    priceCents: money('price_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    available: boolean('available').notNull().default(true),
    special: boolean('special').notNull().default(false),
    preparationTime: integer('preparation_time'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Soft delete: past orders keep pointing at the item; menus stop showing it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId, t.category, t.sortOrder),
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid('dining_session_id')
      .notNull()
      .references(() => diningSessions.id),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id),
    orderNumber: integer('order_number').notNull(),
    status: text('status', {
      enum: ORDER_STATUSES,
    })
      .notNull()
      .default('new'),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('normal'),
    /** Total in the restaurant's base currency, from database prices. */
    totalCents: money('total_cents').notNull(),
    baseCurrency: text('base_currency', { enum: CURRENCIES }).notNull(),
    /** The currency the guest ordered in, the rate then, and the total they saw. */
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6, mode: 'number' }).notNull(),
    displayTotalCents: money('display_total_cents').notNull(),
    notes: text('notes'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that placed it: a key reused with another body is refused. */
    requestHash: text('request_hash'),
    waiterId: uuid('waiter_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    servedAt: timestamp('served_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When a waiter acknowledged the new order (clears the table's new_order notification). */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** A manager's void of the whole order (status 'cancelled'): who, when and why. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('orders_restaurant_number_unique').on(t.restaurantId, t.orderNumber),
    // Keys are a table's: the same key at another table is another guest's order.
    uniqueIndex('orders_table_idempotency_unique')
      .on(t.tableId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('orders_session_idx').on(t.diningSessionId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => menuItems.id),
    /** Snapshots, so history never changes when the menu does. */
    name: text('name').notNull(),
    category: text('category').notNull(),
    station: text('station', { enum: STATIONS }).notNull(),
    unitPriceCents: money('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** How many of `quantity` a manager voided; the line total counts the rest. */
    voidedQuantity: integer('voided_quantity').notNull().default(0),
    lineTotalCents: money('line_total_cents').notNull(),
    notes: text('notes'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('order_items_voided_range', sql`${t.voidedQuantity} BETWEEN 0 AND ${t.quantity}`),
  ],
);

/** An order's items for one station, moved through the kitchen or bar display. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    station: text('station', { enum: STATIONS }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('new'),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('normal'),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    servedAt: timestamp('served_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_order_station_unique').on(t.orderId, t.station),
    index('tickets_station_status_idx').on(t.restaurantId, t.station, t.status),
  ],
);

/** A guest's call for a waiter or for the bill. */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid('dining_session_id')
      .notNull()
      .references(() => diningSessions.id),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id),
    kind: text('kind', { enum: REQUEST_KINDS }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('open'),
    message: text('message'),
    amountCents: money('amount_cents'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('requests_one_open_per_kind')
      .on(t.diningSessionId, t.kind)
      .where(sql`${t.status} = 'open'`),
    index('requests_restaurant_idx').on(t.restaurantId, t.status),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid('dining_session_id')
      .notNull()
      .references(() => diningSessions.id),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: money('amount_cents').notNull(),
    tipCents: money('tip_cents').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_restaurant_idx').on(t.restaurantId, t.createdAt),
    check('payments_amount_nonnegative', sql`${t.amountCents} >= 0 AND ${t.tipCents} >= 0`),
  ],
);

/** Every domain change, numbered per restaurant; the real-time channel replays from here. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: tenantId(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Set for events about one table, so a guest's page can follow just its own table. */
    tableId: uuid('table_id'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('events_restaurant_seq_unique').on(t.restaurantId, t.seq),
    index('events_created_idx').on(t.createdAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
