import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { analyticsCsv, ordersCsv, usersCsv } from './csv.js';
import {
  BACKUP_TABLES,
  EXCLUDED_COLUMNS,
  NOT_BACKED_UP,
  scopeColumn,
  tableName,
} from './tables.js';
import { queryRows } from './query.js';
import { zipOffThread } from '../../core/lib/zip.js';

/** Rows written to JSON between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/** The ZIP's layout version; a restore refuses one it does not know. */
export const BACKUP_FORMAT = 1;

/** The most a backup may hold before compression (it is built in memory), unless configured. */
export const BACKUP_MAX_BYTES = 256 * 1024 * 1024;

/** A row as the database writes it with `to_jsonb`: column names, exact timestamps. */
export type Row = Record<string, unknown>;
export type TableRows = Record<string, Row[]>;

/** A backup over the size it may have; `size` is that limit in words ("2 KB", "50 MB"). */
export class BackupTooLargeError extends Error {
  constructor(readonly size: string) {
    super(`The backup would hold more than ${size} of data`);
    this.name = 'BackupTooLargeError';
  }
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A table's primary key columns (rows are written in that order: serial ids keep theirs). */
function primaryKey(table: PgTable): string[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary).map((c) => snake(c.name));
  return single.length ? single : (config.primaryKeys[0]?.columns ?? []).map((c) => snake(c.name));
}

/** Every row the restaurant owns in one table, as JSON, without the excluded columns. */
async function tableRows(db: DbOrTx, table: PgTable, restaurantId: string): Promise<Row[]> {
  const excluded = Object.keys(EXCLUDED_COLUMNS[tableName(table)] ?? {});
  const row = excluded.length
    ? sql`to_jsonb(t) - ${sql.raw(`array[${excluded.map((c) => `'${c}'`).join(', ')}]`)}`
    : sql`to_jsonb(t)`;
  const order = sql.raw(
    primaryKey(table)
      .map((c) => `t."${c}"`)
      .join(', '),
  );
  const result = {
    rows: await queryRows<{ row: Row }>(
      db,
      sql`select ${row} as row from ${table} as t where t.${sql.raw(scopeColumn(table))} = ${restaurantId} order by ${order}`,
    ),
  };
  return result.rows.map((r) => r.row);
}

/** Every backed-up table's rows for one restaurant (inside the caller's snapshot, if any). */
export async function collectRows(db: DbOrTx, restaurantId: string): Promise<TableRows> {
  const out: TableRows = {};
  for (const table of BACKUP_TABLES)
    out[tableName(table)] = await tableRows(db, table, restaurantId);
  return out;
}

export interface Manifest {
  format: number;
  product: 'Tavola';
  restaurant: { id: string; name: string; timezone: string };
  createdAt: string;
  tables: { name: string; file: string; rows: number }[];
  spreadsheets: { file: string; contents: string }[];
  excludedTables: { name: string; reason: string }[];
  excludedColumns: { table: string; column: string; reason: string }[];
}

export interface BuiltBackup {
  zip: Uint8Array;
  manifest: Manifest;
}

/**
 * A complete export of the restaurant as a ZIP: `tables/<table>.json` with every row it owns
 * (read in one repeatable-read snapshot, so the files agree with each other), orders.csv,
 * users.csv and analytics.csv, and manifest.json saying what each holds and what is left out.
 */
export async function buildBackup(
  db: Db,
  restaurantId: string,
  maxBytes = BACKUP_MAX_BYTES,
): Promise<BuiltBackup> {
  const { rows, csv } = await db.transaction(
    async (tx) => {
      const rows = await collectRows(tx, restaurantId);
      const restaurant = rows.restaurants?.[0];
      if (!restaurant) throw new Error('The restaurant no longer exists');
      const tz = String(restaurant.timezone);
      return {
        rows,
        csv: {
          'orders.csv': await ordersCsv(tx, restaurantId, tz),
          'users.csv': await usersCsv(tx, restaurantId, tz),
          'analytics.csv': await analyticsCsv(tx, restaurantId, tz),
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const restaurant = rows.restaurants![0]!;
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    product: 'Tavola',
    restaurant: {
      id: String(restaurant.id),
      name: String(restaurant.name),
      timezone: String(restaurant.timezone),
    },
    createdAt: new Date().toISOString(),
    tables: Object.entries(rows).map(([name, list]) => ({
      name,
      file: `tables/${name}.json`,
      rows: list.length,
    })),
    spreadsheets: [
      {
        file: 'orders.csv',
        contents: 'Every order with its table, items, totals, waiter and times',
      },
      {
        file: 'users.csv',
        contents: 'Every staff account: username, name, role, status, sign-ins',
      },
      {
        file: 'analytics.csv',
        contents: 'Sales per day: orders, voids, items sold, payments, tips',
      },
    ],
    excludedTables: [...NOT_BACKED_UP].map(([table, reason]) => ({
      name: tableName(table),
      reason,
    })),
    excludedColumns: Object.entries(EXCLUDED_COLUMNS).flatMap(([table, columns]) =>
      Object.entries(columns).map(([column, reason]) => ({ table, column, reason })),
    ),
  };

  const files = new Map<string, Uint8Array>();
  let total = 0;
  const add = (name: string, text: string) => {
    total += text.length;
    if (total > maxBytes) {
      const cap =
        maxBytes >= 1024 * 1024
          ? `${Math.round(maxBytes / 1024 / 1024)} MB`
          : `${Math.ceil(maxBytes / 1024)} KB`;
      throw new BackupTooLargeError(cap);
    }
    files.set(name, strToU8(text));
  };
  add('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [name, list] of Object.entries(rows)) {
    // One row per line: large tables stay readable and diff well. Written a slice at a time, so
    // a large restaurant's backup does not hold the thread that answers requests.
    const slices: string[] = [];
    for (let i = 0; i < list.length; i += ROWS_PER_TURN) {
      slices.push(
        list
          .slice(i, i + ROWS_PER_TURN)
          .map((r) => JSON.stringify(r))
          .join(',\n'),
      );
      await nextTurn();
    }
    add(`tables/${name}.json`, `[\n${slices.join(',\n')}\n]\n`);
  }
  for (const [name, text] of Object.entries(csv)) add(name, text);
  const archive = await zipOffThread(files);
  return { zip: archive, manifest };
}

export interface ReadBackup {
  manifest: Manifest;
  tables: TableRows;
  files: Record<string, string>;
}

export class BadBackupError extends Error {}

/** Reads a backup ZIP back: its manifest, every table's rows and the other files as text. */
export function readBackup(archive: Uint8Array): ReadBackup {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(archive);
  } catch {
    throw new BadBackupError('This is not a ZIP file');
  }
  const text = (name: string) => {
    const entry = entries[name];
    if (!entry) throw new BadBackupError(`The backup has no ${name}`);
    return strFromU8(entry);
  };
  const manifest = JSON.parse(text('manifest.json')) as Manifest;
  if (manifest.product !== 'Tavola' || manifest.format !== BACKUP_FORMAT) {
    throw new BadBackupError(`Unknown backup format ${String(manifest.format)}`);
  }
  const tables: TableRows = {};
  for (const t of manifest.tables) tables[t.name] = JSON.parse(text(t.file)) as Row[];
  const files: Record<string, string> = {};
  for (const name of Object.keys(entries)) files[name] = strFromU8(entries[name]!);
  return { manifest, tables, files };
}
