import {
  diningSessionsRoutes,
  floorRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  reportsRoutes,
  requestsRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, payments, requests, tickets } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { client, type Client } from '../../testing/client.js';

interface MenuEntry {
  id: string;
  name: string;
  price: { eur: number; usd: number };
}
interface FloorLine {
  id: string;
  name: string;
  quantity: number;
}

const cents = (amount: number) => Math.round(amount * 100);

describe.each(BACKENDS)('voiding orders and order lines on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let base: string;
  const bearer: Record<string, string> = {};
  const menu = new Map<string, MenuEntry>();
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    base = await listen(t.app);
    for (const [name, pass] of [
      ['manager1', 'manager123'],
      ['admin1', 'admin123'],
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
      ['bar1', 'bar123'],
    ] as const) {
      bearer[name] = (await loginAs(t.app, name, pass)).token;
    }
    const data = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } })).data
      .menu;
    for (const item of Object.values(data).flatMap((items) => items)) menu.set(item.name, item);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  const item = (name: string) => menu.get(name)!;
  const order = async (token: string, lines: [string, number][]) => {
    const res = await api.call(ordersRoutes.placeOrder, {
      body: {
        token,
        currency: 'EUR',
        items: lines.map(([name, quantity]) => ({ menuItemId: item(name).id, quantity })),
      },
    });
    expect(res.status).toBe(201);
    return res.data;
  };
  const summary = async (token: string) =>
    (await api.call(diningSessionsRoutes.getSessionSummary, { query: { token } })).data;
  /** An order's lines as the floor shows them, with the ids a void names. */
  const floorLines = async (orderId: string): Promise<FloorLine[]> => {
    const floor = (await api.as('manager1').call(floorRoutes.getFloor)).data;
    for (const table of floor.tables) {
      for (const o of table.orders) if (o.id === orderId) return o.items;
    }
    return [];
  };
  const lineId = async (orderId: string, name: string) =>
    (await floorLines(orderId)).find((l) => l.name === name)!.id;
  const tickets = async (station: 'kitchen' | 'bar', orderId: string) =>
    (
      (await api.as('manager1').call(ticketsRoutes.listTickets, { query: { station } })).data
        .tickets as {
        id: string;
        orderId: string;
        items: { name: string; quantity: number }[];
      }[]
    ).filter((x) => x.orderId === orderId);
  // Sent unchecked: the tests send reasons and quantities a void must refuse.
  const voidLine = (who: string, orderId: string, line: string, payload: object) =>
    api
      .as(bearer[who]!)
      .send(ordersRoutes.voidOrderLine, { params: { id: orderId, itemId: line }, body: payload });
  const voidOrder = (who: string, orderId: string, payload: object) =>
    api.as(bearer[who]!).send(ordersRoutes.voidOrder, { params: { id: orderId }, body: payload });
  const socket = async (query: string) => {
    const s = await TestSocket.open(`${base}/ws?${query}`);
    sockets.push(s);
    return s;
  };

  it("voids part of a line: the bill, the guest's payment request and the kitchen ticket leave it out; audited and evented", async () => {
    const kitchen = await socket(`token=${bearer.kitchen1}`);
    const bar = await socket(`token=${bearer.bar1}`);
    const guest = await socket('tableToken=QR-T2');
    const placed = await order('QR-T2', [
      ['Tiramisu', 3],
      ['Espresso', 2],
    ]);
    const requested = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T2' } });
    expect(requested.status).toBe(200);
    const tiramisu = cents(item('Tiramisu').price.eur);
    const espresso = cents(item('Espresso').price.eur);

    const res = await voidLine(
      'manager1',
      placed.orderId,
      await lineId(placed.orderId, 'Tiramisu'),
      {
        quantity: 1,
        reason: 'Dropped on the way to the table',
      },
    );
    expect(res.status).toBe(200);
    const left = 2 * tiramisu + 2 * espresso;
    expect(res.data).toMatchObject({
      orderId: placed.orderId,
      status: 'new',
      total: left / 100,
      billTotal: left / 100,
      items: expect.arrayContaining([
        expect.objectContaining({ name: 'Tiramisu', quantity: 3, voidedQuantity: 1 }),
      ]),
    });

    // The guest's bill: the line counts 2, in both currencies, and the totals add up.
    const bill = await summary('QR-T2');
    expect(cents(bill.totalAmount)).toBe(left);
    const line = bill.orders[0]!.items.find((l) => l.name === 'Tiramisu')!;
    expect(line.quantity).toBe(2);
    expect(cents(line.lineTotal.usd)).toBe(cents(line.unitPrice.usd) * 2);
    // The open payment request asks for what is left.
    const [request] = await t.database.db
      .select()
      .from(requests)
      .where(eq(requests.diningSessionId, placed.sessionId));
    expect(request!.amountCents).toBe(left);
    // The kitchen makes two.
    const [ticket] = await tickets('kitchen', placed.orderId);
    expect(ticket!.items).toEqual([expect.objectContaining({ name: 'Tiramisu', quantity: 2 })]);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.void_line'), eq(auditLog.entityId, placed.orderId)));
    expect(entry!.details).toMatchObject({
      reason: 'Dropped on the way to the table',
      voidedCents: tiramisu,
      totalCentsBefore: 3 * tiramisu + 2 * espresso,
      totalCentsAfter: left,
    });

    await guest.waitFor((m) => m.some((e) => e.type === 'order_voided'));
    await kitchen.waitFor((m) =>
      m.some((e) => e.type === 'kitchen_ticket_updated' && e.data.action === 'void'),
    );
    await bar.waitFor((m) => m.some((e) => e.type === 'order_voided'));
    const voided = guest.messages.find((e) => e.type === 'order_voided')!;
    expect(voided.data).toMatchObject({ orderId: placed.orderId, total: left / 100 });
    // The reason is for staff and the audit log, not for the guest's screen.
    expect(JSON.stringify(voided.data)).not.toContain('Dropped');
    expect(bar.messages.some((e) => e.type === 'kitchen_ticket_updated')).toBe(false);
  });

  it('voids a whole order and the rest of a line: tickets go away; the bill, payment, history and analytics count only what is left', async () => {
    const kitchen = await socket(`token=${bearer.kitchen1}`);
    const kept = await order('QR-T3', [
      ['Classic Burger', 1],
      ['Craft Beer', 2],
    ]);
    const dropped = await order('QR-T3', [['Tiramisu', 2]]);
    const burger = cents(item('Classic Burger').price.eur);
    const beer = cents(item('Craft Beer').price.eur);
    const before = (await api.as('manager1').call(reportsRoutes.getOverview)).data;
    const analyticsBefore = (await api.as('manager1').call(reportsRoutes.getAnalytics)).data;

    const whole = await voidOrder('manager1', dropped.orderId, { reason: 'Ordered by mistake' });
    expect(whole.status).toBe(200);
    expect(whole.data).toMatchObject({ status: 'cancelled', total: 0 });
    expect(await tickets('kitchen', dropped.orderId)).toEqual([]);
    await kitchen.waitFor((m) =>
      m.some(
        (e) =>
          e.type === 'kitchen_ticket_updated' &&
          e.data.orderId === dropped.orderId &&
          e.data.removed === true,
      ),
    );

    const beers = await voidLine(
      'manager1',
      kept.orderId,
      await lineId(kept.orderId, 'Craft Beer'),
      {
        quantity: 2,
        reason: 'Keg ran out',
      },
    );
    expect(beers.status).toBe(200);
    expect(await tickets('bar', kept.orderId)).toEqual([]);
    expect(await tickets('kitchen', kept.orderId)).toHaveLength(1);
    expect(await floorLines(kept.orderId)).toEqual([
      expect.objectContaining({ name: 'Classic Burger', quantity: 1 }),
    ]);

    const bill = await summary('QR-T3');
    expect(cents(bill.totalAmount)).toBe(burger);
    expect(bill.orders.find((o: { id: string }) => o.id === dropped.orderId)).toMatchObject({
      status: 'cancelled',
      items: [],
      total: { eur: 0, usd: 0 },
    });

    const history = (await api.as('manager1').call(reportsRoutes.getOrderHistory)).data.rows as {
      orderNumber: number;
      items: string;
      total: number;
    }[];
    expect(history.some((r) => r.orderNumber === dropped.order_number)).toBe(false);
    expect(history.find((r) => r.orderNumber === kept.order_number)).toMatchObject({
      items: '1× Classic Burger',
      total: burger / 100,
    });

    const after = (await api.as('manager1').call(reportsRoutes.getOverview)).data;
    expect(cents(before.todaysRevenue) - cents(after.todaysRevenue)).toBe(
      2 * cents(item('Tiramisu').price.eur) + 2 * beer,
    );
    expect(after.ordersToday).toBe(before.ordersToday - 1);
    const analytics = (await api.as('manager1').call(reportsRoutes.getAnalytics)).data;
    expect(cents(analyticsBefore.revenue.today) - cents(analytics.revenue.today)).toBe(
      2 * cents(item('Tiramisu').price.eur) + 2 * beer,
    );
    const sold = (report: typeof analytics, name: string): number =>
      report.bestSellersByQuantity.find((b: { name: string }) => b.name === name)?.quantity ?? 0;
    expect(sold(analyticsBefore, 'Tiramisu') - sold(analytics, 'Tiramisu')).toBe(2);
    expect(sold(analyticsBefore, 'Craft Beer') - sold(analytics, 'Craft Beer')).toBe(2);

    const paid = await api.as('manager1').call(paymentsRoutes.recordPayment, {
      params: { id: kept.sessionId },
      body: {
        method: 'card',
      },
    });
    expect(paid.status).toBe(201);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.diningSessionId, kept.sessionId));
    expect(payment!.amountCents).toBe(burger);
  });

  it('lets a table wait for payment once the only order still at a station is voided', async () => {
    const served = await order('QR-T6', [['Espresso', 1]]);
    const waiting = await order('QR-T6', [['Classic Burger', 1]]);
    const [ticket] = await tickets('bar', served.orderId);
    for (const action of ['start', 'ready', 'served'] as const) {
      const moved = await api
        .as('bar1')
        .call(ticketsRoutes.transitionTicket, { params: { id: ticket!.id }, body: { action } });
      expect(moved.status).toBe(200);
    }
    const tableStatus = async () =>
      (await api.as('manager1').call(floorRoutes.getFloor)).data.tables.find((x) => x.number === 6)!
        .status;
    expect(await tableStatus()).toBe('active');
    const res = await voidOrder('manager1', waiting.orderId, { reason: 'Kitchen closed' });
    expect(res.status).toBe(200);
    expect(await tableStatus()).toBe('waiting_payment');
  });

  it('refuses what cannot be voided with a clear answer', async () => {
    const placed = await order('QR-T4', [
      ['Espresso', 1],
      ['Caesar Salad', 1],
    ]);
    const espressoLine = await lineId(placed.orderId, 'Espresso');
    const reason = { reason: 'Guest changed their mind' };

    expect((await voidOrder('waiter1', placed.orderId, reason)).status).toBe(403);
    expect((await voidOrder('kitchen1', placed.orderId, reason)).status).toBe(403);
    for (const body of [{}, { reason: '   ' }, { reason: 'two\nlines' }]) {
      const res = await voidOrder('manager1', placed.orderId, body);
      expect(res.status).toBe(400);
      expect(res.body?.success).toBe(false);
    }
    const tooMany = await voidLine('manager1', placed.orderId, espressoLine, {
      quantity: 2,
      reason: 'x',
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.error).toBe(
      `Only 1 × Espresso is left to void on order #${placed.order_number}`,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await voidOrder('manager1', unknown, reason)).body).toEqual({
      success: false,
      error: 'Order not found',
      code: 'ORDER_NOT_FOUND',
    });
    expect(
      (await voidLine('manager1', placed.orderId, unknown, { quantity: 1, reason: 'x' })).status,
    ).toBe(404);

    // Another restaurant's manager cannot see (nor void) this order.
    bearer.other = (await createOtherRestaurant(t)).tokens.manager!;
    expect((await voidOrder('other', placed.orderId, reason)).status).toBe(404);

    // An admin may void; a voided order cannot be voided again, nor its lines.
    expect(
      (await voidLine('admin1', placed.orderId, espressoLine, { quantity: 1, reason: 'x' })).status,
    ).toBe(200);
    const spent = await voidLine('admin1', placed.orderId, espressoLine, {
      quantity: 1,
      reason: 'x',
    });
    expect(spent.status).toBe(409);
    expect(spent.error).toBe(`Espresso on order #${placed.order_number} is already voided`);
    expect((await voidOrder('admin1', placed.orderId, reason)).status).toBe(200);
    const again = await voidOrder('manager1', placed.orderId, reason);
    expect(again.status).toBe(409);
    expect(again.error).toBe(`Order #${placed.order_number} is already voided`);

    // A paid bill is final.
    const paidOrder = await order('QR-T5', [['Espresso', 2]]);
    const paidLine = await lineId(paidOrder.orderId, 'Espresso');
    expect(
      (
        await api.as('manager1').call(paymentsRoutes.recordPayment, {
          params: { id: paidOrder.sessionId },
          body: {
            method: 'cash',
          },
        })
      ).status,
    ).toBe(201);
    for (const res of [
      await voidOrder('manager1', paidOrder.orderId, reason),
      await voidLine('manager1', paidOrder.orderId, paidLine, { quantity: 1, reason: 'x' }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.error).toMatch(/already paid; a paid bill cannot be voided/);
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, paidOrder.orderId));
    expect(row).toMatchObject({
      status: 'paid',
      totalCents: 2 * cents(item('Espresso').price.eur),
    });
  });
});

