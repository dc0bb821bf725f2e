import {
  availableWithUnpaidOrders,
  CLOSE_TABLE_REFUSALS,
  EVENT_DATA,
  unpaidOrdersRefusal,
  diningSessionsRoutes,
  requestsRoutes,
  staffRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  diningSessions,
  events,
  orders,
  payments,
  requests,
  tables,
  tickets,
} from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';

describe.each(BACKENDS)('POST /api/tables/:id/close on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  const bearer: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const role of ['waiter', 'manager', 'kitchen'] as const)
      bearer[role] = await signInAs(t, role);
    // A second waiter, as a manager adds one.
    const created = await api.as(bearer.manager!).call(staffRoutes.createStaff, {
      body: {
        name: 'Anna Verdi',
        username: 'waiter2',
        password: 'waiter2-secret',
        role: 'waiter',
      },
    });
    expect(created.status, created.res.body).toBe(201);
    const second = await loginAs(t.app, 'waiter2', 'waiter2-secret');
    bearer.colleague = second.token;
    ids.colleague = second.user.id;
    ids.waiter = (await loginAs(t.app, 'waiter1', 'waiter123')).user.id;
    const other = await createOtherRestaurant(t, { roles: ['manager', 'waiter'] });
    bearer.otherManager = other.tokens.manager!;
    bearer.otherWaiter = other.tokens.waiter!;
  });
  afterAll(async () => t?.close());

  const as = (who: string) => api.as(bearer[who]!);
  const table = async (number: number) => {
    const [row] = await t.database.db
      .select()
      .from(tables)
      .where(and(eq(tables.restaurantId, t.restaurantId), eq(tables.number, number)));
    return row!;
  };
  const scan = (token: string) => api.call(diningSessionsRoutes.startSession, { body: { token } });
  const sessionOf = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, id));
    return row!;
  };
  const lastEvent = async (type: string) => {
    const [row] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), eq(events.type, type)))
      .orderBy(desc(events.seq))
      .limit(1);
    return row;
  };
  const lastAudit = async (action: string) => {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return row;
  };

  it("a waiter closes their table nobody ordered at: the session ends, the table is free and nobody's, audited and evented", async () => {
    const started = await scan('QR-T2');
    const sessionId = started.data.sessionId;
    const t2 = await table(2);
    expect(
      (await as('waiter').call(tablesRoutes.claimTable, { params: { id: t2.id } })).status,
    ).toBe(200);
    // The guests had called a waiter before leaving: the call is answered with the close.
    await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T2' } });

    const res = await as('waiter').call(diningSessionsRoutes.closeTable, { params: { id: t2.id } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toEqual({
      tableId: t2.id,
      tableNumber: 2,
      sessionId,
      closeReason: 'closed_by_staff',
      voidedOrders: 0,
      paymentId: null,
      checksClosed: 1,
    });
    const session = await sessionOf(sessionId);
    expect(session).toMatchObject({ status: 'closed', closeReason: 'closed_by_staff' });
    expect(session.closedAt).toBeInstanceOf(Date);
    expect(await table(2)).toMatchObject({ status: 'available', assignedWaiterId: null });
    const open = await t.database.db
      .select()
      .from(requests)
      .where(and(eq(requests.diningSessionId, sessionId), eq(requests.status, 'open')));
    expect(open).toEqual([]);

    const event = await lastEvent('table_closed');
    expect(EVENT_DATA.table_closed.parse(event!.data)).toEqual({
      tableId: t2.id,
      tableNumber: 2,
      sessionId,
      reason: 'closed_by_staff',
      status: 'available',
      voidedOrders: 0,
    });
    expect(event!.userId).toBe(ids.waiter);
    const audit = await lastAudit('table.closed');
    expect(audit).toMatchObject({ userId: ids.waiter, entityType: 'table', entityId: t2.id });
    expect(audit!.details).toMatchObject({ sessionId, closeReason: 'closed_by_staff' });

    // The next guests open a new session.
    const again = await scan('QR-T2');
    expect(again.data).toMatchObject({ opened: true });
    expect(again.data.sessionId).not.toBe(sessionId);
  });

  it('lets only the table’s waiter, a waiter while it is nobody’s, or a manager close it', async () => {
    await scan('QR-T3');
    const t3 = await table(3);
    expect(
      (await as('waiter').call(tablesRoutes.claimTable, { params: { id: t3.id } })).status,
    ).toBe(200);

    const colleague = await as('colleague').call(diningSessionsRoutes.closeTable, {
      params: { id: t3.id },
    });
    expect(colleague.status).toBe(403);
    expect(colleague.body).toEqual({
      success: false,
      error: 'Only the waiter serving table 3, or a manager, can close it',
      code: 'CLOSE_TABLE_NOT_YOURS',
      params: { table: 3 },
    });
    expect(
      (await as('kitchen').call(diningSessionsRoutes.closeTable, { params: { id: t3.id } })).status,
    ).toBe(403);
    expect(
      (await api.call(diningSessionsRoutes.closeTable, { params: { id: t3.id } })).status,
    ).toBe(401);
    // Another restaurant's staff cannot tell the table exists.
    for (const who of ['otherManager', 'otherWaiter']) {
      const res = await as(who).call(diningSessionsRoutes.closeTable, { params: { id: t3.id } });
      expect(res.status).toBe(404);
      expect(res.error).toBe('Table not found');
    }
    const unknown = await as('manager').call(diningSessionsRoutes.closeTable, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await as('manager').call(diningSessionsRoutes.closeTable, { params: { id: 'not-an-id' } }))
        .status,
    ).toBe(400);
    expect((await table(3)).status).toBe('active');

    // A manager closes anyone's table.
    expect(
      (
        await as('manager').call(diningSessionsRoutes.closeTable, {
          params: { id: t3.id },
          body: {},
        })
      ).status,
    ).toBe(200);
    const again = await as('manager').call(diningSessionsRoutes.closeTable, {
      params: { id: t3.id },
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.error).toBe('Table 3 has no open session to close');

    // A table nobody claimed: any waiter may free it.
    await scan('QR-T3');
    expect(
      (await as('colleague').call(diningSessionsRoutes.closeTable, { params: { id: t3.id } }))
        .status,
    ).toBe(200);
  });

  it('refuses a waiter a table with unpaid orders (409), and a manager without a reason or a choice (400), changing nothing', async () => {
    const placed = await placeGuestOrder(t, 'QR-T4', [['Classic Burger', 1]]);
    expect(placed.status).toBe(201);
    const { sessionId } = placed.data;
    const t4 = await table(4);
    expect(
      (await as('waiter').call(tablesRoutes.claimTable, { params: { id: t4.id } })).status,
    ).toBe(200);

    const waiter = await as('waiter').call(diningSessionsRoutes.closeTable, {
      params: { id: t4.id },
      body: {
        reason: 'Left',
        unpaid: 'void',
      },
    });
    expect(waiter.status).toBe(409);
    expect(waiter.error).toBe(unpaidOrdersRefusal(4, 1));
    for (const [body, error] of [
      [{}, CLOSE_TABLE_REFUSALS.reasonRequired],
      [{ reason: '   ', unpaid: 'void' }, CLOSE_TABLE_REFUSALS.reasonRequired],
      [{ reason: 'Walked out' }, CLOSE_TABLE_REFUSALS.choiceRequired],
      [{ reason: 'Walked out', unpaid: 'settle' }, CLOSE_TABLE_REFUSALS.methodRequired],
      [{ reason: 'Walked out', unpaid: 'forget' }, 'unpaid must be void or settle'],
      [{ reason: 'x'.repeat(201), unpaid: 'void' }, 'The reason is at most 200 characters'],
    ] as const) {
      // Sent unchecked: bodies the route must refuse.
      const res = await as('manager').send(diningSessionsRoutes.closeTable, {
        params: { id: t4.id },
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error).toBe(error);
    }
    expect(await sessionOf(sessionId)).toMatchObject({ status: 'open', closeReason: null });
    expect((await table(4)).assignedWaiterId).toBe(ids.waiter);
  });

  it('a manager closes a table by voiding its unpaid orders: off the stations and the bill, with the reason audited', async () => {
    const placed = await placeGuestOrder(t, 'QR-T5', [
      ['Classic Burger', 2],
      ['Craft Beer', 1],
    ]);
    const { sessionId, orderId } = placed.data;
    const t5 = await table(5);
    const res = await as('manager').call(diningSessionsRoutes.closeTable, {
      params: { id: t5.id },
      body: {
        reason: 'Walked out without ordering more',
        unpaid: 'void',
      },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({ closeReason: 'closed_by_staff', voidedOrders: 1 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'cancelled',
      totalCents: 0,
      voidReason: 'Walked out without ordering more',
    });
    expect(await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toEqual(
      [],
    );
    expect(await sessionOf(sessionId)).toMatchObject({
      status: 'closed',
      closeReason: 'closed_by_staff',
      paymentStatus: 'none',
    });
    expect(await table(5)).toMatchObject({ status: 'available', assignedWaiterId: null });
    expect((await lastEvent('order_voided'))!.data).toMatchObject({ orderId, whole: true });
    expect((await lastEvent('table_closed'))!.data).toMatchObject({
      tableNumber: 5,
      reason: 'closed_by_staff',
      voidedOrders: 1,
    });
    expect((await lastAudit('order.void'))!.details).toMatchObject({
      reason: 'Walked out without ordering more',
    });
    expect((await lastAudit('table.closed'))!.details).toMatchObject({
      tableNumber: 5,
      reason: 'Walked out without ordering more',
      unpaid: 'void',
      voidedOrders: 1,
    });
  });

  it('a manager closes a table by settling its unpaid orders: one payment for the bill, the session paid', async () => {
    const placed = await placeGuestOrder(t, 'QR-T6', [['Tiramisu', 2]]);
    const { sessionId, orderId } = placed.data;
    const t6 = await table(6);
    const res = await as('manager').call(diningSessionsRoutes.closeTable, {
      params: { id: t6.id },
      body: {
        reason: 'Paid at the bar',
        unpaid: 'settle',
        method: 'cash',
      },
    });
    expect(res.status, res.res.body).toBe(200);
    const { paymentId } = res.data;
    expect(res.data).toMatchObject({ closeReason: 'paid', voidedOrders: 0 });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId!));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(payment).toMatchObject({ method: 'cash', amountCents: order!.totalCents, tipCents: 0 });
    expect(order!.status).toBe('paid');
    expect(await sessionOf(sessionId)).toMatchObject({
      status: 'closed',
      closeReason: 'paid',
      paymentStatus: 'paid',
    });
    expect((await table(6)).status).toBe('available');
    expect((await lastEvent('payment_completed'))!.data).toMatchObject({ sessionId });
    expect((await lastEvent('table_closed'))!.data).toMatchObject({ sessionId, reason: 'paid' });
    expect((await lastAudit('table.closed'))!.details).toMatchObject({
      unpaid: 'settle',
      paymentId,
    });
  });

  it('setting a seated table to available in Tables closes its session, and refuses while orders are unpaid', async () => {
    const started = await scan('QR-T7');
    const sessionId = started.data.sessionId;
    const t7 = await table(7);
    const res = await as('manager').call(tablesRoutes.updateTable, {
      params: { id: t7.id },
      body: {
        number: 7,
        capacity: t7.capacity,
        status: 'available',
      },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(await sessionOf(sessionId)).toMatchObject({
      status: 'closed',
      closeReason: 'closed_by_staff',
    });
    expect((await table(7)).status).toBe('available');
    expect((await lastEvent('table_closed'))!.data).toMatchObject({ sessionId });

    const placed = await placeGuestOrder(t, 'QR-T7', [['Espresso', 1]]);
    const open = placed.data.sessionId;
    const refused = await as('manager').call(tablesRoutes.updateTable, {
      params: { id: t7.id },
      body: {
        number: 7,
        capacity: t7.capacity,
        status: 'available',
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.error).toBe(availableWithUnpaidOrders(7));
    expect((await sessionOf(open)).status).toBe('open');
    expect((await table(7)).status).toBe('active');
  });

  it("tells every waiter's and manager's screen live", async () => {
    const base = await listen(t.app);
    const sockets = await Promise.all(
      ['colleague', 'manager', 'kitchen'].map((who) =>
        TestSocket.open(`${base}/ws?token=${bearer[who]}`),
      ),
    );
    try {
      await waitForAttached(t.app, sockets.length);
      await scan('QR-T8');
      const t8 = await table(8);
      expect(
        (await as('colleague').call(diningSessionsRoutes.closeTable, { params: { id: t8.id } }))
          .status,
      ).toBe(200);
      const closed = (m: { type: string; data: Record<string, unknown> }[]) =>
        m.some((e) => e.type === 'table_closed' && e.data.tableNumber === 8);
      await sockets[0]!.waitFor(closed);
      await sockets[1]!.waitFor(closed);
      // The kitchen's board does not show tables: it is not told. (Events arrive in order, so
      // once the kitchen has the next order's ticket, the close would have come before it.)
      expect((await placeGuestOrder(t, 'QR-T9', [['Classic Burger', 1]])).status).toBe(201);
      await sockets[2]!.waitFor((m) => m.some((e) => e.type === 'kitchen_order'));
      expect(closed(sockets[2]!.messages)).toBe(false);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
