import { ORDER_MAX_TOTAL_CENTS, SESSION_MAX_TOTAL_CENTS } from '@tavola/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningSessions, menuItems, orderItems, orders, tables } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)('money beyond 32 bits, and ceilings, on %s', (backend) => {
  let t: TestApp;
  let manager: string;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const menu = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
    espresso = menu.json().data.menu.drinks.find((i: { name: string }) => i.name === 'Espresso').id;
  });
  afterAll(async () => t?.close());

  const asManager = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${manager}` },
      ...(payload ? { payload } : {}),
    });

  it('bills, pays and reports a table whose bill passes 21,474,836.47', async () => {
    // Three 9,000,000.00 orders in one open bill: 27,000,000.00 in all (2.7 billion cents).
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: { token: 'QR-T2', items: [{ menuItemId: espresso, quantity: 1 }] },
    });
    const sessionId = placed.json().data.sessionId as string;
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T2'));
    const [item] = await t.database.db.select().from(menuItems).where(eq(menuItems.id, espresso));
    for (let n = 0; n < 3; n++) {
      const [order] = await t.database.db
        .insert(orders)
        .values({
          restaurantId: t.restaurantId,
          diningSessionId: sessionId,
          tableId: table!.id,
          orderNumber: 900_000 + n,
          totalCents: 900_000_000,
          baseCurrency: 'eur',
          currency: 'eur',
          exchangeRate: 1.08,
          displayTotalCents: 900_000_000,
          status: 'served',
        })
        .returning();
      await t.database.db.insert(orderItems).values({
        restaurantId: t.restaurantId,
        orderId: order!.id,
        menuItemId: item!.id,
        name: item!.name,
        category: item!.category,
        station: 'bar',
        unitPriceCents: 10_000_000,
        quantity: 90,
        lineTotalCents: 900_000_000,
      });
    }
    const billCents = 2_700_000_000 + placed.json().data.total.eur * 100;

    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/public/summary?token=QR-T2',
    });
    expect(summary.statusCode).toBe(200);
    expect(Math.round(summary.json().data.totalAmount * 100)).toBe(billCents);

    const overview = await asManager('GET', '/api/reports/overview');
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data.todaysRevenue).toBeGreaterThan(27_000_000);
    const analytics = await asManager('GET', '/api/reports/analytics');
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json().data.revenue.month).toBeGreaterThan(27_000_000);
    expect(analytics.json().data.orders.averageValue).toBeGreaterThan(6_000_000);
    const floorTable = async () => {
      const floor = await asManager('GET', '/api/tables/floor');
      expect(floor.statusCode).toBe(200);
      return floor.json().data;
    };
    const before = await floorTable();
    const row = before.tables.find((x: { number: number }) => x.number === 2);
    expect(Math.round(row.billTotal * 100)).toBe(billCents);

    const request = await t.app.inject({
      method: 'POST',
      url: '/api/tables/public/request-payment',
      payload: { token: 'QR-T2' },
    });
    expect(request.statusCode).toBe(200);
    const paid = await asManager('POST', `/api/sessions/${sessionId}/payments`, {
      method: 'card',
    });
    expect(paid.statusCode).toBe(201);
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, sessionId));
    expect(session!.paymentStatus).toBe('paid');
    // Today's sales on the floor are the payments: past 2^31 cents too.
    expect(Math.round((await floorTable()).stats.todaysSales * 100)).toBe(billCents);
    const history = await asManager('GET', '/api/orders/history');
    expect(history.statusCode).toBe(200);
    expect(history.json().data.rows.some((r: { total: number }) => r.total === 9_000_000)).toBe(
      true,
    );
  });

  it('refuses one order above the per-order ceiling with a clear 400', async () => {
    const [item] = await t.database.db
      .update(menuItems)
      .set({ priceCents: 10_000_000 })
      .where(eq(menuItems.name, 'Tiramisu'))
      .returning();
    const count = Math.floor(ORDER_MAX_TOTAL_CENTS / 10_000_000) + 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: { token: 'QR-T3', items: [{ menuItemId: item!.id, quantity: count }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: expect.stringMatching(/too large for one order/i),
      code: 'VALIDATION',
    });
  });

  it('refuses an order that would take the open bill above its ceiling with a clear 409', async () => {
    const [item] = await t.database.db
      .update(menuItems)
      .set({ priceCents: 1_000_000 })
      .where(eq(menuItems.name, 'Tiramisu'))
      .returning();
    const perOrder = Math.floor(ORDER_MAX_TOTAL_CENTS / item!.priceCents);
    const orderCents = perOrder * item!.priceCents;
    let last;
    for (let n = 0; n <= SESSION_MAX_TOTAL_CENTS / orderCents; n++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/orders/public',
        payload: { token: 'QR-T4', items: [{ menuItemId: item!.id, quantity: perOrder }] },
      });
      if (last.statusCode !== 201) break;
    }
    expect(last?.statusCode).toBe(409);
    expect(last?.json().error).toMatch(/ask your waiter/i);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/public/summary?token=QR-T4',
    });
    expect(summary.json().data.totalAmount * 100).toBeLessThanOrEqual(SESSION_MAX_TOTAL_CENTS);
  });
});

describe.each(BACKENDS)('Idempotency-Key and the second currency on %s', (backend) => {
  let t: TestApp;
  let espresso: string;
  let tiramisu: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const menu = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
    const all = [...menu.json().data.menu.drinks, ...menu.json().data.menu.food];
    espresso = all.find((i: { name: string }) => i.name === 'Espresso').id;
    tiramisu = all.find((i: { name: string }) => i.name === 'Tiramisu').id;
  });
  afterAll(async () => t?.close());

  const place = (token: string, key: string, items: object[], currency = 'EUR') =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      headers: { 'idempotency-key': key },
      payload: { token, items, currency },
    });

  it("never answers with another table's order for a reused key", async () => {
    const first = await place('QR-T6', 'shared-key-1', [{ menuItemId: espresso, quantity: 1 }]);
    const other = await place('QR-T7', 'shared-key-1', [{ menuItemId: espresso, quantity: 1 }]);
    expect(first.statusCode).toBe(201);
    expect(other.statusCode).toBe(201);
    expect(other.json().data.orderId).not.toBe(first.json().data.orderId);
    const again = await place('QR-T6', 'shared-key-1', [{ menuItemId: espresso, quantity: 1 }]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderId).toBe(first.json().data.orderId);
  });

  it('refuses a key that comes back with a different order with 422', async () => {
    await place('QR-T8', 'changed-body', [{ menuItemId: espresso, quantity: 1 }]);
    const changed = await place('QR-T8', 'changed-body', [{ menuItemId: espresso, quantity: 5 }]);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      success: false,
      error: expect.stringMatching(/already used for a different order/),
      code: 'UNPROCESSABLE',
    });
  });

  it("never answers the next party at a table with the previous party's order for a reused key", async () => {
    const manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const items = [{ menuItemId: espresso, quantity: 2 }];
    const first = await place('QR-T10', 'next-party', items);
    expect(first.statusCode).toBe(201);
    const { orderId, sessionId } = first.json().data;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/payments`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { method: 'card' },
    });
    expect(paid.statusCode).toBe(201);

    // The same key and body from the table's next party: its bill (and session id) is closed.
    const next = await place('QR-T10', 'next-party', items);
    expect(next.statusCode).toBe(422);
    expect(next.json()).toEqual({
      success: false,
      error: expect.stringMatching(/already used.*bill that is now closed.*new key/i),
      code: 'UNPROCESSABLE',
    });
    expect(next.body).not.toContain(orderId);
    expect(next.body).not.toContain(sessionId);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.idempotencyKey, 'next-party'));
    expect(count!.n).toBe(1);
  });

  it('shows on the menu exactly the unit price the bill charges, for an item priced in the other currency', async () => {
    const manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    // The restaurant bills in EUR at 1.08; USD 10.06 is 9.31 EUR, which is 10.05 USD again.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/menu/${tiramisu}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { name: 'Tiramisu', category: 'food', price: 10.06, currency: 'USD' },
    });
    expect(edited.statusCode).toBe(200);
    const menu = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T11' });
    const shown = menu.json().data.menu.food.find((i: { id: string }) => i.id === tiramisu).price;

    for (const currency of ['USD', 'EUR'] as const) {
      const token = currency === 'USD' ? 'QR-T11' : 'QR-T12';
      const placed = await place(
        token,
        `unit-${currency}`,
        [{ menuItemId: tiramisu, quantity: 3 }],
        currency,
      );
      expect(placed.statusCode).toBe(201);
      const summary = (
        await t.app.inject({ method: 'GET', url: `/api/sessions/public/summary?token=${token}` })
      ).json().data;
      const line = summary.orders[0].items[0];
      expect(line.unitPrice).toEqual(shown);
      // What the guest saw in the cart (menu unit × quantity) is what the order answers.
      const cur = currency.toLowerCase() as 'eur' | 'usd';
      expect(Math.round(placed.json().data.total[cur] * 100)).toBe(
        Math.round(shown[cur] * 100) * 3,
      );
    }
  });

  it('adds up in the second currency: lines are unit × quantity, totals the sum of lines', async () => {
    await place(
      'QR-T9',
      'usd-1',
      [
        { menuItemId: tiramisu, quantity: 99 },
        { menuItemId: espresso, quantity: 7 },
      ],
      'USD',
    );
    await place('QR-T9', 'usd-2', [{ menuItemId: espresso, quantity: 3 }], 'USD');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/public/summary?token=QR-T9',
    });
    const summary = res.json().data;
    const cents = (n: number) => Math.round(n * 100);
    for (const cur of ['eur', 'usd'] as const) {
      let bill = 0;
      for (const order of summary.orders) {
        let sum = 0;
        for (const line of order.items) {
          expect(cents(line.lineTotal[cur])).toBe(cents(line.unitPrice[cur]) * line.quantity);
          sum += cents(line.lineTotal[cur]);
        }
        expect(cents(order.total[cur])).toBe(sum);
        bill += sum;
      }
      expect(cents(summary.totals[cur])).toBe(bill);
    }
  });
});
