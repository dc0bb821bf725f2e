/** Column builders every domain's tables share (timestamps, money, binary). */
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary data (a backup's ZIP): a Buffer in, a Buffer out, on PostgreSQL and PGlite alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Money in minor units (cents). bigint, so no bill or period overflows 32 bits; read as a JS
 * number, exact up to 2^53 cents.
 */
export const money = () => bigint({ mode: 'number' });
