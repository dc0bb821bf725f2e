import { diningSessionsRoutes, EVENT_DATA, staffRoutes, tablesRoutes } from '@tavola/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, diningSessions, events, orders, tables, users } from '../../core/db/schema.js';
import { client, type Caller, type Client } from '../../testing/client.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';

describe.each(BACKENDS)('reassigning tables on %s', (backend) => {
  let t: TestApp;
  const bearer: Record<string, string> = {};
  const ids: Record<string, string> = {};

  let api: Client;
  /** Calls as one of the signed-in people by their key, or anonymously (null). */
  const as = (who: string | null): Caller => (who ? api.as(bearer[who]!) : api);

  /** A waiter the manager adds, signed in. */
  const addWaiter = async (key: string, name: string, status: 'active' | 'off_duty' = 'active') => {
    const username = `${key.toLowerCase()}-waiter`;
    const created = await as('manager').call(staffRoutes.createStaff, {
      body: { name, username, password: 'waiter-secret', role: 'waiter', status },
    });
    expect(created.status, created.res.body).toBe(201);
    ids[key] = created.data.id;
    if (status === 'active') bearer[key] = (await loginAs(t.app, username, 'waiter-secret')).token;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const role of ['waiter', 'manager', 'kitchen'] as const) {
      bearer[role] = await signInAs(t, role);
    }
    ids.waiter = (await loginAs(t.app, 'waiter1', 'waiter123')).user.id;
    await addWaiter('anna', 'Anna Verdi');
    await addWaiter('paolo', 'Paolo Neri');
    await addWaiter('resting', 'Rita Gallo', 'off_duty');
    const other = await createOtherRestaurant(t, { roles: ['manager', 'waiter'] });
    bearer.otherManager = other.tokens.manager!;
    const [otherWaiter] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, other.usernames.waiter!));
    ids.otherWaiter = otherWaiter!.id;
  });
  afterAll(async () => t?.close());

  const table = async (number: number) => {
    const [row] = await t.database.db
      .select()
      .from(tables)
      .where(and(eq(tables.restaurantId, t.restaurantId), eq(tables.number, number)));
    return row!;
  };
  const claim = async (who: string, number: number) => {
    const res = await as(who).call(tablesRoutes.claimTable, {
      params: { id: (await table(number)).id },
    });
    expect(res.status, res.res.body).toBe(200);
  };
  const reassign = async (who: string, number: number, waiterId: string) =>
    as(who).call(tablesRoutes.reassignTable, {
      params: { id: (await table(number)).id },
      body: { waiterId },
    });
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

  it('a manager gives a table to another waiter: the table, its session and its unpaid orders move, audited and evented', async () => {
    const placed = await placeGuestOrder(t, 'QR-T2', [['Classic Burger', 1]]);
    const { orderId, sessionId } = placed.data;
    await claim('waiter', 2);
    const t2 = await table(2);

    const res = await reassign('manager', 2, ids.anna!);
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toEqual({
      tableId: t2.id,
      tableNumber: 2,
      from: { id: ids.waiter, name: 'Marco Rossi' },
      to: { id: ids.anna, name: 'Anna Verdi' },
    });
    expect((await table(2)).assignedWaiterId).toBe(ids.anna);
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, sessionId));
    expect(session!.waiterId).toBe(ids.anna);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.waiterId).toBe(ids.anna);

    const event = await lastEvent('table_reassigned');
    expect(EVENT_DATA.table_reassigned.parse(event!.data)).toEqual({
      tableId: t2.id,
      tableNumber: 2,
      status: 'active',
      from: { id: ids.waiter, name: 'Marco Rossi' },
      to: { id: ids.anna, name: 'Anna Verdi' },
      via: 'manager',
    });
    expect((await lastAudit('table.reassigned'))!.details).toMatchObject({
      tableNumber: 2,
      via: 'manager',
      to: { id: ids.anna },
    });

    // The new waiter now acts on it; the previous one no longer may claim it back.
    const back = await as('waiter').call(tablesRoutes.claimTable, { params: { id: t2.id } });
    expect(back.status).toBe(409);
    expect(back.error).toBe('Table 2 is already assigned to Anna Verdi');
  });

  it('a waiter hands their own table to a colleague, and only their own', async () => {
    await placeGuestOrder(t, 'QR-T3', [['Espresso', 1]]);
    await claim('waiter', 3);
    const t3 = await table(3);

    // Not theirs: refused.
    const notMine = await reassign('paolo', 3, ids.paolo!);
    expect(notMine.status).toBe(403);
    expect(notMine.error).toBe('You can hand over only your own tables; table 3 is not yours');
    // Not to someone off duty, not to a non-waiter, not to another restaurant's waiter.
    const resting = await reassign('waiter', 3, ids.resting!);
    expect(resting.status).toBe(409);
    expect(resting.error).toBe('Rita Gallo is off duty; choose a waiter on duty');
    const [kitchen] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'kitchen1'));
    for (const id of [kitchen!.id, ids.otherWaiter!]) {
      const res = await reassign('waiter', 3, id);
      expect(res.status).toBe(404);
      expect(res.error).toBe('Waiter not found');
    }
    const self = await reassign('waiter', 3, ids.waiter!);
    expect(self.status).toBe(409);
    expect(self.error).toBe('Table 3 is already assigned to Marco Rossi');
    const noWaiter = await as('waiter').send(tablesRoutes.reassignTable, {
      params: { id: t3.id },
      body: {},
    });
    expect(noWaiter.status).toBe(400);
    expect((await table(3)).assignedWaiterId).toBe(ids.waiter);

    const handed = await reassign('waiter', 3, ids.paolo!);
    expect(handed.status, handed.res.body).toBe(200);
    expect((await table(3)).assignedWaiterId).toBe(ids.paolo);
    expect((await lastEvent('table_reassigned'))!.data).toMatchObject({
      tableNumber: 3,
      via: 'hand_over',
      to: { id: ids.paolo },
    });
    expect(await lastAudit('table.handed_over')).toMatchObject({
      userId: ids.waiter,
      entityId: t3.id,
    });

    // A table nobody holds is claimed, not handed over.
    await api.guest('QR-T4').call(diningSessionsRoutes.startSession, { body: {} });
    const unassigned = await reassign('waiter', 4, ids.paolo!);
    expect(unassigned.status).toBe(403);
  });

  it('keeps other restaurants and roles out', async () => {
    const t2 = await table(2);
    const other = await as('otherManager').call(tablesRoutes.reassignTable, {
      params: { id: t2.id },
      body: { waiterId: ids.otherWaiter! },
    });
    expect(other.status).toBe(404);
    expect(other.error).toBe('Table not found');
    expect((await reassign('kitchen', 2, ids.paolo!)).status).toBe(403);
    expect(
      (
        await as(null).call(tablesRoutes.reassignTable, {
          params: { id: t2.id },
          body: { waiterId: ids.paolo! },
        })
      ).status,
    ).toBe(401);
    const all = await as('waiter').call(tablesRoutes.reassignWaiterTables, {
      body: { fromWaiterId: ids.anna!, toWaiterId: ids.waiter! },
    });
    expect(all.status).toBe(403);
    const foreign = await as('otherManager').call(tablesRoutes.reassignWaiterTables, {
      body: { fromWaiterId: ids.anna!, toWaiterId: null },
    });
    expect(foreign.status).toBe(404);
    expect((await table(2)).assignedWaiterId).toBe(ids.anna);
  });

  it('a manager moves every table of a waiter to another, or releases them', async () => {
    await claim('paolo', 5);
    const moved = await as('manager').call(tablesRoutes.reassignWaiterTables, {
      body: { fromWaiterId: ids.paolo!, toWaiterId: ids.anna! },
    });
    expect(moved.status, moved.res.body).toBe(200);
    expect(moved.data).toEqual({ tables: [3, 5], to: { id: ids.anna, name: 'Anna Verdi' } });
    expect((await table(3)).assignedWaiterId).toBe(ids.anna);
    expect((await table(5)).assignedWaiterId).toBe(ids.anna);

    const same = await as('manager').call(tablesRoutes.reassignWaiterTables, {
      body: { fromWaiterId: ids.anna!, toWaiterId: ids.anna! },
    });
    expect(same.status).toBe(409);
    expect(same.error).toBe('Choose a waiter other than Anna Verdi');

    const released = await as('manager').call(tablesRoutes.reassignWaiterTables, {
      body: { fromWaiterId: ids.anna!, toWaiterId: null },
    });
    expect(released.data).toEqual({ tables: [2, 3, 5], to: null });
    for (const n of [2, 3, 5]) expect((await table(n)).assignedWaiterId).toBeNull();
    expect((await lastEvent('table_reassigned'))!.data).toMatchObject({ to: null, via: 'manager' });
    // Released, they are anyone's to claim.
    await claim('waiter', 2);
    await claim('anna', 3);
  });

  it("lists who can take a table, and each waiter's tables in Staff", async () => {
    const waiters = await as('waiter').call(tablesRoutes.listTableWaiters);
    expect(waiters.status).toBe(200);
    const list = waiters.data;
    expect(list.map((w) => w.name)).toEqual(['Anna Verdi', 'Marco Rossi', 'Paolo Neri']);
    expect(list.find((w) => w.id === ids.waiter)!.tables).toBe(1);
    expect((await as('kitchen').call(tablesRoutes.listTableWaiters)).status).toBe(403);
    const staff = (await as('manager').call(staffRoutes.listStaff)).data;
    expect(staff.find((s) => s.id === ids.anna)!.tablesHeld).toBe(1);
    expect(staff.find((s) => s.id === ids.paolo)!.tablesHeld).toBe(0);
  });

  it('deactivating a waiter releases their tables, so none stays locked to them', async () => {
    await claim('paolo', 6);
    await claim('paolo', 7);
    const res = await as('manager').call(staffRoutes.deactivateStaff, {
      params: { id: ids.paolo! },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({ status: 'inactive', tablesHeld: 0 });
    expect((await table(6)).assignedWaiterId).toBeNull();
    expect((await table(7)).assignedWaiterId).toBeNull();
    expect((await lastEvent('table_reassigned'))!.data).toMatchObject({
      tableNumber: 7,
      from: { id: ids.paolo, name: 'Paolo Neri' },
      to: null,
      via: 'deactivated',
    });
    await claim('waiter', 6);
  });

  it('lets a colleague take over a table whose waiter is off duty', async () => {
    await claim('anna', 8);
    const off = await as('manager').call(staffRoutes.updateStaff, {
      params: { id: ids.anna! },
      body: { status: 'off_duty' },
    });
    expect(off.status).toBe(200);
    // Off duty keeps the tables (a break), but they are not locked to her.
    expect((await table(8)).assignedWaiterId).toBe(ids.anna);
    await claim('waiter', 8);
    expect((await table(8)).assignedWaiterId).toBe(ids.waiter);
  });

  it("tells both waiters' screens live", async () => {
    await as('manager').call(staffRoutes.updateStaff, {
      params: { id: ids.anna! },
      body: { status: 'active' },
    });
    bearer.anna = (await loginAs(t.app, 'anna-waiter', 'waiter-secret')).token;
    const base = await listen(t.app);
    const sockets = await Promise.all(
      ['waiter', 'anna', 'kitchen'].map((who) =>
        TestSocket.open(`${base}/ws?token=${bearer[who]}`),
      ),
    );
    try {
      await waitForAttached(t.app, sockets.length);
      expect((await reassign('waiter', 8, ids.anna!)).status).toBe(200);
      for (const socket of sockets) {
        await socket.waitFor((m) =>
          m.some(
            (e) =>
              e.type === 'table_reassigned' &&
              e.data.tableNumber === 8 &&
              (e.data.to as { id: string }).id === ids.anna,
          ),
        );
      }
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
