import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';

/** The rows of a raw query, on PostgreSQL and PGlite alike (both drivers answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  const result = await db.execute<T>(query);
  return (result as { rows: T[] }).rows;
}
