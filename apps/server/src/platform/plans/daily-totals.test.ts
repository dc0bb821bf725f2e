import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyTotals,
  orders,
  paymentRefunds,
  payments,
  restaurants,
} from '../../core/db/schema.js';
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
  /** The money columns alone, with the refunds. */
  const money = async (restaurantId: string) =>
    (
      await t.database.db
        .select({
          day: dailyTotals.day,
          paymentsCents: dailyTotals.paymentsCents,
          refundsCents: dailyTotals.refundsCents,
        })
        .from(dailyTotals)
        .where(eq(dailyTotals.restaurantId, restaurantId))
        .orderBy(dailyTotals.day)
    ).filter((r) => r.paymentsCents !== 0 || r.refundsCents !== 0);

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

  it('counts only money captured, on the day it was captured, whatever its status before', async () => {
    const other = await createOtherRestaurant(t, { name: 'Captures' });
    await addActivity(t.database.db, other.id, {
      payments: [{ at: new Date('2026-06-01T09:00:00Z'), cents: 100 }],
    });
    const [first] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.restaurantId, other.id));
    // Asked of a card provider on the 1st: pending, authorized, one that failed. None moved money.
    const asked = (status: 'pending' | 'authorized' | 'failed', cents: number) => ({
      restaurantId: other.id,
      diningSessionId: first!.diningSessionId,
      tableId: first!.tableId,
      method: 'card' as const,
      amountCents: cents,
      currency: 'eur' as const,
      status,
      createdAt: new Date('2026-06-01T21:00:00Z'),
    });
    const rows = await t.database.db
      .insert(payments)
      .values([asked('pending', 2000), asked('authorized', 3000), asked('failed', 4000)])
      .returning({ id: payments.id });
    expect(await money(other.id)).toEqual([
      { day: '2026-06-01', paymentsCents: 100, refundsCents: 0 },
    ]);

    // The authorized one is captured after midnight UTC: it counts on the day of its capture.
    const [, authorized, failed] = rows;
    await t.database.db
      .update(payments)
      .set({ status: 'captured', capturedAt: new Date('2026-06-02T00:30:00Z') })
      .where(eq(payments.id, authorized!.id));
    // A failed payment stays out whatever else changes on it.
    await t.database.db
      .update(payments)
      .set({ amountCents: 4100 })
      .where(eq(payments.id, failed!.id));
    expect(await money(other.id)).toEqual([
      { day: '2026-06-01', paymentsCents: 100, refundsCents: 0 },
      { day: '2026-06-02', paymentsCents: 3000, refundsCents: 0 },
    ]);
    const [capturedRow] = await t.database.db
      .select({ capturedAt: payments.capturedAt })
      .from(payments)
      .where(eq(payments.id, authorized!.id));
    expect(capturedRow!.capturedAt?.toISOString()).toBe('2026-06-02T00:30:00.000Z');

    // Refunds are negative movements on the day each is given back; the payments taken stay.
    const refund = (cents: number, tipCents: number, at: string) => ({
      restaurantId: other.id,
      paymentId: authorized!.id,
      amountCents: cents,
      tipCents,
      reason: 'Cold',
      businessDate: at.slice(0, 10),
      createdAt: new Date(at),
    });
    const [, second] = await t.database.db
      .insert(paymentRefunds)
      .values([refund(500, 100, '2026-06-03T12:00:00Z'), refund(700, 0, '2026-06-04T12:00:00Z')])
      .returning({ id: paymentRefunds.id });
    expect(await money(other.id)).toEqual([
      { day: '2026-06-01', paymentsCents: 100, refundsCents: 0 },
      { day: '2026-06-02', paymentsCents: 3000, refundsCents: 0 },
      { day: '2026-06-03', paymentsCents: 0, refundsCents: -500 },
      { day: '2026-06-04', paymentsCents: 0, refundsCents: -700 },
    ]);
    // A refund removed (a restaurant's data cleaned up) leaves its day, and so does a payment.
    await t.database.db.delete(paymentRefunds).where(eq(paymentRefunds.id, second!.id));
    await t.database.db.delete(payments).where(eq(payments.id, first!.id));
    expect(await money(other.id)).toEqual([
      { day: '2026-06-02', paymentsCents: 3000, refundsCents: 0 },
      { day: '2026-06-03', paymentsCents: 0, refundsCents: -500 },
    ]);
    // A payment removed takes its refunds with it.
    await t.database.db.delete(payments).where(eq(payments.id, authorized!.id));
    expect(await money(other.id)).toEqual([]);

    // A payment still pending has no capture time; the database refuses one that claims both.
    await expect(
      t.database.db.insert(payments).values({
        ...asked('pending', 100),
        capturedAt: new Date('2026-06-01T21:00:00Z'),
      }),
    ).rejects.toThrow();
  });

  it('goes with its restaurant', async () => {
    const other = await createOtherRestaurant(t, { name: 'Gone' });
    await addActivity(t.database.db, other.id, {
      orders: [{ at: new Date('2026-05-01T10:00:00Z'), cents: 500 }],
      payments: [{ at: new Date('2026-05-01T11:00:00Z'), cents: 500 }],
    });
    await t.database.db.delete(restaurants).where(eq(restaurants.id, other.id));
    expect(await money(other.id)).toEqual([]);
  });
});
