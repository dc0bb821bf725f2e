import { type OrderType, placeLabel } from '@tavola/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { queryRows } from './query.js';

/**
 * The three spreadsheets of a backup and of the Backup tab's exports: every order, every staff
 * account (never a password hash or a two-factor secret) and the sales per day. UTF-8 with a BOM
 * so spreadsheet programs read accents right; a cell starting like a formula is escaped.
 */
function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return stringify([header, ...rows], {
    bom: true,
    escape_formulas: true,
    record_delimiter: '\r\n',
  });
}

const amount = (cents: number | string | null) =>
  cents === null ? null : (Number(cents) / 100).toFixed(2);

/** `YYYY-MM-DD HH24:MI:SS` on the restaurant's clock. */
const local = (column: unknown, tz: string) =>
  sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

export async function ordersCsv(db: DbOrTx, restaurantId: string, tz: string): Promise<string> {
  const result = {
    rows: await queryRows<Record<string, string | number | null>>(
      db,
      sql`
    select o.order_number, t.number as table_number, s.order_type, s.tab_name, o.status, o.priority,
      (select string_agg(i.quantity - i.voided_quantity || '× ' || i.name, ', ' order by i.name)
         from order_items i where i.order_id = o.id and i.quantity > i.voided_quantity) as items,
      o.total_cents, o.base_currency, o.currency, o.display_total_cents, w.name as waiter,
      ${local(sql`o.created_at`, tz)} as created, ${local(sql`o.ready_at`, tz)} as ready,
      ${local(sql`o.served_at`, tz)} as served, ${local(sql`o.paid_at`, tz)} as paid,
      ${local(sql`o.voided_at`, tz)} as voided, o.void_reason, o.notes
    from orders o
    join dining_sessions s on s.id = o.dining_session_id
    left join tables t on t.id = o.table_id
    left join users w on w.id = o.waiter_id
    where o.restaurant_id = ${restaurantId}
    order by o.order_number`,
    ),
  };
  return toCsv(
    [
      'Order #',
      'Table',
      'Status',
      'Priority',
      'Items',
      'Total',
      'Currency',
      'Guest currency',
      'Guest total',
      'Waiter',
      `Created (${tz})`,
      'Ready',
      'Served',
      'Paid',
      'Voided',
      'Void reason',
      'Notes',
    ],
    result.rows.map((o) => [
      o.order_number!,
      // A tab's order names the tab ("Takeaway · Ben") where a table's names its number.
      o.table_number ??
        placeLabel({
          tableNumber: null,
          orderType: o.order_type as OrderType,
          tabName: o.tab_name as string | null,
        }),
      o.status!,
      o.priority!,
      o.items ?? '',
      amount(o.total_cents!),
      String(o.base_currency).toUpperCase(),
      String(o.currency).toUpperCase(),
      amount(o.display_total_cents!),
      o.waiter,
      o.created!,
      o.ready,
      o.served,
      o.paid,
      o.voided,
      o.void_reason,
      o.notes,
    ]),
  );
}

export async function usersCsv(db: DbOrTx, restaurantId: string, tz: string): Promise<string> {
  const result = {
    rows: await queryRows<Record<string, string | boolean | null>>(
      db,
      sql`
    select u.username, u.name, u.role, u.status, u.email, u.shift,
      u.totp_enabled_at is not null as two_factor,
      ${local(sql`u.last_login_at`, tz)} as last_login, ${local(sql`u.created_at`, tz)} as created
    from users u
    where u.restaurant_id = ${restaurantId}
    order by u.role, lower(u.username)`,
    ),
  };
  return toCsv(
    [
      'Username',
      'Name',
      'Role',
      'Status',
      'Email',
      'Shift',
      'Two-factor',
      'Last sign-in',
      `Created (${tz})`,
    ],
    result.rows.map((u) => [
      u.username as string,
      u.name as string,
      u.role as string,
      u.status as string,
      u.email as string | null,
      u.shift as string | null,
      u.two_factor ? 'on' : 'off',
      u.last_login as string | null,
      u.created as string,
    ]),
  );
}

/** Sales per day on the restaurant's clock, from its first order to its last. */
export async function analyticsCsv(db: DbOrTx, restaurantId: string, tz: string): Promise<string> {
  const day = (column: unknown) => sql`(${column} at time zone ${tz})::date`;
  const result = {
    rows: await queryRows<Record<string, string | number>>(
      db,
      sql`
    with o as (
      select ${day(sql`created_at`)} as day,
        count(*) filter (where status <> 'cancelled') as orders,
        count(*) filter (where status = 'cancelled') as voided,
        coalesce(sum(total_cents) filter (where status <> 'cancelled'), 0) as sales
      from orders where restaurant_id = ${restaurantId} group by 1
    ), i as (
      select ${day(sql`o.created_at`)} as day, sum(i.quantity - i.voided_quantity) as items
      from order_items i join orders o on o.id = i.order_id
      where i.restaurant_id = ${restaurantId} and o.status <> 'cancelled' group by 1
    ), p as (
      select ${day(sql`created_at`)} as day, sum(amount_cents) as paid, sum(tip_cents) as tips
      from payments where restaurant_id = ${restaurantId} group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(o.orders, 0)::int as orders,
      coalesce(o.voided, 0)::int as voided, coalesce(i.items, 0)::int as items,
      coalesce(o.sales, 0)::bigint as sales, coalesce(p.paid, 0)::bigint as paid,
      coalesce(p.tips, 0)::bigint as tips
    from (select day from o union select day from p) d
    left join o on o.day = d.day left join i on i.day = d.day left join p on p.day = d.day
    order by d.day`,
    ),
  };
  return toCsv(
    ['Date', 'Orders', 'Voided orders', 'Items sold', 'Sales', 'Average order', 'Payments', 'Tips'],
    result.rows.map((r) => {
      const orders = Number(r.orders);
      const sales = Number(r.sales);
      return [
        r.day as string,
        orders,
        Number(r.voided),
        Number(r.items),
        amount(sales),
        orders ? amount(Math.round(sales / orders)) : amount(0),
        amount(r.paid as number),
        amount(r.tips as number),
      ];
    }),
  );
}
