import {
  authRoutes,
  businessDaysRoutes,
  floorRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  receiptsRoutes,
  staffRoutes,
  tablesRoutes,
  tabsRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, users } from '../../core/db/schema.js';
import { atNoon, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Staff ring orders up: at a table (seated from the floor, held by its waiter), on a bar tab, at
 * the counter and for takeaway, with seats, courses and open-priced lines, through the same path
 * as a guest's order.
 */
describe.each(BACKENDS)('Staff order entry on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let burger: string;
  let wine: string;
  let espresso: string;
  let waiter2Id: string;
  let waiter1Id: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    burger = (await menuItemByName(t, 'Classic Burger')).id;
    wine = (await menuItemByName(t, 'House Red Wine')).id;
    espresso = (await menuItemByName(t, 'Espresso')).id;
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
    waiter2Id = created.data.id;
    const [w1] = await t.database.db.select().from(users).where(eq(users.username, 'waiter1'));
    waiter1Id = w1!.id;
  });
  afterAll(async () => t?.close());

  const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

  it('a waiter seats a table and rings up an order: one bill, tickets at each station, the waiter on every line', async () => {
    const table6 = await tableId(t, 'QR-T6');
    const seated = await api
      .as('waiter1')
      .call(tablesRoutes.seatTable, { params: { id: table6 }, body: { guests: 4 } });
    expect(seated.status, seated.res.body).toBe(200);
    expect(seated.data).toMatchObject({
      tableNumber: 6,
      customerCount: 4,
      opened: true,
      assignedWaiter: { id: waiter1Id, name: 'Marco Rossi' },
    });

    const sent = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table6 },
      headers: { 'idempotency-key': key() },
      body: {
        items: [
          { menuItemId: burger, quantity: 2, seat: 1, course: 2, notes: 'no onions' },
          { menuItemId: wine, quantity: 1, course: 1 },
        ],
      },
    });
    expect(sent.status, sent.res.body).toBe(201);
    expect(sent.data.order_number).toBeGreaterThan(0);
    expect(sent.data.sessionId).toBe(seated.data.sessionId);
    expect(sent.data.replayed).toBe(false);

    // The kitchen and the bar each get their ticket, with the seat and the course.
    const kitchen = await api
      .as('kitchen1')
      .call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } });
    const food = kitchen.data.tickets.find((x) => x.orderId === sent.data.orderId);
    expect(food).toMatchObject({
      tableNumber: 6,
      orderType: 'dine_in',
      tab: null,
      waiter: 'Marco Rossi',
      customerCount: 4,
      items: [
        {
          name: 'Classic Burger',
          quantity: 2,
          notes: 'no onions',
          seat: 1,
          course: 2,
        },
      ],
    });
    const bar = await api.as('bar1').call(ticketsRoutes.listTickets, { query: { station: 'bar' } });
    expect(bar.data.tickets.find((x) => x.orderId === sent.data.orderId)?.items).toEqual([
      expect.objectContaining({ name: 'House Red Wine', quantity: 1, seat: null, course: 1 }),
    ]);

    // A guest at the same table orders from the phone: the same bill, each line saying who.
    const guest = await api.guest('QR-T6').call(ordersRoutes.placeOrder, {
      body: { items: [{ menuItemId: espresso, quantity: 1 }], currency: 'eur' },
      headers: { 'idempotency-key': key() },
    });
    expect(guest.status, guest.res.body).toBe(201);
    expect(guest.data.sessionId).toBe(seated.data.sessionId);
    const floor = await api.as('waiter1').call(floorRoutes.getFloor);
    const six = floor.data.tables.find((x) => x.number === 6)!;
    expect(six.assignedWaiter?.id).toBe(waiter1Id);
    const lines = six.orders.flatMap((o) => o.items);
    expect(lines.map((l) => [l.name, l.enteredBy?.name ?? null])).toEqual(
      expect.arrayContaining([
        ['Classic Burger', 'Marco Rossi'],
        ['House Red Wine', 'Marco Rossi'],
        ['Espresso', null],
      ]),
    );

    // Audited as the waiter.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.placed'), eq(auditLog.entityId, sent.data.orderId)));
    expect(entry?.userId).toBe(waiter1Id);
    const stored = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, sent.data.orderId));
    expect(stored.map((l) => l.enteredBy)).toEqual([waiter1Id, waiter1Id]);
  });

  it("the waiter's allergy note reaches every ticket of the order, and the order screen's menu names each dish's allergens", async () => {
    const menu = await api.as('waiter1').call(menuRoutes.getOrderMenu);
    expect(menu.status, menu.res.body).toBe(200);
    const burgerOnMenu = menu.data.items.find((i) => i.id === burger)!;
    expect(burgerOnMenu).toMatchObject({ allergensDeclared: true });
    expect(burgerOnMenu.allergens).toEqual(expect.arrayContaining(['gluten']));

    const table10 = await tableId(t, 'QR-T10');
    const sent = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table10 },
      headers: { 'idempotency-key': key() },
      body: {
        items: [
          { menuItemId: burger, quantity: 1 },
          { menuItemId: wine, quantity: 1 },
        ],
        allergyNote: 'Seat 2: sesame allergy',
      },
    });
    expect(sent.status, sent.res.body).toBe(201);
    for (const station of ['kitchen', 'bar'] as const) {
      const board = await api
        .as(station === 'kitchen' ? 'kitchen1' : 'bar1')
        .call(ticketsRoutes.listTickets, { query: { station } });
      const ticket = board.data.tickets.find((x) => x.orderId === sent.data.orderId);
      expect(ticket?.allergyNote, station).toBe('Seat 2: sesame allergy');
    }
  });

  it('a retry with the same Idempotency-Key answers the same order; another order with that key is refused', async () => {
    const table7 = await tableId(t, 'QR-T7');
    const k = key();
    const body = { items: [{ menuItemId: burger, quantity: 1 }], guests: 2 };
    const first = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table7 },
      headers: { 'idempotency-key': k },
      body,
    });
    expect(first.status, first.res.body).toBe(201);
    const again = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table7 },
      headers: { 'idempotency-key': k },
      body,
    });
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ ...first.data, replayed: true });
    const other = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table7 },
      headers: { 'idempotency-key': k },
      body: { items: [{ menuItemId: burger, quantity: 2 }] },
    });
    expect(other.status).toBe(422);
    expect(other.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const floor = await api.as('waiter1').call(floorRoutes.getFloor);
    expect(floor.data.tables.find((x) => x.number === 7)?.orders).toHaveLength(1);
  });

  it('refuses an order at a table another waiter holds, unless the caller manages tables', async () => {
    const table8 = await tableId(t, 'QR-T8');
    const seat = await api
      .as('waiter2')
      .call(tablesRoutes.seatTable, { params: { id: table8 }, body: { guests: 2 } });
    expect(seat.status, seat.res.body).toBe(200);
    expect(seat.data.assignedWaiter?.id).toBe(waiter2Id);

    const refused = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table8 },
      headers: { 'idempotency-key': key() },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('ORDER_TABLE_HELD');
    expect(refused.error).toBe(
      'Table 8 is held by Nina Verdi: ask them to hand it over, or a manager to reassign it',
    );
    const seatRefused = await api
      .as('waiter1')
      .call(tablesRoutes.seatTable, { params: { id: table8 }, body: { guests: 3 } });
    expect(seatRefused.code).toBe('ORDER_TABLE_HELD');

    const manager = await api.as('manager1').call(ordersRoutes.placeTableOrder, {
      params: { id: table8 },
      headers: { 'idempotency-key': key() },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(manager.status, manager.res.body).toBe(201);
    // The manager ringing up leaves the table with its waiter.
    const floor = await api.as('manager1').call(floorRoutes.getFloor);
    expect(floor.data.tables.find((x) => x.number === 8)?.assignedWaiter?.id).toBe(waiter2Id);

    // Kitchen staff do not ring orders up.
    const kitchen = await api.as('kitchen1').call(ordersRoutes.placeTableOrder, {
      params: { id: table8 },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(kitchen.status).toBe(403);
  });

  it('a bar tab: opened by name, rounds added, paid by card and closed; its receipt and the Z report name it', async () => {
    const opened = await api
      .as('waiter1')
      .call(tabsRoutes.openTab, { body: { type: 'bar_tab', name: 'Anna' } });
    expect(opened.status, opened.res.body).toBe(201);
    const tabId = opened.data.id;
    expect(opened.data).toMatchObject({ type: 'bar_tab', name: 'Anna', orders: [], billTotal: 0 });

    for (let round = 0; round < 3; round++) {
      const res = await api.as('bar1').call(tabsRoutes.placeTabOrder, {
        params: { id: tabId },
        headers: { 'idempotency-key': key() },
        body: { items: [{ menuItemId: wine, quantity: 2 }] },
      });
      // Bar staff ring up only with a grant: refused until the manager gives it.
      if (round === 0) {
        expect(res.status).toBe(403);
        const grant = await api.as('manager1').call(staffRoutes.setStaffPermissions, {
          params: { id: await userId('bar1') },
          body: { granted: ['enter_orders'] },
        });
        expect(grant.status, grant.res.body).toBe(200);
        const retry = await api.as('bar1').call(tabsRoutes.placeTabOrder, {
          params: { id: tabId },
          headers: { 'idempotency-key': key() },
          body: { items: [{ menuItemId: wine, quantity: 2 }] },
        });
        expect(retry.status, retry.res.body).toBe(201);
        expect(retry.data.sessionId).toBe(tabId);
      } else {
        expect(res.status, res.res.body).toBe(201);
      }
    }
    const tickets = await api
      .as('bar1')
      .call(ticketsRoutes.listTickets, { query: { station: 'bar' } });
    const ofTab = tickets.data.tickets.filter((x) => x.tab?.id === tabId);
    expect(ofTab).toHaveLength(3);
    expect(ofTab[0]).toMatchObject({
      tableId: null,
      tableNumber: null,
      orderType: 'bar_tab',
      tab: { id: tabId, name: 'Anna', pickupAt: null },
    });

    const list = await api.as('waiter1').call(tabsRoutes.listTabs);
    const tab = list.data.find((x) => x.id === tabId)!;
    expect(tab.orders).toHaveLength(3);
    expect(tab.billTotal).toBeGreaterThan(0);

    const paid = await api
      .as('waiter1')
      .call(paymentsRoutes.recordPayment, { params: { id: tabId }, body: { method: 'card' } });
    expect(paid.status, paid.res.body).toBe(201);
    const receipt = await api
      .as('manager1')
      .call(receiptsRoutes.getReceipt, { query: { number: paid.data.receiptNumber } });
    expect(receipt.data).toMatchObject({
      tableNumber: null,
      orderType: 'bar_tab',
      tabName: 'Anna',
      total: tab.billTotal,
    });
    expect(receipt.data.lines).toEqual([
      expect.objectContaining({ name: 'House Red Wine', quantity: 6 }),
    ]);

    // Closed: no longer listed, and no order joins it.
    const after = await api.as('waiter1').call(tabsRoutes.listTabs);
    expect(after.data.some((x) => x.id === tabId)).toBe(false);
    const late = await api.as('waiter1').call(tabsRoutes.placeTabOrder, {
      params: { id: tabId },
      headers: { 'idempotency-key': key() },
      body: { items: [{ menuItemId: wine, quantity: 1 }] },
    });
    expect(late.code).toBe('TAB_CLOSED');

    const z = await api.as('manager1').call(businessDaysRoutes.getZReport, { query: {} });
    expect(z.status, z.res.body).toBe(200);
    expect(z.data.byOrderType?.find((x) => x.orderType === 'bar_tab')).toMatchObject({
      count: 3,
      total: tab.billTotal,
    });
    expect(z.data.reconciliation.balanced).toBe(true);
  });

  it('a takeaway shows its pickup name and promised time on the kitchen ticket', async () => {
    const pickupAt = new Date(Date.now() + 45 * 60_000).toISOString();
    const opened = await api.as('waiter1').call(tabsRoutes.openTab, {
      body: { type: 'takeaway', name: 'Ben', phone: '+39 055 123', pickupAt },
    });
    expect(opened.status, opened.res.body).toBe(201);
    const sent = await api.as('waiter1').call(tabsRoutes.placeTabOrder, {
      params: { id: opened.data.id },
      headers: { 'idempotency-key': key() },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(sent.status, sent.res.body).toBe(201);
    const kitchen = await api
      .as('kitchen1')
      .call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } });
    expect(kitchen.data.tickets.find((x) => x.orderId === sent.data.orderId)).toMatchObject({
      tableNumber: null,
      orderType: 'takeaway',
      tab: { id: opened.data.id, name: 'Ben', pickupAt },
    });
    // A pickup time is a takeaway's only; one in the past is refused.
    const wrong = await api
      .as('waiter1')
      .send(tabsRoutes.openTab, { body: { type: 'bar_tab', name: 'X', pickupAt } });
    expect(wrong.status).toBe(400);
    const past = await api.as('waiter1').call(tabsRoutes.openTab, {
      body: {
        type: 'takeaway',
        name: 'Late',
        pickupAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
    });
    expect(past.code).toBe('TAB_PICKUP_IN_PAST');
  });

  it('an open-priced line needs the permission, and goes through the bill and the receipt as any line', async () => {
    const table9 = await tableId(t, 'QR-T9');
    const fish = {
      openItem: { name: 'Market fish', priceCents: 2850, station: 'kitchen' as const },
      quantity: 2,
    };
    const refused = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table9 },
      headers: { 'idempotency-key': key() },
      body: { items: [fish], guests: 2 },
    });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('OPEN_ITEM_NOT_ALLOWED');

    // The manager grants it to the waiter: their profile says so, and the order goes through.
    const grant = await api.as('manager1').call(staffRoutes.setStaffPermissions, {
      params: { id: waiter1Id },
      body: { granted: ['open_items'] },
    });
    expect(grant.status, grant.res.body).toBe(200);
    expect(grant.data.grantedPermissions).toEqual(['open_items']);
    expect(grant.data.permissions).toEqual(expect.arrayContaining(['enter_orders', 'open_items']));
    const profile = await api.as('waiter1').call(authRoutes.getProfile);
    expect(profile.data.permissions).toContain('open_items');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.permissions'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit?.details).toMatchObject({ granted: ['open_items'], revoked: [] });

    const sent = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table9 },
      headers: { 'idempotency-key': key() },
      body: { items: [fish, { menuItemId: wine, quantity: 1 }], guests: 2 },
    });
    expect(sent.status, sent.res.body).toBe(201);
    const kitchen = await api
      .as('kitchen1')
      .call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } });
    expect(kitchen.data.tickets.find((x) => x.orderId === sent.data.orderId)?.items).toEqual([
      expect.objectContaining({ name: 'Market fish', quantity: 2, category: 'Open items' }),
    ]);
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, sent.data.orderId), eq(orderItems.name, 'Market fish')));
    expect(line).toMatchObject({ menuItemId: null, unitPriceCents: 2850, lineTotalCents: 5700 });

    const paid = await api.as('manager1').call(paymentsRoutes.recordPayment, {
      params: { id: sent.data.sessionId },
      body: { method: 'cash' },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const receipt = await api
      .as('manager1')
      .call(receiptsRoutes.getReceipt, { query: { number: paid.data.receiptNumber } });
    expect(receipt.data.lines).toEqual(
      expect.arrayContaining([
        { name: 'Market fish', quantity: 2, unitPrice: 28.5, lineTotal: 57 },
      ]),
    );
    expect(receipt.data.tableNumber).toBe(9);

    // Taken back: refused again.
    const revoke = await api.as('manager1').call(staffRoutes.setStaffPermissions, {
      params: { id: waiter1Id },
      body: { granted: [] },
    });
    expect(revoke.data.grantedPermissions).toEqual([]);
    const again = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table9 },
      headers: { 'idempotency-key': key() },
      body: { items: [fish] },
    });
    expect(again.code).toBe('OPEN_ITEM_NOT_ALLOWED');
  });

  it("keeps restaurants apart: another restaurant's staff cannot ring up, see tabs or grant here", async () => {
    const other = await createOtherRestaurant(t, { roles: ['manager'] });
    const token = other.tokens.manager!;
    const table1 = await tableId(t, 'QR-T1');
    const opened = await api
      .as('waiter1')
      .call(tabsRoutes.openTab, { body: { type: 'counter', name: '42' } });
    expect(opened.status).toBe(201);

    const atTable = await api.as(token).call(ordersRoutes.placeTableOrder, {
      params: { id: table1 },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(atTable.status).toBe(404);
    const onTab = await api.as(token).call(tabsRoutes.placeTabOrder, {
      params: { id: opened.data.id },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(onTab.status).toBe(404);
    expect(
      (await api.as(token).call(tabsRoutes.getTab, { params: { id: opened.data.id } })).status,
    ).toBe(404);
    expect((await api.as(token).call(tabsRoutes.listTabs)).data).toEqual([]);
    const seat = await api
      .as(token)
      .call(tablesRoutes.seatTable, { params: { id: table1 }, body: { guests: 2 } });
    expect(seat.status).toBe(404);
    const grant = await api.as(token).call(staffRoutes.setStaffPermissions, {
      params: { id: waiter1Id },
      body: { granted: ['open_items'] },
    });
    expect(grant.status).toBe(404);
    // Their own menu has no such item either: the demo's menu item is unknown there.
    const otherTab = await api
      .as(token)
      .call(tabsRoutes.openTab, { body: { type: 'counter', name: '7' } });
    const foreignItem = await api.as(token).call(tabsRoutes.placeTabOrder, {
      params: { id: otherTab.data.id },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(foreignItem.code).toBe('MENU_ITEM_UNKNOWN');
  });

  async function userId(username: string) {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
    return row!.id;
  }
});
