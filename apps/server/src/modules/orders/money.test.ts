import {
  ORDER_MAX_TOTAL_CENTS,
  SESSION_MAX_TOTAL_CENTS,
  diningSessionsRoutes,
  floorRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  reportsRoutes,
  requestsRoutes,
} from '@tavola/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningSessions, menuItems, orderItems, orders, tables } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('money beyond 32 bits, and ceilings, on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    espresso = menu.data.menu.drinks!.find((i) => i.name === 'Espresso')!.id;
  });
  afterAll(async () => t?.close());

  it('bills, pays and reports a table whose bill passes 21,474,836.47', async () => {
    // Three 9,000,000.00 orders in one open bill: 27,000,000.00 in all (2.7 billion cents).
    const placed = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T2', items: [{ menuItemId: espresso, quantity: 1 }] },
    });
    const sessionId = placed.data.sessionId;
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
    const billCents = 2_700_000_000 + placed.data.total.eur * 100;

    const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
      query: { token: 'QR-T2' },
    });
    expect(summary.status).toBe(200);
    expect(Math.round(summary.data.totalAmount * 100)).toBe(billCents);

    const overview = await api.as(manager).call(reportsRoutes.getOverview);
    expect(overview.status).toBe(200);
    expect(overview.data.todaysRevenue).toBeGreaterThan(27_000_000);
    const analytics = await api.as(manager).call(reportsRoutes.getAnalytics);
    expect(analytics.status).toBe(200);
    expect(analytics.data.revenue.month).toBeGreaterThan(27_000_000);
    expect(analytics.data.orders.averageValue).toBeGreaterThan(6_000_000);
    const floorTable = async () => {
      const floor = await api.as(manager).call(floorRoutes.getFloor);
      expect(floor.status).toBe(200);
      return floor.data;
    };
    const before = await floorTable();
    const row = before.tables.find((x) => x.number === 2)!;
    expect(Math.round(row.billTotal * 100)).toBe(billCents);

    const request = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T2' } });
    expect(request.status).toBe(200);
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: sessionId },
      body: {
        method: 'card',
      },
    });
    expect(paid.status).toBe(201);
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, sessionId));
    expect(session!.paymentStatus).toBe('paid');
    // Today's sales on the floor are the payments: past 2^31 cents too.
    expect(Math.round((await floorTable()).stats.todaysSales * 100)).toBe(billCents);
    const history = await api.as(manager).call(reportsRoutes.getOrderHistory);
    expect(history.status).toBe(200);
    expect(history.data.rows.some((r: { total: number }) => r.total === 9_000_000)).toBe(true);
  });

  it('refuses one order above the per-order ceiling with a clear 400', async () => {
    const [item] = await t.database.db
      .update(menuItems)
      .set({ priceCents: 10_000_000 })
      .where(eq(menuItems.name, 'Tiramisu'))
      .returning();
    const count = Math.floor(ORDER_MAX_TOTAL_CENTS / 10_000_000) + 1;
    const res = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T3', items: [{ menuItemId: item!.id, quantity: count }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringMatching(/too large for one order/i),
      code: 'ORDER_TOTAL_ABOVE_MAX',
      params: { amount: '50000.00', currency: 'EUR' },
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
      last = await api.call(ordersRoutes.placeOrder, {
        body: { token: 'QR-T4', items: [{ menuItemId: item!.id, quantity: perOrder }] },
      });
      if (last.status !== 201) break;
    }
    expect(last?.status).toBe(409);
    expect(last?.error).toMatch(/ask your waiter/i);
    const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
      query: { token: 'QR-T4' },
    });
    expect(summary.data.totalAmount * 100).toBeLessThanOrEqual(SESSION_MAX_TOTAL_CENTS);
  });
});

