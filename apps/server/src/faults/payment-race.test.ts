import {
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  requestsRoutes,
  tablesRoutes,
} from '@tavola/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { client, type Client } from '../testing/client.js';

// PGlite runs one transaction at a time, so these races only exist (and are only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('orders and requests racing a payment', () => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    espresso = menu.data.menu.drinks!.find((i) => i.name === 'Espresso')!.id;
  });
  afterAll(async () => t?.close());

  const query = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await (t.database.db as unknown as { $client: pg.Pool }).$client.query<R>(text, params)).rows;

  const order = (token: string, key: string) =>
    api.call(ordersRoutes.placeOrder, {
      headers: { 'idempotency-key': key },
      body: { token, items: [{ menuItemId: espresso, quantity: 1 }] },
    });
  const pay = (sessionId: string) =>
    api
      .as(manager)
      .call(paymentsRoutes.recordPayment, { params: { id: sessionId }, body: { method: 'card' } });

  const claim = async () => {
    const waiter = (await loginAs(t.app, 'waiter1', 'waiter123')).token;
    const [table] = await query<{ id: string }>(`select id from tables where qr_token = 'QR-T6'`);
    return api.as(waiter).call(tablesRoutes.claimTable, { params: { id: table!.id } });
  };

  /** Every closed, paid session was paid exactly what its orders cost, and its orders are paid. */
  async function expectEveryBillSettledExactly(tableToken: string) {
    const rows = await query<{
      id: string;
      status: string;
      orders_cents: string;
      paid_cents: string | null;
      unpaid_orders: string;
    }>(
      `
      select s.id, s.status,
        (select coalesce(sum(o.total_cents), 0) from orders o
          where o.dining_session_id = s.id and o.status <> 'cancelled') as orders_cents,
        (select sum(p.amount_cents) from payments p where p.dining_session_id = s.id) as paid_cents,
        (select count(*) from orders o
          where o.dining_session_id = s.id and o.status not in ('paid', 'cancelled')) as unpaid_orders
      from dining_sessions s join tables tb on tb.id = s.table_id
      where tb.qr_token = $1`,
      [tableToken],
    );
    const closed = rows.filter((r) => r.status === 'closed');
    expect(closed.length).toBeGreaterThan(0);
    for (const s of closed) {
      expect(Number(s.paid_cents), `session ${s.id}`).toBe(Number(s.orders_cents));
      expect(Number(s.unpaid_orders), `session ${s.id}`).toBe(0);
    }
    // At most one session of the table is open, and it holds every order not yet paid.
    expect(rows.filter((r) => r.status === 'open').length).toBeLessThanOrEqual(1);
  }

  it('bills every order exactly once: an order that loses the race lands in a new bill', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await order('QR-T5', `race-${round}-first`);
      expect(first.status).toBe(201);
      const sessionId = first.data.sessionId;

      const results = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => order('QR-T5', `race-${round}-${i}`)),
        pay(sessionId),
      ]);
      const payment = results.at(-1)!;
      expect(payment.status).toBe(201);
      for (const res of results.slice(0, -1)) {
        // Never a silent loss: placed (in the paid bill or a new one) or clearly refused.
        expect([201, 409]).toContain(res.status);
      }
      await expectEveryBillSettledExactly('QR-T5');

      // Settle whatever the losers opened, so the next round starts from a free table.
      const rows = await query<{ id: string }>(`
        select s.id from dining_sessions s join tables tb on tb.id = s.table_id
        where tb.qr_token = 'QR-T5' and s.status = 'open'`);
      for (const open of rows) expect((await pay(open.id)).status).toBe(201);
      await expectEveryBillSettledExactly('QR-T5');
    }
  });

  it('never leaves a call or a bill request on a closed bill', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await order('QR-T6', `calls-${round}-first`);
      const sessionId = first.data.sessionId;
      const results = await Promise.all([
        // A waiter claiming the table at the same moment takes the table, then the session.
        claim(),
        ...Array.from({ length: 3 }, () =>
          api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T6' } }),
        ),
        ...Array.from({ length: 3 }, () =>
          api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T6' } }),
        ),
        pay(sessionId),
      ]);
      expect(results.at(-1)!.status).toBe(201);
      for (const res of results.slice(0, -1)) expect([200, 201, 409]).toContain(res.status);
      expect(results.every((r) => r.status < 500)).toBe(true);
      const rows = await query<{ n: string }>(`
        select count(*) as n from requests r join dining_sessions s on s.id = r.dining_session_id
        where s.status = 'closed' and r.status = 'open'`);
      expect(Number(rows[0]!.n)).toBe(0);
      const open = await query<{ id: string }>(`
        select s.id from dining_sessions s join tables tb on tb.id = s.table_id
        where tb.qr_token = 'QR-T6' and s.status = 'open'`);
      for (const s of open) {
        // A call alone opens a bill with nothing to pay; only a manager can close it today.
        await pay(s.id);
      }
    }
  });
});
