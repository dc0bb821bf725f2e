import {
  addDays,
  localDateOf,
  type PaymentsReport,
  type RestaurantSettingsData,
  type ZReport,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, restaurants } from '../../core/db/schema.js';
import { signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { auth, noonZone, pay, placeOrder } from '../../testing/business-day.js';
import { closeEndedDays } from './auto-close.js';

/**
 * A fixed-offset zone where the local clock now reads `hour` o'clock (Etc/GMT-3 is UTC+3: the
 * sign is POSIX's, inverted).
 */
function zoneAtHour(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  if (offset === 0) return 'Etc/GMT';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** A fresh demo restaurant on a backend, on an ordinary day (the calendar day, a noon zone). */
function restaurantOn(backend: (typeof BACKENDS)[number]) {
  const h = {} as {
    t: TestApp;
    manager: string;
    report: (query?: string) => Promise<ZReport>;
    settings: (change: Partial<RestaurantSettingsData>) => Promise<LightMyRequestResponse>;
    setZone: (timezone: string) => Promise<void>;
    businessDateOf: (orderId: string) => Promise<string | null | undefined>;
  };
  h.report = async (query = '') => {
    const res = await h.t.app.inject({
      method: 'GET',
      url: `/api/business-days/report${query}`,
      headers: auth(h.manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ZReport }>().data;
  };
  h.settings = async (change) => {
    const current = await h.t.app.inject({
      method: 'GET',
      url: '/api/restaurant/settings',
      headers: auth(h.manager),
    });
    return h.t.app.inject({
      method: 'PUT',
      url: '/api/restaurant/settings',
      headers: auth(h.manager),
      payload: { ...current.json<{ data: RestaurantSettingsData }>().data, ...change },
    });
  };
  h.setZone = async (timezone) => {
    const res = await h.settings({ timezone });
    expect(res.statusCode, res.body).toBe(200);
  };
  h.businessDateOf = async (orderId) =>
    (
      await h.t.database.db
        .select({ businessDate: orders.businessDate })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0]?.businessDate;

  beforeAll(async () => {
    h.t = await createTestApp(backend);
    await h.t.database.db
      .update(restaurants)
      .set({ timezone: noonZone() })
      .where(eq(restaurants.id, h.t.restaurantId));
    h.manager = await signInAs(h.t, 'manager');
  }, 60_000);
  afterAll(async () => h.t?.close());
  return h;
}

describe.each(BACKENDS)('The business day by the restaurant’s closing time, on %s', (backend) => {
  const h = restaurantOn(backend);
  const { report, settings, setZone, businessDateOf } = h;

  it('keeps the closing time in the settings, from 00:00 to 12:00', async () => {
    const saved = await settings({ dayClosesAt: '02:00' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: RestaurantSettingsData }>().data.dayClosesAt).toBe('02:00');
    for (const bad of ['13:00', '24:00', '2:00', 'late']) {
      const res = await settings({ dayClosesAt: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('Business day ends at must be a time between 00:00 and 12:00');
    }
    // Left out, it stays as it is.
    const { dayClosesAt: _left, ...rest } = (
      await h.t.app.inject({
        method: 'GET',
        url: '/api/restaurant/settings',
        headers: auth(h.manager),
      })
    ).json<{ data: RestaurantSettingsData }>().data;
    const res = await h.t.app.inject({
      method: 'PUT',
      url: '/api/restaurant/settings',
      headers: auth(h.manager),
      payload: rest,
    });
    expect(res.json<{ data: RestaurantSettingsData }>().data.dayClosesAt).toBe('02:00');
  });
  it('dates an order at 01:30 in a bar closing at 02:00 in the day before, one at 02:30 in the new day', async () => {
    expect((await settings({ dayClosesAt: '02:00' })).statusCode).toBe(200);

    // Before 02:00 (01:xx, or 00:xx when 02:00 is under a quarter of an hour away).
    const early = zoneAtHour(new Date().getUTCMinutes() < 45 ? 1 : 0);
    await setZone(early);
    const calendar = localDateOf(new Date(), early);
    const late = await placeOrder(h.t, 'QR-T1', [['Craft Beer', 2]]);
    expect(await businessDateOf(late.orderId)).toBe(addDays(calendar, -1));
    const z = await report();
    expect(z).toMatchObject({ date: addDays(calendar, -1), dayClosesAt: '02:00' });
    expect(z.seatedTables).toEqual([1]);
    expect((await pay(h.t, h.manager, late.sessionId, { method: 'card' })).statusCode).toBe(201);
    expect(await report()).toMatchObject({ payments: { count: 1 }, orders: { count: 1 } });

    // After 02:00: the new business day, which is the calendar date.
    const after = zoneAtHour(2);
    await setZone(after);
    const newDay = localDateOf(new Date(), after);
    const next = await placeOrder(h.t, 'QR-T2', [['Espresso', 1]]);
    expect(await businessDateOf(next.orderId)).toBe(newDay);
    expect(await report()).toMatchObject({ date: newDay, today: newDay, seatedTables: [2] });
    expect((await pay(h.t, h.manager, next.sessionId, { method: 'cash' })).statusCode).toBe(201);
    const [paid] = await h.t.database.db
      .select({ businessDate: payments.businessDate })
      .from(payments)
      .where(eq(payments.diningSessionId, next.sessionId));
    expect(paid?.businessDate).toBe(newDay);

    // The manager's "today" cards count the new day only.
    const overview = await h.t.app.inject({
      method: 'GET',
      url: '/api/reports/overview',
      headers: auth(h.manager),
    });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().data).toMatchObject({ ordersToday: 1 });
  });
});

describe.each(BACKENDS)('Closing the day with tables still seated, on %s', (backend) => {
  const h = restaurantOn(backend);
  const { report, businessDateOf } = h;

  it('closes the day with a table still seated: its guest order answers 201 and is the next day’s', async () => {
    const today = (await report()).date;
    const first = await placeOrder(h.t, 'QR-T3', [['Margherita Pizza', 1]]);
    expect(
      (await pay(h.t, h.manager, first.sessionId, { method: 'card', tip: 1 })).statusCode,
    ).toBe(201);
    const seated = await placeOrder(h.t, 'QR-T4', [['Classic Burger', 1]]);
    const before = await report();
    expect(before).toMatchObject({ seatedTables: [4], openBills: { count: 1 } });

    const closing = await h.t.app.inject({
      method: 'POST',
      url: '/api/business-days/close',
      headers: auth(h.manager),
      payload: { date: today },
    });
    expect(closing.statusCode, closing.body).toBe(200);
    const kept = closing.json<{ data: ZReport }>().data;
    expect(kept).toMatchObject({
      status: 'closed',
      payments: { count: 1 },
      openBills: { count: 1 },
    });

    // Dessert at the seated table, from the guest's own page: no refusal about days.
    const dessert = await placeOrder(h.t, 'QR-T4', [['Tiramisu', 1]]);
    expect(dessert.sessionId).toBe(seated.sessionId);
    expect(await businessDateOf(dessert.orderId)).toBe(addDays(today, 1));
    expect(await businessDateOf(seated.orderId)).toBe(today);
    expect((await pay(h.t, h.manager, seated.sessionId, { method: 'cash' })).statusCode).toBe(201);

    // The closed day's Z report is as kept; the next day's holds the table's whole bill.
    expect(await report(`?date=${today}`)).toEqual({ ...kept, today: addDays(today, 1) });
    const next = await report();
    expect(next).toMatchObject({
      date: addDays(today, 1),
      status: 'open',
      orders: { count: 2 },
      bills: { count: 1 },
      payments: { count: 1 },
      openBills: { count: 0 },
      seatedTables: [],
    });
    expect(next.reconciliation.balanced).toBe(true);
  });
});

describe.each(BACKENDS)('A closed day when the time zone changes afterwards, on %s', (backend) => {
  const h = restaurantOn(backend);
  const { report, setZone } = h;

  it('keeps a closed day closed when the time zone changes afterwards', async () => {
    const zone = noonZone();
    const today = (await report()).date;
    for (const token of ['QR-T5', 'QR-T6']) {
      const o = await placeOrder(h.t, token, [['Espresso', 2]]);
      expect((await pay(h.t, h.manager, o.sessionId, { method: 'card' })).statusCode).toBe(201);
    }
    const third = await placeOrder(h.t, 'QR-T7', [['Espresso', 1]]);
    const closing = await h.t.app.inject({
      method: 'POST',
      url: '/api/business-days/close',
      headers: auth(h.manager),
      payload: { date: today },
    });
    expect(closing.statusCode, closing.body).toBe(200);
    expect(closing.json<{ data: ZReport }>().data.payments.count).toBe(2);

    // A zone where "today" is another date than the closed one, a payment, and back.
    const other = [23, 0, 22, 1]
      .map((hour) => zoneAtHour(hour))
      .find((z) => localDateOf(new Date(), z) !== today)!;
    await setZone(other);
    expect(localDateOf(new Date(), other)).not.toBe(today);
    expect((await pay(h.t, h.manager, third.sessionId, { method: 'cash' })).statusCode).toBe(201);
    await setZone(zone);

    const kept = await report(`?date=${today}`);
    expect(kept).toMatchObject({ status: 'closed', payments: { count: 2 } });
    const live = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/payments?period=day&date=${today}`,
      headers: auth(h.manager),
    });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json<{ data: PaymentsReport }>().data.totals.count).toBe(2);
    expect(live.json<{ data: PaymentsReport }>().data.totals.total).toBe(kept.payments.total);
    // The payment is the next business day's, in its Z report and the payments report.
    const next = await report();
    expect(next).toMatchObject({ date: addDays(today, 1), payments: { count: 1 } });
    const nextLive = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/payments?period=day&date=${addDays(today, 1)}`,
      headers: auth(h.manager),
    });
    expect(nextLive.json<{ data: PaymentsReport }>().data.totals.count).toBe(1);
  });
});

describe.each(BACKENDS)('A day nobody closed, at its closing time, on %s', (backend) => {
  const h = restaurantOn(backend);
  const { report, settings, setZone, businessDateOf } = h;

  it('closes by itself with its Z report kept, and the seated table orders on into the next day', async () => {
    // Past midnight in a bar closing at 02:00: still the day before's business day.
    expect((await settings({ dayClosesAt: '02:00' })).statusCode).toBe(200);
    const zone = zoneAtHour(0);
    await setZone(zone);
    const night = addDays(localDateOf(new Date(), zone), -1);
    const paid = await placeOrder(h.t, 'QR-T1', [['Craft Beer', 2]]);
    expect((await pay(h.t, h.manager, paid.sessionId, { method: 'card' })).statusCode).toBe(201);
    const seated = await placeOrder(h.t, 'QR-T2', [['Classic Burger', 1]]);
    expect(await businessDateOf(seated.orderId)).toBe(night);
    expect(await closeEndedDays(h.t.app)).toBe(0);

    // The closing time passes (here: the owner moves it to midnight): the night has ended.
    expect((await settings({ dayClosesAt: '00:00' })).statusCode).toBe(200);
    expect(await closeEndedDays(h.t.app)).toBe(1);
    const kept = await report(`?date=${night}`);
    expect(kept).toMatchObject({
      status: 'closed',
      closedBy: null,
      payments: { count: 1 },
      openBills: { count: 1 },
    });
    expect(kept.reconciliation.balanced).toBe(true);
    expect(await closeEndedDays(h.t.app)).toBe(0);

    const dessert = await placeOrder(h.t, 'QR-T2', [['Tiramisu', 1]]);
    expect(dessert.sessionId).toBe(seated.sessionId);
    expect(await businessDateOf(dessert.orderId)).toBe(addDays(night, 1));
    expect((await report(`?date=${night}`)).payments).toEqual(kept.payments);
  });
});
