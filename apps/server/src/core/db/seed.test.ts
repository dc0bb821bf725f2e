import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/harness.js';
import { seedDemo } from './seed.js';
import {
  menuItems,
  orderItems,
  orders,
  payments,
  receipts,
  restaurants,
  tables,
  tickets,
  users,
} from './schema.js';

describe('demo seed', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => db?.dispose());

  it('creates the demo restaurant, tables, menu, accounts and weeks of paid history, once', async () => {
    const first = await seedDemo(db.database.db);
    expect(first.created).toBe(true);
    const count = async (
      table: typeof tables | typeof menuItems | typeof users | typeof orders | typeof payments,
    ) => (await db.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    const before = {
      tables: await count(tables),
      menu: await count(menuItems),
      users: await count(users),
      orders: await count(orders),
      payments: await count(payments),
    };
    expect(before.tables).toBe(12);
    expect(before.users).toBe(6);
    expect(before.orders).toBeGreaterThan(150);
    expect(before.payments).toBe(before.orders);
    const tokens = (await db.database.db.select({ t: tables.qrToken }).from(tables))
      .map((r) => r.t)
      .sort();
    expect(tokens).toContain('QR-T1');
    expect(tokens).toContain('QR-T12');
    const [unavailable] = await db.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.available, false));
    expect(unavailable?.name).toBe('Lobster Risotto');

    const again = await seedDemo(db.database.db);
    expect(again).toEqual({ restaurantId: first.restaurantId, created: false });
    expect({
      tables: await count(tables),
      menu: await count(menuItems),
      users: await count(users),
      orders: await count(orders),
      payments: await count(payments),
    }).toEqual(before);
    const [demo] = await db.database.db.select().from(restaurants);
    expect(demo?.isDemo).toBe(true);
  });
});

describe("the demo's history", () => {
  let db: TestDatabase;
  const rowsOf = async <T>(query: SQL): Promise<T[]> => {
    const result: unknown = await db.database.db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  // A fixed evening, so the test reads the same whatever the time of day it runs at.
  const evening = new Date('2026-11-20T21:30:00.000Z');
  const day = (d: Date) => d.toISOString().slice(0, 10);

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    // First started five days before that evening...
    await seedDemo(db.database.db, { now: new Date(evening.getTime() - 5 * 86_400_000) });
  });
  afterAll(async () => db?.dispose());

  it('starts with the restaurant: its Created date is the first day of its history', async () => {
    const [demo] = await db.database.db.select().from(restaurants);
    const [first] = await db.database.db
      .select({ at: sql<Date>`min(${orders.createdAt})`.mapWith((v) => new Date(v as string)) })
      .from(orders);
    expect(demo!.createdAt.getTime()).toBeLessThanOrEqual(first!.at.getTime());
    expect(first!.at.getTime() - demo!.createdAt.getTime()).toBeLessThan(86_400_000);
    expect(day(demo!.createdAt)).toBe(day(new Date(evening.getTime() - 26 * 86_400_000)));
  });

  it('gives a station a ticket only for orders with its items, timed as that station works', async () => {
    const rows = await rowsOf<{
      station: string;
      n: number;
      without_items: number;
      minutes: number;
    }>(sql`
      select t.station, count(*)::int as n,
        (count(*) filter (where not exists (select 1 from ${orderItems} i
          where i.order_id = t.order_id and i.station = t.station)))::int as without_items,
        avg(extract(epoch from (t.ready_at - t.created_at)) / 60)::float8 as minutes
      from ${tickets} t group by t.station order by t.station`);
    const by = Object.fromEntries(rows.map((r) => [r.station, r]));
    expect(by.kitchen!.without_items).toBe(0);
    expect(by.bar!.without_items).toBe(0);
    // Not every table orders both food and drinks, and drinks are poured faster than food cooks.
    expect(by.kitchen!.n).not.toBe(by.bar!.n);
    expect(by.bar!.minutes).toBeLessThan(10);
    expect(by.kitchen!.minutes).toBeGreaterThan(12);
  });

  it('reaches today when the demo starts again days later, numbering on from what is there', async () => {
    const [before] = await db.database.db
      .select({ last: sql<Date>`max(${orders.createdAt})`.mapWith((v) => new Date(v as string)) })
      .from(orders);
    expect(day(before!.last) < day(evening)).toBe(true);
    // ...and started again that evening.
    expect((await seedDemo(db.database.db, { now: evening })).created).toBe(false);
    const perDay = await rowsOf<{ day: string; n: number }>(sql`
      select to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from ${orders} group by 1 order by 1`);
    const days = perDay.map((r) => r.day);
    for (let back = 5; back >= 0; back--) {
      expect(days).toContain(day(new Date(evening.getTime() - back * 86_400_000)));
    }
    expect(days.at(-1)).toBe(day(evening));
    const numbers = await rowsOf<{ n: number; distinct_n: number }>(
      sql`select count(*)::int as n, count(distinct ${orders.orderNumber})::int as distinct_n from ${orders}`,
    );
    expect(numbers[0]!.distinct_n).toBe(numbers[0]!.n);
    // Every bill has its receipt, numbered on without a gap.
    const receiptNumbers = (
      await db.database.db.select({ n: receipts.number }).from(receipts).orderBy(receipts.number)
    ).map((r) => r.n);
    expect(receiptNumbers).toEqual(receiptNumbers.map((_, i) => i + 1));
    expect(receiptNumbers).toHaveLength(
      (await db.database.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n,
    );
    // Started again the same evening, nothing more is added.
    const count = async () =>
      (await db.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const now = await count();
    await seedDemo(db.database.db, { now: new Date(evening.getTime() + 3_600_000) });
    expect(await count()).toBe(now);
  });
});
