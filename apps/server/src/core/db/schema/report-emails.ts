/** Reports sent by email: schedules, their delivery log, recipients and the daily volume. */
import {
  REPORT_EMAIL_STATUSES,
  REPORT_EMAIL_TRIGGERS,
  REPORT_FORMATS,
  REPORT_KINDS,
  RECIPIENT_LINK_PURPOSES,
  REPORT_RECIPIENT_STATUSES,
  SCHEDULE_FREQUENCIES,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

/**
 * A restaurant's report sent by email on a schedule: one report as CSV or PDF,
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
