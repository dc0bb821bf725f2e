import {
  addDays,
  DAY_REFUSALS,
  lineParts,
  type ChargeRates,
  businessDaysRoutes,
  diningSessionsRoutes,
  paymentsRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  businessDays,
  events,
  menuItems,
  orders,
  payments,
} from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { pdfInfo } from '../../testing/pdf-text.js';
import {
  atNoon,
  noonZone,
  placeOrder,
  seedDay,
  type SeededDay,
} from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';

const cents = (amount: number) => Math.round(amount * 100);
const nextDay = (date: string) => addDays(date, 1);

describe.each(BACKENDS)('End of day (Z report) on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let admin: string;
  let waiter: string;
  let kitchen: string;
  let day: SeededDay;
  let today: string;

  // Sent unchecked: some tests send dates the routes must refuse.
  const report = (token: string, query: { date?: string; format?: string } = {}) =>
    api.as(token).send(businessDaysRoutes.getZReport, { query });
  const close = (token: string, date: string) =>
    api.as(token).send(businessDaysRoutes.closeDay, { body: { date } });
  const reopen = (token: string, body: object) =>
    api.as(token).send(businessDaysRoutes.reopenDay, { body });

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    manager = await signInAs(t, 'manager');
    admin = await signInAs(t, 'admin');
    waiter = await signInAs(t, 'waiter');
    kitchen = await signInAs(t, 'kitchen');
    day = await seedDay(t, manager);
    today = (await report(manager)).data.date;
  }, 60_000);
  afterAll(async () => t?.close());

  it('reconciles a day with voids, tips, both methods, an open bill, to the cent', async () => {
    const res = await report(manager);
    expect(res.status, res.res.body).toBe(200);
    const z = res.data;
    expect(z).toMatchObject({ date: today, today, status: 'open', currency: 'eur' });

    // Orders on the bills settled today: A, B (table 1), C voided, D (table 2), E (table 3) and
    // G (table 5, voided by the close); F is on table 4's open bill.
    expect(z.orders.count).toBe(6);
    expect(z.bills.count).toBe(4);
    expect(z.voids).toMatchObject({ wholeOrders: 2, items: 1 + 3 + 1 });

    // The voids, by the one bill rule at the rates the orders were placed with.
    const r1: ChargeRates = { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false };
    const price = async (name: string) =>
      (
        await t.database.db
          .select({ cents: menuItems.priceCents })
          .from(menuItems)
          .where(and(eq(menuItems.restaurantId, t.restaurantId), eq(menuItems.name, name)))
      )[0]!.cents;
    const espresso = await price('Espresso');
    const beer = await price('Craft Beer');
    const voided =
      lineParts(2 * espresso, r1).total -
      lineParts(espresso, r1).total +
      lineParts(3 * beer, r1).total +
      // Table 5's espresso was ordered after the change to 22% included, no service charge.
      lineParts(espresso, { taxRateBps: 2200, serviceChargeBps: 0, pricesIncludeTax: true }).total;
    expect(cents(z.voids.total)).toBe(voided);

    // Bills and payments against the payment rows themselves.
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.restaurantId, t.restaurantId));
    expect(rows).toHaveLength(3);
    const amount = rows.reduce((s, p) => s + p.amountCents, 0);
    const tips = rows.reduce((s, p) => s + p.tipCents, 0);
    expect(tips).toBe(250);
    expect(cents(z.bills.total)).toBe(amount);
    expect(cents(z.payments.amount)).toBe(amount);
    expect(cents(z.payments.tips)).toBe(tips);
    expect(cents(z.payments.total)).toBe(amount + tips);
    const byMethod = Object.fromEntries(z.payments.byMethod.map((m) => [m.method, m]));
    expect(byMethod.card).toMatchObject({ count: 2, tips: 2 });
    expect(byMethod.cash).toMatchObject({ count: 1, tips: 0.5 });
    for (const method of ['card', 'cash'] as const) {
      const own = rows.filter((p) => p.method === method);
      expect(cents(byMethod[method]!.amount)).toBe(own.reduce((s, p) => s + p.amountCents, 0));
    }

    // The identities, to the cent, and each part adds up.
    expect(cents(z.orders.total) - cents(z.voids.total)).toBe(cents(z.bills.total));
    expect(cents(z.bills.total) + cents(z.payments.tips)).toBe(cents(z.payments.total));
    for (const p of [z.orders, z.voids, z.bills]) {
      expect(cents(p.net) + cents(p.service) + cents(p.tax)).toBe(cents(p.total));
    }
    expect(z.reconciliation).toEqual({
      ordersLessVoids: z.bills.total,
      // No discount that day.
      discounts: 0,
      ordersLessVoidsAndDiscounts: z.bills.total,
      bills: z.bills.total,
      billsPlusTips: z.payments.total,
      payments: z.payments.total,
      balanced: true,
    });

    // Sales by tax rate: 10% (tables 1 and 2) and 22% included (table 3), adding up to the bills.
    expect(z.taxRates.map((r) => r.taxRate)).toEqual([10, 22]);
    const sum = (k: 'net' | 'service' | 'tax' | 'total') =>
      z.taxRates.reduce((s, r) => s + cents(r[k]), 0);
    expect(sum('total')).toBe(cents(z.bills.total));
    expect(sum('tax')).toBe(cents(z.bills.tax));
    expect(sum('service')).toBe(cents(z.bills.service));
    expect(z.taxRates[1]!.service).toBe(0);

    // The fee: 1.9% of the payments, tips excluded.
    expect(z.transactionFee).toEqual({
      rate: 1.9,
      base: z.payments.amount,
      fee: Math.round(amount * 0.019) / 100,
    });

    // Table 4's bill is open, at what its guests see.
    const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
      query: { token: day.openTable },
    });
    expect(z.openBills.count).toBe(1);
    expect(z.openBills.bills[0]).toMatchObject({ tableNumber: 4, orders: 1 });
    expect(z.openBills.bills[0]!.total).toBe(summary.data.totalAmount);
  });

  it('is a PDF too', async () => {
    const res = await report(manager, { format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`z-report-${today}.pdf`);
    const pdf = pdfInfo(res.res.rawPayload);
    expect(pdf.title).toBe(`Tavola Demo Bistro Z report ${today}`);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('lets only managers and admins see it, close and reopen it', async () => {
    expect((await report(waiter)).status).toBe(403);
    expect((await report(kitchen)).status).toBe(403);
    expect((await close(waiter, today)).status).toBe(403);
    expect((await reopen(kitchen, { date: today, reason: 'x' })).status).toBe(403);
    expect((await report(admin)).status).toBe(200);
    expect((await api.call(businessDaysRoutes.getZReport)).status).toBe(401);
  });

  it('refuses bad dates and days that have not begun', async () => {
    expect((await report(manager, { date: 'yesterday' })).status).toBe(400);
    expect((await close(manager, '2999-01-01')).body).toEqual({
      success: false,
      error: DAY_REFUSALS.notBegun('2999-01-01'),
      code: 'DAY_NOT_BEGUN',
      params: { date: '2999-01-01' },
    });
    expect((await reopen(manager, { date: today, reason: '  ' })).body).toEqual({
      success: false,
      error: DAY_REFUSALS.reasonRequired,
      code: 'VALIDATION',
    });
    expect((await reopen(manager, { date: today, reason: 'Typo' })).body).toEqual({
      success: false,
      error: DAY_REFUSALS.notClosed(today),
      code: 'DAY_NOT_CLOSED',
      params: { date: today },
    });
  });

  it("keeps another restaurant's day apart", async () => {
    const other = await createOtherRestaurant(t, { roles: ['manager'], timezone: noonZone() });
    const theirs = (await report(other.tokens.manager!)).data;
    expect(theirs).toMatchObject({ orders: { count: 0 }, payments: { count: 0 } });
    expect(theirs.openBills.count).toBe(0);
    // Their close does not lock ours.
    expect((await close(other.tokens.manager!, theirs.date)).status).toBe(200);
    const days = await t.database.db
      .select()
      .from(businessDays)
      .where(eq(businessDays.restaurantId, t.restaurantId));
    expect(days).toHaveLength(0);
  });

  it('closes the day: kept as closed, audited, evented; later changes go to the next day', async () => {
    // What the close dialog shows before: the seated tables and the unpaid bill.
    const before = (await report(manager)).data;
    expect(before.seatedTables).toEqual([4]);
    expect(before.openBills.bills.map((b) => b.tableNumber)).toEqual([4]);
    const res = await close(manager, today);
    expect(res.status, res.res.body).toBe(200);
    const closed = res.data;
    expect(closed).toMatchObject({ status: 'closed', closedBy: 'Sofia Conti', seatedTables: [] });
    const {
      generatedAt: _g,
      closedAt: _c,
      closedBy: _b,
      status: _s,
      seatedTables: _t,
      today: _d,
      ...figures
    } = before;
    expect(closed).toMatchObject({ ...figures, status: 'closed', generatedAt: closed.closedAt });
    // Closing today began the next business day at once.
    expect(closed.today).toBe(nextDay(today));
    expect((await close(admin, today)).error).toBe(DAY_REFUSALS.alreadyClosed(today));

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, 'business_day.closed')),
      );
    expect(audit?.details).toMatchObject({
      date: today,
      bills: closed.bills.total,
      payments: closed.payments.total,
      balanced: true,
    });
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'business_day_closed')));
    expect(event?.data).toEqual({ date: today, closedBy: 'Sofia Conti', balanced: true });

    // The next business day has begun: the seated table orders and pays, nothing is refused.
    const next = (await report(manager)).data;
    expect(next).toMatchObject({ date: nextDay(today), today: nextDay(today), status: 'open' });
    expect(next.seatedTables).toEqual([4]);
    const more = await placeOrder(t, day.openTable, [['Espresso', 1]]);
    expect(more.sessionId).toBe(day.orders.F!.sessionId);
    const [placed] = await t.database.db
      .select({ businessDate: orders.businessDate })
      .from(orders)
      .where(eq(orders.id, more.orderId));
    expect(placed?.businessDate).toBe(nextDay(today));
    const p = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: day.orders.F!.sessionId },
      body: { method: 'cash' },
    });
    expect(p.status, p.res.body).toBe(201);

    // The kept report does not move; the next day's holds the table's bill, both orders.
    expect((await report(manager, { date: today })).data).toEqual({
      ...closed,
      today: nextDay(today),
    });
    const after = (await report(manager)).data;
    expect(after).toMatchObject({
      date: nextDay(today),
      orders: { count: 2 },
      bills: { count: 1 },
      payments: { count: 1 },
      openBills: { count: 0 },
    });
    expect(after.reconciliation.balanced).toBe(true);
  });

  it('reopens the day with a reason (audited): changes are dated in it again, and a new close counts them', async () => {
    const res = await reopen(manager, { date: today, reason: 'Table 4 was charged twice' });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({
      status: 'open',
      reopenedBy: 'Sofia Conti',
      reopenReason: 'Table 4 was charged twice',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.restaurantId, t.restaurantId),
          eq(auditLog.action, 'business_day.reopened'),
        ),
      );
    expect(audit?.details).toMatchObject({ date: today, reason: 'Table 4 was charged twice' });
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(
        and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'business_day_reopened')),
      );
    expect(event?.data).toMatchObject({ date: today, reason: 'Table 4 was charged twice' });

    // Reopened the same day (its closing time not passed), it is today again.
    expect((await report(manager)).data.date).toBe(today);
    const later = await placeOrder(t, 'QR-T6', [['Espresso', 1]]);
    expect(
      (
        await api.as(manager).call(paymentsRoutes.recordPayment, {
          params: { id: later.sessionId },
          body: { method: 'card', tip: 1 },
        })
      ).status,
    ).toBe(201);

    const closed = (await close(admin, today)).data;
    expect(closed).toMatchObject({ status: 'closed', closedBy: expect.any(String) });
    expect(closed.payments.count).toBe(4);
    expect(closed.openBills.count).toBe(0);
    expect(closed.reconciliation.balanced).toBe(true);
    expect(closed.reopenReason).toBe('Table 4 was charged twice');
  });
});

