import {
  diningSessionsRoutes,
  menuRoutes,
  NOTHING_TO_PAY,
  ordersRoutes,
  requestsRoutes,
  type DomainEvent,
} from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  diningSessions,
  events,
  menuItems,
  orderItems,
  orders,
  requests,
  restaurants,
  tables,
  tickets,
} from '../../core/db/schema.js';
import { bodyOf, client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';

interface MenuItemView {
  id: string;
  name: string;
  available: boolean;
  special: boolean;
  price: { eur: number; usd: number };
}

describe.each(BACKENDS)('public ordering API on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let menu: Record<string, MenuItemView[]>;
  const published: DomainEvent[] = [];
  const item = (name: string) => {
    const found = Object.values(menu)
      .flat()
      .find((i) => i.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    t.app.bus.subscribe((e) => published.push(e));
    const res = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    menu = res.data.menu;
  });
  afterAll(async () => t?.close());

  const order = (
    token: string,
    items: unknown[],
    extra: Record<string, unknown> = {},
    key?: string,
  ) =>
    // Sent unchecked: some tests add fields a guest's phone must not be trusted with (a price).
    api.send(ordersRoutes.placeOrder, {
      body: { token, items, currency: 'EUR', ...extra },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const countRows = async () => {
    const db = t.database.db;
    const [o] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const [i] = await db.select({ n: sql<number>`count(*)::int` }).from(orderItems);
    const [k] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets);
    const [e] = await db.select({ n: sql<number>`count(*)::int` }).from(events);
    return { orders: o?.n, items: i?.n, tickets: k?.n, events: e?.n };
  };
  const tableByToken = async (token: string) => {
    const [row] = await t.database.db.select().from(tables).where(eq(tables.qrToken, token));
    return row!;
  };

  describe('GET /api/menu/public', () => {
    it('groups the menu by category with prices in both currencies', async () => {
      expect(Object.keys(menu)).toEqual(expect.arrayContaining(['food', 'drinks', 'specials']));
      const burger = item('Classic Burger');
      expect(burger.price).toEqual({ eur: 12.5, usd: 13.5 });
      expect(burger.available).toBe(true);
      expect(item('Lobster Risotto').available).toBe(false);
      expect(menu.specials!.every((i) => i.special)).toBe(true);
      const res = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
      expect(res.data.restaurant).toMatchObject({
        currency: 'eur',
        name: 'Tavola Demo Bistro',
      });
    });

    it.each([
      ['/api/menu/public?token=QR-T999', 404],
      ['/api/menu/public?token=%27%20or%201%3D1', 404],
      ['/api/menu/public', 400],
      ['/api/menu/public?token=', 400],
    ])('%s answers %i with the envelope', async (url, status) => {
      // Raw URLs: a token the route's types would not let the client leave out or send empty.
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(bodyOf(res)?.success).toBe(false);
      expect(bodyOf(res)?.error).toBeTruthy();
    });
  });

  describe('the full guest flow', () => {
    it('starts a session, orders, sees the bill, calls the waiter and asks to pay', async () => {
      const start = await api.call(diningSessionsRoutes.startSession, {
        body: { token: 'QR-T2', customerCount: 1 },
      });
      expect(start.status).toBe(200);
      expect(start.data).toMatchObject({ opened: true, tableNumber: 2 });
      const sessionId = start.data.sessionId;
      expect((await tableByToken('QR-T2')).status).toBe('active');

      // A second device joins the same session.
      const again = await api.call(diningSessionsRoutes.startSession, {
        body: { token: 'QR-T2', customerCount: 1 },
      });
      expect(again.data).toMatchObject({ opened: false, sessionId });

      const burger = item('Classic Burger');
      const beer = item('Craft Beer');
      const res = await order('QR-T2', [
        { menuItemId: burger.id, quantity: 2 },
        { menuItemId: beer.id, quantity: 1 },
      ]);
      expect(res.status).toBe(201);
      const placed = res.data;
      expect(placed).toMatchObject({ sessionId, status: 'new', replayed: false });
      expect(placed.total.eur).toBe(30.5);
      expect(placed.order_number).toBeGreaterThan(1000);

      // One ticket per station, items split correctly.
      const ticketRows = await t.database.db
        .select()
        .from(tickets)
        .where(eq(tickets.orderId, placed.orderId));
      expect(ticketRows.map((r) => r.station).sort()).toEqual(['bar', 'kitchen']);
      expect(ticketRows.find((r) => r.station === 'kitchen')?.estimatedMinutes).toBe(15);
      const types = published
        .filter((e) => 'orderId' in e.data && e.data.orderId === placed.orderId)
        .map((e) => e.type);
      expect(types).toEqual(['order_placed', 'kitchen_order', 'bar_order']);

      const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
        query: { token: 'QR-T2' },
      });
      expect(summary.status).toBe(200);
      expect(summary.data).toMatchObject({
        totalAmount: 30.5,
        paymentStatus: 'none',
        hasActiveSession: true,
        sessionId,
      });
      expect(summary.data.orders[0]!.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'Classic Burger',
            quantity: 2,
            lineTotal: { eur: 25, usd: 27 },
          }),
        ]),
      );

      const call = await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T2' } });
      expect(call.status).toBe(200);
      expect(call.data.alreadyRequested).toBe(false);
      expect((await tableByToken('QR-T2')).status).toBe('needs_attention');
      const repeat = await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T2' } });
      expect(repeat.data).toEqual({
        requestId: call.data.requestId,
        alreadyRequested: true,
      });
      const callEvents = published.filter(
        (e) => e.type === 'call_waiter' && e.data.tableNumber === 2,
      );
      expect(callEvents).toHaveLength(1);
      expect(callEvents[0]!.data).toMatchObject({ tableNumber: 2, message: expect.any(String) });

      const pay = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T2' } });
      expect(pay.status).toBe(200);
      expect((await tableByToken('QR-T2')).status).toBe('waiting_payment');
      const payEvent = published.find(
        (e) => e.type === 'payment_requested' && e.data.tableNumber === 2,
      );
      expect(payEvent?.type === 'payment_requested' && payEvent.data.amount).toBe(30.5);
      await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T2' } });
      const open = await t.database.db
        .select()
        .from(requests)
        .where(and(eq(requests.diningSessionId, sessionId), eq(requests.kind, 'payment')));
      expect(open).toHaveLength(1);

      const after = await api.call(diningSessionsRoutes.getSessionSummary, {
        query: { token: 'QR-T2' },
      });
      expect(after.data.paymentStatus).toBe('pending');
    });

    it('refuses a payment request with nothing ordered, and opens nothing for it', async () => {
      const countPaymentRequests = async () =>
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(requests)
            .where(eq(requests.kind, 'payment'))
        )[0]!.n;
      const before = await countPaymentRequests();
      const eventsBefore = published.length;

      // No session at the table: refused, and no session is opened for it.
      const none = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T12' } });
      expect(none.status).toBe(409);
      expect(none.body).toMatchObject({ success: false, error: NOTHING_TO_PAY });
      const t12 = await tableByToken('QR-T12');
      const open = await t.database.db
        .select()
        .from(diningSessions)
        .where(and(eq(diningSessions.tableId, t12.id), eq(diningSessions.status, 'open')));
      expect(open).toHaveLength(0);
      expect(t12.status).toBe('available');

      // A session (the guests called a waiter) with no order in it: refused too.
      expect(
        (await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T10' } })).status,
      ).toBe(200);
      const empty = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T10' } });
      expect(empty.status).toBe(409);
      expect(empty.error).toBe(NOTHING_TO_PAY);

      expect(await countPaymentRequests()).toBe(before);
      expect(published.slice(eventsBefore).some((e) => e.type === 'payment_requested')).toBe(false);

      // Once something is ordered, the same request goes through.
      const ordered = await order('QR-T10', [{ menuItemId: item('Espresso').id, quantity: 1 }]);
      expect(ordered.status).toBe(201);
      const asked = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T10' } });
      expect(asked.status).toBe(200);
      expect(asked.data.alreadyRequested).toBe(false);
    });
  });

  describe('POST /api/orders/public validation', () => {
    it('ignores any price the client sends', async () => {
      const burger = item('Classic Burger');
      const res = await order('QR-T3', [{ menuItemId: burger.id, quantity: 1, price: 0.01 }], {
        total: 0.01,
      });
      expect(res.status).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, res.data.orderId));
      expect(row?.totalCents).toBe(1250);
    });

    it('refuses an unavailable item with a clear error and writes nothing', async () => {
      const before = await countRows();
      const res = await order('QR-T3', [{ menuItemId: item('Lobster Risotto').id, quantity: 1 }]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Lobster Risotto is not available right now',
        code: 'MENU_ITEM_UNAVAILABLE',
        params: { item: 'Lobster Risotto' },
      });
      expect(await countRows()).toEqual(before);
    });

    it.each<[string, () => unknown]>([
      [
        'quantity 0',
        () => ({ token: 'QR-T3', items: [{ menuItemId: item('Espresso').id, quantity: 0 }] }),
      ],
      [
        'negative quantity',
        () => ({ token: 'QR-T3', items: [{ menuItemId: item('Espresso').id, quantity: -2 }] }),
      ],
      [
        'quantity 1000',
        () => ({ token: 'QR-T3', items: [{ menuItemId: item('Espresso').id, quantity: 1000 }] }),
      ],
      [
        'non-integer quantity',
        () => ({ token: 'QR-T3', items: [{ menuItemId: item('Espresso').id, quantity: 1.5 }] }),
      ],
      [
        'unknown item',
        () => ({
          token: 'QR-T3',
          items: [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        }),
      ],
      ['non-uuid item', () => ({ token: 'QR-T3', items: [{ menuItemId: 'burger', quantity: 1 }] })],
      ['empty items', () => ({ token: 'QR-T3', items: [] })],
      ['missing items', () => ({ token: 'QR-T3' })],
      ['missing token', () => ({ items: [{ menuItemId: item('Espresso').id, quantity: 1 }] })],
      [
        'bad currency',
        () => ({
          token: 'QR-T3',
          currency: 'GBP',
          items: [{ menuItemId: item('Espresso').id, quantity: 1 }],
        }),
      ],
      [
        'merged lines over 99',
        () => ({
          token: 'QR-T3',
          items: [
            { menuItemId: item('Espresso').id, quantity: 60 },
            { menuItemId: item('Espresso').id, quantity: 60 },
          ],
        }),
      ],
      [
        '101 lines',
        () => ({
          token: 'QR-T3',
          items: Array.from({ length: 101 }, () => ({
            menuItemId: item('Espresso').id,
            quantity: 1,
          })),
        }),
      ],
    ])('refuses %s with a 400 and writes nothing', async (_label, body) => {
      const before = await countRows();
      const res = await api.send(ordersRoutes.placeOrder, { body: body() });
      expect(res.status).toBe(400);
      expect(res.body?.success).toBe(false);
      expect(typeof res.error).toBe('string');
      expect(res.error!.length).toBeGreaterThan(5);
      expect(await countRows()).toEqual(before);
    });

    it('refuses malformed JSON with a 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/public',
        headers: { 'content-type': 'application/json' },
        payload: '{"token":"QR-T3","items":[',
      });
      expect(res.statusCode).toBe(400);
      expect(bodyOf(res)).toEqual({
        success: false,
        error: 'Malformed JSON in request body',
        code: 'BAD_REQUEST',
      });
    });

    it("refuses another restaurant's item", async () => {
      const other = await createOtherRestaurant(t, { roles: [] });
      const [foreign] = await t.database.db
        .insert(menuItems)
        .values({
          restaurantId: other.id,
          name: 'Foreign Soup',
          category: 'food',
          priceCents: 100,
          currency: 'eur',
        })
        .returning();
      const before = await countRows();
      const res = await order('QR-T3', [{ menuItemId: foreign!.id, quantity: 1 }]);
      expect(res.status).toBe(400);
      expect(res.error).toBe(`Unknown menu item: ${foreign!.id}`);
      expect(await countRows()).toEqual(before);
    });

    it('refuses an unknown token with 404 and a maintenance table with a clear refusal', async () => {
      const unknown = await order('QR-NOPE', [{ menuItemId: item('Espresso').id, quantity: 1 }]);
      expect(unknown.status).toBe(404);
      expect(unknown.error).toBe('Table not found. Please scan the QR code on your table again.');
      await t.database.db
        .update(tables)
        .set({ status: 'maintenance' })
        .where(eq(tables.qrToken, 'QR-T11'));
      const closed = await order('QR-T11', [{ menuItemId: item('Espresso').id, quantity: 1 }]);
      expect(closed.status).toBe(409);
      expect(closed.error).toMatch(/not taking orders/);
    });
  });

  describe('idempotency and concurrency', () => {
    it('gives one order for the same Idempotency-Key sent twice', async () => {
      const lines = [{ menuItemId: item('Espresso').id, quantity: 2 }];
      const first = await order('QR-T4', lines, {}, 'retry-key-0001');
      const second = await order('QR-T4', lines, {}, 'retry-key-0001');
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.data).toMatchObject({
        order_number: first.data.order_number,
        orderId: first.data.orderId,
        replayed: true,
      });
      const rows = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.idempotencyKey, 'retry-key-0001'));
      expect(rows).toHaveLength(1);
    });

    it('gives one order when the same key races', async () => {
      const lines = [{ menuItemId: item('Espresso').id, quantity: 1 }];
      const results = await Promise.all(
        Array.from({ length: 5 }, () => order('QR-T4', lines, {}, 'race-key-00001')),
      );
      expect(new Set(results.map((r) => r.data.orderId)).size).toBe(1);
      expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    });

    it('lands 20 concurrent orders on one table with distinct numbers in one session', async () => {
      const lines = [{ menuItemId: item('Fresh Lemonade').id, quantity: 1 }];
      const results = await Promise.all(Array.from({ length: 20 }, () => order('QR-T5', lines)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
      const numbers = results.map((r) => r.data.order_number);
      expect(new Set(numbers).size).toBe(20);
      expect(new Set(results.map((r) => r.data.sessionId)).size).toBe(1);
      const table = await tableByToken('QR-T5');
      const open = await t.database.db
        .select()
        .from(diningSessions)
        .where(eq(diningSessions.tableId, table.id));
      expect(open).toHaveLength(1);
      const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
        query: { token: 'QR-T5' },
      });
      expect(summary.data.totalAmount).toBe(80);
      expect(summary.data.orders).toHaveLength(20);
    });

    it('shares one session and one bill between two devices', async () => {
      const a = await api.call(diningSessionsRoutes.startSession, {
        body: { token: 'QR-T6', customerCount: 1 },
      });
      const b = await api.call(diningSessionsRoutes.startSession, {
        body: { token: 'QR-T6', customerCount: 1 },
      });
      expect(a.data.sessionId).toBe(b.data.sessionId);
      await order('QR-T6', [{ menuItemId: item('Tiramisu').id, quantity: 1 }]);
      await order('QR-T6', [{ menuItemId: item('Espresso').id, quantity: 2 }]);
      const fromA = await api.call(diningSessionsRoutes.getSessionSummary, {
        query: { token: 'QR-T6' },
      });
      const fromB = await api.call(diningSessionsRoutes.getSessionSummary, {
        query: { token: 'QR-T6', sessionId: b.data.sessionId },
      });
      expect(fromA.data.totalAmount).toBe(11.4);
      expect(fromB.data).toEqual(fromA.data);
    });

    it('records the currency the guest ordered in, converted to the cent', async () => {
      const res = await api.call(ordersRoutes.placeOrder, {
        body: {
          token: 'QR-T7',
          currency: 'USD',
          items: [{ menuItemId: item('Margherita Pizza').id, quantity: 3 }],
        },
      });
      expect(res.status).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, res.data.orderId));
      expect(row).toMatchObject({ currency: 'usd', totalCents: 3270, displayTotalCents: 3531 });
    });
  });

  describe('public rate limits', () => {
    it('answers 429 when one table token is hammered', async () => {
      const limited = await createTestApp('pglite', {
        rateLimits: { login: 100, public: 5, wsConnect: 1000 },
      });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 7; i++) {
          const res = await limited.app.inject({
            method: 'GET',
            url: '/api/menu/public?token=QR-T1',
            remoteAddress: `10.9.0.${i}`,
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});

describe('a suspended restaurant', () => {
  it('refuses guests with a clear message', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.database.db
        .update(restaurants)
        .set({ status: 'suspended' })
        .where(eq(restaurants.id, t.restaurantId));
      for (const req of [
        { method: 'GET' as const, url: '/api/menu/public?token=QR-T1' },
        { method: 'POST' as const, url: '/api/sessions/public/start', payload: { token: 'QR-T1' } },
        {
          method: 'POST' as const,
          url: '/api/tables/public/call-waiter',
          payload: { token: 'QR-T1' },
        },
      ]) {
        // Three routes alike, each sent as it stands.
        const res = await t.app.inject(req);
        expect(res.statusCode).toBe(403);
        expect(bodyOf(res)).toEqual({
          success: false,
          error: 'This restaurant is temporarily unavailable online. Please ask a member of staff.',
          code: 'RESTAURANT_UNAVAILABLE_FOR_GUESTS',
        });
      }
    } finally {
      await t.close();
    }
  });
});
