import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, payments, requests } from '../../core/db/schema.js';
import { guestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Tax and service charge on a real bill (issue 16, item 1; issue 15, item 4), from the guest's
 * page to the payment and the reports, every figure worked out by hand with the contract's rule
 * (per line, half away from zero): the parts add up everywhere and agree with each other.
 */
describe.each(BACKENDS)('bills with tax and service charge on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  const settings = (change: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/restaurant/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        name: 'Trattoria Demo',
        currency: 'eur',
        exchangeRate: 1.08,
        timezone: 'Europe/Rome',
        publicUrl: null,
        ...change,
      },
    });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${manager}` },
      ...(payload ? { payload } : {}),
    });
  const summary = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/sessions/public/summary?token=QR-T9' })).json()
      .data;
  const floorTable9 = async () =>
    (await call('GET', '/api/tables/floor'))
      .json()
      .data.tables.find((x: { number: number }) => x.number === 9);

  it('charges each order the settings of its moment, shows the parts everywhere, and takes exactly the bill', async () => {
    // 8.5% tax added to the prices, 15% service charge (a US-style check).
    expect(
      (await settings({ taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false })).statusCode,
    ).toBe(200);
    const first = await guestOrder(t, 'QR-T9', [
      ['Tiramisu', 2],
      ['Espresso', 3],
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().data.orderId as string;
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
    expect(
      (await settings({ taxRate: 10, serviceCharge: 0, pricesIncludeTax: true })).statusCode,
    ).toBe(200);
    const second = await guestOrder(t, 'QR-T9', [['Espresso', 1]]);
    expect(second.statusCode, second.body).toBe(201);

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
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/tables/public/request-payment',
      payload: { token: 'QR-T9' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
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
    const voided = await call('POST', `/api/orders/${firstId}/items/${espresso!.id}/void`, {
      quantity: 1,
      reason: 'Spilled',
    });
    expect(voided.statusCode, voided.body).toBe(200);
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
    const short = await call('POST', `/api/sessions/${bill.sessionId}/payments`, {
      method: 'cash',
      amount: 24,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(
      'The amount received is less than the bill and tip (25.16 EUR)',
    );
    const paid = await call('POST', `/api/sessions/${bill.sessionId}/payments`, {
      method: 'cash',
      amount: 30,
      tip: 2,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.diningSessionId, bill.sessionId));
    expect(payment).toMatchObject({ amountCents: 2516, tipCents: 200 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.recorded'), eq(auditLog.entityId, bill.sessionId)));
    expect(audit?.details).toMatchObject({
      billCents: 2516,
      netCents: 2040,
      serviceCents: 276,
      taxCents: 200,
      changeCents: 284,
    });

    // Reports: each order's parts in the history (CSV too), and today's revenue gross and net.
    const history = (await call('GET', '/api/orders/history')).json().data.rows;
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
    const csv = (await call('GET', '/api/orders/history?format=csv')).body.trim().split('\r\n');
    expect(csv[0]).toBe(
      '"Order #","Table","Items","Net","Service","Tax","Total","Waiter","Time","Status"',
    );
    expect(csv[2]).toContain('"2× Espresso, 2× Tiramisu","18.40","2.76","1.80","22.96"');

    const analytics = (await call('GET', '/api/reports/analytics')).json().data;
    expect(analytics.revenue.today).toBe(25.16);
    expect(analytics.revenueParts.today).toEqual({
      net: 20.4,
      service: 2.76,
      tax: 2.0,
      total: 25.16,
    });
    const overview = (await call('GET', '/api/reports/overview')).json().data;
    // Ordered and paid today agree to the cent once everything ordered is paid.
    expect(overview.todaysRevenue).toBe(25.16);
    expect(overview.paidToday).toBe(25.16);

    await settings({ taxRate: 8.5, serviceCharge: 0, pricesIncludeTax: true });
  });
});
