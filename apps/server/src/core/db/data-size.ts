import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import * as schema from './schema.js';

export interface TableSize {
  table: string;
  rows: number;
  bytes: number;
}

/** Rows measured per table to estimate the size of the rest. */
const SAMPLE_ROWS = 1000;

/**
 * Tables holding restaurants' rows: every table with a `restaurant_id` column but the platform's
 * own notes about restaurants, plus the restaurant's own row and its staff's sign-in sessions.
 */
function tenantTables(): { name: string; where: (restaurantId: string) => SQL; from: SQL }[] {
  const found = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableName(value);
    if (name === 'platform_events') continue;
    // Columns are named in camelCase here; the database's snake_case comes from the client's casing.
    const column = (getTableColumns(value) as Record<string, PgColumn | undefined>).restaurantId;
    if (column) {
      found.push({
        name,
        from: sql`${value}`,
        where: (id: string) => sql`${column} = ${id}`,
      });
    }
  }
  found.push(
    {
      name: 'restaurants',
      from: sql`${schema.restaurants}`,
      where: (id: string) => sql`${schema.restaurants.id} = ${id}`,
    },
    {
      name: 'auth_sessions',
      from: sql`${schema.authSessions}`,
      where: (id: string) =>
        sql`${schema.authSessions.userId} in (select ${schema.users.id} from ${schema.users} where ${schema.users.restaurantId} = ${id})`,
    },
  );
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A restaurant's data in the database: its rows in each table, counted, and their bytes,
 * estimated as the row count times the average size (`pg_column_size`) of up to a thousand of
 * its rows, so a restaurant with millions of events costs an index count, not a read of every
 * row. Indexes are not counted. Works on PostgreSQL and PGlite alike.
 */
export async function restaurantDataSize(db: DbOrTx, restaurantId: string): Promise<TableSize[]> {
  const parts = tenantTables().map(
    ({ name, from, where }) => sql`select ${name}::text as "table",
      (select count(*) from ${from} where ${where(restaurantId)})::bigint as "rows",
      (select coalesce(avg(pg_column_size(s.*)), 0) from (select * from ${from} where ${where(restaurantId)} limit ${sql.raw(String(SAMPLE_ROWS))}) s)::float8 as "avg"`,
  );
  const result = await db.execute<{ table: string; rows: string | number; avg: string | number }>(
    sql.join(parts, sql` union all `),
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    table: string;
    rows: string | number;
    avg: string | number;
  }[];
  return rows.map((r) => {
    const n = Number(r.rows);
    return { table: r.table, rows: n, bytes: Math.round(n * Number(r.avg)) };
  });
}
