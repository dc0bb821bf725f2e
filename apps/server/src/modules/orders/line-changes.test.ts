import { ordersRoutes, staffRoutes, ticketsRoutes } from '@tavola/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders } from '../../core/db/schema.js';
import { atNoon, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * A waiter changes a sent line before its station starts it: fewer or more, other notes, or off
 * the order; the order is repriced, the station's ticket marks the change, and once the station
 * has started, only a manager's void takes anything off.
 */
describe.each(BACKENDS)('Changing a sent line on %s', (backend) => {
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
  const ring = async (qr: string, items: { menuItemId: string; quantity: number }[]) => {
    const sent = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: await tableId(t, qr) },
      headers: { 'idempotency-key': `change-${(keys += 1)}` },
      body: { items },
    });
    expect(sent.status, sent.res.body).toBe(201);
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, sent.data.orderId))
      .orderBy(asc(orderItems.name));
    return { orderId: sent.data.orderId, orderNumber: sent.data.order_number, lines };
  };
  const ticketOf = async (station: 'kitchen' | 'bar', orderId: string) => {
    const list = await api.as('manager1').call(ticketsRoutes.listTickets, { query: { station } });
    return list.data.tickets.find((x) => x.orderId === orderId);
  };
  const totalOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('fewer, with a note: the order is repriced and the kitchen ticket marks the change', async () => {
    const { orderId, lines } = await ring('QR-T6', [
      { menuItemId: burger, quantity: 2 },
      { menuItemId: wine, quantity: 1 },
    ]);
    const burgerLine = lines.find((l) => l.menuItemId === burger)!;
    const before = await totalOf(orderId);

    const changed = await api.as('waiter1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: burgerLine.id },
      body: { quantity: 1, notes: 'no onions' },
    });
    expect(changed.status, changed.res.body).toBe(200);
    expect(changed.data.total).toBeCloseTo(
      (before.totalCents - burgerLine.unitPriceCents) / 100,
      2,
    );
    const after = await totalOf(orderId);
    expect(after.totalCents).toBe(before.totalCents - burgerLine.unitPriceCents);

    const kitchen = await ticketOf('kitchen', orderId);
    expect(kitchen?.items).toEqual([
      expect.objectContaining({ name: 'Classic Burger', quantity: 1, notes: 'no onions' }),
    ]);
    expect(kitchen?.changes).toEqual([
      expect.objectContaining({
        name: 'Classic Burger',
        from: { quantity: 2, notes: null },
        to: { quantity: 1, notes: 'no onions' },
        by: 'Marco Rossi',
      }),
    ]);
    // The bar's ticket is not touched.
    expect((await ticketOf('bar', orderId))?.changes).toEqual([]);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.line_changed'), eq(auditLog.entityId, orderId)));
    expect(entry?.details).toMatchObject({
      item: 'Classic Burger',
      from: { quantity: 2 },
      to: { quantity: 1 },
      totalCentsBefore: before.totalCents,
      totalCentsAfter: after.totalCents,
    });
  });

  it('taken off: a station left with nothing loses its ticket; the last line withdraws the order', async () => {
    const { orderId, lines } = await ring('QR-T7', [
      { menuItemId: burger, quantity: 1 },
      { menuItemId: wine, quantity: 2 },
    ]);
    const wineLine = lines.find((l) => l.menuItemId === wine)!;
    const off = await api.as('waiter1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: wineLine.id },
      body: { quantity: 0 },
    });
    expect(off.status, off.res.body).toBe(200);
    expect(off.data.items.map((i) => i.name)).toEqual(['Classic Burger']);
    expect(await ticketOf('bar', orderId)).toBeUndefined();
    const order = await totalOf(orderId);
    expect(order.totalCents).toBe(lines.find((l) => l.menuItemId === burger)!.unitPriceCents);

    const burgerLine = lines.find((l) => l.menuItemId === burger)!;
    const last = await api.as('waiter1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: burgerLine.id },
      body: { quantity: 0 },
    });
    expect(last.status, last.res.body).toBe(200);
    expect(last.data.status).toBe('cancelled');
    expect(last.data.billTotal).toBe(0);
    expect(await ticketOf('kitchen', orderId)).toBeUndefined();
  });

  it('once the station has started, the line is refused: only a void takes it off', async () => {
    const { orderId, orderNumber, lines } = await ring('QR-T9', [
      { menuItemId: burger, quantity: 2 },
      { menuItemId: wine, quantity: 1 },
    ]);
    const ticket = await ticketOf('kitchen', orderId);
    const started = await api.as('kitchen1').call(ticketsRoutes.transitionTicket, {
      params: { id: ticket!.id },
      body: { action: 'start' },
    });
    expect(started.status, started.res.body).toBe(200);
    const burgerLine = lines.find((l) => l.menuItemId === burger)!;
    const refused = await api.as('waiter1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: burgerLine.id },
      body: { quantity: 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('ORDER_LINE_STARTED');
    expect(refused.error).toBe(
      `The kitchen has started order #${orderNumber}: Classic Burger can no longer be changed, only voided by a manager`,
    );
    expect((await totalOf(orderId)).totalCents).toBe(
      burgerLine.unitPriceCents * 2 + lines.find((l) => l.menuItemId === wine)!.unitPriceCents,
    );
    // The bar has not started: its line still changes.
    const wineLine = lines.find((l) => l.menuItemId === wine)!;
    const more = await api.as('waiter1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: wineLine.id },
      body: { quantity: 3 },
    });
    expect(more.status, more.res.body).toBe(200);
    expect((await ticketOf('bar', orderId))?.items[0]?.quantity).toBe(3);
  });

  it('refuses who may not: another waiter holding no claim, a station, another restaurant, and nonsense', async () => {
    const { orderId, lines } = await ring('QR-T10', [{ menuItemId: burger, quantity: 2 }]);
    const line = lines[0]!;
    const held = await api.as('waiter2').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: line.id },
      body: { quantity: 1 },
    });
    expect(held.status).toBe(409);
    expect(held.code).toBe('ORDER_TABLE_HELD');
    const kitchen = await api.as('kitchen1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: line.id },
      body: { quantity: 1 },
    });
    expect(kitchen.status).toBe(403);
    const other = await createOtherRestaurant(t, { roles: ['manager'] });
    const elsewhere = await api.as(other.tokens.manager!).call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: line.id },
      body: { quantity: 1 },
    });
    expect(elsewhere.status).toBe(404);
    const empty = await api.as('waiter1').send(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: line.id },
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.error).toBe('Give the new quantity or notes');
    const tooMany = await api.as('waiter1').send(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: line.id },
      body: { quantity: 100 },
    });
    expect(tooMany.status).toBe(400);
    // A manager changes it on the waiter's table.
    const manager = await api.as('manager1').call(ordersRoutes.changeOrderLine, {
      params: { id: orderId, itemId: line.id },
      body: { quantity: 1 },
    });
    expect(manager.status, manager.res.body).toBe(200);
    expect((await totalOf(orderId)).totalCents).toBe(line.unitPriceCents);
  });
});
