import {
  diningSessionsRoutes,
  floorRoutes,
  ordersRoutes,
  paymentsRoutes,
  reportsRoutes,
  requestsRoutes,
  settingsRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, payments, requests } from '../../core/db/schema.js';
import { placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

/**
 * Tax and service charge on a real bill, from the guest's
 * page to the payment and the reports, every figure worked out by hand with the contract's rule
 * (per line, half away from zero): the parts add up everywhere and agree with each other.
 */
describe.each(BACKENDS)('bills with tax and service charge on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  const settings = (change: {
    taxRate: number;
    serviceCharge: number;
    pricesIncludeTax: boolean;
  }) =>
    api.as(admin).call(settingsRoutes.updateRestaurantSettings, {
      body: {
        name: 'Trattoria Demo',
        currency: 'eur',
        exchangeRate: 1.08,
        timezone: 'Europe/Rome',
        publicUrl: null,
        ...change,
      },
    });
  const summary = async () =>
    (await api.call(diningSessionsRoutes.getSessionSummary, { query: { token: 'QR-T9' } })).data;
  const floorTable9 = async () =>
    (await api.as(manager).call(floorRoutes.getFloor)).data.tables.find((x) => x.number === 9)!;

  it('charges each order the settings of its moment, shows the parts everywhere, and takes exactly the bill', async () => {
    // 8.5% tax added to the prices, 15% service charge (a US-style check).
    expect(
      (await settings({ taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false })).status,
    ).toBe(200);
    const first = await placeGuestOrder(t, 'QR-T9', [
      ['Tiramisu', 2],
      ['Espresso', 3],
    ]);
    expect(first.status, first.res.body).toBe(201);
    const firstId = first.data.orderId;
    // Tiramisu 14.00: service 2.10, tax 8.5% of 16.10 = 1.3685 → 1.37, 17.47.
    // Espresso 6.60: service 0.99, tax 8.5% of 7.59 = 0.64515 → 0.65, 8.24.
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, firstId));
    expect(stored).toMatchObject({
      totalCents: 2060,
      surchargeCents: 511,
      serviceCents: 309,
      taxCents: 202,
      taxRateBps: 850,
      serviceChargeBps: 1500,
      pricesIncludeTax: false,
    });

    // Then 10% tax within the prices and no service charge (an Italian bill): orders already
    // placed keep theirs.
    expect((await settings({ taxRate: 10, serviceCharge: 0, pricesIncludeTax: true })).status).toBe(
      200,
    );
    const second = await placeGuestOrder(t, 'QR-T9', [['Espresso', 1]]);
    expect(second.status, second.res.body).toBe(201);

    // The guest's running bill, in both currencies. USD: Tiramisu 7.56, Espresso 2.38.
    // USD first order: 15.12 → service 2.268 → 2.27, tax 8.5% of 17.39 = 1.47815 → 1.48;
    // 7.14 → service 1.071 → 1.07, tax 8.5% of 8.21 = 0.69785 → 0.70. Second: 2.38 with
    // 10% inside: tax 0.2164 → 0.22.
    const bill = await summary();
    expect(bill.parts).toEqual({
      eur: { net: 22.6, service: 3.09, tax: 2.22, total: 27.91 },
      usd: { net: 24.42, service: 3.34, tax: 2.4, total: 30.16 },
    });
    expect(bill.totals).toEqual({ eur: 27.91, usd: 30.16 });
    expect(bill.totalAmount).toBe(27.91);
    // Two orders at different settings: no single rate names the bill.
    expect(bill.charges).toEqual({ taxRate: null, serviceCharge: null, pricesIncludeTax: null });
    // Each order's own lines stay at menu prices.
    expect(bill.orders.map((o: { total: { eur: number } }) => o.total.eur)).toEqual([20.6, 2.2]);

    // The waiter's floor: the same parts, and the bill the payment dialog starts from.
    const table9 = await floorTable9();
    expect(table9.bill).toEqual({ net: 22.6, service: 3.09, tax: 2.22, total: 27.91 });
    expect(table9.billTotal).toBe(27.91);

    // The guest asks for the bill: the request carries what the table pays.
    const asked = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T9' } });
    expect(asked.status, asked.res.body).toBe(200);
    const openRequest = async () =>
      (
        await t.database.db
          .select({ amountCents: requests.amountCents })
          .from(requests)
          .where(and(eq(requests.kind, 'payment'), eq(requests.status, 'open')))
      )[0]?.amountCents;
    expect(await openRequest()).toBe(2791);

    // A manager voids one espresso of the first order: its parts follow its remaining lines at
    // its own rates: 4.40 → service 0.66, tax 8.5% of 5.06 = 0.4301 → 0.43, 5.49.
    const [espresso] = await t.database.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, firstId), eq(orderItems.name, 'Espresso')));
    const voided = await api.as(manager).call(ordersRoutes.voidOrderLine, {
      params: { id: firstId, itemId: espresso!.id },
      body: {
        quantity: 1,
        reason: 'Spilled',
      },
    });
    expect(voided.status, voided.res.body).toBe(200);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, firstId));
    expect(after).toMatchObject({
      totalCents: 1840,
      serviceCents: 276,
      taxCents: 180,
      surchargeCents: 456,
    });
    expect(await openRequest()).toBe(2516);
    expect((await summary()).parts.eur).toEqual({
      net: 20.4,
      service: 2.76,
      tax: 2.0,
      total: 25.16,
    });
    expect((await floorTable9()).bill).toEqual({
      net: 20.4,
      service: 2.76,
      tax: 2.0,
      total: 25.16,
    });

    // Less than the bill is refused in its words; the bill itself is taken.
    const short = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: bill.sessionId! },
      body: {
        method: 'cash',
        amount: 24,
      },
    });
    expect(short.status).toBe(400);
    expect(short.error).toBe('The amount received is less than the bill and tip (25.16 EUR)');
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: bill.sessionId! },
      body: {
        method: 'cash',
        amount: 30,
        tip: 2,
      },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.diningSessionId, bill.sessionId!));
    expect(payment).toMatchObject({ amountCents: 2516, tipCents: 200 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.recorded'), eq(auditLog.entityId, bill.sessionId!)));
    expect(audit?.details).toMatchObject({
      billCents: 2516,
      netCents: 2040,
      serviceCents: 276,
      taxCents: 200,
      changeCents: 284,
    });

    // Reports: each order's parts in the history (CSV too), and today's revenue gross and net.
    const history = (await api.as(manager).call(reportsRoutes.getOrderHistory)).data.rows;
    expect(
      history.map((r: { net: number; service: number; tax: number; total: number }) => [
        r.net,
        r.service,
        r.tax,
        r.total,
      ]),
    ).toEqual([
      [2.0, 0, 0.2, 2.2],
      [18.4, 2.76, 1.8, 22.96],
    ]);
    expect(history.map((r: { status: string }) => r.status)).toEqual(['paid', 'paid']);
    const csv = (
      await api.as(manager).call(reportsRoutes.getOrderHistory, { query: { format: 'csv' } })
    ).res.body
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      '"Order #","Table","Items","Net","Service","Tax","Total","Waiter","Time","Status"',
    );
    expect(csv[2]).toContain('"2× Espresso, 2× Tiramisu","18.40","2.76","1.80","22.96"');

    const analytics = (await api.as(manager).call(reportsRoutes.getAnalytics)).data;
    expect(analytics.revenue.today).toBe(25.16);
    expect(analytics.revenueParts.today).toEqual({
      net: 20.4,
      service: 2.76,
      tax: 2.0,
      total: 25.16,
    });
    const overview = (await api.as(manager).call(reportsRoutes.getOverview)).data;
    // Ordered and paid today agree to the cent once everything ordered is paid.
    expect(overview.todaysRevenue).toBe(25.16);
    expect(overview.paidToday).toBe(25.16);

    await settings({ taxRate: 8.5, serviceCharge: 0, pricesIncludeTax: true });
  });
});
