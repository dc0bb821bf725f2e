import { paymentsRoutes, receiptsRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../../core/db/schema.js';
import { atNoon, placeOrder, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';

describe.each(BACKENDS)("A day's payments, refunded by a manager, on %s", (backend) => {
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    api = client(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  it('lists the captured payments with their refunds, and the receipt of a refunded bill says so', async () => {
    const manager = api.as('manager1');
    const before = await manager.call(paymentsRoutes.listPayments);
    expect(before.status).toBe(200);
    const today = before.data.today;
    expect(before.data).toMatchObject({ date: today, currency: 'eur', payments: [] });

    // Two espressos and a burger by card with a €2.00 tip.
    const order = await placeOrder(t, 'QR-T3', [
      ['Espresso', 2],
      ['Classic Burger', 1],
    ]);
    const paid = await manager.call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'card', tip: 2 },
    });
    expect(paid.status, paid.res.body).toBe(201);
    // A payment asked of a provider and never captured is no payment of the day's.
    const [captured] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid.data.paymentId));
    await t.database.db.insert(payments).values({
      restaurantId: t.restaurantId,
      diningSessionId: order.sessionId,
      tableId: await tableId(t, 'QR-T3'),
      method: 'card',
      amountCents: 500,
      currency: 'eur',
      status: 'authorized',
    });

    const listed = await manager.call(paymentsRoutes.listPayments, { query: { date: today } });
    expect(listed.data.payments).toHaveLength(1);
    const [payment] = listed.data.payments;
    const bill = captured!.amountCents / 100;
    expect(payment).toEqual({
      id: paid.data.paymentId,
      tableNumber: 3,
      receiptNumber: paid.data.receiptNumber,
      method: 'card',
      status: 'captured',
      capturedAt: captured!.capturedAt!.toISOString(),
      amount: bill,
      tip: 2,
      refundable: { amount: bill, tip: 2 },
      refunds: [],
    });

    // Part of the bill and the whole tip given back, with the reason.
    const refund = await manager.call(paymentsRoutes.refundPayment, {
      params: { id: paid.data.paymentId },
      body: { amount: 3, tip: 2, reason: 'Burger sent back' },
    });
    expect(refund.status, refund.res.body).toBe(201);
    expect(refund.data).toMatchObject({ status: 'partially_refunded', businessDate: today });

    const after = (await manager.call(paymentsRoutes.listPayments)).data.payments[0]!;
    const [managerRow] = await t.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.username, 'manager1'));
    expect(after).toMatchObject({
      status: 'partially_refunded',
      amount: bill,
      tip: 2,
      refundable: { amount: Math.round((bill - 3) * 100) / 100, tip: 0 },
      refunds: [
        {
          id: refund.data.refundId,
          amount: 3,
          tip: 2,
          reason: 'Burger sent back',
          businessDate: today,
          by: managerRow!.name,
        },
      ],
    });

    // The receipt, for staff and for the guest, says what was given back and when.
    const receipt = await manager.call(receiptsRoutes.getReceipt, {
      query: { number: paid.data.receiptNumber },
    });
    expect(receipt.data.refunds).toEqual([{ method: 'card', amount: 3, tip: 2, date: today }]);
    // What it was issued with is unchanged.
    expect(receipt.data.paid).toBe(bill + 2);
    const guest = await api.guest('QR-T3').call(receiptsRoutes.getGuestReceipt, {
      query: { sessionId: order.sessionId },
    });
    expect(guest.data.refunds).toEqual(receipt.data.refunds);
    // The printed receipt (a file, which the typed client does not read as JSON).
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/receipts?number=${paid.data.receiptNumber}&format=pdf`,
      headers: { authorization: `Bearer ${await api.tokenOf('manager1')}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const row = text.indexOf(`Refunded (Card) ${today}`);
    expect(row, text.join(' | ')).toBeGreaterThan(text.indexOf(`Paid (Card)`));
    expect(text[row + 1]).toBe('-€5.00');
    expect(text.slice(text.indexOf('Paid less refunds'))[1]).toBe(`€${(bill + 2 - 5).toFixed(2)}`);
  });

  it('is for those who see the reports, and refuses a day that has not begun', async () => {
    const waiter = await api.as('waiter1').call(paymentsRoutes.listPayments);
    expect(waiter.status).toBe(403);
    const today = (await api.as('manager1').call(paymentsRoutes.listPayments)).data.today;
    const next = new Date(`${today}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const tomorrow = next.toISOString().slice(0, 10);
    const future = await api
      .as('manager1')
      .call(paymentsRoutes.listPayments, { query: { date: tomorrow } });
    expect(future.status).toBe(400);
    expect(future.code).toBe('DAY_NOT_BEGUN');
    const wrong = await api
      .as('manager1')
      .send(paymentsRoutes.listPayments, { query: { date: 'yesterday' } });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toBe('date must be a date (YYYY-MM-DD)');
  });
});
