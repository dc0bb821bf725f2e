/** The tenant and its per-restaurant counters; `tenantId` ties a row to its restaurant. */
import {
  CURRENCIES,
  DAY_CLOSES_AT_MAX_MINUTES,
  PLAN_IDS,
  RESTAURANT_STATUSES,
  SESSION_IDLE_MINUTES_DEFAULT,
  SESSION_IDLE_MINUTES_MAX,
  SESSION_IDLE_MINUTES_MIN,
  SUPPORTED_LOCALES,
  SYSTEM_SETTING_LIMITS as LIMITS,
  type SystemSettingLimit,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** The owning restaurant of a tenant row; its rows go with it. */
export const tenantId = () =>
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
    /** The language of the restaurant's guest pages, receipts and emails (one with a catalog). */
    locale: text({ enum: SUPPORTED_LOCALES }).notNull().default('en'),
    /**
     * When the restaurant's business day ends, in minutes after local midnight (120 = 02:00): an
     * order at 01:30 belongs to the day before. Midnight by default, the calendar day.
     */
    dayClosesAtMinutes: integer().notNull().default(0),
    /** A dining session with no orders ends by itself after this many minutes without activity. */
    sessionIdleMinutes: integer().notNull().default(SESSION_IDLE_MINUTES_DEFAULT),
    /** The system settings: bounds in the contract's SYSTEM_SETTING_LIMITS. */
    pricesIncludeTax: boolean().notNull().default(true),
    autoBackup: boolean().notNull().default(true),
    backupIntervalHours: integer().notNull().default(LIMITS.backupIntervalHours.default),
    backupKeep: integer().notNull().default(LIMITS.backupKeep.default),
    notificationsEnabled: boolean().notNull().default(true),
    maintenanceMode: boolean().notNull().default(false),
    allowGuestOrders: boolean().notNull().default(true),
    orderTimeoutMinutes: integer().notNull().default(LIMITS.orderTimeoutMinutes.default),
    /** Minutes after a course is served that the next held one fires by itself; null: by hand. */
    courseFireMinutes: integer(),
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
