import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { guestOrder, signInAs } from '../../testing/fixtures.js';

interface Notification {
  type: string;
  count: number;
  refIds: string[];
  message: string;
}
interface Table {
  id: string;
  number: number;
  sessionId: string | null;
  notifications: Notification[];
  orders: { id: string; status: string; priority: string }[];
}

describe.each(BACKENDS)("the floor's table notifications on %s", (backend) => {
  let t: TestApp;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ['waiter', 'kitchen', 'bar'] as const) {
      bearer[role] = await signInAs(t, role);
    }
  });
  afterAll(async () => t?.close());

  const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer[who]}` },
      ...(payload ? { payload } : {}),
    });
  const table = async (number: number): Promise<Table> =>
    (await as('waiter', 'GET', '/api/tables/floor'))
      .json()
      .data.tables.find((x: Table) => x.number === number);
  const kinds = (x: Table) =>
    Object.fromEntries(x.notifications.map((n) => [n.type, [n.count, n.refIds.length]]));
  const ready = async (orderId: string) => {
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    for (const row of rows) {
      const who = row.station === 'kitchen' ? 'kitchen' : 'bar';
      await as(who, 'POST', `/api/tickets/${row.id}/transition`, { action: 'start' });
      await as(who, 'POST', `/api/tickets/${row.id}/transition`, { action: 'ready' });
    }
  };

  it('shows one badge per kind with its count, from what is open now: a served order or an answered call is gone', async () => {
    const first = (await guestOrder(t, 'QR-T2', [['Classic Burger', 1]])).json().data.orderId;
    const second = (await guestOrder(t, 'QR-T2', [['Craft Beer', 2]])).json().data.orderId;
    await t.app.inject({
      method: 'POST',
      url: '/api/tables/public/call-waiter',
      payload: { token: 'QR-T2' },
    });

    let t2 = await table(2);
    expect(kinds(t2)).toEqual({ new_table: [1, 0], new_order: [2, 2], call_waiter: [1, 1] });
    const newOrders = t2.notifications.find((n) => n.type === 'new_order')!;
    expect(newOrders.refIds).toEqual([first, second]);
    expect(t2.orders.map((o) => o.priority)).toEqual(['normal', 'normal']);

    // Claimed, the first order made and served: it is no longer a new order.
    expect((await as('waiter', 'POST', `/api/tables/${t2.id}/claim`)).statusCode).toBe(200);
    await ready(first);
    expect((await as('waiter', 'POST', `/api/orders/${first}/serve`)).statusCode).toBe(200);
    t2 = await table(2);
    expect(kinds(t2)).toEqual({ new_order: [1, 1], call_waiter: [1, 1] });
    expect(t2.notifications.find((n) => n.type === 'new_order')!.refIds).toEqual([second]);

    // Answering the call and acknowledging the orders (all of a kind at once) clears both.
    expect(
      (await as('waiter', 'POST', `/api/tables/${t2.id}/respond`, { type: 'call_waiter' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as('waiter', 'POST', `/api/tables/${t2.id}/respond`, { type: 'new_order' }))
        .statusCode,
    ).toBe(200);
    expect((await table(2)).notifications).toEqual([]);

    // Served and paid, the table shows nothing old.
    await ready(second);
    expect((await as('waiter', 'POST', `/api/orders/${second}/serve`)).statusCode).toBe(200);
    const paid = await as('waiter', 'POST', `/api/sessions/${t2.sessionId}/payments`, {
      method: 'cash',
    });
    expect(paid.statusCode).toBe(201);
    const after = await table(2);
    expect(after.notifications).toEqual([]);
    expect(after.orders).toEqual([]);
  });

  it('drops an order that was never acknowledged from the new-order count once its tickets are ready', async () => {
    const orderId = (await guestOrder(t, 'QR-T3', [['Classic Burger', 1]])).json().data.orderId;
    const t3 = await table(3);
    await as('waiter', 'POST', `/api/tables/${t3.id}/claim`);
    expect(kinds(await table(3))).toEqual({ new_order: [1, 1] });
    await ready(orderId);
    expect((await table(3)).notifications).toEqual([]);
    await as('waiter', 'POST', `/api/orders/${orderId}/serve`);
    expect((await table(3)).notifications).toEqual([]);
  });
});
