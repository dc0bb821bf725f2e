import { menuRoutes, ordersRoutes, paymentsRoutes, type PaySplitInput } from '@tavola/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.js';
import { client, type Client } from '../testing/client.js';

// PGlite runs one transaction at a time, so guests paying at once only race on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('20 guests paying one bill at once', () => {
  let t: TestApp;
  let api: Client;
  const item: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    for (const list of Object.values(menu.data.menu)) {
      for (const i of list ?? []) item[i.name] = i.id;
    }
  });
  afterAll(async () => t?.close());

  const query = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await (t.database.db as unknown as { $client: pg.Pool }).$client.query<R>(text, params)).rows;

  it('never pays an item twice nor the bill past its total, and allocates every captured cent', async () => {
    const token = 'QR-T11';
    const placed = await api.call(ordersRoutes.placeOrder, {
      body: {
        token,
        currency: 'EUR',
        items: [
          { menuItemId: item['Craft Beer']!, quantity: 4 },
          { menuItemId: item['House Red Wine']!, quantity: 1 },
          { menuItemId: item['Classic Burger']!, quantity: 2 },
          { menuItemId: item['Tiramisu']!, quantity: 3 },
          { menuItemId: item['Espresso']!, quantity: 5 },
        ],
      },
    });
    const { sessionId } = placed.data;
    const bill = (await api.call(paymentsRoutes.getGuestBill, { query: { token } })).data;
    const id = (name: string) => bill.lines.find((l) => l.name === name)!.lineId;

    // Overlapping asks: several guests want the same beers, burgers and the wine at once.
    const splits: PaySplitInput[] = [
      { kind: 'items', lines: [{ lineId: id('Craft Beer'), quantity: 2 }] },
      { kind: 'items', lines: [{ lineId: id('Craft Beer'), quantity: 2 }] },
      {
        kind: 'items',
        lines: [
          { lineId: id('Craft Beer'), quantity: 1 },
          { lineId: id('Espresso'), quantity: 1 },
        ],
      },
      { kind: 'items', lines: [{ lineId: id('House Red Wine'), quantity: 1 }] },
      { kind: 'items', lines: [{ lineId: id('House Red Wine'), quantity: 1 }] },
      { kind: 'share', lineId: id('House Red Wine'), shares: 3 },
      { kind: 'share', lineId: id('House Red Wine'), shares: 3 },
      { kind: 'items', lines: [{ lineId: id('Classic Burger'), quantity: 2 }] },
      { kind: 'items', lines: [{ lineId: id('Classic Burger'), quantity: 1 }] },
      { kind: 'share', lineId: id('Classic Burger'), shares: 4 },
      { kind: 'items', lines: [{ lineId: id('Tiramisu'), quantity: 3 }] },
      { kind: 'items', lines: [{ lineId: id('Tiramisu'), quantity: 1 }] },
      { kind: 'items', lines: [{ lineId: id('Espresso'), quantity: 3 }] },
      { kind: 'items', lines: [{ lineId: id('Espresso'), quantity: 3 }] },
      { kind: 'equal', parts: 4 },
      { kind: 'equal', parts: 4 },
      { kind: 'amount', amount: 20 },
      { kind: 'amount', amount: 35.5 },
      { kind: 'amount', amount: 60 },
      { kind: 'all' },
    ];
    expect(splits).toHaveLength(20);
    const answers = await Promise.all(
      splits.map((split, i) =>
        api.send(paymentsRoutes.payAtTable, {
          headers: { 'idempotency-key': `race-guest-${i.toString().padStart(2, '0')}` },
          body: { token, split, tip: 0.5, provider: 'demo' },
        }),
      ),
    );
    for (const a of answers) {
      expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
      if (a.status === 409) {
        expect(['PAY_SPLIT_LINE_PAID', 'PAY_SPLIT_ABOVE_BALANCE', 'PAY_NOTHING_LEFT']).toContain(
          (a.body as { code: string }).code,
        );
      }
    }
    const taken = answers.filter((a) => a.status === 201);
    expect(taken.length).toBeGreaterThan(1);

    // No line paid past its total; the payments equal their allocations to the cent; the bill
    // is never paid past its total.
    const lines = await query<{ id: string; total: string; paid: string }>(
      `select a.order_item_id as id, sum(a.cents)::text as paid, i.line_total_cents::text as total
         from payment_allocations a join order_items i on i.id = a.order_item_id
         join payments p on p.id = a.payment_id
        where p.dining_session_id = $1 group by a.order_item_id, i.line_total_cents`,
      [sessionId],
    );
    const lineTotal = new Map(bill.lines.map((l) => [l.lineId, Math.round(l.total * 100)]));
    for (const l of lines) expect(Number(l.paid)).toBeLessThanOrEqual(lineTotal.get(l.id)!);
    const [sums] = await query<{ captured: string; allocated: string; n: string }>(
      `select (select sum(amount_cents) from payments where dining_session_id = $1)::text as captured,
              (select sum(a.cents) from payment_allocations a join payments p on p.id = a.payment_id
                where p.dining_session_id = $1)::text as allocated,
              (select count(*) from payments where dining_session_id = $1)::text as n`,
      [sessionId],
    );
    expect(Number(sums!.n)).toBe(taken.length);
    expect(Number(sums!.allocated)).toBe(Number(sums!.captured));
    const billCents = Math.round(bill.total * 100);
    expect(Number(sums!.captured)).toBeLessThanOrEqual(billCents);
    // What each guest was told they paid is what was captured.
    const told = taken.reduce(
      (s, a) => s + Math.round((a.body as { data: { amount: number } }).data.amount * 100),
      0,
    );
    expect(told).toBe(Number(sums!.captured));

    // Whatever is left is paid by one more guest, and the bill closes exactly at its total.
    const after = (await api.call(paymentsRoutes.getGuestBill, { query: { token } })).data;
    if (after.status === 'open') {
      const last = await api.call(paymentsRoutes.payAtTable, {
        body: { token, split: { kind: 'all' }, tip: 0, provider: 'demo' },
      });
      expect(last.data.billPaid).toBe(true);
    }
    const [closed] = await query<{
      status: string;
      captured: string;
      receipts: string;
      payments: string;
      bills: string;
    }>(
      `select s.status, (select sum(amount_cents) from payments where dining_session_id = s.id)::text as captured,
              (select count(*) from receipts where dining_session_id = s.id)::text as receipts,
              (select count(*) from payments where dining_session_id = s.id and status = 'captured')::text as payments,
              (select count(*) from receipts where dining_session_id = s.id
                 and not (content ? 'remaining'))::text as bills
         from dining_sessions s where s.id = $1`,
      [sessionId],
    );
    // A receipt per captured payment, one of them (the last) the bill's own.
    expect(closed).toMatchObject({ status: 'closed', captured: String(billCents), bills: '1' });
    expect(closed!.receipts).toBe(closed!.payments);
  });
});
