import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyTotals, orders, payments, restaurants } from '../../core/db/schema.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { addActivity } from './test-activity.js';

describe.each(BACKENDS)('daily totals on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  const totals = async (restaurantId: string) =>
    (
      await t.database.db
        .select({
          day: dailyTotals.day,
          orders: dailyTotals.orders,
          paymentsCents: dailyTotals.paymentsCents,
        })
        .from(dailyTotals)
        .where(eq(dailyTotals.restaurantId, restaurantId))
        .orderBy(dailyTotals.day)
    ).filter((r) => r.orders !== 0 || r.paymentsCents !== 0);

  it('counts orders (voided ones excluded) and payments (tips excluded) per UTC day as they are written', async () => {
    const other = await createOtherRestaurant(t, { name: 'Totals' });
    await addActivity(t.database.db, other.id, {
      orders: [
        // 23:30 in Rome on the 9th is still the 9th in UTC... and 00:30 UTC on the 10th.
        { at: new Date('2026-03-09T23:30:00Z'), cents: 1000 },
        { at: new Date('2026-03-10T00:30:00Z'), cents: 2000 },
        { at: new Date('2026-03-10T12:00:00Z'), cents: 3000 },
        { at: new Date('2026-03-10T13:00:00Z'), cents: 4000, cancelled: true },
      ],
      payments: [
        { at: new Date('2026-03-10T01:00:00Z'), cents: 3000, tipCents: 500 },
        { at: new Date('2026-03-10T23:59:59Z'), cents: 1234 },
      ],
    });
    expect(await totals(other.id)).toEqual([
      { day: '2026-03-09', orders: 1, paymentsCents: 0 },
      { day: '2026-03-10', orders: 2, paymentsCents: 4234 },
    ]);

    // A void takes the order off its day; anything else an order goes through leaves it there.
    await t.database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.restaurantId, other.id), eq(orders.totalCents, 3000)));
    await t.database.db
      .update(orders)
      .set({ status: 'served' })
      .where(and(eq(orders.restaurantId, other.id), eq(orders.totalCents, 2000)));
    // Deleted payments and orders leave their day too.
    await t.database.db
      .delete(payments)
      .where(and(eq(payments.restaurantId, other.id), eq(payments.amountCents, 1234)));
    await t.database.db
      .delete(orders)
      .where(and(eq(orders.restaurantId, other.id), eq(orders.totalCents, 1000)));
    expect(await totals(other.id)).toEqual([{ day: '2026-03-10', orders: 1, paymentsCents: 3000 }]);
  });

  it('matches a count of the orders and payments themselves after a bulk load in one statement', async () => {
    const other = await createOtherRestaurant(t, { name: 'Bulk' });
    await addActivity(t.database.db, other.id, {
      orders: [{ at: new Date('2026-04-01T10:00:00Z'), cents: 500 }],
    });
    const [o] = await t.database.db.select().from(orders).where(eq(orders.restaurantId, other.id));
    await t.database.db.execute(sql`
      insert into ${orders} (restaurant_id, dining_session_id, table_id, order_number, status,
        total_cents, base_currency, currency, exchange_rate, display_total_cents, created_at)
      select ${other.id}, ${o!.diningSessionId}, ${o!.tableId}, 100 + g,
        case when g % 10 = 0 then 'cancelled' else 'paid' end, 100, 'eur', 'eur', 1.08, 100,
        timestamptz '2026-04-01T00:00:00Z' + g * interval '1 hour'
      from generate_series(1, 200) g`);
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.restaurantId, other.id), sql`${orders.status} <> 'cancelled'`));
    const rows = await totals(other.id);
    expect(rows.reduce((s, r) => s + r.orders, 0)).toBe(Number(counted!.n));
    expect(rows.find((r) => r.day === '2026-04-02')?.orders).toBe(22);
  });

  it('goes with its restaurant', async () => {
    const other = await createOtherRestaurant(t, { name: 'Gone' });
    await addActivity(t.database.db, other.id, {
      orders: [{ at: new Date('2026-05-01T10:00:00Z'), cents: 500 }],
      payments: [{ at: new Date('2026-05-01T11:00:00Z'), cents: 500 }],
    });
    await t.database.db.delete(restaurants).where(eq(restaurants.id, other.id));
    expect(await totals(other.id)).toEqual([]);
  });
});
