import { lineParts, periodReportRoutes, type ChargeRates, type RouteDef } from '@tavola/contract';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/auth/password.js';
import {
  auditLog,
  diningSessions,
  menuItems,
  orderItems,
  orders,
  payments,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant, signInAs, type OtherRestaurant } from '../../testing/fixtures.js';
import { pdfText } from '../../testing/pdf-text.js';

/**
 * The restaurant "Range & Co" in New York (UTC-5 in early March 2024), its figures worked out by
 * hand below. Local 1 March 2024 runs from 05:00 UTC on 1 March to 05:00 UTC on 2 March.
 */
const EXCL_10: ChargeRates = { taxRateBps: 1000, serviceChargeBps: 0, pricesIncludeTax: false };
const EXCL_10_SERVICE_5: ChargeRates = {
  taxRateBps: 1000,
  serviceChargeBps: 500,
  pricesIncludeTax: false,
};

interface Line {
  name: string;
  category: string;
  unit: number;
  quantity: number;
  voided?: number;
}

async function fixture(t: TestApp, r: string) {
  const db = t.database.db;
  const [mia] = await db
    .insert(users)
    .values({
      restaurantId: r,
      username: `mia-${randomBytes(3).toString('hex')}`,
      passwordHash: await hashPassword('irrelevant-pass'),
      role: 'manager',
      name: 'Mia',
    })
    .returning();
  const table = async (number: number) =>
    (
      await db
        .insert(tables)
        .values({ restaurantId: r, number, qrToken: `RANGE-${randomBytes(5).toString('hex')}` })
        .returning()
    )[0]!;
  const t1 = await table(1);
  const t2 = await table(2);
  const items = new Map<string, string>();
  const itemId = async (name: string, category: string) => {
    if (!items.has(name)) {
      const [m] = await db
        .insert(menuItems)
        .values({ restaurantId: r, name, category, priceCents: 100, currency: 'usd' })
        .returning();
      items.set(name, m!.id);
    }
    return items.get(name)!;
  };
  const session = async (
    tableId: string,
    opened: string,
    closed: string | null,
    customerCount: number,
  ) =>
    (
      await db
        .insert(diningSessions)
        .values({
          restaurantId: r,
          tableId,
          status: closed ? 'closed' : 'open',
          customerCount,
          openedAt: new Date(opened),
          ...(closed ? { closedAt: new Date(closed) } : {}),
        })
        .returning()
    )[0]!;
  let n = 0;
  const order = async (
    s: { id: string; tableId: string | null },
    at: string,
    rates: ChargeRates,
    lines: Line[],
    cancelled = false,
  ) => {
    const billed = lines.map((l) => l.unit * (l.quantity - (l.voided ?? 0)));
    const parts = billed.map((cents) => lineParts(cents, rates));
    const totalCents = billed.reduce((a, b) => a + b, 0);
    const bill = parts.reduce((a, p) => a + p.total, 0);
    const [o] = await db
      .insert(orders)
      .values({
        restaurantId: r,
        diningSessionId: s.id,
        tableId: s.tableId,
        orderNumber: ++n,
        status: cancelled ? 'cancelled' : 'served',
        totalCents,
        ...rates,
        surchargeCents: bill - totalCents,
        taxCents: parts.reduce((a, p) => a + p.tax, 0),
        serviceCents: parts.reduce((a, p) => a + p.service, 0),
        baseCurrency: 'usd',
        currency: 'usd',
        exchangeRate: 1.08,
        displayTotalCents: totalCents,
        createdAt: new Date(at),
      })
      .returning();
    for (const l of lines) {
      await db.insert(orderItems).values({
        restaurantId: r,
        orderId: o!.id,
        menuItemId: await itemId(l.name, l.category),
        name: l.name,
        category: l.category,
        station: l.category === 'drinks' ? 'bar' : 'kitchen',
        unitPriceCents: l.unit,
        quantity: l.quantity,
        voidedQuantity: l.voided ?? 0,
        lineTotalCents: l.unit * (l.quantity - (l.voided ?? 0)),
      });
    }
    return o!;
  };
  const burger = (quantity: number): Line => ({
    name: 'Burger',
    category: 'food',
    unit: 1250,
    quantity,
  });
  const cola = (quantity: number, voided = 0): Line => ({
    name: 'Cola',
    category: 'drinks',
    unit: 300,
    quantity,
    voided,
  });

  // 1 March, 08:50–09:50 local at table 1, two guests: order A at 09:00, 10% tax on top.
  // Burger 2 × 12.50 = 25.00 (+2.50 tax); Cola 3 × 3.00 with 2 voided = 3.00 (+0.30 tax).
  const sA = await session(t1.id, '2024-03-01T13:50:00Z', '2024-03-01T14:50:00Z', 2);
  const a = await order(sA, '2024-03-01T14:00:00Z', EXCL_10, [burger(2), cola(3, 2)]);
  // 1 March, 23:20–23:55 local at table 2, three guests: order B at 23:30, 5% service then 10%
  // tax. Burger 12.50: service 0.625 → 0.63, tax 1.313 → 1.31, total 14.44. Cola 3 × 3.00 =
  // 9.00: service 0.45, tax 0.945 → 0.95, total 10.40.
  const sB = await session(t2.id, '2024-03-02T04:20:00Z', '2024-03-02T04:55:00Z', 3);
  await order(sB, '2024-03-02T04:30:00Z', EXCL_10_SERVICE_5, [burger(1), cola(3)]);
  // A voided order on 1 March (its sitting has nothing left: no sitting).
  const sD = await session(t2.id, '2024-03-01T15:00:00Z', '2024-03-01T15:30:00Z', 1);
  const d = await order(sD, '2024-03-01T15:05:00Z', EXCL_10, [burger(1)], true);
  // 29 February 23:59 local (outside 1 March), and 2 March 00:00 local (outside too), the
  // latter with an item named like a formula.
  const sE = await session(t1.id, '2024-03-01T04:30:00Z', '2024-03-01T04:59:30Z', 1);
  await order(sE, '2024-03-01T04:59:00Z', EXCL_10, [cola(1)]);
  const sC = await session(t1.id, '2024-03-02T05:00:00Z', null, 4);
  await order(sC, '2024-03-02T05:00:00Z', EXCL_10, [
    { name: '=HYPERLINK("http://x")', category: '+food', unit: 500, quantity: 1 },
  ]);

  const pay = (
    s: { id: string; tableId: string | null },
    method: 'cash' | 'card',
    cents: number,
    tip: number,
    at: string,
  ) =>
    db.insert(payments).values({
      restaurantId: r,
      diningSessionId: s.id,
      tableId: s.tableId,
      method,
      amountCents: cents,
      tipCents: tip,
      currency: 'usd',
      createdAt: new Date(at),
    });
  await pay(sA, 'card', 3080, 300, '2024-03-01T20:00:00Z');
  await pay(sB, 'cash', 2484, 0, '2024-03-02T04:50:00Z');
  await pay(sE, 'card', 330, 0, '2024-03-02T05:10:00Z'); // 2 March

  const voidEntry = (
    action: 'order.void' | 'order.void_line',
    o: { id: string; orderNumber: number },
    at: string,
    cents: number,
    lines: { name: string; quantity: number }[],
    reason: string,
  ) =>
    db.insert(auditLog).values({
      restaurantId: r,
      userId: mia!.id,
      action,
      entityType: 'order',
      entityId: o.id,
      details: { orderNumber: o.orderNumber, tableNumber: 1, reason, voidedCents: cents, lines },
      createdAt: new Date(at),
    });
  await voidEntry(
    'order.void_line',
    a,
    '2024-03-01T15:00:00Z',
    600,
    [{ name: 'Cola', quantity: 2 }],
    'Spilled',
  );
  await voidEntry(
    'order.void',
    d,
    '2024-03-01T16:00:00Z',
    1250,
    [{ name: 'Burger', quantity: 1 }],
    'Left',
  );
  return { mia: mia! };
}