describe.each(BACKENDS)('Closing a day while payments are recorded, on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  it('counts every payment that got in, and dates every one that did not in the next day', async () => {
    const sessions: string[] = [];
    for (let n = 1; n <= 10; n++) {
      sessions.push((await placeOrder(t, `QR-T${n}`, [['Espresso', n]])).sessionId);
    }
    const today = (await api.as(manager).call(businessDaysRoutes.getZReport)).data.date;
    const [closing, ...paid] = await Promise.all([
      api.as(manager).call(businessDaysRoutes.closeDay, { body: { date: today } }),
      ...sessions.map((id) =>
        api.as(manager).call(paymentsRoutes.recordPayment, {
          params: { id: id },
          body: { method: 'card', tip: 1 },
        }),
      ),
    ]);
    expect(closing.status, closing.res.body).toBe(200);
    const z = closing.data;
    // Nothing is refused: a payment the close did not count is the next day's.
    for (const r of paid) expect(r.status, r.res.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.restaurantId, t.restaurantId));
    expect(rows).toHaveLength(10);
    const counted = rows.filter((p) => p.businessDate === today);
    const later = rows.filter((p) => p.businessDate === nextDay(today));
    expect(counted.length + later.length).toBe(10);
    expect(z.payments.count).toBe(counted.length);
    expect(z.openBills.count).toBe(later.length);
    expect(cents(z.payments.total)).toBe(
      counted.reduce((s, p) => s + p.amountCents + p.tipCents, 0),
    );
    expect(z.reconciliation.balanced).toBe(true);
    // The kept report is what the day holds now.
    const again = await api
      .as(manager)
      .call(businessDaysRoutes.getZReport, { query: { date: today } });
    expect(again.data.payments).toEqual(z.payments);
  });
});
