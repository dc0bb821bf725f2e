import {
  ACCOUNT_TOKEN_PURPOSES,
  BACKUP_KINDS,
  BACKUP_STATUSES,
  BILL_PAYMENT_STATUSES,
  BUSINESS_DAY_STATUSES,
  CURRENCIES,
  DAY_CLOSES_AT_MAX_MINUTES,
  DINING_SESSION_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PLAN_IDS,
  PLATFORM_DAILY_EMAILS,
  PLATFORM_TRIAL_DAILY_EMAILS,
  PLATFORM_TRIAL_DAYS,
  PLATFORM_TRIAL_LIMITS,
  PRIORITIES,
  REPORT_EMAIL_STATUSES,
  REPORT_EMAIL_TRIGGERS,
  REPORT_FORMATS,
  REPORT_KINDS,
  RECIPIENT_LINK_PURPOSES,
  REPORT_RECIPIENT_STATUSES,
  type Receipt,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  RESTAURANT_STATUSES,
  ROLES,
  SCHEDULE_FREQUENCIES,
  SESSION_CLOSE_REASONS,
  SESSION_IDLE_MINUTES_DEFAULT,
  SESSION_IDLE_MINUTES_MAX,
  SESSION_IDLE_MINUTES_MIN,
  STATIONS,
  SUPPORT_TICKET_STATUSES,
  SYSTEM_SETTING_LIMITS as LIMITS,
  type SystemSettingLimit,
  TABLE_STATUSES,
  TICKET_STATUSES,
  USER_STATUSES,
  type ZReportFigures,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
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

/** Binary data (a backup's ZIP): a Buffer in, a Buffer out, on PostgreSQL and PGlite alike. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/**
 * Money in minor units (cents). bigint, so no bill or period overflows 32 bits; read as a JS
 * number, exact up to 2^53 cents.
 */
const money = () => bigint({ mode: 'number' });
/** The owning restaurant of a tenant row; its rows go with it. */
const tenantId = () =>
  uuid()
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
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    status: text({ enum: RESTAURANT_STATUSES }).notNull().default('trial'),
    plan: text({ enum: PLAN_IDS }).notNull().default('starter'),
    currency: text({ enum: CURRENCIES }).notNull().default('eur'),
    exchangeRate: numeric({ precision: 12, scale: 6, mode: 'number' }).notNull().default(1.08),
    /** Tax and service charge in basis points (850 = 8.5%). */
    taxRateBps: integer().notNull().default(0),
    serviceChargeBps: integer().notNull().default(0),
    timezone: text().notNull().default('Europe/Rome'),
    /**
     * When the restaurant's business day ends, in minutes after local midnight (120 = 02:00): an
     * order at 01:30 belongs to the day before. Midnight by default, the calendar day.
     */
    dayClosesAtMinutes: integer().notNull().default(0),
    /** A dining session with no orders ends by itself after this many minutes without activity. */
    sessionIdleMinutes: integer().notNull().default(SESSION_IDLE_MINUTES_DEFAULT),
    /** Spec §3's system settings (issue 15): bounds in the contract's SYSTEM_SETTING_LIMITS. */
    pricesIncludeTax: boolean().notNull().default(true),
    autoBackup: boolean().notNull().default(true),
    backupIntervalHours: integer().notNull().default(LIMITS.backupIntervalHours.default),
    backupKeep: integer().notNull().default(LIMITS.backupKeep.default),
    notificationsEnabled: boolean().notNull().default(true),
    maintenanceMode: boolean().notNull().default(false),
    allowGuestOrders: boolean().notNull().default(true),
    orderTimeoutMinutes: integer().notNull().default(LIMITS.orderTimeoutMinutes.default),
    maxTableCapacity: integer().notNull().default(LIMITS.maxTableCapacity.default),
    sessionTimeoutHours: integer().notNull().default(LIMITS.sessionTimeoutHours.default),
    passwordMinLength: integer().notNull().default(LIMITS.passwordMinLength.default),
    branding: jsonb().$type<Branding>().notNull().default({}),
    publicUrl: text(),
    isDemo: boolean().notNull().default(false),
    trialEndsAt: timestamp({ withTimezone: true }),
    /** When the owner put the finished setup checklist away (the admin's overview). */
    setupDismissedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('restaurants_exchange_rate_positive', sql`${t.exchangeRate} > 0`),
    check(
      'restaurants_day_closes_at_range',
      sql`${t.dayClosesAtMinutes} between 0 and ${sql.raw(String(DAY_CLOSES_AT_MAX_MINUTES))}`,
    ),
    check(
      'restaurants_session_idle_minutes_range',
      sql`${t.sessionIdleMinutes} between ${sql.raw(String(SESSION_IDLE_MINUTES_MIN))} and ${sql.raw(String(SESSION_IDLE_MINUTES_MAX))}`,
    ),
    ...(Object.keys(LIMITS) as SystemSettingLimit[]).map((key) =>
      check(
        `restaurants_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_range`,
        sql`${t[key]} between ${sql.raw(String(LIMITS[key].min))} and ${sql.raw(String(LIMITS[key].max))}`,
      ),
    ),
  ],
);

