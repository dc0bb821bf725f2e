import {
  diningSessionsRoutes,
  floorRoutes,
  ordersRoutes,
  paymentsRoutes,
  tablesRoutes,
  ticketsRoutes,
  type SplitBillInput,
} from '@tavola/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  diningSessions,
  orderItems,
  orders,
  payments,
  receipts,
} from '../../core/db/schema.js';
import { atNoon, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { menuItemByName, placeGuestOrder } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Splitting a table's bill into two open bills: a check of its own at the same table, paid by
 * itself; guests' phone orders keep joining the table's first check; what is refused.
 */
describe.each(BACKENDS)('Splitting a bill on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let item: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    item = {};
    for (const name of ['Classic Burger', 'Craft Beer', 'Tiramisu']) {
      item[name] = (await menuItemByName(t, name)).id;
    }
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  let keys = 0;
  const ring = async (qr: string, lines: [string, number][], guests?: number) => {
    const sent = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: await tableId(t, qr) },
      headers: { 'idempotency-key': `split-key-${(keys += 1)}` },
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
  const billsCents = async (sessionIds: string[]) => {
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(and(inArray(orders.diningSessionId, sessionIds), ne(orders.status, 'cancelled')));
    return rows.reduce((sum, o) => sum + o.totalCents + o.surchargeCents, 0);
  };
  const split = (qr: string, body: SplitBillInput) =>
    tableId(t, qr).then((id) =>
      api.as('waiter1').call(tablesRoutes.splitTableBill, { params: { id }, body }),
    );
  const pay = (sessionId: string) =>
    api.as('manager1').call(paymentsRoutes.recordPayment, {
      params: { id: sessionId },
      body: { method: 'card' },
    });

  it('splits an order and 1 of 3 beers off into check 2: both on the floor card, guests still order on check 1, each paid by itself with its own receipt, the table free after the last', async () => {
    const first = await ring(
      'QR-T2',
      [
        ['Classic Burger', 2],
        ['Craft Beer', 3],
      ],
      4,
    );
    const second = await ring('QR-T2', [['Tiramisu', 1]]);
    const beer = await lineOf(first.orderId, 'Craft Beer');
    const before = await billsCents([first.sessionId]);

    const made = await split('QR-T2', {
      orderIds: [second.orderId],
      lines: [{ orderId: first.orderId, itemId: beer.id, quantity: 1 }],
    });
    expect(made.status, made.res.body).toBe(201);
    expect(made.data).toMatchObject({
      tableNumber: 2,
      fromSessionId: first.sessionId,
      checkNumber: 2,
      movedOrders: 1,
      movedLines: 1,
    });
    const check = made.data.sessionId;
    expect(await billsCents([first.sessionId, check])).toBe(before);

    const two = await tableOf(2);
    expect(two.sessionId).toBe(first.sessionId);
    expect(two.customerCount).toBe(4);
    expect(two.checks).toHaveLength(1);
    expect(two.checks[0]).toMatchObject({ sessionId: check, checkNumber: 2 });
    expect(two.checks[0]!.orders.map((o) => o.id)).toContain(second.orderId);
    expect(two.checks[0]!.billTotal + two.billTotal).toBeCloseTo(before / 100, 2);
    expect((await lineOf(first.orderId, 'Craft Beer')).quantity).toBe(2);

    // The bar makes the beer for table 2 still, on a ticket of the new check's order; nothing
    // is marked as changed (it goes to the same table).
    const bar = await api.as('bar1').call(ticketsRoutes.listTickets, { query: { station: 'bar' } });
    const beers = bar.data.tickets.filter((x) => x.tableNumber === 2);
    expect(beers.flatMap((x) => x.items.map((i) => i.quantity)).sort()).toEqual([1, 2]);
    expect(beers.every((x) => (x.changes ?? []).length === 0)).toBe(true);

    // A guest's phone order joins the table's check 1.
    const guest = await placeGuestOrder(t, 'QR-T2', [['Tiramisu', 1]]);
    expect(guest.status, guest.res.body).toBe(201);
    expect(guest.data.sessionId).toBe(first.sessionId);

    // Check 2 paid: its own receipt; the table stays seated with check 1.
    const paidTwo = await pay(check);
    expect(paidTwo.status, paidTwo.res.body).toBe(201);
    const after = await tableOf(2);
    expect(after.sessionId).toBe(first.sessionId);
    expect(after.checks).toEqual([]);
    expect(after.status).not.toBe('available');
    const paidOne = await pay(first.sessionId);
    expect(paidOne.status, paidOne.res.body).toBe(201);
    expect(paidOne.data.receiptNumber).toBe(paidTwo.data.receiptNumber! + 1);
    const issued = await t.database.db
      .select()
      .from(receipts)
      .where(inArray(receipts.diningSessionId, [first.sessionId, check]));
    expect(issued).toHaveLength(2);
    const taken = await t.database.db
      .select()
      .from(payments)
      .where(inArray(payments.diningSessionId, [first.sessionId, check]));
    expect(taken.reduce((s, p) => s + p.amountCents, 0)).toBe(
      await billsCents([first.sessionId, check]),
    );
    const free = await tableOf(2);
    expect(free.sessionId).toBeNull();

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'table.bill_split'), eq(auditLog.entityId, check)));
    expect(audit?.details).toMatchObject({ tableNumber: 2, checkNumber: 2 });
  });

  it("check 1 paid first: the other check becomes the table's bill, guests' orders join it, the table stays seated", async () => {
    const placed = await ring('QR-T3', [
      ['Classic Burger', 1],
      ['Craft Beer', 2],
    ]);
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const made = await split('QR-T3', {
      lines: [{ orderId: placed.orderId, itemId: beer.id }],
    });
    expect(made.status, made.res.body).toBe(201);
    // A second split: check 3.
    const burger = await lineOf(placed.orderId, 'Classic Burger');
    const again = await split('QR-T3', {
      lines: [{ orderId: placed.orderId, itemId: burger.id }],
    });
    // The burger is all that is left on the bill: it stays.
    expect(again.status).toBe(409);
    expect(again.error).toBe('Leave something on the bill of table 3: a split takes part of it');

    expect((await pay(placed.sessionId)).status).toBe(201);
    const three = await tableOf(3);
    expect(three.sessionId).toBe(made.data.sessionId);
    expect(three.checks).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, made.data.sessionId));
    expect(row).toMatchObject({ status: 'open', checkNumber: 1 });
    const guest = await placeGuestOrder(t, 'QR-T3', [['Tiramisu', 1]]);
    expect(guest.data.sessionId).toBe(made.data.sessionId);
  });

  it('refuses a table with no bill, nothing chosen, the whole bill, a bill with a payment, a line not on it, and a tenth check', async () => {
    const none = await split('QR-T10', { orderIds: [crypto.randomUUID()] });
    expect(none.status).toBe(409);
    expect(none.error).toBe('Table 10 has no open bill to split');

    const placed = await ring('QR-T4', [['Craft Beer', 10]]);
    const empty = await tableId(t, 'QR-T4').then((id) =>
      api.as('waiter1').send(tablesRoutes.splitTableBill, { params: { id }, body: {} }),
    );
    expect(empty.status).toBe(400);
    const whole = await split('QR-T4', { orderIds: [placed.orderId] });
    expect(whole.code).toBe('SPLIT_WHOLE_BILL');
    const stranger = await split('QR-T4', {
      lines: [{ orderId: placed.orderId, itemId: crypto.randomUUID() }],
    });
    expect(stranger.code).toBe('MOVE_LINE_NOT_ON_BILL');

    const beer = await lineOf(placed.orderId, 'Craft Beer');
    for (let n = 2; n <= 9; n++) {
      const made = await split('QR-T4', {
        lines: [{ orderId: placed.orderId, itemId: beer.id, quantity: 1 }],
      });
      expect(made.status, made.res.body).toBe(201);
      expect(made.data.checkNumber).toBe(n);
    }
    const tenth = await split('QR-T4', {
      lines: [{ orderId: placed.orderId, itemId: beer.id, quantity: 1 }],
    });
    expect(tenth.status).toBe(409);
    expect(tenth.error).toBe('Table 4 has 9 open checks already: settle one first');
    expect((await tableOf(4)).checks).toHaveLength(8);

    await t.database.db.insert(payments).values({
      restaurantId: t.restaurantId,
      diningSessionId: placed.sessionId,
      tableId: await tableId(t, 'QR-T4'),
      method: 'card',
      amountCents: 100,
      currency: 'eur',
      status: 'pending',
    });
    const withMoney = await split('QR-T4', {
      lines: [{ orderId: placed.orderId, itemId: beer.id, quantity: 1 }],
    });
    expect(withMoney.code).toBe('SPLIT_BILL_HAS_PAYMENTS');
  });

  const closeAs = (who: string, qr: string, body: Record<string, unknown> = {}) =>
    tableId(t, qr).then((id) =>
      api.as(who).call(diningSessionsRoutes.closeTable, { params: { id }, body }),
    );

  it('staff ring an order up onto check 2; a retry with the same key is the same order; a check not open is refused', async () => {
    const placed = await ring('QR-T5', [
      ['Classic Burger', 1],
      ['Craft Beer', 2],
    ]);
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const made = await split('QR-T5', { lines: [{ orderId: placed.orderId, itemId: beer.id }] });
    expect(made.status, made.res.body).toBe(201);
    const id = await tableId(t, 'QR-T5');
    const onTwo = () =>
      api.as('waiter1').call(ordersRoutes.placeTableOrder, {
        params: { id },
        headers: { 'idempotency-key': 'onto-check-2' },
        body: { items: [{ menuItemId: item['Tiramisu']!, quantity: 1 }], check: 2 },
      });
    const sent = await onTwo();
    expect(sent.status, sent.res.body).toBe(201);
    expect(sent.data.sessionId).toBe(made.data.sessionId);
    const again = await onTwo();
    expect(again.status).toBe(200);
    expect(again.data.orderId).toBe(sent.data.orderId);
    const five = await tableOf(5);
    expect(five.orders.map((o) => o.id)).toEqual([placed.orderId]);
    expect(five.checks[0]!.orders.map((o) => o.id)).toContain(sent.data.orderId);

    const missing = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id },
      headers: { 'idempotency-key': 'onto-check-3' },
      body: { items: [{ menuItemId: item['Tiramisu']!, quantity: 1 }], check: 3 },
    });
    expect(missing.status).toBe(409);
    expect(missing.code).toBe('CHECK_NOT_OPEN');
    expect(missing.error).toBe('Table 5 has no open check 3');
  });

  it('moves lines between two checks of the table, and merges a check emptied onto another (check 1 emptied: the other becomes check 1)', async () => {
    const placed = await ring('QR-T6', [
      ['Classic Burger', 1],
      ['Craft Beer', 3],
      ['Tiramisu', 2],
    ]);
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const before = await billsCents([placed.sessionId]);
    const menuValue = async (sessionIds = [placed.sessionId, two]) => {
      const rows = await t.database.db
        .select()
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(inArray(orders.diningSessionId, sessionIds));
      return rows.reduce(
        (n, r) =>
          n +
          r.order_items.unitPriceCents * (r.order_items.quantity - r.order_items.voidedQuantity),
        0,
      );
    };
    const menuBefore = await menuValue([placed.sessionId]);
    const made = await split('QR-T6', {
      lines: [{ orderId: placed.orderId, itemId: beer.id, quantity: 2 }],
    });
    expect(made.status, made.res.body).toBe(201);
    const two = made.data.sessionId;

    // One tiramisu of check 1 onto check 2 (an existing check, no new one).
    const tiramisu = await lineOf(placed.orderId, 'Tiramisu');
    const onto = await split('QR-T6', {
      toCheck: 2,
      lines: [{ orderId: placed.orderId, itemId: tiramisu.id, quantity: 1 }],
    });
    expect(onto.status, onto.res.body).toBe(201);
    expect(onto.data).toMatchObject({ sessionId: two, checkNumber: 2, fromClosed: false });
    expect((await tableOf(6)).checks).toHaveLength(1);

    // A beer back from check 2 to check 1.
    const six = await tableOf(6);
    const beerTwo = six.checks[0]!.orders.flatMap((o) =>
      o.items.map((i) => ({ orderId: o.id, ...i })),
    ).find((i) => i.name === 'Craft Beer')!;
    const back = await split('QR-T6', {
      fromCheck: 2,
      toCheck: 1,
      lines: [{ orderId: beerTwo.orderId, itemId: beerTwo.id, quantity: 1 }],
    });
    expect(back.status, back.res.body).toBe(201);
    expect(back.data).toMatchObject({ sessionId: placed.sessionId, checkNumber: 1 });
    expect(await menuValue()).toBe(menuBefore);
    expect(Math.abs((await billsCents([placed.sessionId, two])) - before)).toBeLessThanOrEqual(2);

    const same = await split('QR-T6', {
      fromCheck: 2,
      toCheck: 2,
      lines: [{ orderId: beerTwo.orderId, itemId: beerTwo.id }],
    });
    expect(same.code).toBe('SPLIT_SAME_CHECK');
    const ghost = await split('QR-T6', {
      toCheck: 7,
      lines: [{ orderId: placed.orderId, itemId: tiramisu.id }],
    });
    expect(ghost.code).toBe('CHECK_NOT_OPEN');

    // Everything of check 1 onto check 2: check 1 closes, check 2 becomes check 1.
    const one = await tableOf(6);
    const all = one.orders.map((o) => o.id);
    const merged = await split('QR-T6', { orderIds: all, toCheck: 2 });
    expect(merged.status, merged.res.body).toBe(201);
    expect(merged.data).toMatchObject({ sessionId: two, checkNumber: 1, fromClosed: true });
    const after = await tableOf(6);
    expect(after.sessionId).toBe(two);
    expect(after.checks).toEqual([]);
    expect(after.status).not.toBe('available');
    expect(Math.abs((await billsCents([two])) - before)).toBeLessThanOrEqual(2);
    expect(await menuValue([two])).toBe(menuBefore);
    const guest = await placeGuestOrder(t, 'QR-T6', [['Tiramisu', 1]]);
    expect(guest.data.sessionId).toBe(two);
  });

  it('Close table deals with every check: a waiter is refused naming the checks still owed; empty checks all close; a manager settles each check with its own payment', async () => {
    const placed = await ring('QR-T7', [
      ['Classic Burger', 1],
      ['Craft Beer', 2],
    ]);
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const made = await split('QR-T7', { lines: [{ orderId: placed.orderId, itemId: beer.id }] });
    expect(made.status, made.res.body).toBe(201);

    const refused = await closeAs('waiter1', 'QR-T7');
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('CLOSE_TABLE_CHECKS_UNPAID');
    expect(refused.error).toBe(
      'Table 7 still has unpaid orders on check 1, check 2: take their payment first (or a manager closes it)',
    );
    // Check 1 paid: check 2 is the table's bill now, and still owed.
    expect((await pay(placed.sessionId)).status).toBe(201);
    const stillOwed = await closeAs('waiter1', 'QR-T7');
    expect(stillOwed.code).toBe('CLOSE_TABLE_UNPAID_ORDERS');

    // A new split at the table: a manager settles both checks, each with a payment and receipt.
    const more = await ring('QR-T7', [['Tiramisu', 2]]);
    const tiramisu = await lineOf(more.orderId, 'Tiramisu');
    const third = await split('QR-T7', {
      lines: [{ orderId: more.orderId, itemId: tiramisu.id, quantity: 1 }],
    });
    expect(third.status, third.res.body).toBe(201);
    const checks = [made.data.sessionId, third.data.sessionId];
    const owed = await billsCents(checks);
    const closed = await closeAs('manager1', 'QR-T7', {
      reason: 'Guests paid at the bar',
      unpaid: 'settle',
      method: 'cash',
    });
    expect(closed.status, closed.res.body).toBe(200);
    expect(closed.data).toMatchObject({ closeReason: 'paid', checksClosed: 2 });
    const taken = await t.database.db
      .select()
      .from(payments)
      .where(inArray(payments.diningSessionId, checks));
    expect(taken).toHaveLength(2);
    expect(taken.reduce((s, p) => s + p.amountCents, 0)).toBe(owed);
    const issued = await t.database.db
      .select()
      .from(receipts)
      .where(inArray(receipts.diningSessionId, checks));
    expect(issued).toHaveLength(2);
    const free = await tableOf(7);
    expect(free.sessionId).toBeNull();
    expect(free.checks).toEqual([]);
  });

  it('Close table with checks emptied by voids closes all of them for the waiter', async () => {
    const placed = await ring('QR-T8', [
      ['Classic Burger', 1],
      ['Craft Beer', 1],
    ]);
    const beer = await lineOf(placed.orderId, 'Craft Beer');
    const made = await split('QR-T8', { lines: [{ orderId: placed.orderId, itemId: beer.id }] });
    expect(made.status, made.res.body).toBe(201);
    // Both orders voided by a manager: nothing owed on either check.
    const eight = await tableOf(8);
    for (const order of [...eight.orders, ...eight.checks.flatMap((c) => c.orders)]) {
      const voided = await api.as('manager1').call(ordersRoutes.voidOrder, {
        params: { id: order.id },
        body: { reason: 'Wrong table' },
      });
      expect(voided.status, voided.res.body).toBe(200);
    }
    const closed = await closeAs('waiter1', 'QR-T8');
    expect(closed.status, closed.res.body).toBe(200);
    expect(closed.data).toMatchObject({ closeReason: 'closed_by_staff', checksClosed: 2 });
    const free = await tableOf(8);
    expect(free.sessionId).toBeNull();
    expect(free.status).toBe('available');
  });

  it('moves a split-off check to another table: check 2 goes whole, check 1 stays with the party left', async () => {
    const placed = await ring('QR-T9', [
      ['Craft Beer', 3],
      ['Classic Burger', 1],
    ]);
    const burger = await lineOf(placed.orderId, 'Classic Burger');
    const made = await split('QR-T9', {
      lines: [{ orderId: placed.orderId, itemId: burger.id, quantity: 1 }],
    });
    expect(made.status, made.res.body).toBe(201);
    const checkTwo = made.data.sessionId;
    const before = await billsCents([placed.sessionId, checkTwo]);

    const from = await tableId(t, 'QR-T9');
    const to = await tableId(t, 'QR-T11');
    const noSuch = await api.as('waiter1').send(tablesRoutes.moveTableBill, {
      params: { id: from },
      body: { toTableId: to, fromCheck: 3 },
    });
    expect(noSuch.status).toBe(409);
    expect(noSuch.body).toMatchObject({ code: 'CHECK_NOT_OPEN' });

    const moved = await api.as('waiter1').call(tablesRoutes.moveTableBill, {
      params: { id: from },
      body: { toTableId: to, fromCheck: 2 },
    });
    expect(moved.status, moved.res.body).toBe(200);
    // The burger's check sits at table 11 now; table 9 keeps its own bill, and no other check.
    const nine = await tableOf(9);
    const eleven = await tableOf(11);
    expect(nine.sessionId).toBe(placed.sessionId);
    expect(nine.checks).toEqual([]);
    expect(nine.orders.flatMap((o) => o.items.map((i) => i.name))).toEqual(['Craft Beer']);
    expect(eleven.orders.flatMap((o) => o.items.map((i) => i.name))).toEqual(['Classic Burger']);
    expect(await billsCents([placed.sessionId, moved.data.sessionId])).toBe(before);
    const [closed] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, checkTwo));
    expect(closed!.status).toBe('closed');
  });
});