describe.each(BACKENDS)('period reports on %s', (backend) => {
  let t: TestApp;
  let other: OtherRestaurant;
  let manager: string;

  /** A report as a query string asks for it (sent as written, so a bad period reaches the server). */
  const get = <R extends RouteDef>(route: R, query: string, token = manager) =>
    client(t.app)
      .as(token)
      .send(route, { query: Object.fromEntries(new URLSearchParams(query)) });
  const report = async <R extends RouteDef>(route: R, query: string) => {
    const res = await get(route, query);
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };
  const MARCH_1 = 'period=day&date=2024-03-01';

  beforeAll(async () => {
    t = await createTestApp(backend);
    other = await createOtherRestaurant(t, {
      name: 'Range & Co',
      roles: ['manager', 'waiter'],
      timezone: 'America/New_York',
    });
    await t.database.db
      .update(restaurants)
      .set({ currency: 'usd' })
      .where(eq(restaurants.id, other.id));
    await fixture(t, other.id);
    manager = other.tokens.manager!;
  });
  afterAll(async () => t?.close());

  it('sums a local day: its orders with their frozen tax and service, voids and payments', async () => {
    const data = await report(periodReportRoutes.sales, MARCH_1);
    expect(data.range).toMatchObject({
      period: 'day',
      from: '2024-03-01',
      to: '2024-03-01',
      timezone: 'America/New_York',
      currency: 'usd',
    });
    expect(data).toMatchObject({
      orders: 2,
      itemsSold: 7,
      menu: 49.5,
      parts: { net: 49.5, service: 1.08, tax: 5.06, total: 55.64 },
      averageOrder: 27.82,
      voids: { orderVoids: 1, lineVoids: 1, amount: 18.5 },
      payments: { count: 2, amount: 55.64, tips: 3 },
      days: [{ date: '2024-03-01', orders: 2, total: 55.64 }],
    });
    expect(data.hours.filter((h) => h.orders > 0)).toEqual([
      { hour: 9, orders: 1, total: 30.8 },
      { hour: 23, orders: 1, total: 24.84 },
    ]);
  });

  it('takes Monday-to-Sunday weeks, calendar months and custom ranges at the zone’s midnights', async () => {
    // Friday 1 March 2024: the week of 26 February to 3 March holds A, B, C and E.
    const week = await report(periodReportRoutes.sales, 'period=week&date=2024-03-01');
    expect(week.range).toMatchObject({ from: '2024-02-26', to: '2024-03-03' });
    expect(week.orders).toBe(4);
    expect(week.days.map((d) => [d.date, d.orders])).toEqual([
      ['2024-02-26', 0],
      ['2024-02-27', 0],
      ['2024-02-28', 0],
      ['2024-02-29', 1],
      ['2024-03-01', 2],
      ['2024-03-02', 1],
      ['2024-03-03', 0],
    ]);
    const march = await report(periodReportRoutes.sales, 'period=month&date=2024-03-20');
    expect(march.range).toMatchObject({ from: '2024-03-01', to: '2024-03-31' });
    expect(march.orders).toBe(3);
    const leapDay = await report(
      periodReportRoutes.sales,
      'period=custom&from=2024-02-29&to=2024-02-29',
    );
    expect(leapDay).toMatchObject({ orders: 1, parts: { total: 3.3 } });
  });

  it('sells items and categories whose parts add up to the sales summary', async () => {
    const data = await report(periodReportRoutes.items, MARCH_1);
    expect(data.items).toEqual([
      {
        name: 'Burger',
        category: 'food',
        quantity: 3,
        net: 37.5,
        service: 0.63,
        tax: 3.81,
        total: 41.94,
      },
      {
        name: 'Cola',
        category: 'drinks',
        quantity: 4,
        net: 12,
        service: 0.45,
        tax: 1.25,
        total: 13.7,
      },
    ]);
    expect(data.categories.map((c) => [c.category, c.total])).toEqual([
      ['food', 41.94],
      ['drinks', 13.7],
    ]);
    expect(data.totals).toEqual({ quantity: 7, net: 49.5, service: 1.08, tax: 5.06, total: 55.64 });
  });

  it('sums tax by the rates orders were placed with: the orders’ own columns', async () => {
    const data = await report(periodReportRoutes.tax, MARCH_1);
    expect(data.rates).toEqual([
      {
        taxRate: 10,
        serviceCharge: 5,
        pricesIncludeTax: false,
        orders: 1,
        net: 21.5,
        service: 1.08,
        tax: 2.26,
        total: 24.84,
      },
      {
        taxRate: 10,
        serviceCharge: 0,
        pricesIncludeTax: false,
        orders: 1,
        net: 28,
        service: 0,
        tax: 2.8,
        total: 30.8,
      },
    ]);
    const [sums] = await t.database.db
      .select({
        tax: sql<string>`sum(${orders.taxCents})`,
        service: sql<string>`sum(${orders.serviceCents})`,
      })
      .from(orders)
      .where(
        sql`${orders.restaurantId} = ${other.id} and ${orders.status} <> 'cancelled' and ${orders.createdAt} >= '2024-03-01T05:00:00Z' and ${orders.createdAt} < '2024-03-02T05:00:00Z'`,
      );
    expect(data.totals).toEqual({
      orders: 2,
      net: 49.5,
      service: Number(sums!.service) / 100,
      tax: Number(sums!.tax) / 100,
      total: 55.64,
    });
  });

  it('counts payments by method with tips, in the local day they were received', async () => {
    const data = await report(periodReportRoutes.payments, MARCH_1);
    expect(data.methods).toEqual([
      { method: 'cash', count: 1, amount: 24.84, tips: 0, total: 24.84 },
      { method: 'card', count: 1, amount: 30.8, tips: 3, total: 33.8 },
    ]);
    expect(data.totals).toEqual({ count: 2, amount: 55.64, tips: 3, total: 58.64 });
  });

  it('turns tables over: sittings with a counted order, guests, minutes seated', async () => {
    const data = await report(periodReportRoutes.tables, MARCH_1);
    expect(data.tables).toEqual([
      { tableNumber: 1, sittings: 1, guests: 2, averageMinutes: 60, total: 30.8 },
      { tableNumber: 2, sittings: 1, guests: 3, averageMinutes: 35, total: 24.84 },
    ]);
    expect(data.totals).toEqual({
      tables: 2,
      sittings: 2,
      guests: 5,
      averageMinutes: 47.5,
      total: 55.64,
      turnover: 1,
    });
  });

  it('lists the voids made in the period, who made them and why', async () => {
    const data = await report(periodReportRoutes.voids, MARCH_1);
    expect(data.voids).toEqual([
      expect.objectContaining({
        whole: true,
        items: '1× Burger',
        amount: 12.5,
        by: 'Mia',
        reason: 'Left',
      }),
      expect.objectContaining({
        whole: false,
        items: '2× Cola',
        amount: 6,
        by: 'Mia',
        reason: 'Spilled',
        orderNumber: 1,
      }),
    ]);
    expect(data.totals).toEqual({ orderVoids: 1, lineVoids: 1, amount: 18.5 });
    const staff = await report(periodReportRoutes.staff, MARCH_1);
    expect(staff.voids).toEqual([
      expect.objectContaining({ name: 'Mia', orderVoids: 1, lineVoids: 1, amount: 18.5 }),
    ]);
  });

  it('downloads CSV with a byte-order mark, every cell a string, never a formula', async () => {
    const res = await get(periodReportRoutes.items, 'period=week&date=2024-03-01&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="items-2024-02-26_2024-03-03.csv"',
    );
    expect(res.res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.res.rawPayload.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe('"Item and category sales","Range & Co"');
    expect(text).toContain('"\'=HYPERLINK(""http://x"")","\'+food","1"');
    expect(text).not.toMatch(/(^|,)"[=+@]/m);
    const sales = (await get(periodReportRoutes.sales, `${MARCH_1}&format=csv`)).res.body;
    expect(sales).toContain('\r\n"Total","55.64"\r\n');
    expect(sales).toContain('\r\n"Tax","5.06"\r\n');
  });

  it('downloads a PDF whose text holds the title, the period and the totals', async () => {
    const res = await get(periodReportRoutes.tax, `${MARCH_1}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.res.rawPayload);
    expect(text).toContain('Tax summary');
    expect(text).toContain('Range & Co');
    expect(text).toEqual(expect.arrayContaining(['Total', '55.64', '5.06', '49.50', '1.08']));
    // Charts are vector paths: rectangles filled with the brand colour, no images.
    expect(res.res.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('is for staff who view reports, in their own restaurant, and says what is wrong', async () => {
    expect(
      (await get(periodReportRoutes.sales, MARCH_1, other.tokens.waiter ?? 'no-token')).status,
    ).toBe(403);
    const demo = await get(periodReportRoutes.sales, MARCH_1, await signInAs(t, 'manager'));
    expect(demo.data.orders).toBe(0);
    const bad = await get(periodReportRoutes.sales, 'period=custom&from=2024-03-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      error: 'A custom period needs from and to dates',
      code: 'VALIDATION',
    });
    expect((await get(periodReportRoutes.tax, 'period=month&date=2024-02-30')).status).toBe(400);
  });
});
