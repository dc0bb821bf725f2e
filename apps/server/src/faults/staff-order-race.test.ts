import { ordersRoutes, tablesRoutes, tabsRoutes } from '@tavola/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableId } from '../testing/business-day.js';
import { client, type Client } from '../testing/client.js';
import { menuItemByName } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/harness.js';

// PGlite runs one transaction at a time, so these races only exist (and are only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('staff orders racing on PostgreSQL', () => {
  let t: TestApp;
  let api: Client;
  let burger: string;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    burger = (await menuItemByName(t, 'Classic Burger')).id;
    espresso = (await menuItemByName(t, 'Espresso')).id;
  });
  afterAll(async () => t?.close());

  const query = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await (t.database.db as unknown as { $client: pg.Pool }).$client.query<R>(text, params)).rows;

  /** A table's bills: each with its orders, lines and tickets counted. */
  const billsOf = (tableToken: string) =>
    query<{ id: string; status: string; orders: string; lines: string; tickets: string }>(
      `select s.id, s.status,
         (select count(*) from orders o where o.dining_session_id = s.id) as orders,
         (select count(*) from order_items i join orders o on o.id = i.order_id
            where o.dining_session_id = s.id) as lines,
         (select count(*) from tickets k join orders o on o.id = k.order_id
            where o.dining_session_id = s.id) as tickets
       from dining_sessions s join tables tb on tb.id = s.table_id
       where tb.qr_token = $1 order by s.opened_at`,
      [tableToken],
    );

  it('sends with one Idempotency-Key at once place one order: every answer is that order', async () => {
    const table = await tableId(t, 'QR-T3');
    for (let round = 0; round < 4; round++) {
      const key = `same-send-${round}`;
      const body = {
        items: [
          { menuItemId: burger, quantity: 1 },
          { menuItemId: espresso, quantity: 2 },
        ],
        guests: 2,
      };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          // The waiter's phone retrying, and a manager's tablet sending the same (held) order.
          api.as(i % 3 === 2 ? 'manager1' : 'waiter1').call(ordersRoutes.placeTableOrder, {
            params: { id: table },
            headers: { 'idempotency-key': key },
            body,
          }),
        ),
      );
      for (const a of answers) expect([200, 201], a.res.body).toContain(a.status);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.data.orderId)).size).toBe(1);
      const [placed] = await query<{ n: string; tickets: string }>(
        `select count(*) as n,
           (select count(*) from tickets k join orders o on o.id = k.order_id
              where o.idempotency_key = $1) as tickets
         from orders where idempotency_key = $1`,
        [key],
      );
      expect(Number(placed!.n)).toBe(1);
      expect(Number(placed!.tickets)).toBe(2);
    }
  });

  it('a guest and waiters ordering at a free table at once: one bill, every order on it once', async () => {
    const table = await tableId(t, 'QR-T4');
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) =>
          api.guest('QR-T4').call(ordersRoutes.placeOrder, {
            headers: { 'idempotency-key': `guest-${round}-${i}` },
            body: { items: [{ menuItemId: espresso, quantity: 1 }], currency: 'eur' },
          }),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          api.as('waiter1').call(ordersRoutes.placeTableOrder, {
            params: { id: table },
            headers: { 'idempotency-key': `waiter-${round}-${i}` },
            body: { items: [{ menuItemId: burger, quantity: 1, seat: i + 1 }], guests: 4 },
          }),
        ),
        api
          .as('waiter1')
          .call(tablesRoutes.seatTable, { params: { id: table }, body: { guests: 4 } }),
      ]);
      for (const a of answers) expect(a.status, a.res.body).toBeLessThan(300);
      const orders = answers.slice(0, 8);
      // Every order landed on the one bill the table has open.
      const sessions = new Set(orders.map((a) => (a.data as { sessionId: string }).sessionId));
      expect(sessions.size).toBe(1);
      const open = (await billsOf('QR-T4')).filter((b) => b.status === 'open');
      expect(open).toHaveLength(1);
      expect(open[0]!.id).toBe([...sessions][0]);
      expect(Number(open[0]!.orders)).toBe(8);
      expect(Number(open[0]!.lines)).toBe(8);
      expect(Number(open[0]!.tickets)).toBe(8);
      // Settle it, so the next round starts from a free table.
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/sessions/${open[0]!.id}/payments`,
        headers: { authorization: `Bearer ${await api.tokenOf('manager1')}` },
        payload: { method: 'cash' },
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
  });

  it('rounds sent to one tab at once, each retried: each round once, on the one tab', async () => {
    const tab = await api
      .as('waiter1')
      .call(tabsRoutes.openTab, { body: { type: 'bar_tab', name: 'Race' } });
    expect(tab.status).toBe(201);
    const sends = Array.from({ length: 5 }, (_, i) => ({
      key: `tab-round-${i}`,
      body: { items: [{ menuItemId: espresso, quantity: i + 1 }] },
    }));
    const answers = await Promise.all(
      [...sends, ...sends].map((s) =>
        api.as('waiter1').call(tabsRoutes.placeTabOrder, {
          params: { id: tab.data.id },
          headers: { 'idempotency-key': s.key },
          body: s.body,
        }),
      ),
    );
    for (const a of answers) expect([200, 201], a.res.body).toContain(a.status);
    expect(new Set(answers.map((a) => a.data.orderId)).size).toBe(5);
    const [row] = await query<{ orders: string; quantity: string }>(
      `select count(distinct o.id) as orders, sum(i.quantity) as quantity
       from orders o join order_items i on i.order_id = o.id where o.dining_session_id = $1`,
      [tab.data.id],
    );
    expect(Number(row!.orders)).toBe(5);
    expect(Number(row!.quantity)).toBe(1 + 2 + 3 + 4 + 5);
  });
});
