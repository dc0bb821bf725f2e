import {
  diningSessionsRoutes,
  ordersRoutes,
  paymentsRoutes,
  receiptsRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, orderItems } from '../../core/db/schema.js';
import { menuItemByName, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { atNoon } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';

/** Order lines keep their own identity: one item twice is two lines, each with its own notes. */
describe.each(BACKENDS)('Order lines on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let bar: string;
  let espresso: string;
  let burger: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    manager = await signInAs(t, 'manager');
    bar = await signInAs(t, 'bar');
    espresso = (await menuItemByName(t, 'Espresso')).id;
    burger = (await menuItemByName(t, 'Classic Burger')).id;
  });
  afterAll(async () => t?.close());

  // Sent unchecked: some tests send line keys the route must refuse.
  const place = (token: string, items: object[]) =>
    api.send(ordersRoutes.placeOrder, { body: { token, items, currency: 'eur' } });
  const linesOf = (orderId: string) =>
    t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.quantity));

  it('keeps two lines of one item with different notes apart: on the order, its ticket, the bill and the receipt', async () => {
    const res = await place('QR-T1', [
      { menuItemId: espresso, quantity: 1, notes: 'oat milk' },
      { menuItemId: burger, quantity: 1 },
      { menuItemId: espresso, quantity: 2, notes: 'extra hot' },
    ]);
    expect(res.status, res.res.body).toBe(201);
    const { orderId, sessionId } = res.data;
    expect(res.data.total.eur).toBe(19.1);

    // The order: both espresso lines, each with its own note.
    const espressos = (await linesOf(orderId)).filter((l) => l.name === 'Espresso');
    expect(espressos.map((l) => [l.quantity, l.notes, l.lineTotalCents])).toEqual([
      [1, 'oat milk', 220],
      [2, 'extra hot', 440],
    ]);

    // What the displays were told when it was placed.
    const [placed] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'order_placed'), sql`${events.data}->>'orderId' = ${orderId}`));
    const placedItems = (placed!.data as { items: { name: string; notes: string | null }[] }).items;
    expect(placedItems.filter((i) => i.name === 'Espresso').map((i) => i.notes)).toEqual([
      'oat milk',
      'extra hot',
    ]);

    // The bar's ticket.
    const tickets = await api
      .as(bar)
      .call(ticketsRoutes.listTickets, { query: { station: 'bar' } });
    expect(tickets.status).toBe(200);
    const ticket = tickets.data.tickets.find((x) => x.orderId === orderId)!;
    expect(ticket.items).toEqual(
      expect.arrayContaining([
        {
          name: 'Espresso',
          quantity: 1,
          notes: 'oat milk',
          category: 'drinks',
          seat: null,
          course: null,
        },
        {
          name: 'Espresso',
          quantity: 2,
          notes: 'extra hot',
          category: 'drinks',
          seat: null,
          course: null,
        },
      ]),
    );
    expect(ticket.items).toHaveLength(2);

    // The bill: both lines, priced apart.
    const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
      query: { token: 'QR-T1' },
    });
    expect(summary.status).toBe(200);
    const billed = summary.data.orders[0]!.items;
    expect(billed.filter((l) => l.name === 'Espresso').map((l) => l.quantity)).toEqual([1, 2]);
    expect(summary.data.totalAmount).toBe(19.1);

    // The receipt counts both (one item at one price is one receipt line).
    const paid = await api
      .as(manager)
      .call(paymentsRoutes.recordPayment, { params: { id: sessionId }, body: { method: 'cash' } });
    expect(paid.status, paid.res.body).toBe(201);
    const receipt = await api.call(receiptsRoutes.getGuestReceipt, {
      query: { token: 'QR-T1', sessionId },
    });
    expect(receipt.status, receipt.res.body).toBe(200);
    const r = receipt.data;
    expect(r.lines).toEqual([
      { name: 'Classic Burger', quantity: 1, unitPrice: 12.5, lineTotal: 12.5 },
      { name: 'Espresso', quantity: 3, unitPrice: 2.2, lineTotal: 6.6 },
    ]);
  });

  it("keeps each line's key as the client sent it, and derives one per line for a client that sends none", async () => {
    const keyed = await place('QR-T2', [
      { menuItemId: espresso, quantity: 1, key: 'cart-a1' },
      { menuItemId: espresso, quantity: 1, key: 'cart-b2', notes: 'decaf' },
    ]);
    expect(keyed.status, keyed.res.body).toBe(201);
    const lines = await linesOf(keyed.data.orderId);
    expect(lines.map((l) => [l.lineKey, l.notes, l.options, l.allergens]).sort()).toEqual([
      ['cart-a1', null, [], []],
      ['cart-b2', 'decaf', [], []],
    ]);

    const plain = await place('QR-T2', [
      { menuItemId: burger, quantity: 1 },
      { menuItemId: espresso, quantity: 2 },
    ]);
    expect(plain.status, plain.res.body).toBe(201);
    const derived = await linesOf(plain.data.orderId);
    expect(derived.map((l) => [l.name, l.lineKey])).toEqual([
      ['Classic Burger', '#1'],
      ['Espresso', '#2'],
    ]);
  });

  it.each([
    ['the same key twice', ['k1', 'k1'], 'each line of an order needs its own key'],
    ['an empty key', ['', 'k2'], 'a line key is 1 to 40 letters, digits, - or _'],
    ['a key with a space', ['k 1', 'k2'], 'a line key is 1 to 40 letters, digits, - or _'],
    [
      'a key of 41 characters',
      ['k'.repeat(41), 'k2'],
      'a line key is 1 to 40 letters, digits, - or _',
    ],
  ])('refuses %s with a 400 and writes nothing', async (_label, keys, error) => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orderItems);
    const res = await place('QR-T3', [
      { menuItemId: espresso, quantity: 1, key: keys[0] },
      { menuItemId: espresso, quantity: 1, key: keys[1] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orderItems);
    expect(after).toEqual(before);
  });

  it('still allows at most 99 of one item in one order, across its lines', async () => {
    const res = await place('QR-T3', [
      { menuItemId: espresso, quantity: 50, notes: 'one' },
      { menuItemId: espresso, quantity: 49, notes: 'two' },
    ]);
    expect(res.status, res.res.body).toBe(201);
    const over = await place('QR-T3', [
      { menuItemId: espresso, quantity: 50, notes: 'one' },
      { menuItemId: espresso, quantity: 50, notes: 'two' },
    ]);
    expect(over.status).toBe(400);
    expect(over.error).toBe('quantity of Espresso must be at most 99');
  });
});
