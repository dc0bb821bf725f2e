/**
 * The platform's own data: its events, settings, plan changes and the analytics' daily totals.
 */
import {
  PLAN_IDS,
  PLATFORM_DAILY_EMAILS,
  PLATFORM_TRIAL_DAILY_EMAILS,
  PLATFORM_TRIAL_DAYS,
  PLATFORM_TRIAL_LIMITS,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';
import { restaurants, tenantId } from './restaurants.js';
import { users } from './users.js';

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

/**
 * The platform's settings: a single row (id 1), written by the team's Settings
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
 * Each restaurant's orders (voided ones excluded), money taken and money given back (tips
 * excluded) per UTC day, kept by triggers on `orders`, `payments` and `payment_refunds` in the
 * same transaction as the change (migrations 0006 and 0024), so the platform's analytics read 30
 * rows a restaurant instead of every order. Derived data: nothing writes it but those triggers.
 *
 * Only captured money counts: a payment still pending or authorized, or one that failed, moved
 * nothing. It counts on the day it was captured (`captured_at`), not the day it was asked for.
 * A refund is a negative movement of its own, on the day it was given back (`refunds_cents`): it
 * does not lower the payments taken. The invoice's fee is 1.9% of the payments taken, as the Z
 * report's transaction fee line shows the restaurant (its base is the day's payments, refunds
 * apart), and a refund never changes a past day or a past invoice.
 */
export const dailyTotals = pgTable(
  'daily_totals',
  {
    restaurantId: tenantId(),
    /** The UTC calendar day. */
    day: date({ mode: 'string' }).notNull(),
    orders: integer().notNull().default(0),
    paymentsCents: money().notNull().default(0),
    /** Given back this day, as a negative amount (zero or less). */
    refundsCents: money().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.day] }),
    index('daily_totals_day_idx').on(t.day),
  ],
);
