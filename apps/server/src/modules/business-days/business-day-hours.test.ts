import {
  addDays,
  localDateOf,
  type RestaurantSettingsData,
  type ZReport,
  businessDaysRoutes,
  reportsRoutes,
  settingsRoutes,
  paymentsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../core/db/schema.js';
import { signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { atNoon, noonZone, placeOrder } from '../../testing/business-day.js';
import { closeEndedDays } from './auto-close.js';
import { client, type CallResult } from '../../testing/client.js';

/**
 * A fixed-offset zone where the local clock now reads `hour` o'clock (Etc/GMT-3 is UTC+3: the
 * sign is POSIX's, inverted).
 */
function zoneAtHour(hour: number, now = new Date()): string {
  return zoneOf(offsetAtHour(hour, now));
}

/** The UTC offset (hours, -12 to +14) at which the local clock now reads `hour` o'clock. */
function offsetAtHour(hour: number, now = new Date()): number {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset;
}

/** The fixed-offset zone of a UTC offset in hours (-12 to +14). */
function zoneOf(offset: number): string {
  if (offset === 0) return 'Etc/GMT';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** A fresh demo restaurant on a backend, on an ordinary day (the calendar day, a noon zone). */
function restaurantOn(backend: (typeof BACKENDS)[number]) {
  const h = {} as {
    t: TestApp;
    manager: string;
    report: (date?: string) => Promise<ZReport>;
    settings: (
      change: Partial<RestaurantSettingsData>,
    ) => Promise<CallResult<typeof settingsRoutes.updateRestaurantSettings>>;
    setZone: (timezone: string) => Promise<void>;
    businessDateOf: (orderId: string) => Promise<string | null | undefined>;
  };
  h.report = async (date) => {
    const res = await client(h.t.app)
      .as(h.manager)
      .call(businessDaysRoutes.getZReport, { query: date ? { date } : {} });
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };
  h.settings = async (change) => {
    const current = await client(h.t.app).as(h.manager).call(settingsRoutes.getRestaurantSettings);
    // Sent unchecked: some tests send closing times the settings must refuse.
    return client(h.t.app)
      .as(h.manager)
      .send(settingsRoutes.updateRestaurantSettings, { body: { ...current.data, ...change } });
  };
  h.setZone = async (timezone) => {
    const res = await h.settings({ timezone });
    expect(res.status, res.res.body).toBe(200);
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
    await atNoon(h.t);
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
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.data.dayClosesAt).toBe('02:00');
    for (const bad of ['13:00', '24:00', '2:00', 'late']) {
      const res = await settings({ dayClosesAt: bad });
      expect(res.status, bad).toBe(400);
      expect(res.error).toBe('Business day ends at must be a time between 00:00 and 12:00');
    }
    // Left out, it stays as it is.
    const { dayClosesAt: _left, ...rest } = (
      await client(h.t.app).as(h.manager).call(settingsRoutes.getRestaurantSettings)
    ).data;
    const res = await client(h.t.app)
      .as(h.manager)
      .call(settingsRoutes.updateRestaurantSettings, { body: rest });
    expect(res.data.dayClosesAt).toBe('02:00');
  });
  it('dates an order at 01:30 in a bar closing at 02:00 in the day before, one at 02:30 in the new day', async () => {
    expect((await settings({ dayClosesAt: '02:00' })).status).toBe(200);

    // Before 02:00 (01:xx, or 00:xx when 02:00 is under a quarter of an hour away).
    const earlyHour = new Date().getUTCMinutes() < 45 ? 1 : 0;
    const earlyOffset = offsetAtHour(earlyHour);
    const early = zoneOf(earlyOffset);
    await setZone(early);
    const calendar = localDateOf(new Date(), early);
    const late = await placeOrder(h.t, 'QR-T1', [['Craft Beer', 2]]);
    expect(await businessDateOf(late.orderId)).toBe(addDays(calendar, -1));
    const z = await report();
    expect(z).toMatchObject({ date: addDays(calendar, -1), dayClosesAt: '02:00' });
    expect(z.seatedTables).toEqual([1]);
    expect(
      (
        await client(h.t.app)
          .as(h.manager)
          .call(paymentsRoutes.recordPayment, {
            params: { id: late.sessionId },
            body: { method: 'card' },
          })
      ).status,
    ).toBe(201);
    expect(await report()).toMatchObject({ payments: { count: 1 }, orders: { count: 1 } });

    // After 02:00: the new business day, which is the calendar date.
    // The same local date as `early`, a later hour: zones chosen apart could sit either side of
    // the date line (from 14:00 to 14:59 UTC, 01:00 was UTC+11 and 02:00 UTC-12, a day earlier).
    const after = zoneOf(earlyOffset + 2 - earlyHour);
    await setZone(after);
    const newDay = localDateOf(new Date(), after);
    const next = await placeOrder(h.t, 'QR-T2', [['Espresso', 1]]);
    expect(await businessDateOf(next.orderId)).toBe(newDay);
    expect(await report()).toMatchObject({ date: newDay, today: newDay, seatedTables: [2] });
    expect(
      (
        await client(h.t.app)
          .as(h.manager)
          .call(paymentsRoutes.recordPayment, {
            params: { id: next.sessionId },
            body: { method: 'cash' },
          })
      ).status,
    ).toBe(201);
    const [paid] = await h.t.database.db
      .select({ businessDate: payments.businessDate })
      .from(payments)
      .where(eq(payments.diningSessionId, next.sessionId));
    expect(paid?.businessDate).toBe(newDay);

    // The manager's "today" cards count the new day only.
    const overview = await client(h.t.app).as(h.manager).call(reportsRoutes.getOverview);
    expect(overview.status, overview.res.body).toBe(200);
    expect(overview.data).toMatchObject({ ordersToday: 1 });
  });
});

