import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../core/auth/password.js';
import type { Db, Tx } from '../../core/db/client.js';
import { readBackup, type Row } from './archive.js';
import { BACKUP_TABLES, tableName } from './tables.js';
import { queryRows } from './query.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a restore changes besides ids, per table, because it must be unique across the platform
 * or must not carry over: the restaurant's slug and demo flag, usernames, table codes, serial
 * numbers of log rows, and the (never exported) password hash.
 */
export const RESTORE_CHANGES: Readonly<Record<string, readonly string[]>> = {
  restaurants: ['slug', 'is_demo'],
  users: ['username', 'password_hash'],
  tables: ['qr_token'],
  // A sent email's delivery is unique across the platform (a "Send now" has a random key).
  report_email_log: ['delivery_key'],
  events: ['id'],
  audit_log: ['id'],
  plan_changes: ['id'],
  login_failures: ['id'],
};

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Replaces, anywhere in a value (JSON data included), every mapped id: a string that is one, or
 * one inside a string (a delivery key `<schedule id>@<time>`).
 */
export function remapIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') {
    const whole = ids.get(value);
    if (whole) return whole as T;
    return (value.length > 36 ? value.replace(UUIDS, (id) => ids.get(id) ?? id) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => remapIds(v, ids)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, remapIds(v, ids)]),
    ) as T;
  }
  return value;
}

export interface RestoreOptions {
  /** Appended to usernames and the slug (which are unique across the platform). */
  suffix?: string;
}

export interface RestoreResult {
  restaurantId: string;
  /** Old id → new id, for every row id of the backup. */
  ids: ReadonlyMap<string, string>;
  suffix: string;
}

/** Insert statements are cut into chunks of this many rows. */
const CHUNK = 2000;

/** Columns a table has now, without those numbered by a sequence (they get new numbers). */
async function insertableColumns(tx: Tx, table: string): Promise<Set<string>> {
  const result = {
    rows: await queryRows<{ column_name: string; column_default: string | null }>(
      tx,
      sql`
    select column_name, column_default from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`,
    ),
  };
  return new Set(
    result.rows
      .filter((c) => !String(c.column_default ?? '').startsWith('nextval('))
      .map((c) => c.column_name),
  );
}

/**
 * Restores a backup ZIP as a NEW restaurant, never over an existing one: every row gets a new id
 * (references, event data and audit details follow the same map), usernames and the slug take a
 * suffix, tables get new QR codes, staff get an unusable password (the admin resets them), and
 * two-factor is off. One transaction: all of it, or nothing.
 */
export async function restoreBackup(
  db: Db,
  archive: Uint8Array,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const backup = readBackup(archive);
  const suffix = options.suffix ?? randomBytes(3).toString('hex');
  const ids = new Map<string, string>();
  for (const rows of Object.values(backup.tables)) {
    for (const row of rows) {
      if (typeof row.id === 'string' && UUID.test(row.id)) ids.set(row.id, randomUUID());
    }
  }
  const restaurantId = ids.get(backup.manifest.restaurant.id);
  if (!restaurantId) throw new Error('The backup has no restaurant row');
  // Nobody can sign in with it: the admin sets new passwords.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));

  const adjust: Record<string, (row: Row) => Row> = {
    restaurants: (r) => ({ ...r, slug: `${String(r.slug)}-${suffix}`, is_demo: false }),
    users: (r) => ({
      ...r,
      username: `${String(r.username).slice(0, 39 - suffix.length)}.${suffix}`,
      password_hash: unusable,
    }),
    tables: (r) => ({ ...r, qr_token: `T-${randomBytes(12).toString('base64url')}` }),
    report_email_log: (r) => ({ ...r, delivery_key: `${String(r.delivery_key)}~${suffix}` }),
  };

  await db.transaction(async (tx) => {
    for (const table of BACKUP_TABLES) {
      const name = tableName(table);
      const rows = backup.tables[name];
      if (!rows?.length) continue;
      const columns = await insertableColumns(tx, name);
      const mapped = rows.map((row) => {
        const remapped = remapIds(row, ids);
        return adjust[name]?.(remapped) ?? remapped;
      });
      // The columns the backup has (a backup from before a column existed leaves it to its
      // default), minus serial numbers.
      const present = Object.keys(mapped[0]!).filter((c) => columns.has(c));
      const list = sql.raw(present.map((c) => `"${c}"`).join(', '));
      // Daily totals follow orders, payments and refunds by trigger as they are inserted; the
      // backup's own figures then replace them (each figure it has), so the copy says exactly
      // what the original said.
      const figures = present.filter((c) => c !== 'restaurant_id' && c !== 'day');
      const conflict =
        name === 'daily_totals'
          ? sql` on conflict (restaurant_id, day) do update set ${sql.raw(figures.map((c) => `"${c}" = excluded."${c}"`).join(', '))}`
          : sql``;
      for (let i = 0; i < mapped.length; i += CHUNK) {
        const json = JSON.stringify(mapped.slice(i, i + CHUNK));
        await tx.execute(
          sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)${conflict}`,
        );
      }
    }
  });
  return { restaurantId, ids, suffix };
}
