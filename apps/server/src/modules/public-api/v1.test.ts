import { API_KEY_SCOPES, integrationsRoutes, v1Routes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { client, type Client, type Caller } from '../../testing/client.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)('the public API (/api/v1) on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let key: Caller;
  let tableId: string;
  let itemId: string;
  let otherKey: Caller;

  beforeAll(async () => {
    // One key runs every operation back to back: its per-second limit is api-keys.test.ts's to test,
    // and a fast machine would hit it here.
    t = await createTestApp(backend, {
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 100_000 },
    });
    api = client(t.app);
    const created = await api.as('admin1').call(integrationsRoutes.createApiKey, {
      body: { name: 'Kitchen display', scopes: [...API_KEY_SCOPES] },
    });
    key = api.as(created.data.key);
    tableId = (await key.call(v1Routes.v1ListTables)).data.tables.find((t) => t.number === 7)!.id;
    itemId = (await key.call(v1Routes.v1ListMenu)).data.items.find(
      (i) => i.name === 'Caesar Salad',
    )!.id;
    const b = await createOtherRestaurant(t, { roles: ['admin'] });
    otherKey = api.as(
      (
        await api.as(b.tokens.admin!).call(integrationsRoutes.createApiKey, {
          body: { name: 'B', scopes: [...API_KEY_SCOPES] },
        })
      ).data.key,
    );
  });
  afterAll(async () => t?.close());

  const order = (idempotencyKey?: string, quantity = 1) =>
    key.call(v1Routes.v1CreateOrder, {
      body: { tableId, items: [{ menuItemId: itemId, quantity }] },
      ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    });

  it('lists the menu in cents and changes an item’s availability and price', async () => {
    const menu = (await key.call(v1Routes.v1ListMenu)).data.items;
    const item = menu.find((i) => i.id === itemId)!;
    expect(Number.isInteger(item.priceCents)).toBe(true);
    const off = await key.call(v1Routes.v1UpdateMenuItem, {
      params: { id: itemId },
      body: { available: false, priceCents: item.priceCents + 50 },
    });
    expect(off.data).toMatchObject({ available: false, priceCents: item.priceCents + 50 });
    const back = await key.call(v1Routes.v1UpdateMenuItem, {
      params: { id: itemId },
      body: { available: true, priceCents: item.priceCents },
    });
    expect(back.data.available).toBe(true);
    const empty = await key.send(v1Routes.v1UpdateMenuItem, { params: { id: itemId }, body: {} });
    expect(empty.status).toBe(400);
  });

  it('places an order once per Idempotency-Key (201, then 200 with the same order)', async () => {
    const first = await order('integration-order-0001', 2);
    expect(first.status).toBe(201);
    expect(first.data.replayed).toBe(false);
    expect(first.data.order).toMatchObject({ tableId, tableNumber: 7, status: 'new' });
    expect(first.data.order.lines[0]).toMatchObject({ menuItemId: itemId, quantity: 2 });
    const again = await order('integration-order-0001', 2);
    expect(again.status).toBe(200);
    expect(again.data.replayed).toBe(true);
    expect(again.data.order.id).toBe(first.data.order.id);
    const other = await order('integration-order-0001', 3);
    expect(other.status).toBe(422);
    const got = await key.call(v1Routes.v1GetOrder, { params: { id: first.data.order.id } });
    expect(got.data).toEqual(first.data.order);
  });

  it('pages orders newest first by cursor, filtered by status and time', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.push((await order()).data.order.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await key.call(v1Routes.v1ListOrders, {
        query: { limit: 2, status: 'new,preparing', ...(cursor ? { cursor } : {}) },
      });
      expect(page.data.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.orders.map((o) => o.id));
      cursor = page.data.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 5)).toEqual([...placed].reverse());
    const future = await key.call(v1Routes.v1ListOrders, {
      query: { since: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(future.data.orders).toEqual([]);
    const served = await key.call(v1Routes.v1ListOrders, { query: { status: 'served' } });
    expect(served.data.orders).toEqual([]);
    const bad = await key.send(v1Routes.v1ListOrders, { query: { cursor: 'nonsense' } });
    expect(bad.status).toBe(400);
  });

  it('lists the open tickets and bumps one step at a time', async () => {
    const placed = (await order()).data.order;
    const tickets = (await key.call(v1Routes.v1ListTickets, { query: { station: 'kitchen' } })).data
      .tickets;
    const ticket = tickets.find((tk) => tk.orderId === placed.id)!;
    expect(ticket.status).toBe('new');
    const steps: string[] = [];
    for (const seen of ['new', 'preparing', 'ready'] as const) {
      const res = await key.call(v1Routes.v1BumpTicket, {
        params: { id: ticket.id },
        body: { status: seen },
      });
      steps.push(res.data.status);
    }
    expect(steps).toEqual(['preparing', 'ready', 'served']);
    // A bump sent twice (the display saw "ready" again) is refused, not applied twice.
    const twice = await key.call(v1Routes.v1BumpTicket, {
      params: { id: ticket.id },
      body: { status: 'ready' },
    });
    expect(twice.status).toBe(409);
    const open = (await key.call(v1Routes.v1ListTickets)).data.tickets;
    expect(open.some((tk) => tk.id === ticket.id)).toBe(false);
  });

  it("reads the day's payments, figures and Z report", async () => {
    const payments = await key.call(v1Routes.v1ListPayments);
    expect(payments.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const daily = await key.call(v1Routes.v1GetDailyFigures);
    expect(daily.data.status).toBe('open');
    // The orders placed above are on an open bill.
    expect(daily.data.openBills.count).toBeGreaterThan(0);
    expect(Number.isInteger(daily.data.openBills.totalCents)).toBe(true);
    const z = await key.call(v1Routes.v1GetZReport, { query: { date: daily.data.date } });
    expect(z.data.orders.count).toBe(daily.data.orders.count);
    expect(z.data.openBills.count).toBe(daily.data.openBills.count);
    const future = await key.send(v1Routes.v1GetZReport, { query: { date: '2999-01-01' } });
    expect(future.status).toBe(400);
  });

  it("answers another restaurant's key 404 on this restaurant's resources", async () => {
    const placed = (await order()).data.order;
    expect((await otherKey.call(v1Routes.v1GetOrder, { params: { id: placed.id } })).status).toBe(
      404,
    );
    expect(
      (
        await otherKey.call(v1Routes.v1UpdateMenuItem, {
          params: { id: itemId },
          body: { available: false },
        })
      ).status,
    ).toBe(404);
    const create = await otherKey.call(v1Routes.v1CreateOrder, {
      body: { tableId, items: [{ menuItemId: itemId, quantity: 1 }] },
    });
    expect(create.status).toBe(404);
    const list = await otherKey.call(v1Routes.v1ListOrders);
    expect(list.data.orders).toEqual([]);
  });
});