describe.each(BACKENDS)('Closing the day with tables still seated, on %s', (backend) => {
  const h = restaurantOn(backend);
  const { report, businessDateOf } = h;

  it('closes the day with a table still seated: its guest order answers 201 and is the next day’s', async () => {
    const today = (await report()).date;
    const first = await placeOrder(h.t, 'QR-T3', [['Margherita Pizza', 1]]);
    expect(
      (
        await client(h.t.app)
          .as(h.manager)
          .call(paymentsRoutes.recordPayment, {
            params: { id: first.sessionId },
            body: { method: 'card', tip: 1 },
          })
      ).status,
    ).toBe(201);
    const seated = await placeOrder(h.t, 'QR-T4', [['Classic Burger', 1]]);
    const before = await report();
    expect(before).toMatchObject({ seatedTables: [4], openBills: { count: 1 } });

    const closing = await client(h.t.app)
      .as(h.manager)
      .call(businessDaysRoutes.closeDay, { body: { date: today } });
    expect(closing.status, closing.res.body).toBe(200);
    const kept = closing.data;
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
    expect(
      (
        await client(h.t.app)
          .as(h.manager)
          .call(paymentsRoutes.recordPayment, {
            params: { id: seated.sessionId },
            body: { method: 'cash' },
          })
      ).status,
    ).toBe(201);

    // The closed day's Z report is as kept; the next day's holds the table's whole bill.
    expect(await report(today)).toEqual({ ...kept, today: addDays(today, 1) });
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
      expect(
        (
          await client(h.t.app)
            .as(h.manager)
            .call(paymentsRoutes.recordPayment, {
              params: { id: o.sessionId },
              body: { method: 'card' },
            })
        ).status,
      ).toBe(201);
    }
    const third = await placeOrder(h.t, 'QR-T7', [['Espresso', 1]]);
    const closing = await client(h.t.app)
      .as(h.manager)
      .call(businessDaysRoutes.closeDay, { body: { date: today } });
    expect(closing.status, closing.res.body).toBe(200);
    expect(closing.data.payments.count).toBe(2);

    // A zone where "today" is another date than the closed one, a payment, and back. The zones
    // span 26 hours of offsets, so at any hour of the day one of them is on another date.
    const other = Array.from({ length: 27 }, (_, i) =>
      zoneAtHour(i - 12 + new Date().getUTCHours()),
    ).find((z) => localDateOf(new Date(), z) !== today)!;
    await setZone(other);
    expect(localDateOf(new Date(), other)).not.toBe(today);
    expect(
      (
        await client(h.t.app)
          .as(h.manager)
          .call(paymentsRoutes.recordPayment, {
            params: { id: third.sessionId },
            body: { method: 'cash' },
          })
      ).status,
    ).toBe(201);
    await setZone(zone);

    const kept = await report(today);
    expect(kept).toMatchObject({ status: 'closed', payments: { count: 2 } });
    const live = await client(h.t.app)
      .as(h.manager)
      .call(reportsRoutes.payments, { query: { period: 'day', date: today } });
    expect(live.status, live.res.body).toBe(200);
    expect(live.data.totals.count).toBe(2);
    expect(live.data.totals.total).toBe(kept.payments.total);
    // The payment is the next business day's, in its Z report and the payments report.
    const next = await report();
    expect(next).toMatchObject({ date: addDays(today, 1), payments: { count: 1 } });
    const nextLive = await client(h.t.app)
      .as(h.manager)
      .call(reportsRoutes.payments, { query: { period: 'day', date: addDays(today, 1) } });
    expect(nextLive.data.totals.count).toBe(1);
  });
});

describe.each(BACKENDS)('A day nobody closed, at its closing time, on %s', (backend) => {
  const h = restaurantOn(backend);
  const { report, settings, setZone, businessDateOf } = h;

  it('closes by itself with its Z report kept, and the seated table orders on into the next day', async () => {
    // Past midnight in a bar closing at 02:00: still the day before's business day.
    expect((await settings({ dayClosesAt: '02:00' })).status).toBe(200);
    const zone = zoneAtHour(0);
    await setZone(zone);
    const night = addDays(localDateOf(new Date(), zone), -1);
    const paid = await placeOrder(h.t, 'QR-T1', [['Craft Beer', 2]]);
    expect(
      (
        await client(h.t.app)
          .as(h.manager)
          .call(paymentsRoutes.recordPayment, {
            params: { id: paid.sessionId },
            body: { method: 'card' },
          })
      ).status,
    ).toBe(201);
    const seated = await placeOrder(h.t, 'QR-T2', [['Classic Burger', 1]]);
    expect(await businessDateOf(seated.orderId)).toBe(night);
    expect(await closeEndedDays(h.t.app)).toBe(0);

    // The closing time passes (here: the owner moves it to midnight): the night has ended.
    expect((await settings({ dayClosesAt: '00:00' })).status).toBe(200);
    expect(await closeEndedDays(h.t.app)).toBe(1);
    const kept = await report(night);
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
    expect((await report(night)).payments).toEqual(kept.payments);
  });
});
