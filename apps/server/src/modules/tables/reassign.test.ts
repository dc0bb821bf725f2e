import { EVENT_DATA } from '@tavola/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, diningSessions, events, orders, tables, users } from '../../core/db/schema.js';
import { createOtherRestaurant, guestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';

describe.each(BACKENDS)('reassigning tables on %s', (backend) => {
  let t: TestApp;
  const bearer: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const as = (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: `Bearer ${bearer[who]}` } : {},
      ...(payload ? { payload } : {}),
    });

  /** A waiter the manager adds, signed in. */
  const addWaiter = async (key: string, name: string, status: 'active' | 'off_duty' = 'active') => {
    const username = `${key.toLowerCase()}-waiter`;
    const created = await as('manager', 'POST', '/api/staff', {
      name,
      username,
      password: 'waiter-secret',
      role: 'waiter',
      status,
    });
    expect(created.statusCode, created.body).toBe(201);
    ids[key] = created.json().data.id;
    if (status === 'active') bearer[key] = (await loginAs(t.app, username, 'waiter-secret')).token;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
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
    const res = await as(who, 'POST', `/api/tables/${(await table(number)).id}/claim`);
    expect(res.statusCode, res.body).toBe(200);
  };
  const reassign = async (who: string, number: number, waiterId: string) =>
    as(who, 'POST', `/api/tables/${(await table(number)).id}/reassign`, { waiterId });
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
    const placed = await guestOrder(t, 'QR-T2', [['Classic Burger', 1]]);
    const { orderId, sessionId } = placed.json().data;
    await claim('waiter', 2);
    const t2 = await table(2);

    const res = await reassign('manager', 2, ids.anna!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
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
    const back = await as('waiter', 'POST', `/api/tables/${t2.id}/claim`);
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toBe('Table 2 is already assigned to Anna Verdi');
  });

  it('a waiter hands their own table to a colleague, and only their own', async () => {
    await guestOrder(t, 'QR-T3', [['Espresso', 1]]);
    await claim('waiter', 3);
    const t3 = await table(3);

    // Not theirs: refused.
    const notMine = await reassign('paolo', 3, ids.paolo!);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe(
      'You can hand over only your own tables; table 3 is not yours',
    );
    // Not to someone off duty, not to a non-waiter, not to another restaurant's waiter.
    const resting = await reassign('waiter', 3, ids.resting!);
    expect(resting.statusCode).toBe(409);
    expect(resting.json().error).toBe('Rita Gallo is off duty; choose a waiter on duty');
    const [kitchen] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'kitchen1'));
    for (const id of [kitchen!.id, ids.otherWaiter!]) {
      const res = await reassign('waiter', 3, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Waiter not found');
    }
    const self = await reassign('waiter', 3, ids.waiter!);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('Table 3 is already assigned to Marco Rossi');
    expect((await as('waiter', 'POST', `/api/tables/${t3.id}/reassign`, {})).statusCode).toBe(400);
    expect((await table(3)).assignedWaiterId).toBe(ids.waiter);

    const handed = await reassign('waiter', 3, ids.paolo!);
    expect(handed.statusCode, handed.body).toBe(200);
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
    await t.app.inject({
      method: 'POST',
      url: '/api/sessions/public/start',
      payload: { token: 'QR-T4' },
    });
    const unassigned = await reassign('waiter', 4, ids.paolo!);
    expect(unassigned.statusCode).toBe(403);
  });

  it('keeps other restaurants and roles out', async () => {
    const t2 = await table(2);
    const other = await as('otherManager', 'POST', `/api/tables/${t2.id}/reassign`, {
      waiterId: ids.otherWaiter,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Table not found');
    expect((await reassign('kitchen', 2, ids.paolo!)).statusCode).toBe(403);
    expect(
      (await as(null, 'POST', `/api/tables/${t2.id}/reassign`, { waiterId: ids.paolo })).statusCode,
    ).toBe(401);
    const all = await as('waiter', 'POST', '/api/tables/reassign', {
      fromWaiterId: ids.anna,
      toWaiterId: ids.waiter,
    });
    expect(all.statusCode).toBe(403);
    const foreign = await as('otherManager', 'POST', '/api/tables/reassign', {
      fromWaiterId: ids.anna,
      toWaiterId: null,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await table(2)).assignedWaiterId).toBe(ids.anna);
  });

  it('a manager moves every table of a waiter to another, or releases them', async () => {
    await claim('paolo', 5);
    const moved = await as('manager', 'POST', '/api/tables/reassign', {
      fromWaiterId: ids.paolo,
      toWaiterId: ids.anna,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ tables: [3, 5], to: { id: ids.anna, name: 'Anna Verdi' } });
    expect((await table(3)).assignedWaiterId).toBe(ids.anna);
    expect((await table(5)).assignedWaiterId).toBe(ids.anna);

    const same = await as('manager', 'POST', '/api/tables/reassign', {
      fromWaiterId: ids.anna,
      toWaiterId: ids.anna,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('Choose a waiter other than Anna Verdi');

    const released = await as('manager', 'POST', '/api/tables/reassign', {
      fromWaiterId: ids.anna,
      toWaiterId: null,
    });
    expect(released.json().data).toEqual({ tables: [2, 3, 5], to: null });
    for (const n of [2, 3, 5]) expect((await table(n)).assignedWaiterId).toBeNull();
    expect((await lastEvent('table_reassigned'))!.data).toMatchObject({ to: null, via: 'manager' });
    // Released, they are anyone's to claim.
    await claim('waiter', 2);
    await claim('anna', 3);
  });

  it("lists who can take a table, and each waiter's tables in Staff", async () => {
    const waiters = await as('waiter', 'GET', '/api/tables/waiters');
    expect(waiters.statusCode).toBe(200);
    const list = waiters.json().data as { id: string; name: string; tables: number }[];
    expect(list.map((w) => w.name)).toEqual(['Anna Verdi', 'Marco Rossi', 'Paolo Neri']);
    expect(list.find((w) => w.id === ids.waiter)!.tables).toBe(1);
    expect((await as('kitchen', 'GET', '/api/tables/waiters')).statusCode).toBe(403);
    const staff = (await as('manager', 'GET', '/api/staff')).json().data as {
      id: string;
      tablesHeld: number;
    }[];
    expect(staff.find((s) => s.id === ids.anna)!.tablesHeld).toBe(1);
    expect(staff.find((s) => s.id === ids.paolo)!.tablesHeld).toBe(0);
  });

  it('deactivating a waiter releases their tables, so none stays locked to them', async () => {
    await claim('paolo', 6);
    await claim('paolo', 7);
    const res = await as('manager', 'DELETE', `/api/staff/${ids.paolo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'inactive', tablesHeld: 0 });
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
    const off = await as('manager', 'PUT', `/api/staff/${ids.anna}`, { status: 'off_duty' });
    expect(off.statusCode).toBe(200);
    // Off duty keeps the tables (a break), but they are not locked to her.
    expect((await table(8)).assignedWaiterId).toBe(ids.anna);
    await claim('waiter', 8);
    expect((await table(8)).assignedWaiterId).toBe(ids.waiter);
  });

  it("tells both waiters' screens live", async () => {
    await as('manager', 'PUT', `/api/staff/${ids.anna}`, { status: 'active' });
    bearer.anna = (await loginAs(t.app, 'anna-waiter', 'waiter-secret')).token;
    const base = await listen(t.app);
    const sockets = await Promise.all(
      ['waiter', 'anna', 'kitchen'].map((who) =>
        TestSocket.open(`${base}/ws?token=${bearer[who]}`),
      ),
    );
    try {
      await waitForAttached(t.app, sockets.length);
      expect((await reassign('waiter', 8, ids.anna!)).statusCode).toBe(200);
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
