/** A restaurant's tables and the tokens in their QR codes. */
import { TABLE_STATUSES } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

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