// PGlite runs one transaction at a time, so these races only exist (and are only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('voids racing payments and the stations', () => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let kitchen: string;
  let burger: string;
  let beer: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    kitchen = (await loginAs(t.app, 'kitchen1', 'kitchen123')).token;
    const menu = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } })).data
      .menu;
    burger = menu.food!.find((i) => i.name === 'Classic Burger')!.id;
    beer = menu.drinks!.find((i) => i.name === 'Craft Beer')!.id;
  });
  afterAll(async () => t?.close());

  const place = async (token: string) => {
    const res = await api.call(ordersRoutes.placeOrder, {
      body: {
        token,
        items: [
          { menuItemId: burger, quantity: 2 },
          { menuItemId: beer, quantity: 3 },
        ],
      },
    });
    return res.data;
  };
  const lines = (orderId: string) =>
    t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

  it('a void racing a payment lands on the bill before it is paid, or is refused; the payment is always the bill', async () => {
    for (let round = 0; round < 12; round++) {
      const token = `QR-T${(round % 10) + 1}`;
      const placed = await place(token);
      const beerLine = (await lines(placed.orderId)).find((l) => l.menuItemId === beer)!;
      const [voided, paid] = await Promise.all([
        api.as(manager).call(ordersRoutes.voidOrderLine, {
          params: { id: placed.orderId, itemId: beerLine.id },
          body: {
            quantity: 1,
            reason: 'Race',
          },
        }),
        api.as(manager).call(paymentsRoutes.recordPayment, {
          params: { id: placed.sessionId },
          body: { method: 'card' },
        }),
      ]);
      expect(paid.status).toBe(201);
      expect([200, 409]).toContain(voided.status);
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.diningSessionId, placed.sessionId));
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
      const billed = (await lines(placed.orderId)).reduce((sum, l) => sum + l.lineTotalCents, 0);
      // Whichever came first, the payment equals what the order's lines still bill.
      expect(payment!.amountCents).toBe(billed);
      expect(row!.totalCents).toBe(billed);
      expect(row!.status).toBe('paid');
    }
  });

  it('a void racing the kitchen moving its ticket never deadlocks nor leaves a ticket for nothing', async () => {
    for (let round = 0; round < 10; round++) {
      const placed = await place(`QR-T${(round % 10) + 1}`);
      const [ticket] = await t.database.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.orderId, placed.orderId), eq(tickets.station, 'kitchen')));
      const burgerLine = (await lines(placed.orderId)).find((l) => l.menuItemId === burger)!;
      const results = await Promise.all([
        api.as(kitchen).call(ticketsRoutes.transitionTicket, {
          params: { id: ticket!.id },
          body: { action: 'start' },
        }),
        round % 2
          ? api.as(manager).call(ordersRoutes.voidOrder, {
              params: { id: placed.orderId },
              body: { reason: 'Race' },
            })
          : api.as(manager).call(ordersRoutes.voidOrderLine, {
              params: { id: placed.orderId, itemId: burgerLine.id },
              body: {
                quantity: 2,
                reason: 'Race',
              },
            }),
        api.as(manager).call(ordersRoutes.serveOrder, { params: { id: placed.orderId } }),
      ]);
      for (const res of results) expect([200, 404, 409]).toContain(res.status);
      expect(results[1].status).toBe(200);
      // The kitchen's lines are all voided: no kitchen ticket is left for them.
      const left = await t.database.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.orderId, placed.orderId), eq(tickets.station, 'kitchen')));
      expect(left).toEqual([]);
    }
  });
});