/**
 * Per-restaurant monotonically increasing counters (order numbers, event numbers, receipt
 * numbers). A number is taken by an upsert that locks the row until the transaction ends, so a
 * rolled-back change gives its number back: receipt numbers have no gaps.
 */
export const COUNTER_NAMES = ['order_number', 'event_seq', 'receipt_number'] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];

export const counters = pgTable(
  'counters',
  {
    restaurantId: tenantId(),
    name: text({ enum: COUNTER_NAMES }).notNull(),
    value: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.name] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null only for the platform team. */
    restaurantId: uuid().references(() => restaurants.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull().default('waiter'),
    /** Permissions granted beyond the role's own (the role's come from the contract). */
    extraPermissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text().notNull(),
    email: text(),
    /** When the account's owner proved `email` is theirs (a link mailed to it); null: not yet. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    status: text({ enum: USER_STATUSES }).notNull().default('active'),
    shift: text(),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Two-factor sign-in (issue 15): the TOTP secret, set when enrolment is confirmed. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** Hashes of the unused recovery codes. */
    totpRecoveryCodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique('auth_sessions_token_hash_unique'),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    /** The last request made with this session (updated at most once a minute). */
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Single-use links mailed to an account (an email address to verify, a password to reset): only
 * a hash of the token is kept, with its expiry and when it was used.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The address the link was mailed to (what a verification proves). */
    email: text().notNull(),
    tokenHash: text().notNull().unique('account_tokens_token_hash_unique'),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

export const tables = pgTable(
  'tables',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    number: integer().notNull(),
    capacity: integer().notNull().default(4),
    status: text({
      enum: TABLE_STATUSES,
    })
      .notNull()
      .default('available'),
    /** The token in the table's QR code; unique across the platform, rotated to revoke a code. */
    qrToken: text().notNull().unique('tables_qr_token_unique'),
    assignedWaiterId: uuid().references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A removed table stays for its order history; its number can be used again. */
    archivedAt: timestamp({ withTimezone: true }),
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
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    tableId: uuid()
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    status: text({ enum: DINING_SESSION_STATUSES }).notNull().default('open'),
    paymentStatus: text({ enum: BILL_PAYMENT_STATUSES }).notNull().default('none'),
    customerCount: integer().notNull().default(1),
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
    uniqueIndex('dining_sessions_one_open_per_table')
      .on(t.tableId)
      .where(sql`${t.status} = 'open'`),
    index('dining_sessions_restaurant_idx').on(t.restaurantId, t.openedAt),
    index('dining_sessions_open_idle_idx')
      .on(t.lastActivityAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A guest's review of their visit: one per dining session, after at least one order. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .unique()
      .references(() => diningSessions.id, { onDelete: 'cascade' }),
    tableId: uuid()
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_restaurant_idx').on(t.restaurantId, t.createdAt),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    description: text(),
    /** Category key, e.g. food, drinks, specials, or a manager's own category. */
    category: text().notNull(),
    /** Which station prepares it; null follows its category's (menu_categories). */
    station: text({ enum: STATIONS }),
    priceCents: money().notNull(),
    currency: text({ enum: CURRENCIES }).notNull(),
    available: boolean().notNull().default(true),
    special: boolean().notNull().default(false),
    preparationTime: integer(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text(),
    sortOrder: integer().notNull().default(0),
    /** Put there by sign-up's sample menu: "remove all sample items" takes these and no others. */
    isSample: boolean().notNull().default(false),
    /** Soft delete: past orders keep pointing at the item; menus stop showing it. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId, t.category, t.sortOrder),
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/**
 * A menu category's own settings, keyed by the category word its items carry (lowercase). A
 * category without a row routes by the contract's default (drinks to the bar, the rest to the
 * kitchen); setting its station writes the row.
 */
export const menuCategories = pgTable(
  'menu_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    station: text({ enum: STATIONS }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menu_categories_restaurant_name_unique').on(t.restaurantId, t.name)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id),
    tableId: uuid()
      .notNull()
      .references(() => tables.id),
    orderNumber: integer().notNull(),
    status: text({
      enum: ORDER_STATUSES,
    })
      .notNull()
      .default('new'),
    priority: text({ enum: PRIORITIES }).notNull().default('normal'),
    /** When the order was escalated for staying new past the restaurant's order timeout. */
    escalatedAt: timestamp({ withTimezone: true }),
    /** Total in the restaurant's base currency, from database prices (the menu prices' sum). */
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
    notes: text(),
    idempotencyKey: text(),
    /** SHA-256 of the request that placed it: a key reused with another body is refused. */
    requestHash: text(),
    waiterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readyAt: timestamp({ withTimezone: true }),
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
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('orders_session_idx').on(t.diningSessionId),
    check(
      'orders_charges_nonnegative',
      sql`${t.surchargeCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.serviceCents} >= 0`,
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
    menuItemId: uuid()
      .notNull()
      .references(() => menuItems.id),
    /** Snapshots, so history never changes when the menu does. */
    name: text().notNull(),
    category: text().notNull(),
    station: text({ enum: STATIONS }).notNull(),
    unitPriceCents: money().notNull(),
    quantity: integer().notNull(),
    /** How many of `quantity` a manager voided; the line total counts the rest. */
    voidedQuantity: integer().notNull().default(0),
    lineTotalCents: money().notNull(),
    notes: text(),
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
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    station: text({ enum: STATIONS }).notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default('new'),
    priority: text({ enum: PRIORITIES }).notNull().default('normal'),
    estimatedMinutes: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp({ withTimezone: true }),
    readyAt: timestamp({ withTimezone: true }),
    servedAt: timestamp({ withTimezone: true }),
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

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    diningSessionId: uuid()
      .notNull()
      .references(() => diningSessions.id),
    tableId: uuid()
      .notNull()
      .references(() => tables.id),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    amountCents: money().notNull(),
    tipCents: money().notNull().default(0),
    currency: text({ enum: CURRENCIES }).notNull(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The business day the payment was taken in (as an order's `businessDate`). */
    businessDate: date({ mode: 'string' }),
  },
  (t) => [
    index('payments_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('payments_restaurant_business_date_idx').on(t.restaurantId, t.businessDate),
    check('payments_amount_nonnegative', sql`${t.amountCents} >= 0 AND ${t.tipCents} >= 0`),
  ],
);

/**
 * A receipt (issue 16, item 2): one per payment, numbered per restaurant from 1 with no gaps (the
 * number is taken from the counters row inside the payment's transaction), and kept as it was
 * issued so a reprint shows the same document whatever changes later (the restaurant's name,
 * a menu item's name, a waiter leaving).
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
      .unique()
      .references(() => diningSessions.id, { onDelete: 'cascade' }),
    content: jsonb().$type<Receipt>().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_restaurant_number_unique').on(t.restaurantId, t.number),
    check('receipts_number_positive', sql`${t.number} > 0`),
  ],
);

/**
 * A restaurant's business day: a date, running from the restaurant's closing time on that local
 * date to the closing time the next (or until a manager closes it, which starts the next day at
 * once). A row exists once the day has been closed; closed, no change is ever dated in it again
 * (changes go to the next day) and it keeps the Z report as it was at the close. Reopening (by a
 * manager, with a reason) lets changes be dated in it again until it is closed again.
 */
export const businessDays = pgTable(
  'business_days',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    date: date({ mode: 'string' }).notNull(),
    status: text({ enum: BUSINESS_DAY_STATUSES }).notNull().default('closed'),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The Z report's figures when the day was (last) closed. */
    report: jsonb().$type<ZReportFigures>(),
    reopenedAt: timestamp({ withTimezone: true }),
    reopenedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reopenReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('business_days_restaurant_date_unique').on(t.restaurantId, t.date),
    check(
      'business_days_closed_has_report',
      sql`${t.status} <> 'closed' OR (${t.closedAt} IS NOT NULL AND ${t.report} IS NOT NULL)`,
    ),
  ],
);

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

/**
 * What happens on the platform (a restaurant created, signed up, suspended, activated), for the
 * team's notifications. Numbered across the platform in commit order (the unit of work takes a
 * lock before writing them), so a team screen that reconnects resumes from the last it saw.
 * Restaurants' own events stay in `events`; these are never shown to a restaurant.
 */
export const platformEvents = pgTable(
  'platform_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: text().notNull(),
    /** The restaurant it is about (its events go with it). */
    restaurantId: uuid().references(() => restaurants.id, { onDelete: 'cascade' }),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The team member who did it; null for a self-serve sign-up or the server itself. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('platform_events_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    restaurantId: uuid().references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/**
 * Every plan change of a restaurant (by the team, or by its admin for an upgrade): what it left,
 * what it took and when, so a month's invoice charges each plan for the part of the month it was
 * in force. A restaurant with no row has been on its plan since it was created.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    restaurantId: tenantId(),
    fromPlan: text({ enum: PLAN_IDS }).notNull(),
    toPlan: text({ enum: PLAN_IDS }).notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The team member or the restaurant's admin who changed it. */
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('plan_changes_restaurant_idx').on(t.restaurantId, t.changedAt)],
);

/**
 * Each restaurant's orders (voided ones excluded) and payments (tips excluded) per UTC day, kept
 * by triggers on `orders` and `payments` in the same transaction as the change (migration 0006),
 * so the platform's analytics read 30 rows a restaurant instead of every order. Derived data:
 * nothing writes it but those triggers.
 */
export const dailyTotals = pgTable(
  'daily_totals',
  {
    restaurantId: tenantId(),
    /** The UTC calendar day. */
    day: date({ mode: 'string' }).notNull(),
    orders: integer().notNull().default(0),
    paymentsCents: money().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.day] }),
    index('daily_totals_day_idx').on(t.day),
  ],
);

/** A failed staff sign-in (issue 15): the admin's Security tab lists the restaurant's recent ones. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** Null when the username matches no account. */
    restaurantId: uuid().references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    ip: text(),
    userAgent: text(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/** A restaurant's backup (issue 15): a ZIP of every row it owns, kept in the database. */
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

/**
 * The platform's settings (issue 14, item 8): a single row (id 1), written by the team's Settings
 * tab. No row means the defaults. The brand applies where a restaurant shows none of its own.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer().primaryKey().default(1),
    brandName: text(),
    primaryColor: text(),
    logoUrl: text(),
    /** How long a new free trial lasts; trials already running keep their end. */
    trialDays: integer().notNull().default(PLATFORM_TRIAL_DAYS.default),
    /** What a restaurant on the free trial may have (the team's to raise or lower). */
    trialTables: integer().notNull().default(PLATFORM_TRIAL_LIMITS.tables.default),
    trialStaff: integer().notNull().default(PLATFORM_TRIAL_LIMITS.staff.default),
    /** Whether the team's bell announces platform events. */
    notificationsEnabled: boolean().notNull().default(true),
    /** Guests cannot order anywhere; every staff screen says so; the team still works. */
    maintenanceMode: boolean().notNull().default(false),
    /** Every team account must sign in with two-factor (one without it sets it up first). */
    requireTeamTwoFactor: boolean().notNull().default(false),
    /** Emails a restaurant may send a day (UTC), and a trial restaurant. */
    dailyEmailLimit: integer().notNull().default(PLATFORM_DAILY_EMAILS.default),
    trialDailyEmailLimit: integer().notNull().default(PLATFORM_TRIAL_DAILY_EMAILS.default),
    /** Names sign-ups may not take (look-alikes included); null keeps the product's defaults. */
    reservedNames: text().array(),
    updatedAt: timestamp({ withTimezone: true }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id} = 1`),
    check(
      'platform_settings_trial_days_range',
      sql`${t.trialDays} between ${sql.raw(String(PLATFORM_TRIAL_DAYS.min))} and ${sql.raw(String(PLATFORM_TRIAL_DAYS.max))}`,
    ),
  ],
);

/** A restaurant's support ticket to the Tavola team (issue 14, item 6). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    /** The admin or manager who opened it. */
    openedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    status: text({ enum: SUPPORT_TICKET_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    /** The latest message or status change. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_restaurant_idx').on(t.restaurantId, t.updatedAt),
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
  ],
);

/** A message on a support ticket: the restaurant's (the first one opens it) or the team's. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    restaurantId: tenantId(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as it was when they wrote (kept if the account goes). */
    authorName: text().notNull(),
    fromTeam: boolean().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * A restaurant's report sent by email on a schedule (issue 16, item 5): one report as CSV or PDF,
 * daily, weekly (on an ISO weekday, 1 Monday) or monthly (on a day, 29-31 meaning the last day
 * of shorter months), at a local time of the restaurant's zone.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    report: text({ enum: REPORT_KINDS }).notNull(),
    format: text({ enum: REPORT_FORMATS }).notNull(),
    frequency: text({ enum: SCHEDULE_FREQUENCIES }).notNull(),
    /** HH:MM, 24-hour, local. */
    time: text().notNull(),
    weekday: integer(),
    dayOfMonth: integer(),
    recipients: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    /**
     * The latest due time already handled: claimed by one instance's tick (a conditional update,
     * so two instances never both send it), or the moment the schedule was created or changed
     * (times before it are not sent).
     */
    lastDueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The latest "Send now": claimed by a conditional update, so it works once per interval. */
    sentNowAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_schedules_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('report_schedules_enabled_idx')
      .on(t.restaurantId)
      .where(sql`${t.enabled}`),
    check('report_schedules_time_format', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'report_schedules_timing',
      sql`(${t.frequency} <> 'weekly' OR ${t.weekday} BETWEEN 1 AND 7) AND (${t.frequency} <> 'monthly' OR ${t.dayOfMonth} BETWEEN 1 AND 31)`,
    ),
    check('report_schedules_recipients', sql`cardinality(${t.recipients}) BETWEEN 1 AND 10`),
  ],
);

/** Each attempt to email a report: sent (with the SMTP server's message id) or failed (why). */
export const reportEmailLog = pgTable(
  'report_email_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    scheduleId: uuid().references(() => reportSchedules.id, { onDelete: 'set null' }),
    /** One email's identity across its attempts: the schedule and its due time, or a "Send now". */
    deliveryKey: text().notNull(),
    trigger: text({ enum: REPORT_EMAIL_TRIGGERS }).notNull(),
    report: text({ enum: REPORT_KINDS }).notNull(),
    format: text({ enum: REPORT_FORMATS }).notNull(),
    /** The local dates the report covered. */
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    recipients: text().array().notNull(),
    status: text({ enum: REPORT_EMAIL_STATUSES }).notNull(),
    error: text(),
    /** 1 for the first try, 2 for the first retry, … */
    attempt: integer().notNull(),
    messageId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_email_log_restaurant_idx').on(t.restaurantId, t.createdAt),
    // An email is sent once: a second "sent" for the same delivery is refused.
    uniqueIndex('report_email_log_sent_once')
      .on(t.deliveryKey)
      .where(sql`${t.status} = 'sent'`),
  ],
);

/**
 * An address a restaurant's report schedules name, and whether its owner confirmed it: pending
 * (one confirmation email sent, at most one per link lifetime), confirmed (reports go to it) or
 * declined (never mailed again for this restaurant).
 */
export const reportRecipients = pgTable(
  'report_recipients',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    /** Lower case. */
    email: text().notNull(),
    status: text({ enum: REPORT_RECIPIENT_STATUSES }).notNull().default('pending'),
    /** When the latest confirmation email was sent (claimed before sending, cleared if it failed). */
    confirmationSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_recipients_restaurant_email').on(t.restaurantId, t.email),
    index('report_recipients_email_idx').on(t.email, t.confirmationSentAt),
  ],
);

/** A link mailed to a recipient (confirm or stop): only its SHA-256 is kept; used once. */
export const reportRecipientLinks = pgTable(
  'report_recipient_links',
  {
    tokenHash: text().primaryKey(),
    recipientId: uuid()
      .notNull()
      .references(() => reportRecipients.id, { onDelete: 'cascade' }),
    restaurantId: tenantId(),
    purpose: text({ enum: RECIPIENT_LINK_PURPOSES }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('report_recipient_links_recipient_idx').on(t.recipientId, t.expiresAt)],
);

/**
 * Emails a restaurant sent each day (UTC), counted as they are sent: the daily limit is checked
 * and taken in one conditional upsert of this row, so it holds across instances; the team's
 * Restaurants tab reads it.
 */
export const emailVolume = pgTable(
  'email_volume',
  {
    restaurantId: tenantId(),
    day: date({ mode: 'string' }).notNull(),
    reports: integer().notNull().default(0),
    confirmations: integer().notNull().default(0),
    /** Emails not sent because the limit was reached. */
    refused: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day] })],
);
