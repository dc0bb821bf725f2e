import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/harness.js';
import { seedDemo } from './seed.js';
import { menuItems, orders, payments, restaurants, tables, users } from './schema.js';

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
