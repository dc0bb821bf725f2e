import {
  floorRoutes,
  ordersRoutes,
  paymentsRoutes,
  requestsRoutes,
  tablesRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { client, type Client } from '../../testing/client.js';

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
  let api: Client;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const role of ['waiter', 'kitchen', 'bar'] as const) {
      bearer[role] = await signInAs(t, role);
    }
  });
  afterAll(async () => t?.close());

  const as = (who: string) => api.as(bearer[who]!);
  const table = async (number: number): Promise<Table> =>
    (await as('waiter').call(floorRoutes.getFloor)).data.tables.find((x) => x.number === number)!;
  const kinds = (x: Table) =>
    Object.fromEntries(x.notifications.map((n) => [n.type, [n.count, n.refIds.length]]));
  const ready = async (orderId: string) => {
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    for (const row of rows) {
      const who = row.station === 'kitchen' ? 'kitchen' : 'bar';
      await as(who).call(ticketsRoutes.transitionTicket, {
        params: { id: row.id },
        body: { action: 'start' },
      });
      await as(who).call(ticketsRoutes.transitionTicket, {
        params: { id: row.id },
        body: { action: 'ready' },
      });
    }
  };

  it('shows one badge per kind with its count, from what is open now: a served order or an answered call is gone', async () => {
    const first = (await placeGuestOrder(t, 'QR-T2', [['Classic Burger', 1]])).data.orderId;
    const second = (await placeGuestOrder(t, 'QR-T2', [['Craft Beer', 2]])).data.orderId;
    await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T2' } });

    let t2 = await table(2);
    expect(kinds(t2)).toEqual({ new_table: [1, 0], new_order: [2, 2], call_waiter: [1, 1] });
    const newOrders = t2.notifications.find((n) => n.type === 'new_order')!;
    expect(newOrders.refIds).toEqual([first, second]);
    expect(t2.orders.map((o) => o.priority)).toEqual(['normal', 'normal']);

    // Claimed, the first order made and served: it is no longer a new order.
    expect(
      (await as('waiter').call(tablesRoutes.claimTable, { params: { id: t2.id } })).status,
    ).toBe(200);
    await ready(first);
    expect(
      (await as('waiter').call(ordersRoutes.serveOrder, { params: { id: first } })).status,
    ).toBe(200);
    t2 = await table(2);
    expect(kinds(t2)).toEqual({ new_order: [1, 1], call_waiter: [1, 1] });
    expect(t2.notifications.find((n) => n.type === 'new_order')!.refIds).toEqual([second]);

    // Answering the call and acknowledging the orders (all of a kind at once) clears both.
    expect(
      (
        await as('waiter').call(requestsRoutes.respondToTable, {
          params: { id: t2.id },
          body: { type: 'call_waiter' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await as('waiter').call(requestsRoutes.respondToTable, {
          params: { id: t2.id },
          body: { type: 'new_order' },
        })
      ).status,
    ).toBe(200);
    expect((await table(2)).notifications).toEqual([]);

    // Served and paid, the table shows nothing old.
    await ready(second);
    expect(
      (await as('waiter').call(ordersRoutes.serveOrder, { params: { id: second } })).status,
    ).toBe(200);
    const paid = await as('waiter').call(paymentsRoutes.recordPayment, {
      params: { id: t2.sessionId! },
      body: {
        method: 'cash',
      },
    });
    expect(paid.status).toBe(201);
    const after = await table(2);
    expect(after.notifications).toEqual([]);
    expect(after.orders).toEqual([]);
  });

  it('drops an order that was never acknowledged from the new-order count once its tickets are ready', async () => {
    const orderId = (await placeGuestOrder(t, 'QR-T3', [['Classic Burger', 1]])).data.orderId;
    const t3 = await table(3);
    await as('waiter').call(tablesRoutes.claimTable, { params: { id: t3.id } });
    expect(kinds(await table(3))).toEqual({ new_order: [1, 1] });
    await ready(orderId);
    expect((await table(3)).notifications).toEqual([]);
    await as('waiter').call(ordersRoutes.serveOrder, { params: { id: orderId } });
    expect((await table(3)).notifications).toEqual([]);
  });
});
