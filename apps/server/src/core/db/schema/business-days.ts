/** Closed (and reopened) business days with their Z report. */
import { BUSINESS_DAY_STATUSES, type ZReportFigures } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

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
