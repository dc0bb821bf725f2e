import {
  floorRoutes,
  ordersRoutes,
  staffRoutes,
  tablesRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningSessions, orders } from '../../core/db/schema.js';
import { atNoon, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Moving a bill: the whole of it to a free table, some orders onto another table's bill (the
 * bills merge), and what is refused.
 */
describe.each(BACKENDS)('Moving a bill on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let burger: string;
  let wine: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    burger = (await menuItemByName(t, 'Classic Burger')).id;
    wine = (await menuItemByName(t, 'House Red Wine')).id;
    api = client(t.app, { accounts: { waiter2: 'waiter2-pass-9x' } });
    const created = await api.as('manager1').call(staffRoutes.createStaff, {
      body: {
        name: 'Nina Verdi',
        username: 'waiter2',
        password: 'waiter2-pass-9x',
        role: 'waiter',
      },
    });
    expect(created.status, created.res.body).toBe(201);
  });
  afterAll(async () => t?.close());

  let keys = 0;
  const ring = async (who: string, qr: string, menuItemId: string, guests?: number) => {
    const sent = await api.as(who).call(ordersRoutes.placeTableOrder, {
      params: { id: await tableId(t, qr) },
      headers: { 'idempotency-key': `move-key-${(keys += 1)}` },
      body: { items: [{ menuItemId, quantity: 1 }], ...(guests ? { guests } : {}) },
    });
    expect(sent.status, sent.res.body).toBe(201);
    return sent.data;
  };
  const tableOf = async (number: number) => {
    const floor = await api.as('manager1').call(floorRoutes.getFloor);
    return floor.data.tables.find((x) => x.number === number)!;
  };
  const billOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('moves a whole bill to a free table: the party, its waiter and its tickets go with it', async () => {
    const first = await ring('waiter1', 'QR-T3', burger, 4);
    const second = await ring('waiter1', 'QR-T3', wine);
    const before = await tableOf(3);
    expect(before.orders).toHaveLength(2);

    const moved = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: await tableId(t, 'QR-T3') },
      body: { toTableId: await tableId(t, 'QR-T8') },
    });
    expect(moved.status, moved.res.body).toBe(200);
    expect(moved.data).toMatchObject({
      fromTableNumber: 3,
      toTableNumber: 8,
      movedOrders: 2,
      merged: false,
      fromClosed: true,
    });

    const three = await tableOf(3);
    expect(three.sessionId).toBeNull();
    expect(three.orders).toHaveLength(0);
    const eight = await tableOf(8);
    expect(eight.sessionId).toBe(moved.data.sessionId);
    expect(eight.customerCount).toBe(4);
    expect(eight.assignedWaiter?.name).toBe('Marco Rossi');
    expect(eight.orders.map((o) => o.orderNumber).sort()).toEqual(
      [first.order_number, second.order_number].sort(),
    );
    expect(eight.billTotal).toBeCloseTo(before.billTotal, 2);
    const kitchen = await api
      .as('kitchen1')
      .call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } });
    expect(kitchen.data.tickets.find((x) => x.orderId === first.orderId)?.tableNumber).toBe(8);
    const [closed] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, first.sessionId));
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'closed_by_staff' });
  });

  it('moves some orders onto another open bill, then the rest: the bills merge and the guests add up', async () => {
    const a = await ring('waiter1', 'QR-T4', burger, 2);
    const b = await ring('waiter1', 'QR-T4', wine);
    const c = await ring('waiter1', 'QR-T5', burger, 3);

    const some = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: await tableId(t, 'QR-T4') },
      body: { toTableId: await tableId(t, 'QR-T5'), orderIds: [b.orderId] },
    });
    expect(some.status, some.res.body).toBe(200);
    expect(some.data).toMatchObject({ movedOrders: 1, merged: true, fromClosed: false });
    expect((await tableOf(4)).orders.map((o) => o.id)).toEqual([a.orderId]);
    expect((await tableOf(5)).orders.map((o) => o.id).sort()).toEqual(
      [b.orderId, c.orderId].sort(),
    );
    expect((await billOf(b.orderId)).diningSessionId).toBe(c.sessionId);

    const rest = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: await tableId(t, 'QR-T4') },
      body: { toTableId: await tableId(t, 'QR-T5') },
    });
    expect(rest.data).toMatchObject({ movedOrders: 1, merged: true, fromClosed: true });
    const five = await tableOf(5);
    expect(five.orders).toHaveLength(3);
    expect(five.customerCount).toBe(5);
    const expected = [a, b, c].map((o) => o.orderId);
    const rows = await Promise.all(expected.map(billOf));
    expect(five.billTotal * 100).toBeCloseTo(
      rows.reduce((sum, o) => sum + o.totalCents + o.surchargeCents, 0),
      0,
    );
    expect((await tableOf(4)).sessionId).toBeNull();
  });

  it('refuses a move to the same table, from a table with no bill, of an order not on it, and onto a held table', async () => {
    const d = await ring('waiter1', 'QR-T9', burger);
    const nine = await tableId(t, 'QR-T9');
    const same = await api
      .as('waiter1')
      .call(tablesRoutes.moveTableBill, { params: { id: nine }, body: { toTableId: nine } });
    expect(same.status).toBe(400);
    expect(same.error).toBe('Choose another table than table 9');

    const empty = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: await tableId(t, 'QR-T10') },
      body: { toTableId: nine },
    });
    expect(empty.status).toBe(409);
    expect(empty.error).toBe('Table 10 has no open bill to move');

    const stranger = await ring('waiter1', 'QR-T11', wine);
    const notHere = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: nine },
      body: { toTableId: await tableId(t, 'QR-T12'), orderIds: [stranger.orderId] },
    });
    expect(notHere.status).toBe(404);
    expect(notHere.code).toBe('MOVE_ORDER_NOT_ON_BILL');

    await ring('waiter2', 'QR-T12', wine);
    const held = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: nine },
      body: { toTableId: await tableId(t, 'QR-T12') },
    });
    expect(held.status).toBe(409);
    expect(held.code).toBe('ORDER_TABLE_HELD');
    // Nothing moved.
    expect((await billOf(d.orderId)).diningSessionId).toBe(d.sessionId);
    const [open] = await t.database.db
      .select()
      .from(diningSessions)
      .where(and(eq(diningSessions.id, d.sessionId), eq(diningSessions.status, 'open')));
    expect(open).toBeDefined();
    // A manager moves it onto the held table.
    const manager = await api.as('manager1').call(tablesRoutes.moveTableBill, {
      params: { id: nine },
      body: { toTableId: await tableId(t, 'QR-T12') },
    });
    expect(manager.status, manager.res.body).toBe(200);
    expect(manager.data.merged).toBe(true);
  });
});
