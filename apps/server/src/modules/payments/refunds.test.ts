import {
  businessDaysRoutes,
  paymentsRoutes,
  reportsRoutes,
  settingsRoutes,
  type RouteInput,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { sumCents } from '../../core/db/money.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyTotals, diningSessions, paymentRefunds, payments } from '../../core/db/schema.js';
import { noonZone, placeOrder } from '../../testing/business-day.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';
import { client, type Client } from '../../testing/client.js';

const cents = (amount: number) => Math.round(amount * 100);

/** The sum of an hledger journal's posted amounts: zero when every entry balances. */
const journalSum = (journal: string) =>
  journal
    .split('\n')
    .filter((line) => line.startsWith('    '))
    .map((line) => cents(Number(/(-?\d+\.\d{2}) [A-Z]{3}/.exec(line)![1])))
    .reduce((s, v) => s + v, 0);

describe.each(BACKENDS)('Refunding a payment on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let waiter: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    manager = await signInAs(t, 'manager');
    waiter = await signInAs(t, 'waiter');
    const res = await api.as(manager).call(settingsRoutes.getRestaurantSettings);
    // A zone where it is about noon: "today" does not turn over while the test runs.
    const put = await api.as(manager).call(settingsRoutes.updateRestaurantSettings, {
      body: { ...res.data, timezone: noonZone() },
    });
    expect(put.status, put.res.body).toBe(200);
  }, 60_000);
  afterAll(async () => t?.close());

  const refund = (
    paymentId: string,
    body: RouteInput<typeof paymentsRoutes.refundPayment>['body'],
    token = manager,
  ) => api.as(token).call(paymentsRoutes.refundPayment, { params: { id: paymentId }, body });
  const report = async (date?: string) => {
    const res = await api
      .as(manager)
      .call(businessDaysRoutes.getZReport, { query: date ? { date } : {} });
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };
  const paymentsReport = async (date: string) => {
    const res = await api
      .as(manager)
      .call(reportsRoutes.payments, { query: { period: 'day', date } });
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };
  const journal = async (date: string) => {
    const res = await api
      .as(manager)
      .call(businessDaysRoutes.getJournal, { query: { date, format: 'hledger' } });
    expect(res.status, res.res.body).toBe(200);
    return res.res.body;
  };

  it('gives money back on the day it happens: the closed day of the payment never changes', async () => {
    // €4.40 of espresso by card, €0.60 tip, on a day the manager then closes.
    const order = await placeOrder(t, 'QR-T6', [['Espresso', 2]]);
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'card', tip: 0.6 },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const { paymentId } = paid.data;
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'captured', provider: 'manual', providerRef: null });

    const day = (await report()).date;
    const closed = await api.as(manager).call(businessDaysRoutes.closeDay, { body: { date: day } });
    expect(closed.status, closed.res.body).toBe(200);
    const kept = await report(day);
    const keptJournal = await journal(day);
    const keptPayments = await paymentsReport(day);

    const platformTotals = async () =>
      (
        await t.database.db
          .select({ cents: sumCents(dailyTotals.paymentsCents) })
          .from(dailyTotals)
          .where(eq(dailyTotals.restaurantId, t.restaurantId))
      )[0]!.cents;
    const platformBefore = await platformTotals();

    // The next business day: €1.00 of the bill given back in cash... by the card it was paid with.
    const first = await refund(paymentId, { amount: 1, reason: 'Cold coffee' });
    expect(first.status, first.res.body).toBe(201);
    const firstData = first.data;
    expect(firstData).toMatchObject({
      paymentId,
      status: 'partially_refunded',
      amount: 1,
      tip: 0,
    });
    expect(firstData.businessDate).not.toBe(day);
    const today = firstData.businessDate;

    // The closed day reads exactly as it was closed: its Z report, journal and payments report.
    expect(await report(day)).toEqual(kept);
    expect(await journal(day)).toBe(keptJournal);
    const dayPayments = await paymentsReport(day);
    expect([dayPayments.methods, dayPayments.totals]).toEqual([
      keptPayments.methods,
      keptPayments.totals,
    ]);
    expect(keptPayments.totals.refunds).toBeUndefined();

    // The rest of it, the tip included: nothing is left.
    const rest = await refund(paymentId, { amount: 3.4, tip: 0.6, reason: 'Cold coffee' });
    expect(rest.status, rest.res.body).toBe(201);
    expect(rest.data.status).toBe('refunded');
    const again = await refund(paymentId, { amount: 0.01, reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      error: 'This payment is already refunded in full',
      code: 'CONFLICT',
    });

    // Today's Z report has the refunds on their own line: no payments, €5.00 given back by card.
    const live = await report();
    expect(live.date).toBe(today);
    expect(live.payments.count).toBe(0);
    expect(live.refunds).toEqual({
      count: 2,
      amount: 4.4,
      tips: 0.6,
      total: 5,
      byMethod: [{ method: 'card', count: 2, amount: 4.4, tips: 0.6, total: 5 }],
      // The bill part split as the sale was (8.5% tax included): given back whole in two
      // refunds, it is exactly the sale's net and tax.
      taxRates: [{ taxRate: 8.5, net: 4.06, service: 0, tax: 0.34, total: 4.4 }],
    });
    expect(live.reconciliation.balanced).toBe(true);
    // The Z report's PDF is drawn with them (a row per method under the payments).
    const pdf = await api
      .as(manager)
      .call(businessDaysRoutes.getZReport, { query: { format: 'pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.res.rawPayload);
    const refundRow = text.indexOf('Refunded (Card)');
    expect(refundRow, text.join(' | ')).toBeGreaterThanOrEqual(0);
    // Its count, the bill part, the tip and the total given back, in that order, as negatives.
    expect(text.slice(refundRow + 1, refundRow + 5)).toEqual(['2', '-€4.40', '-€0.60', '-€5.00']);
    // Under the payments (none today), and only for the method that gave money back.
    expect(text.indexOf('All payments')).toBeLessThan(refundRow);
    expect(text.filter((s) => s.startsWith('Refunded ('))).toEqual(['Refunded (Card)']);

    // The payments report of today names them; the journal books them and balances.
    const todays = await paymentsReport(today);
    expect(todays.totals).toMatchObject({
      count: 0,
      refunds: { count: 2, amount: 4.4, tips: 0.6, total: 5 },
    });
    expect(todays.methods.find((m) => m.method === 'card')?.refunds?.total).toBe(5);
    const book = await journal(today);
    expect(book).toContain('Tavola Z report');
    // The sale's own tax, taken back: the day it was sold owed 0.34 of it.
    expect(keptJournal).toMatch(/Income:Sales:Tax 8\.5%\s+-4\.06 EUR/);
    expect(keptJournal).toMatch(/Liabilities:Sales tax:8\.5%\s+-0\.34 EUR/);
    expect(book).toMatch(/Income:Refunds:Tax 8\.5%\s+4\.06 EUR/);
    expect(book).toMatch(/Liabilities:Sales tax:8\.5%\s+0\.34 EUR/);
    expect(book).toMatch(/Liabilities:Tips payable\s+0\.60 EUR/);
    expect(book).toMatch(/Assets:Card clearing\s+-5\.00 EUR/);
    expect(journalSum(book)).toBe(0);

    // The platform's per-day totals (its analytics, and the invoice's 1.9% fee) stay on the
    // payments taken, as the Z report's own transaction fee line does: refunds do not lower them.
    expect(await platformTotals()).toBe(platformBefore);

    // The payment keeps what it captured; the bill stays settled.
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(after).toMatchObject({ status: 'refunded', amountCents: 440, tipCents: 60 });
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, order.sessionId));
    expect(session).toMatchObject({ status: 'closed', paymentStatus: 'paid' });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((r) => [r.amountCents, r.tipCents, r.businessDate])).toEqual([
      [100, 0, today],
      [340, 60, today],
    ]);
  });

  it('refuses more than is left, nothing, waiters, other restaurants and unknown payments', async () => {
    const order = await placeOrder(t, 'QR-T7', [['Espresso', 1]]);
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'cash', tip: 0.5 },
    });
    const { paymentId } = paid.data;

    const tooMuch = await refund(paymentId, { amount: 2.21, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error).toBe('A refund cannot give back more than is left of the payment');
    // The tip is bounded on its own: a tip refund never eats into the bill part.
    expect((await refund(paymentId, { amount: 0, tip: 0.51, reason: 'x' })).status).toBe(400);
    const nothing = await refund(paymentId, { amount: 0, reason: 'Nothing' });
    expect(nothing.status).toBe(400);
    expect(nothing.error).toBe('A refund is a positive amount');
    expect((await refund(paymentId, { amount: -1, reason: 'x' })).status).toBe(400);
    // Sent unchecked: a refund without its reason.
    const noReason = await api
      .as(manager)
      .send(paymentsRoutes.refundPayment, { params: { id: paymentId }, body: { amount: 1 } });
    expect(noReason.status).toBe(400);

    expect((await refund(paymentId, { amount: 1, reason: 'x' }, waiter)).status).toBe(403);
    const other = await createOtherRestaurant(t, { roles: ['manager'] });
    const elsewhere = await refund(paymentId, { amount: 1, reason: 'x' }, other.tokens.manager);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.error).toBe('Payment not found');
    expect(
      (await refund('00000000-0000-4000-8000-000000000000', { amount: 1, reason: 'x' })).status,
    ).toBe(404);

    // Nothing was written by the refusals; the whole of it can still be given back.
    const whole = await refund(paymentId, { amount: 2.2, tip: 0.5, reason: 'Wrong table' });
    expect(whole.status, whole.res.body).toBe(201);
    expect(whole.data.status).toBe('refunded');
  });
});
