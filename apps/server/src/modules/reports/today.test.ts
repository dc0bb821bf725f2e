import { floorRoutes, ordersRoutes, paymentsRoutes, reportsRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, restaurants } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { businessDateAt } from '../../testing/business-day.js';
import { placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { client, type Client } from '../../testing/client.js';

// Tokyo is 9 hours ahead of UTC (no summer time): its midnight is nobody else's here.
const TZ = 'Asia/Tokyo';

/** Local midnight starting the restaurant's current calendar day. */
function tokyoMidnight(): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  return new Date(`${today}T00:00:00+09:00`);
}

describe.each(BACKENDS)("one 'today' for waiter and manager (issue 13, item 6), %s", (backend) => {
  let t: TestApp;
  let api: Client;
  let waiter: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await t.database.db
      .update(restaurants)
      .set({ timezone: TZ })
      .where(eq(restaurants.id, t.restaurantId));
    waiter = await signInAs(t, 'waiter');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  /** A guest's order at a table, settled by the manager; returns the order and its payment. */
  async function orderedAndPaid(tableToken: string, lines: [string, number][]) {
    const placed = (await placeGuestOrder(t, tableToken, lines)).data;
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: {
        method: 'cash',
      },
    });
    expect(paid.status).toBe(201);
    return { orderId: placed.orderId, paymentId: paid.data.paymentId };
  }
  const at = (minutesFromMidnight: number) =>
    new Date(tokyoMidnight().getTime() + minutesFromMidnight * 60_000);
  // An order or a payment keeps the business day it was made in: moved in time, it is given the
  // business day of its new instant by the database's own rule (the calendar day by default).
  const dayAt = (when: Date) => businessDateAt(t.restaurantId, when);
  const setOrderTime = (id: string, when: Date) =>
    t.database.db
      .update(orders)
      .set({ createdAt: when, businessDate: dayAt(when) })
      .where(eq(orders.id, id));
  const setPaymentTime = (id: string, when: Date) =>
    t.database.db
      .update(payments)
      .set({ createdAt: when, businessDate: dayAt(when) })
      .where(eq(payments.id, id));

  it('counts an order at 23:59 local as yesterday and one at 00:01 as today, on every screen', async () => {
    // Ordered and paid yesterday, a minute before local midnight: today counts none of it.
    const late = await orderedAndPaid('QR-T2', [['Classic Burger', 2]]); // 25.00
    await setOrderTime(late.orderId, at(-1));
    await setPaymentTime(late.paymentId, at(-0.5));
    // Ordered at 00:01 and paid at 00:03: ordered today and paid today.
    const early = await orderedAndPaid('QR-T3', [['Craft Beer', 3]]); // 16.50
    await setOrderTime(early.orderId, at(1));
    await setPaymentTime(early.paymentId, at(3));
    // Ordered at 23:58 yesterday, paid at 00:02 today: paid today, not ordered today.
    const overnight = await orderedAndPaid('QR-T4', [['Classic Burger', 1]]); // 12.50
    await setOrderTime(overnight.orderId, at(-2));
    await setPaymentTime(overnight.paymentId, at(2));
    // Ordered today and voided: counts nothing.
    const voided = (await placeGuestOrder(t, 'QR-T5', [['Classic Burger', 4]])).data;
    expect(
      (
        await api.as(manager).call(ordersRoutes.voidOrder, {
          params: { id: voided.orderId },
          body: { reason: 'Wrong table' },
        })
      ).status,
    ).toBe(200);

    const floor = (await api.as(waiter).call(floorRoutes.getFloor)).data.stats;
    const overview = (await api.as(manager).call(reportsRoutes.getOverview)).data;
    const analytics = (await api.as(manager).call(reportsRoutes.getAnalytics)).data;

    // Paid today: the 00:03 and 00:02 payments.
    expect(floor.todaysSales).toBe(29);
    expect(overview.paidToday).toBe(floor.todaysSales);
    // Ordered today: the 00:01 order alone (the 23:58 and 23:59 ones were yesterday's).
    expect(floor.orderedToday).toBe(16.5);
    expect(overview.todaysRevenue).toBe(floor.orderedToday);
    expect(analytics.revenue.today).toBe(floor.orderedToday);
    expect(floor.ordersToday).toBe(1);
    expect(overview.ordersToday).toBe(floor.ordersToday);
    // The reports' own day agrees: yesterday's local date holds the two late orders.
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(at(-1));
    expect(analytics.revenueByDay.find((d: { day: string }) => d.day === yesterday)).toEqual({
      day: yesterday,
      revenue: 37.5,
      orders: 2,
    });
  });
});