describe.each(BACKENDS)('Idempotency-Key and the second currency on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let espresso: string;
  let tiramisu: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    const all = [...menu.data.menu.drinks!, ...menu.data.menu.food!];
    espresso = all.find((i) => i.name === 'Espresso')!.id;
    tiramisu = all.find((i) => i.name === 'Tiramisu')!.id;
  });
  afterAll(async () => t?.close());

  const place = (
    token: string,
    key: string,
    items: { menuItemId: string; quantity: number }[],
    currency: 'EUR' | 'USD' = 'EUR',
  ) =>
    api.call(ordersRoutes.placeOrder, {
      headers: { 'idempotency-key': key },
      body: { token, items, currency },
    });

  it("never answers with another table's order for a reused key", async () => {
    const first = await place('QR-T6', 'shared-key-1', [{ menuItemId: espresso, quantity: 1 }]);
    const other = await place('QR-T7', 'shared-key-1', [{ menuItemId: espresso, quantity: 1 }]);
    expect(first.status).toBe(201);
    expect(other.status).toBe(201);
    expect(other.data.orderId).not.toBe(first.data.orderId);
    const again = await place('QR-T6', 'shared-key-1', [{ menuItemId: espresso, quantity: 1 }]);
    expect(again.status).toBe(200);
    expect(again.data.orderId).toBe(first.data.orderId);
  });

  it('refuses a key that comes back with a different order with 422', async () => {
    await place('QR-T8', 'changed-body', [{ menuItemId: espresso, quantity: 1 }]);
    const changed = await place('QR-T8', 'changed-body', [{ menuItemId: espresso, quantity: 5 }]);
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      success: false,
      error: expect.stringMatching(/already used for a different order/),
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it("never answers the next party at a table with the previous party's order for a reused key", async () => {
    const manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const items = [{ menuItemId: espresso, quantity: 2 }];
    const first = await place('QR-T10', 'next-party', items);
    expect(first.status).toBe(201);
    const { orderId, sessionId } = first.data;
    const paid = await api
      .as(manager)
      .call(paymentsRoutes.recordPayment, { params: { id: sessionId }, body: { method: 'card' } });
    expect(paid.status).toBe(201);

    // The same key and body from the table's next party: its bill (and session id) is closed.
    const next = await place('QR-T10', 'next-party', items);
    expect(next.status).toBe(422);
    expect(next.body).toEqual({
      success: false,
      error: expect.stringMatching(/already used.*bill that is now closed.*new key/i),
      code: 'IDEMPOTENCY_KEY_BILL_CLOSED',
    });
    expect(next.res.body).not.toContain(orderId);
    expect(next.res.body).not.toContain(sessionId);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.idempotencyKey, 'next-party'));
    expect(count!.n).toBe(1);
  });

  it('shows on the menu exactly the unit price the bill charges, for an item priced in the other currency', async () => {
    const manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    // The restaurant bills in EUR at 1.08; USD 10.06 is 9.31 EUR, which is 10.05 USD again.
    const edited = await api.as(manager).call(menuRoutes.updateMenuItem, {
      params: { id: tiramisu },
      body: { name: 'Tiramisu', category: 'food', price: 10.06, currency: 'USD' },
    });
    expect(edited.status).toBe(200);
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T11' } });
    const shown = menu.data.menu.food!.find((i) => i.id === tiramisu)!.price;

    for (const currency of ['USD', 'EUR'] as const) {
      const token = currency === 'USD' ? 'QR-T11' : 'QR-T12';
      const placed = await place(
        token,
        `unit-${currency}`,
        [{ menuItemId: tiramisu, quantity: 3 }],
        currency,
      );
      expect(placed.status).toBe(201);
      const summary = (await api.call(diningSessionsRoutes.getSessionSummary, { query: { token } }))
        .data;
      const line = summary.orders[0]!.items[0]!;
      expect(line.unitPrice).toEqual(shown);
      // What the guest saw in the cart (menu unit × quantity) is what the order answers.
      const cur = currency.toLowerCase() as 'eur' | 'usd';
      expect(Math.round(placed.data.total[cur] * 100)).toBe(Math.round(shown[cur] * 100) * 3);
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
    const res = await api.call(diningSessionsRoutes.getSessionSummary, {
      query: { token: 'QR-T9' },
    });
    const summary = res.data;
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
