import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The sum of a money column in cents, 0 when there are no rows. PostgreSQL sums bigint into
 * numeric, which the driver hands over as a string: it is read back as a number (exact to 2^53
 * cents). Never cast to int: a busy month passes 2^31 cents.
 */
export function sumCents(column: SQLWrapper, filter?: SQL): SQL<number> {
  const sum = filter ? sql`sum(${column}) filter (where ${filter})` : sql`sum(${column})`;
  return sql<number>`coalesce(${sum}, 0)`.mapWith(Number);
}
