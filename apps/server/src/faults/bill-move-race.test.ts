import { ordersRoutes, paymentsRoutes, tablesRoutes, type MoveLine } from '@tavola/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableId } from '../testing/business-day.js';
import { client, type Client } from '../testing/client.js';
import { menuItemByName } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/harness.js';

// PGlite runs one transaction at a time, so these races only exist (and are only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('bills moving and merging on PostgreSQL', () => {
  let t: TestApp;
  let api: Client;
  let burger: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    burger = (await menuItemByName(t, 'Classic Burger')).id;
  });
  afterAll(async () => t?.close());

  const query = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await (t.database.db as unknown as { $client: pg.Pool }).$client.query<R>(text, params)).rows;

  let keys = 0;
  const ring = (qr: string) =>
    tableId(t, qr).then((id) =>
      api.as('manager1').call(ordersRoutes.placeTableOrder, {
        params: { id },
        headers: { 'idempotency-key': `race-key-${(keys += 1)}` },
        body: { items: [{ menuItemId: burger, quantity: 1 }] },
      }),
    );
  const move = async (from: string, to: string) =>
    api.as('manager1').call(tablesRoutes.moveTableBill, {
      params: { id: await tableId(t, from) },
      body: { toTableId: await tableId(t, to) },
    });

  /** Where each of these orders is now: its bill, that bill's table and status. */
  const whereAre = (orderIds: string[]) =>
    query<{
      order_id: string;
      session_id: string;
      status: string;
      qr: string;
      order_table: string;
    }>(
      `select o.id as order_id, s.id as session_id, s.status, tb.qr_token as qr,
              ot.qr_token as order_table
         from orders o join dining_sessions s on s.id = o.dining_session_id
         join tables tb on tb.id = s.table_id join tables ot on ot.id = o.table_id
        where o.id = any($1::uuid[])`,
      [orderIds],
    );
  const openBills = (qrs: string[]) =>
    query<{ qr: string; n: string }>(
      `select tb.qr_token as qr, count(*) as n from dining_sessions s
         join tables tb on tb.id = s.table_id
        where s.status = 'open' and tb.qr_token = any($1::text[]) group by tb.qr_token`,
      [qrs],
    );

  it('two tables moving onto each other at once: no deadlock, no order lost or on two bills', async () => {
    const a = await ring('QR-T2');
    const b = await ring('QR-T3');
    expect([a.status, b.status]).toEqual([201, 201]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? move('QR-T2', 'QR-T3') : move('QR-T3', 'QR-T2'),
      ),
    );
    for (const r of answers) {
      expect([200, 409], r.res.body).toContain(r.status);
      if (r.status === 409) expect(r.code).toBe('MOVE_NO_OPEN_BILL');
    }
    expect(answers.some((r) => r.status === 200)).toBe(true);
    const rows = await whereAre([a.data.orderId, b.data.orderId]);
    expect(rows).toHaveLength(2);
    // Both orders on one open bill, each order's table that bill's table.
    expect(new Set(rows.map((r) => r.session_id)).size).toBe(1);
    expect(rows.every((r) => r.status === 'open' && r.order_table === r.qr)).toBe(true);
    const open = await openBills(['QR-T2', 'QR-T3']);
    expect(open).toEqual([{ qr: rows[0]!.qr, n: '1' }]);
  });

  it('a move racing new orders at the table it leaves: every order is on exactly one open bill', async () => {
    const first = await ring('QR-T4');
    expect(first.status).toBe(201);
    const results = await Promise.all([
      move('QR-T4', 'QR-T5'),
      ring('QR-T4'),
      ring('QR-T4'),
      ring('QR-T4'),
    ]);
    expect(results[0].status, results[0].res.body).toBe(200);
    const placed = results.slice(1) as Awaited<ReturnType<typeof ring>>[];
    for (const p of placed) expect(p.status, p.res.body).toBe(201);
    const ids = [first.data.orderId, ...placed.map((p) => p.data.orderId)];
    const rows = await whereAre(ids);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === 'open' && r.order_table === r.qr)).toBe(true);
    // The first order went to table 5; an order placed after the move opened a new bill at 4.
    expect(rows.find((r) => r.order_id === first.data.orderId)?.qr).toBe('QR-T5');
    for (const { n } of await openBills(['QR-T4', 'QR-T5'])) expect(n).toBe('1');
    // Each open bill's total is its orders', nothing counted twice.
    const totals = await query<{ billed: string; sum: string }>(
      `select (select coalesce(sum(o.total_cents + o.surcharge_cents), 0) from orders o
                where o.id = any($1::uuid[])) as billed,
              (select coalesce(sum(o.total_cents + o.surcharge_cents), 0) from orders o
                 join dining_sessions s on s.id = o.dining_session_id
                 join tables tb on tb.id = s.table_id
                where s.status = 'open' and tb.qr_token = any($2::text[])) as sum`,
      [ids, ['QR-T4', 'QR-T5']],
    );
    expect(totals[0]!.sum).toBe(totals[0]!.billed);
  });

  it('a move racing the payment of the bill it moves: either the bill is paid where it is, or moved and open', async () => {
    const order = await ring('QR-T6');
    expect(order.status).toBe(201);
    const [paid, moved] = await Promise.all([
      api.as('manager1').call(paymentsRoutes.recordPayment, {
        params: { id: order.data.sessionId },
        body: { method: 'cash', amount: 1000, tip: 0 },
      }),
      move('QR-T6', 'QR-T7'),
    ]);
    const [row] = await whereAre([order.data.orderId]);
    const payments = await query<{ n: string }>(
      `select count(*) as n from payments where dining_session_id = $1`,
      [order.data.sessionId],
    );
    if (paid.status === 201 || paid.status === 200) {
      expect(moved.status).toBe(409);
      expect(row).toMatchObject({ session_id: order.data.sessionId, qr: 'QR-T6' });
      expect(payments[0]!.n).toBe('1');
    } else {
      expect(moved.status, moved.res.body).toBe(200);
      expect(row).toMatchObject({ status: 'open', qr: 'QR-T7' });
      expect(payments[0]!.n).toBe('0');
    }
  });

  const ringBurgers = (qr: string, quantity: number) =>
    tableId(t, qr).then((id) =>
      api.as('manager1').call(ordersRoutes.placeTableOrder, {
        params: { id },
        headers: { 'idempotency-key': `race-key-${(keys += 1)}` },
        body: { items: [{ menuItemId: burger, quantity }] },
      }),
    );
  const moveLines = async (from: string, to: string, lines: MoveLine[]) =>
    api.as('manager1').call(tablesRoutes.moveTableBill, {
      params: { id: await tableId(t, from) },
      body: { toTableId: await tableId(t, to), lines },
    });
  /** Burgers billed on the open bills of these tables, and what those bills come to. */
  const billed = async (qrs: string[]) => {
    const [row] = await query<{ burgers: string; cents: string; orders: string }>(
      `select coalesce(sum(i.quantity - i.voided_quantity), 0) as burgers,
              (select coalesce(sum(o.total_cents + o.surcharge_cents), 0) from orders o
                 join dining_sessions s on s.id = o.dining_session_id
                 join tables tb on tb.id = s.table_id
                where s.status = 'open' and o.status <> 'cancelled'
                  and tb.qr_token = any($1::text[])) as cents,
              count(distinct o.id) as orders
         from order_items i join orders o on o.id = i.order_id
         join dining_sessions s on s.id = o.dining_session_id
         join tables tb on tb.id = s.table_id
        where s.status = 'open' and o.status <> 'cancelled' and tb.qr_token = any($1::text[])`,
      [qrs],
    );
    return { burgers: Number(row!.burgers), cents: Number(row!.cents) };
  };

  it('two waiters moving the same line to two tables at once: every unit on exactly one bill, the bills add up to the cent', async () => {
    const order = await ringBurgers('QR-T8', 3);
    expect(order.status).toBe(201);
    const [line] = await query<{ id: string }>(`select id from order_items where order_id = $1`, [
      order.data.orderId,
    ]);
    const tables = ['QR-T8', 'QR-T9', 'QR-T10'];
    const before = await billed(tables);
    const pick = [{ orderId: order.data.orderId, itemId: line!.id, quantity: 2 }];
    const answers = await Promise.all([
      moveLines('QR-T8', 'QR-T9', pick),
      moveLines('QR-T8', 'QR-T10', pick),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses, answers.map((r) => r.res.body).join()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.code).toBe('MOVE_LINE_QUANTITY_ABOVE_LEFT');
    expect(await billed(tables)).toEqual(before);
    expect(before.burgers).toBe(3);
  });

  it('a line move racing the payment of its bill: either paid where it is, or moved and the rest paid, never a cent twice', async () => {
    const order = await ringBurgers('QR-T11', 2);
    expect(order.status).toBe(201);
    const [line] = await query<{ id: string }>(`select id from order_items where order_id = $1`, [
      order.data.orderId,
    ]);
    const before = await billed(['QR-T11', 'QR-T12']);
    const [paid, moved] = await Promise.all([
      api.as('manager1').call(paymentsRoutes.recordPayment, {
        params: { id: order.data.sessionId },
        body: { method: 'cash', amount: 1000, tip: 0 },
      }),
      moveLines('QR-T11', 'QR-T12', [
        { orderId: order.data.orderId, itemId: line!.id, quantity: 1 },
      ]),
    ]);
    expect(paid.status, paid.res.body).toBe(201);
    const [payment] = await query<{ cents: string }>(
      `select coalesce(sum(amount_cents), 0) as cents from payments where dining_session_id = $1`,
      [order.data.sessionId],
    );
    const open = await billed(['QR-T11', 'QR-T12']);
    if (moved.status === 200) {
      // Moved first: the payment paid what was left; the moved burger is open at table 12.
      expect(open.burgers).toBe(1);
      expect(Number(payment!.cents) + open.cents).toBe(before.cents);
    } else {
      expect(moved.code).toBe('MOVE_NO_OPEN_BILL');
      expect(open).toEqual({ burgers: 0, cents: 0 });
      expect(Number(payment!.cents)).toBe(before.cents);
    }
  });

  it('a guest order arriving while lines move: every order and unit on exactly one open bill', async () => {
    const order = await ringBurgers('QR-T1', 3);
    expect(order.status).toBe(201);
    const [line] = await query<{ id: string }>(`select id from order_items where order_id = $1`, [
      order.data.orderId,
    ]);
    const before = await billed(['QR-T1', 'QR-T5']);
    const [moved, ...placed] = await Promise.all([
      moveLines('QR-T1', 'QR-T5', [{ orderId: order.data.orderId, itemId: line!.id, quantity: 1 }]),
      ringBurgers('QR-T1', 1),
      ringBurgers('QR-T1', 2),
    ]);
    expect(moved.status, moved.res.body).toBe(200);
    for (const p of placed) expect(p.status, p.res.body).toBe(201);
    const after = await billed(['QR-T1', 'QR-T5']);
    expect(after.burgers).toBe(before.burgers + 3);
    const [added] = await query<{ cents: string }>(
      `select sum(total_cents + surcharge_cents) as cents from orders where id = any($1::uuid[])`,
      [placed.map((p) => p.data.orderId)],
    );
    expect(after.cents).toBe(before.cents + Number(added!.cents));
    for (const { n } of await openBills(['QR-T1', 'QR-T5'])) expect(n).toBe('1');
  });

  const splitLines = async (qr: string, lines: MoveLine[]) =>
    api.as('manager1').call(tablesRoutes.splitTableBill, {
      params: { id: await tableId(t, qr) },
      body: { lines },
    });

  it('two waiters splitting the same line at once: one check split off, every unit on exactly one bill', async () => {
    const order = await ringBurgers('QR-T7', 3);
    expect(order.status).toBe(201);
    const [line] = await query<{ id: string }>(`select id from order_items where order_id = $1`, [
      order.data.orderId,
    ]);
    const before = await billed(['QR-T7']);
    const pick = [{ orderId: order.data.orderId, itemId: line!.id, quantity: 2 }];
    const answers = await Promise.all([splitLines('QR-T7', pick), splitLines('QR-T7', pick)]);
    expect(answers.map((r) => r.status).sort(), answers.map((r) => r.res.body).join()).toEqual([
      201, 409,
    ]);
    expect(await billed(['QR-T7'])).toEqual(before);
    const open = await query<{ check_number: number }>(
      `select s.check_number from dining_sessions s join tables tb on tb.id = s.table_id
        where s.status = 'open' and tb.qr_token = 'QR-T7' order by 1`,
    );
    expect(open.map((r) => r.check_number)).toEqual([1, 2]);
  });

  it("guest orders arriving during a split: they join the table's first check, nothing lost or twice", async () => {
    const order = await ringBurgers('QR-T3', 3);
    expect(order.status).toBe(201);
    const [line] = await query<{ id: string }>(`select id from order_items where order_id = $1`, [
      order.data.orderId,
    ]);
    const before = await billed(['QR-T3']);
    const [made, ...placed] = await Promise.all([
      splitLines('QR-T3', [{ orderId: order.data.orderId, itemId: line!.id, quantity: 1 }]),
      ringBurgers('QR-T3', 1),
      ringBurgers('QR-T3', 2),
    ]);
    expect(made.status, made.res.body).toBe(201);
    for (const p of placed) {
      expect(p.status, p.res.body).toBe(201);
      expect(p.data.sessionId).toBe(order.data.sessionId);
    }
    const after = await billed(['QR-T3']);
    expect(after.burgers).toBe(before.burgers + 3);
    const [added] = await query<{ cents: string }>(
      `select sum(total_cents + surcharge_cents) as cents from orders where id = any($1::uuid[])`,
      [placed.map((p) => p.data.orderId)],
    );
    expect(after.cents).toBe(before.cents + Number(added!.cents));
  });
});
