import {
  discountsRoutes,
  floorRoutes,
  ordersRoutes,
  tablesRoutes,
  ticketsRoutes,
  type ApplyDiscountInput,
  type MoveBillInput,
} from '@tavola/contract';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  discounts,
  orderItems,
  orders,
  payments,
  tickets,
} from '../../core/db/schema.js';
import { atNoon, setCharges, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Moving lines of a bill to another table: some of a line's quantity (the line splits), a line
 * whole, its discounts with it, the stations' tickets following, and what is refused.
 */
describe.each(BACKENDS)('Moving lines on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let item: Record<string, string>;
  let reasons: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    // 10% tax added and a 12.5% service charge: the parts must add up after a split too.
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false });
    item = {};
    for (const name of ['Classic Burger', 'Craft Beer', 'Tiramisu', 'Espresso']) {
      item[name] = (await menuItemByName(t, name)).id;
    }
    api = client(t.app);
    const listed = await api.as('manager1').call(discountsRoutes.listDiscountReasons);
    reasons = Object.fromEntries(listed.data.map((r) => [r.name, r.id]));
  });
  afterAll(async () => t?.close());

  let keys = 0;
  const ring = async (qr: string, lines: [string, number][], guests?: number) => {
    const sent = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: await tableId(t, qr) },
      headers: { 'idempotency-key': `move-lines-key-${(keys += 1)}` },
      body: {
        items: lines.map(([name, quantity]) => ({ menuItemId: item[name]!, quantity })),
        ...(guests ? { guests } : {}),
      },
    });
    expect(sent.status, sent.res.body).toBe(201);
    return sent.data;
  };
  const lineOf = async (orderId: string, name: string) => {
    const [row] = await t.database.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.name, name)));
    return row!;
  };
  const tableOf = async (number: number) => {
    const floor = await api.as('manager1').call(floorRoutes.getFloor);
    return floor.data.tables.find((x) => x.number === number)!;
  };
  /** What these bills come to, to the cent, from the stored orders (voided ones left out). */
  const billsCents = async (sessionIds: string[]) => {
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(and(inArray(orders.diningSessionId, sessionIds), ne(orders.status, 'cancelled')));
    return rows.reduce((sum, o) => sum + o.totalCents + o.surchargeCents, 0);
  };
  /** What the lines of these bills come to at menu prices, less their discounts. */
  const menuCents = async (sessionIds: string[]) => {
    const rows = await t.database.db
      .select({ total: orders.totalCents })
      .from(orders)
      .where(and(inArray(orders.diningSessionId, sessionIds), ne(orders.status, 'cancelled')));
    return rows.reduce((sum, o) => sum + o.total, 0);
  };
  const move = (from: string, body: MoveBillInput) =>
    tableId(t, from).then((id) =>
      api.as('waiter1').call(tablesRoutes.moveTableBill, { params: { id }, body }),
    );

  it('moves 2 of 3 beers to a free table: the line splits, the bar keeps making them for the new table, no unit lost or billed twice', async () => {
    const placed = await ring('QR-T3', [
      ['Craft Beer', 3],
      ['Classic Burger', 2],
    ]);
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const bar = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.orderId, placed.orderId), eq(tickets.station, 'bar')));
    const started = await api.as('bar1').call(ticketsRoutes.transitionTicket, {
      params: { id: bar[0]!.id },
      body: { action: 'start' },
    });
    expect(started.status, started.res.body).toBe(200);
    // The guests told of an allergy with this order: it goes with the beers that move.
    await t.database.db
      .update(orders)
      .set({ allergyNote: 'Peanuts' })
      .where(eq(orders.id, placed.orderId));
    const before = await billsCents([placed.sessionId]);
    const beforeMenu = await menuCents([placed.sessionId]);

    const moved = await move('QR-T3', {
      toTableId: await tableId(t, 'QR-T8'),
      lines: [{ orderId: placed.orderId, itemId: beer.id, quantity: 2 }],
    });
    expect(moved.status, moved.res.body).toBe(200);
    expect(moved.data).toMatchObject({
      fromTableNumber: 3,
      toTableNumber: 8,
      movedOrders: 0,
      movedLines: 1,
      merged: false,
      fromClosed: false,
    });

    // The line stays with one beer; the two that moved are a line of their own on a new order.
    expect((await lineOf(placed.orderId, 'Craft Beer')).quantity).toBe(1);
    const eight = await tableOf(8);
    expect(eight.sessionId).toBe(moved.data.sessionId);
    expect(eight.orders).toHaveLength(1);
    const newOrder = eight.orders[0]!;
    expect(newOrder.orderNumber).not.toBe(placed.order_number);
    const part = await lineOf(newOrder.id, 'Craft Beer');
    expect(part.id).not.toBe(beer.id);
    expect(part).toMatchObject({ quantity: 2, unitPriceCents: beer.unitPriceCents });
    expect(part.lineKey).not.toBe(beer.lineKey);
    expect((await tableOf(3)).orders.map((o) => o.id)).toEqual([placed.orderId]);
    // Not a line lost or billed twice: the menu value is exact; each part of the split line
    // takes its tax and service charge by the one per-line rule (as two lines ordered so would),
    // which may round a cent differently from the line it was.
    expect(await menuCents([placed.sessionId, moved.data.sessionId])).toBe(beforeMenu);
    expect(
      Math.abs((await billsCents([placed.sessionId, moved.data.sessionId])) - before),
    ).toBeLessThanOrEqual(2);

    // The bar keeps making them, on a ticket for table 8 at the same status and time; the
    // original ticket marks what went.
    const board = await api
      .as('bar1')
      .call(ticketsRoutes.listTickets, { query: { station: 'bar' } });
    const twin = board.data.tickets.find((x) => x.orderId === newOrder.id)!;
    expect(twin).toMatchObject({ tableNumber: 8, status: 'preparing', allergyNote: 'Peanuts' });
    expect(twin.orderTime).toBe(started.data.orderTime);
    expect(twin.items).toEqual([expect.objectContaining({ name: 'Craft Beer', quantity: 2 })]);
    // The twin says where its lines came from, so table 8's ticket is not a surprise.
    expect(twin.changes).toEqual([
      expect.objectContaining({
        name: 'Craft Beer',
        from: { quantity: 0, notes: null },
        to: { quantity: 2, notes: null },
        movedFrom: 3,
      }),
    ]);
    const original = board.data.tickets.find((x) => x.id === bar[0]!.id)!;
    expect(original.items).toEqual([expect.objectContaining({ name: 'Craft Beer', quantity: 1 })]);
    expect(original.changes).toEqual([
      expect.objectContaining({
        name: 'Craft Beer',
        from: { quantity: 3, notes: null },
        to: { quantity: 1, notes: null },
        movedTo: 8,
      }),
    ]);
    // The kitchen's ticket did not move.
    const kitchen = await api
      .as('kitchen1')
      .call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } });
    expect(kitchen.data.tickets.filter((x) => x.orderId === placed.orderId)).toHaveLength(1);
    expect(kitchen.data.tickets.some((x) => x.orderId === newOrder.id)).toBe(false);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'table.bill_moved'), eq(auditLog.entityId, moved.data.sessionId)),
      );
    expect(audit?.details).toMatchObject({
      fromTableNumber: 3,
      toTableNumber: 8,
      lines: [
        {
          orderNumber: placed.order_number,
          toOrderNumber: newOrder.orderNumber,
          item: 'Craft Beer',
          quantity: 2,
          split: true,
        },
      ],
    });
  });

  it('a line moved whole keeps its identity and its comp; a split line takes its percentage and its share of an amount; a bill discount stays on its bill', async () => {
    const a = await ring('QR-T4', [
      ['Tiramisu', 1],
      ['Craft Beer', 4],
      ['Espresso', 2],
      ['Classic Burger', 1],
    ]);
    const b = await ring('QR-T5', [['Classic Burger', 1]]);
    const manager = api.as('manager1');
    const give = async (body: ApplyDiscountInput) => {
      const given = await manager.call(discountsRoutes.applyDiscount, {
        params: { id: a.sessionId },
        body,
      });
      expect(given.status, given.res.body).toBe(201);
      return given.data.discount.id;
    };
    const tiramisu = await lineOf(a.orderId, 'Tiramisu');
    const beer = await lineOf(a.orderId, 'Craft Beer');
    const espresso = await lineOf(a.orderId, 'Espresso');
    const comp = await give({
      kind: 'comp',
      orderItemId: tiramisu.id,
      reasonId: reasons['Kitchen mistake']!,
    });
    await give({
      kind: 'percent',
      percent: 50,
      orderItemId: beer.id,
      reasonId: reasons['Kitchen mistake']!,
    });
    await give({
      kind: 'amount',
      amount: 1,
      orderItemId: espresso.id,
      reasonId: reasons['Kitchen mistake']!,
    });
    const bill = await give({
      kind: 'percent',
      percent: 10,
      reasonId: reasons['Kitchen mistake']!,
    });
    const before = await billsCents([a.sessionId, b.sessionId]);

    const moved = await move('QR-T4', {
      toTableId: await tableId(t, 'QR-T5'),
      lines: [
        { orderId: a.orderId, itemId: tiramisu.id },
        { orderId: a.orderId, itemId: beer.id, quantity: 1 },
        { orderId: a.orderId, itemId: espresso.id, quantity: 1 },
      ],
    });
    expect(moved.status, moved.res.body).toBe(200);
    expect(moved.data).toMatchObject({ merged: true, movedLines: 3, sessionId: b.sessionId });
    // The moved lines leave the bill discount behind: only it changes what the two bills
    // come to, by its share of them.
    const billBefore = before;
    expect(billBefore).toBeGreaterThan(0);

    const given = await t.database.db
      .select()
      .from(discounts)
      .where(
        and(
          inArray(discounts.diningSessionId, [a.sessionId, b.sessionId]),
          isNull(discounts.removedAt),
        ),
      );
    // The comp went with the tiramisu (the same line).
    const compRow = given.find((d) => d.id === comp)!;
    expect(compRow).toMatchObject({ diningSessionId: b.sessionId, orderItemId: tiramisu.id });
    expect(
      (await t.database.db.select().from(orderItems).where(eq(orderItems.id, tiramisu.id)))[0]!
        .lineTotalCents,
    ).toBe(0);
    // Half off both beer lines.
    const halves = given.filter((d) => d.percentBps === 5000);
    expect(halves.map((d) => d.diningSessionId).sort()).toEqual([a.sessionId, b.sessionId].sort());
    for (const d of halves) expect(d.discountCents).toBeGreaterThan(0);
    // The 1.00 off two espressos: 0.50 with each.
    const amounts = given.filter((d) => d.kind === 'amount');
    expect(amounts.map((d) => d.amountCents)).toEqual([50, 50]);
    // The bill discount stays on table 4's bill, on what is left there.
    const billRow = given.find((d) => d.id === bill)!;
    expect(billRow.diningSessionId).toBe(a.sessionId);
    const leftIds = (
      await t.database.db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, a.orderId))
    ).map((l) => l.id);
    expect(billRow.allocation.every((x) => leftIds.includes(x.orderItemId))).toBe(true);
    // Every discount's cents stay on exactly one bill: before less the bill discount's share
    // of the moved lines equals after.
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orderItems.orderId, orders.id))
      .where(inArray(orders.diningSessionId, [a.sessionId, b.sessionId]));
    const discounted = lines.reduce((s, l) => s + l.order_items.discountCents, 0);
    expect(discounted).toBe(given.reduce((s, d) => s + d.discountCents, 0));
  });

  it('moving every unit still billed of an order moves the order itself, and the whole bill closes the table', async () => {
    const placed = await ring(
      'QR-T6',
      [
        ['Classic Burger', 2],
        ['Craft Beer', 1],
      ],
      2,
    );
    const burger = await lineOf(placed.orderId, 'Classic Burger');
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const before = await billsCents([placed.sessionId]);
    const moved = await move('QR-T6', {
      toTableId: await tableId(t, 'QR-T7'),
      lines: [
        { orderId: placed.orderId, itemId: burger.id, quantity: 2 },
        { orderId: placed.orderId, itemId: beer.id },
      ],
    });
    expect(moved.status, moved.res.body).toBe(200);
    expect(moved.data).toMatchObject({ movedOrders: 1, movedLines: 0, fromClosed: true });
    const seven = await tableOf(7);
    expect(seven.orders.map((o) => o.id)).toEqual([placed.orderId]);
    expect(seven.customerCount).toBe(2);
    expect(await billsCents([moved.data.sessionId])).toBe(before);
    expect((await tableOf(6)).sessionId).toBeNull();
    // The kitchen's ticket, now naming table 7, says it came from table 6.
    const kitchen = await api
      .as('kitchen1')
      .call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } });
    const ticket = kitchen.data.tickets.find((x) => x.orderId === placed.orderId)!;
    expect(ticket.tableNumber).toBe(7);
    expect(ticket.changes).toEqual([
      expect.objectContaining({
        name: 'Classic Burger',
        from: { quantity: 0, notes: null },
        to: { quantity: 2, notes: null },
        movedFrom: 6,
      }),
    ]);
  });

  it('refuses a line not on the bill, a voided line, more than is left of it, the same line twice, and a bill with a payment on it', async () => {
    const placed = await ring('QR-T9', [
      ['Classic Burger', 2],
      ['Espresso', 3],
      ['Tiramisu', 1],
    ]);
    const other = await ring('QR-T10', [['Craft Beer', 1]]);
    const to = await tableId(t, 'QR-T11');
    const burger = await lineOf(placed.orderId, 'Classic Burger');
    const espresso = await lineOf(placed.orderId, 'Espresso');
    const stranger = await lineOf(other.orderId, 'Craft Beer');

    const notHere = await move('QR-T9', {
      toTableId: to,
      lines: [{ orderId: placed.orderId, itemId: stranger.id }],
    });
    expect(notHere.status).toBe(404);
    expect(notHere.error).toBe('Line not found on the open bill of table 9');
    const otherOrder = await move('QR-T9', {
      toTableId: to,
      lines: [{ orderId: other.orderId, itemId: stranger.id }],
    });
    expect(otherOrder.code).toBe('MOVE_ORDER_NOT_ON_BILL');

    const voided = await api.as('manager1').call(ordersRoutes.voidOrderLine, {
      params: { id: placed.orderId, itemId: burger.id },
      body: { quantity: 2, reason: 'Sent back' },
    });
    expect(voided.status, voided.res.body).toBe(200);
    const none = await move('QR-T9', {
      toTableId: to,
      lines: [{ orderId: placed.orderId, itemId: burger.id }],
    });
    expect(none.status).toBe(409);
    expect(none.error).toBe(
      'Classic Burger on order #' +
        placed.order_number +
        ' is voided: nothing of it is left to move',
    );

    await api.as('manager1').call(ordersRoutes.voidOrderLine, {
      params: { id: placed.orderId, itemId: espresso.id },
      body: { quantity: 1, reason: 'Spilled' },
    });
    const tooMany = await move('QR-T9', {
      toTableId: to,
      lines: [{ orderId: placed.orderId, itemId: espresso.id, quantity: 3 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.error).toBe(`Only 2 of Espresso on order #${placed.order_number} can move`);

    const twice = await tableId(t, 'QR-T9').then((id) =>
      api.as('waiter1').send(tablesRoutes.moveTableBill, {
        params: { id },
        body: {
          toTableId: to,
          lines: [
            { orderId: placed.orderId, itemId: espresso.id, quantity: 1 },
            { orderId: placed.orderId, itemId: espresso.id, quantity: 1 },
          ],
        },
      }),
    );
    expect(twice.status).toBe(400);

    // The rest of a partly voided line moves; its voided part stays with the order.
    const before = await billsCents([placed.sessionId]);
    const rest = await move('QR-T9', {
      toTableId: to,
      lines: [{ orderId: placed.orderId, itemId: espresso.id }],
    });
    expect(rest.status, rest.res.body).toBe(200);
    expect(rest.data.movedLines).toBe(1);
    expect(await lineOf(placed.orderId, 'Espresso')).toMatchObject({
      quantity: 1,
      voidedQuantity: 1,
    });
    expect(await billsCents([placed.sessionId, rest.data.sessionId])).toBe(before);

    // A guest's card payment under way on the bill.
    await t.database.db.insert(payments).values({
      restaurantId: t.restaurantId,
      diningSessionId: placed.sessionId,
      tableId: await tableId(t, 'QR-T9'),
      method: 'card',
      amountCents: 100,
      currency: 'eur',
      status: 'pending',
    });
    const tiramisu = await lineOf(placed.orderId, 'Tiramisu');
    const withMoney = await move('QR-T9', {
      toTableId: to,
      lines: [{ orderId: placed.orderId, itemId: tiramisu.id }],
    });
    expect(withMoney.status).toBe(409);
    expect(withMoney.code).toBe('MOVE_BILL_HAS_PAYMENTS');
  });
});
