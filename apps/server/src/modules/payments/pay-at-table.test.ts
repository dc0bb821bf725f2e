import {
  floorRoutes,
  menuRoutes,
  requestsRoutes,
  ordersRoutes,
  paymentsRoutes,
  receiptsRoutes,
  type GuestBill,
  type PaySplitInput,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  diningSessions,
  events,
  paymentAllocations,
  payments,
  receipts,
  tables,
} from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('pay at the table on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  const item: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    for (const list of Object.values(menu.data.menu)) {
      for (const i of list ?? []) item[i.name] = i.id;
    }
  });
  afterAll(async () => t?.close());

  const order = async (token: string, lines: [string, number][]) => {
    const res = await api.call(ordersRoutes.placeOrder, {
      body: {
        token,
        items: lines.map(([name, quantity]) => ({ menuItemId: item[name]!, quantity })),
        currency: 'EUR',
      },
    });
    return res.data;
  };
  const bill = async (token: string, sessionId?: string): Promise<GuestBill> =>
    (
      await api.call(paymentsRoutes.getGuestBill, {
        query: { token, ...(sessionId ? { sessionId } : {}) },
      })
    ).data;
  const pay = (
    token: string,
    split: PaySplitInput,
    extra: { tip?: number; key?: string; provider?: string; expectedAmount?: number } = {},
  ) =>
    api.send(paymentsRoutes.payAtTable, {
      body: {
        token,
        split,
        tip: extra.tip ?? 0,
        provider: extra.provider ?? 'demo',
        ...(extra.expectedAmount !== undefined ? { expectedAmount: extra.expectedAmount } : {}),
      },
      ...(extra.key ? { headers: { 'idempotency-key': extra.key } } : {}),
    });
  const line = (b: GuestBill, name: string) => b.lines.find((l) => l.name === name)!;

  it('itemises the bill, pays items, shares and equal parts, and closes it when fully paid', async () => {
    // Prices include 8.5% tax, no service charge: beer €6.50 ×2, wine €8.00, burger €15.99.
    const placed = await order('QR-T3', [
      ['Craft Beer', 2],
      ['House Red Wine', 1],
      ['Classic Burger', 1],
    ]);
    let b = await bill('QR-T3');
    expect(b).toMatchObject({
      status: 'open',
      currency: 'eur',
      paid: 0,
      sessionId: placed.sessionId,
    });
    expect(b.total).toBe(b.remaining);
    expect(b.lines.reduce((s, l) => s + Math.round(l.total * 100), 0)).toBe(
      Math.round(b.total * 100),
    );
    const beer = line(b, 'Craft Beer');
    expect(beer).toMatchObject({ quantity: 2, paidQuantity: 0, paid: 0 });

    // One beer, with a tip on the goods (the beer without its tax).
    const one = await pay(
      'QR-T3',
      { kind: 'items', lines: [{ lineId: beer.lineId, quantity: 1 }] },
      { tip: 0.6 },
    );
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      success: true,
      data: { amount: beer.total / 2, tip: 0.6, billPaid: false },
    });
    b = await bill('QR-T3');
    expect(line(b, 'Craft Beer')).toMatchObject({ paidQuantity: 1, remaining: beer.total / 2 });
    expect(b.payments).toEqual([
      expect.objectContaining({ split: 'items', method: 'card', provider: 'demo', tip: 0.6 }),
    ]);

    // The wine shared between two: each pays a half, the remainder cent to the first.
    const wine = line(b, 'House Red Wine');
    const s1 = await pay('QR-T3', { kind: 'share', lineId: wine.lineId, shares: 2 });
    const s2 = await pay('QR-T3', { kind: 'share', lineId: wine.lineId, shares: 2 });
    expect(
      (s1.body as { data: { amount: number } }).data.amount +
        (s2.body as { data: { amount: number } }).data.amount,
    ).toBeCloseTo(wine.total, 2);
    // A third share of a line fully paid is refused with the balance.
    const s3 = await pay('QR-T3', { kind: 'share', lineId: wine.lineId, shares: 2 });
    expect(s3.status).toBe(409);
    expect(s3.body).toMatchObject({ code: 'PAY_SPLIT_LINE_PAID', params: { currency: 'EUR' } });

    // The rest equally among two.
    b = await bill('QR-T3');
    const rest = Math.round(b.remaining * 100);
    const e1 = await pay(
      'QR-T3',
      { kind: 'equal', parts: 2 },
      { expectedAmount: Math.ceil(rest / 2) / 100 },
    );
    expect(e1.status).toBe(201);
    expect((await bill('QR-T3')).equalParts).toEqual([{ parts: 2, paid: 1 }]);
    const e2 = await pay('QR-T3', { kind: 'equal', parts: 2 });
    expect(e2.status).toBe(201);
    expect(e2.body).toMatchObject({ data: { remaining: 0, billPaid: true } });
    expect((e2.body as { data: { receiptNumber: number } }).data.receiptNumber).toBeGreaterThan(0);

    // Closed and paid: the page's own bill reads paid, the table is free, every cent allocated.
    b = await bill('QR-T3', placed.sessionId);
    expect(b).toMatchObject({ status: 'paid', remaining: 0 });
    for (const l of b.lines) expect(l.remaining).toBe(0);
    expect((await bill('QR-T3')).status).toBe('none');
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T3'));
    expect(table?.status).toBe('available');
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.diningSessionId, placed.sessionId));
    const allocated = await t.database.db
      .select({ cents: paymentAllocations.cents })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(payments.diningSessionId, placed.sessionId));
    const captured = rows.reduce((s, p) => s + p.amountCents, 0);
    expect(allocated.reduce((s, a) => s + a.cents, 0)).toBe(captured);
    expect(captured).toBe(Math.round(b.total * 100));
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, placed.sessionId));
    expect(session).toMatchObject({ status: 'closed', paymentStatus: 'paid' });
    // A receipt per payment, the last the bill's own (nothing left on it).
    const issued = await t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.diningSessionId, placed.sessionId))
      .orderBy(receipts.number);
    expect(issued).toHaveLength(rows.length);
    expect(issued.map((r) => r.content.remaining === undefined)).toEqual(
      rows.map((_, i) => i === rows.length - 1),
    );
    // Each part was told to the table.
    const told = await t.database.db.select().from(events).where(eq(events.type, 'bill_part_paid'));
    expect(
      told.filter((e) => (e.data as { sessionId: string }).sessionId === placed.sessionId),
    ).toHaveLength(5);
  });

  it('never charges a retried payment twice, and refuses a key reused for another payment', async () => {
    await order('QR-T4', [['Espresso', 3]]);
    const key = 'pay-retry-0001';
    const first = await pay('QR-T4', { kind: 'amount', amount: 2 }, { key });
    const again = await pay('QR-T4', { kind: 'amount', amount: 2 }, { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      data: {
        paymentId: (first.body as { data: { paymentId: string } }).data.paymentId,
        replayed: true,
      },
    });
    const other = await pay('QR-T4', { kind: 'amount', amount: 1 }, { key });
    expect(other.status).toBe(422);
    const b = await bill('QR-T4');
    expect(b.payments).toHaveLength(1);
    // More than remains is refused with the balance; a changed balance likewise.
    const above = await pay('QR-T4', { kind: 'amount', amount: 100 });
    expect(above.status).toBe(409);
    expect(above.body).toMatchObject({
      code: 'PAY_SPLIT_ABOVE_BALANCE',
      params: { remaining: b.remaining.toFixed(2) },
    });
    const changed = await pay('QR-T4', { kind: 'all' }, { expectedAmount: b.total });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'PAY_BALANCE_CHANGED' });
    // Stripe is not connected: a clear refusal, nothing taken.
    const stripe = await pay('QR-T4', { kind: 'all' }, { provider: 'stripe' });
    expect(stripe.status).toBe(409);
    expect(stripe.body).toMatchObject({ code: 'PAYMENT_PROVIDER_NOT_CONNECTED' });
    // A waiter's payment of the rest settles it and lays the rest on the lines.
    const all = await pay('QR-T4', { kind: 'all' }, { expectedAmount: b.remaining });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({ data: { billPaid: true, remaining: 0 } });
    const late = await pay('QR-T4', { kind: 'all' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'PAY_NOTHING_LEFT' });
  });

  it("lays a waiter's payment of what is due on every line's rest", async () => {
    const placed = await order('QR-T5', [
      ['Espresso', 2],
      ['Tiramisu', 1],
    ]);
    const b0 = await bill('QR-T5');
    await pay('QR-T5', {
      kind: 'items',
      lines: [{ lineId: line(b0, 'Tiramisu').lineId, quantity: 1 }],
    });
    const staff = await api.as(manager).send(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: { method: 'cash' },
    });
    expect(staff.status).toBe(201);
    const b = await bill('QR-T5', placed.sessionId);
    expect(b.status).toBe('paid');
    expect(b.lines.every((l) => l.remaining === 0 && l.paidQuantity === l.quantity)).toBe(true);
    expect(b.payments.map((p) => p.split)).toEqual(['items', 'staff']);
  });

  it("shows the waiter the table's bill request with what is still due and how it wants to pay, until settled", async () => {
    await order('QR-T7', [
      ['Espresso', 2],
      ['Tiramisu', 1],
    ]);
    const b0 = await bill('QR-T7');
    const asked = await api.call(requestsRoutes.requestPayment, {
      body: { token: 'QR-T7', how: 'terminal' },
    });
    expect(asked.data.alreadyRequested).toBe(false);
    const floorNote = async () => {
      const floor = (await api.as(manager).call(floorRoutes.getFloor)).data;
      const table = floor.tables.find((x) => x.number === b0.tableNumber);
      return table?.notifications.find((n) => n.type === 'payment_requested')?.message;
    };
    expect(await floorNote()).toBe(
      `Bill requested (${b0.remaining.toFixed(2)} due) · Paying by card on the terminal`,
    );
    // A guest pays the tiramisu from their phone: the request asks for the rest.
    await pay('QR-T7', {
      kind: 'items',
      lines: [{ lineId: line(b0, 'Tiramisu').lineId, quantity: 1 }],
    });
    const b1 = await bill('QR-T7');
    expect(await floorNote()).toBe(
      `Bill requested (${b1.remaining.toFixed(2)} due) · Paying by card on the terminal`,
    );
    // Settled: the request is resolved and leaves the floor.
    await pay('QR-T7', { kind: 'all' });
    expect(await floorNote()).toBeUndefined();
  });

  it('lets staff take parts with mixed methods (cash with change, card), leave the rest due, and refund a part with a reason', async () => {
    const placed = await order('QR-T10', [
      ['Craft Beer', 2],
      ['Classic Burger', 1],
    ]);
    const b0 = await bill('QR-T10');
    const staff = api.as(manager);
    const beer = line(b0, 'Craft Beer');
    // One beer in cash: €20 handed over, the change is not revenue.
    const cash = await staff.call(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: {
        method: 'cash',
        amount: 20,
        split: { kind: 'items', lines: [{ lineId: beer.lineId, quantity: 1 }] },
      },
    });
    expect(cash.status).toBe(201);
    // Each part gets its own receipt, numbered with the others, saying what is left.
    const cashReceipt = (
      await staff.call(receiptsRoutes.getReceipt, { query: { number: cash.data.receiptNumber! } })
    ).data;
    expect(cashReceipt).toMatchObject({
      method: 'cash',
      remaining: cash.data.remaining,
      total: b0.total,
      payments: [{ method: 'cash', amount: beer.total / 2, tip: 0 }],
    });
    expect(Math.round(cash.data.remaining! * 100)).toBe(
      Math.round((b0.total - beer.total / 2) * 100),
    );
    // The burger shared two ways, both halves by card; the same line again is refused.
    const numbers = [cash.data.receiptNumber!];
    for (let i = 0; i < 2; i++) {
      const card = await staff.call(paymentsRoutes.recordPayment, {
        params: { id: placed.sessionId },
        body: {
          method: 'card',
          split: { kind: 'share', lineId: line(b0, 'Classic Burger').lineId, shares: 2 },
        },
      });
      expect(card.status).toBe(201);
      numbers.push(card.data.receiptNumber!);
    }
    const again = await staff.send(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: {
        method: 'card',
        split: { kind: 'share', lineId: line(b0, 'Classic Burger').lineId, shares: 2 },
      },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'PAY_SPLIT_LINE_PAID' });
    let b = await bill('QR-T10');
    expect(b.status).toBe('open');
    expect(b.payments.map((p) => [p.split, p.method])).toEqual([
      ['items', 'cash'],
      ['share', 'card'],
      ['share', 'card'],
    ]);
    // The waiter's pay dialog reads the same itemised bill, by the bill's id.
    const seen = await staff.call(paymentsRoutes.getBill, { params: { id: placed.sessionId } });
    expect(seen.data).toMatchObject({
      sessionId: placed.sessionId,
      tableNumber: 10,
      remaining: b.remaining,
      paid: b.paid,
      lines: b.lines,
      payments: b.payments,
    });
    expect(seen.data).not.toHaveProperty('providers');
    // The rest without a split settles the bill: one receipt.
    const rest = await staff.call(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: { method: 'card' },
    });
    numbers.push(rest.data.receiptNumber!);
    // Four payments, four receipts, numbered one after another; the last is the bill's own,
    // listing every payment, with nothing left.
    expect(numbers).toEqual([0, 1, 2, 3].map((i) => numbers[0]! + i));
    const billReceipt = (
      await staff.call(receiptsRoutes.getReceipt, { query: { number: rest.data.receiptNumber! } })
    ).data;
    expect(billReceipt.remaining).toBeUndefined();
    expect(billReceipt.payments?.map((p) => p.method)).toEqual(['cash', 'card', 'card', 'card']);
    expect(Math.round(billReceipt.paid * 100)).toBe(Math.round(b0.total * 100));
    // The guest's page shows the bill's receipt; the day's payments each their own.
    const guestReceipt = await api.call(receiptsRoutes.getGuestReceipt, {
      query: { token: 'QR-T10', sessionId: placed.sessionId },
    });
    expect(guestReceipt.data.number).toBe(rest.data.receiptNumber);
    const day = await staff.call(paymentsRoutes.listPayments, {});
    const ids = [cash.data.paymentId, rest.data.paymentId];
    expect(day.data.payments.filter((p) => ids.includes(p.id)).map((p) => p.receiptNumber)).toEqual(
      [cash.data.receiptNumber, rest.data.receiptNumber],
    );
    b = await bill('QR-T10', placed.sessionId);
    expect(b.status).toBe('paid');
    // A manager gives back half of the cash part, with a reason.
    const refund = await staff.call(paymentsRoutes.refundPayment, {
      params: { id: cash.data.paymentId },
      body: { amount: Math.floor(beer.total * 25) / 100, reason: 'Flat beer' },
    });
    expect(refund.status).toBe(201);
    expect(refund.data.status).toBe('partially_refunded');
  });

  it('refuses unknown lines and bad splits', async () => {
    await order('QR-T6', [['Espresso', 1]]);
    const unknown = await pay('QR-T6', {
      kind: 'items',
      lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'PAY_LINE_UNKNOWN' });
    expect((await pay('QR-T6', { kind: 'equal', parts: 0 })).status).toBe(400);
    expect(
      (
        await api.send(paymentsRoutes.payAtTable, {
          body: { token: 'QR-T6', split: { kind: 'nope' }, provider: 'demo' },
        })
      ).status,
    ).toBe(400);
    await pay('QR-T6', { kind: 'all' });
  });
});
