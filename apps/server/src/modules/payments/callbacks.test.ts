import { createHmac, timingSafeEqual } from 'node:crypto';
import { businessDaysRoutes, paymentsRoutes, type PaymentProviderId } from '@tavola/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  diningSessions,
  events,
  orders,
  payments,
  receipts,
  tables,
} from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { badRequest } from '../../core/http/errors.js';
import { pay, placeOrder } from '../../testing/business-day.js';
import { answerOf, client } from '../../testing/client.js';
import { signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { billCentsOf } from '../orders/index.js';
import { addPaymentProvider, type PaymentProvider } from './providers/index.js';

/**
 * A stand-in for a card acquirer: it signs its notifications with HMAC-SHA256 over the raw body
 * (as real acquirers do) and keeps every body it was handed, to compare with what was sent.
 */
const SECRET = 'test-signing-secret';
const PROVIDER = 'signed-test' as PaymentProviderId;
const received: Buffer[] = [];
const sign = (body: Buffer | string) => createHmac('sha256', SECRET).update(body).digest('hex');
const signedProvider: PaymentProvider = {
  id: PROVIDER,
  authorize: async () => ({ ok: false, reason: 'not used here' }),
  capture: async () => ({ ok: false, reason: 'not used here' }),
  refund: async () => ({ ok: true, reference: null }),
  verifyCallback: ({ body, headers }) => {
    received.push(Buffer.from(body));
    const given = Buffer.from(String(headers['x-signature'] ?? ''), 'hex');
    const expected = Buffer.from(sign(body), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw badRequest('The signature does not match');
    let read: { reference: string; step: 'authorize' | 'capture' | 'fail' };
    try {
      read = JSON.parse(body.toString('utf8')) as typeof read;
    } catch {
      throw badRequest('The notification is not readable');
    }
    const { reference, step } = read;
    return { reference, step };
  },
};

describe.each(BACKENDS)('Payment provider callbacks on %s', (backend) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    addPaymentProvider(signedProvider);
    t = await createTestApp(backend);
    manager = await signInAs(t, 'manager');
  }, 60_000);
  afterAll(async () => t?.close());

  const callback = async (
    provider: string,
    body: Buffer | string,
    headers: Record<string, string> = {},
  ) =>
    // Sent raw: the provider signs the exact bytes, whatever their media type.
    answerOf(
      paymentsRoutes.receiveProviderCallback,
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/providers/${provider}/callback`,
        headers,
        payload: body,
      }),
    );
  const step = (reference: string, type: 'authorize' | 'capture' | 'fail') => {
    const body = JSON.stringify({ reference, step: type });
    return callback(PROVIDER, body, {
      'content-type': 'application/json',
      'x-signature': sign(body),
    });
  };

  /** An open bill at a table, and its total in cents. */
  const openBill = async (token: string) => {
    const order = await placeOrder(t, token, [['Espresso', 2]]);
    const [bill] = await t.database.db
      .select({ cents: sumCents(billCentsOf) })
      .from(orders)
      .where(eq(orders.diningSessionId, order.sessionId));
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, token));
    return { sessionId: order.sessionId, tableId: table!.id, billCents: bill!.cents };
  };
  /** A payment the provider was asked for (as its module would write it): pending, with its reference. */
  const pending = async (
    bill: { sessionId: string; tableId: string },
    reference: string,
    amountCents: number,
  ) => {
    const [row] = await t.database.db
      .insert(payments)
      .values({
        restaurantId: t.restaurantId,
        diningSessionId: bill.sessionId,
        tableId: bill.tableId,
        method: 'card',
        amountCents,
        currency: 'eur',
        status: 'pending',
        provider: PROVIDER,
        providerRef: reference,
      })
      .returning();
    return row!;
  };
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;
  const sessionOf = async (id: string) =>
    (await t.database.db.select().from(diningSessions).where(eq(diningSessions.id, id)))[0]!;
  /** Every receipt of a bill: one per captured payment, oldest first. */
  const allReceiptsOf = async (sessionId: string) =>
    t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.diningSessionId, sessionId))
      .orderBy(receipts.number);
  /** The bill's own receipt (of the payment that settled it; a part's says what was left). */
  const receiptsOf = async (sessionId: string) =>
    (await allReceiptsOf(sessionId)).filter((r) => r.content.remaining === undefined);
  const completions = async (sessionId: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(
          and(
            eq(events.type, 'payment_completed'),
            sql`${events.data}->>'sessionId' = ${sessionId}`,
          ),
        )
    )[0]!.n;

  it('refuses an unknown provider, and the manual one (nobody outside calls about it)', async () => {
    const unknown = await callback('nobody', '{}', { 'content-type': 'application/json' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'Unknown payment provider', code: 'NOT_FOUND' });
    const manual = await callback('manual', '{}', { 'content-type': 'application/json' });
    expect(manual.status).toBe(404);
    expect(manual.error).toBe('This payment provider takes no callbacks');
  });

  it('hands the provider the raw bytes exactly as sent, whatever their media type', async () => {
    const bodies: [string | undefined, Buffer][] = [
      // Spacing, key order and escapes a JSON parse and re-serialise would change.
      [
        'application/json',
        Buffer.from('{ "step":"capture" ,\n "reference": "nope\\u0041", "x": 1.50 }'),
      ],
      ['application/json; charset=utf-8', Buffer.from('{"reference":"café ☕","step":"fail"}')],
      ['application/x-www-form-urlencoded', Buffer.from('{"reference":"a+b%20c","step":"fail"}')],
      ['text/plain', Buffer.from('{"reference":"plain","step":"fail"}\r\n')],
      // Bytes that are not UTF-8 at all (the signature fails, but they reach the provider).
      ['application/octet-stream', Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80])],
    ];
    for (const [type, body] of bodies) {
      received.length = 0;
      const res = await callback(PROVIDER, body, {
        ...(type ? { 'content-type': type } : {}),
        'x-signature': sign(body),
      });
      expect(received, type).toHaveLength(1);
      expect(received[0]!.equals(body), type).toBe(true);
      // Signed, but about no payment of the provider's (or not JSON at all).
      expect(res.status, res.res.body).toBe(type === 'application/octet-stream' ? 400 : 404);
    }
    // A wrong signature is refused before anything is looked up.
    const forged = await callback(PROVIDER, '{"reference":"x","step":"capture"}', {
      'content-type': 'application/json',
      'x-signature': sign('something else'),
    });
    expect(forged.status).toBe(400);
    expect(forged.error).toBe('The signature does not match');
  });

  it('takes a payment through authorize and capture; the capture settles the bill once', async () => {
    const bill = await openBill('QR-T1');
    const payment = await pending(bill, 'ref-whole', bill.billCents);

    expect((await step('ref-whole', 'capture')).status).toBe(409); // not authorized yet
    const authorized = await step('ref-whole', 'authorize');
    expect(authorized.status, authorized.res.body).toBe(200);
    expect(await statusOf(payment.id)).toBe('authorized');
    expect((await sessionOf(bill.sessionId)).status).toBe('open');

    const captured = await step('ref-whole', 'capture');
    expect(captured.status, captured.res.body).toBe(200);
    expect(await statusOf(payment.id)).toBe('captured');
    expect(await sessionOf(bill.sessionId)).toMatchObject({
      status: 'closed',
      paymentStatus: 'paid',
      closeReason: 'paid',
    });
    // A provider repeats a notification until it is acknowledged: the repeat changes nothing.
    expect((await step('ref-whole', 'capture')).status).toBe(200);
    expect(await receiptsOf(bill.sessionId)).toHaveLength(1);
    expect(await completions(bill.sessionId)).toBe(1);
    // A captured payment cannot fail any more.
    const late = await step('ref-whole', 'fail');
    expect(late.status).toBe(409);
    expect(late.error).toBe('This payment is already captured');
  });

  it('settles a bill paid in two parts when the second part is captured, not before', async () => {
    const bill = await openBill('QR-T2');
    const half = Math.floor(bill.billCents / 2);
    await pending(bill, 'ref-part-1', half);
    await pending(bill, 'ref-part-2', bill.billCents - half);
    for (const ref of ['ref-part-1', 'ref-part-2']) {
      expect((await step(ref, 'authorize')).status).toBe(200);
    }
    expect((await step('ref-part-1', 'capture')).status).toBe(200);
    expect((await sessionOf(bill.sessionId)).status).toBe('open');
    expect(await receiptsOf(bill.sessionId)).toHaveLength(0);
    // The first part has a receipt of its own, with what is left.
    const [part] = await allReceiptsOf(bill.sessionId);
    expect(part!.content).toMatchObject({
      remaining: (bill.billCents - half) / 100,
      paid: half / 100,
      payments: [{ method: 'card', amount: half / 100, tip: 0 }],
    });
    const second = await step('ref-part-2', 'capture');
    expect(second.status, second.res.body).toBe(200);
    expect((await sessionOf(bill.sessionId)).status).toBe('closed');
    // The bill's receipt is the next number, listing both payments; they add up to what was paid.
    const [receipt] = await receiptsOf(bill.sessionId);
    expect(receipt!.number).toBe(part!.number + 1);
    expect(await allReceiptsOf(bill.sessionId)).toHaveLength(2);
    expect(receipt!.content.payments).toEqual([
      { method: 'card', amount: half / 100, tip: 0 },
      { method: 'card', amount: (bill.billCents - half) / 100, tip: 0 },
    ]);
    expect(Math.round(receipt!.content.paid * 100)).toBe(bill.billCents);
  });

  it('refuses a capture above what the bill is owed with a 409, and writes nothing', async () => {
    const bill = await openBill('QR-T5');
    const half = Math.floor(bill.billCents / 2);
    // Half the bill is captured; then a capture arrives for the whole bill again.
    await pending(bill, 'ref-over-1', half);
    const over = await pending(bill, 'ref-over-2', bill.billCents);
    for (const ref of ['ref-over-1', 'ref-over-2']) {
      expect((await step(ref, 'authorize')).status).toBe(200);
    }
    expect((await step('ref-over-1', 'capture')).status).toBe(200);
    const refused = await step('ref-over-2', 'capture');
    expect(refused.status, refused.res.body).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'PAY_CAPTURE_ABOVE_BILL',
      error: `This capture (${(bill.billCents / 100).toFixed(2)} EUR) is more than the bill still owes (${((bill.billCents - half) / 100).toFixed(2)} EUR)`,
    });
    // Nothing half-written: the payment is still only authorized, the bill open, no receipt
    // but the first part's.
    expect(await statusOf(over.id)).toBe('authorized');
    expect((await sessionOf(bill.sessionId)).status).toBe('open');
    expect(await receiptsOf(bill.sessionId)).toHaveLength(0);
    expect(await allReceiptsOf(bill.sessionId)).toHaveLength(1);
    expect(await completions(bill.sessionId)).toBe(0);
  });

  it('two captures racing to settle one bill settle it once', async () => {
    const bill = await openBill('QR-T3');
    const half = Math.floor(bill.billCents / 2);
    // Each part alone would not settle the bill; together they do, whichever commits last.
    await pending(bill, 'ref-race-1', half);
    await pending(bill, 'ref-race-2', bill.billCents - half);
    for (const ref of ['ref-race-1', 'ref-race-2']) {
      expect((await step(ref, 'authorize')).status).toBe(200);
    }
    const both = await Promise.all([step('ref-race-1', 'capture'), step('ref-race-2', 'capture')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await sessionOf(bill.sessionId)).status).toBe('closed');
    expect(await receiptsOf(bill.sessionId)).toHaveLength(1);
    // A receipt per payment: the first to commit a part's, the second the bill's.
    expect(await allReceiptsOf(bill.sessionId)).toHaveLength(2);
    expect(await completions(bill.sessionId)).toBe(1);
  });

  /** What the payments of a bill captured, in cents (tips apart). */
  const capturedOf = async (sessionId: string) =>
    (
      await t.database.db
        .select({ cents: sumCents(payments.amountCents) })
        .from(payments)
        .where(
          and(
            eq(payments.diningSessionId, sessionId),
            inArray(payments.status, ['captured', 'partially_refunded', 'refunded']),
          ),
        )
    )[0]!.cents;

  it('refuses a capture for a bill already settled: the money is not taken twice', async () => {
    const bill = await openBill('QR-T6');
    // Two cards authorized for the whole bill (the guests both paid at the terminal).
    const first = await pending(bill, 'ref-settled-1', bill.billCents);
    const second = await pending(bill, 'ref-settled-2', bill.billCents);
    for (const ref of ['ref-settled-1', 'ref-settled-2']) {
      expect((await step(ref, 'authorize')).status).toBe(200);
    }
    expect((await step('ref-settled-1', 'capture')).status).toBe(200);
    expect((await sessionOf(bill.sessionId)).status).toBe('closed');

    const late = await step('ref-settled-2', 'capture');
    expect(late.status, late.res.body).toBe(409);
    expect(late.body).toMatchObject({
      success: false,
      code: 'PAY_CAPTURE_BILL_SETTLED',
      params: { amount: (bill.billCents / 100).toFixed(2), currency: 'EUR' },
      error: `This bill is already settled: the capture of ${(bill.billCents / 100).toFixed(2)} EUR was not taken`,
    });
    // The refused payment stays authorized (staff release it at the provider), counted nowhere.
    expect(await statusOf(first.id)).toBe('captured');
    expect(await statusOf(second.id)).toBe('authorized');
    expect(await capturedOf(bill.sessionId)).toBe(bill.billCents);
    expect(await receiptsOf(bill.sessionId)).toHaveLength(1);
    expect(await completions(bill.sessionId)).toBe(1);
    // The provider repeats it: refused again, the same way.
    expect((await step('ref-settled-2', 'capture')).status).toBe(409);
    expect(await capturedOf(bill.sessionId)).toBe(bill.billCents);
  });

  it('two captures racing for the last part of a bill: exactly one wins', async () => {
    // Several rounds on one table: on PostgreSQL the two captures run at once.
    for (let round = 0; round < 4; round++) {
      const bill = await openBill('QR-T7');
      const half = Math.floor(bill.billCents / 2);
      const rest = bill.billCents - half;
      await pending(bill, `ref-last-${round}-0`, half);
      const racers = [
        await pending(bill, `ref-last-${round}-1`, rest),
        await pending(bill, `ref-last-${round}-2`, rest),
      ];
      for (const ref of [0, 1, 2].map((i) => `ref-last-${round}-${i}`)) {
        expect((await step(ref, 'authorize')).status).toBe(200);
      }
      expect((await step(`ref-last-${round}-0`, 'capture')).status).toBe(200);

      const both = await Promise.all([
        step(`ref-last-${round}-1`, 'capture'),
        step(`ref-last-${round}-2`, 'capture'),
      ]);
      expect(both.map((r) => r.status).sort(), both.map((r) => r.res.body).join('\n')).toEqual([
        200, 409,
      ]);
      const loser = both.find((r) => r.status === 409)!;
      expect(loser.code).toBe('PAY_CAPTURE_BILL_SETTLED');
      const statuses = await Promise.all(racers.map((p) => statusOf(p.id)));
      expect(statuses.sort()).toEqual(['authorized', 'captured']);
      expect(await capturedOf(bill.sessionId)).toBe(bill.billCents);
      expect((await sessionOf(bill.sessionId)).status).toBe('closed');
      expect(await receiptsOf(bill.sessionId)).toHaveLength(1);
      // The first part's receipt and the winner's: none for the refused capture.
      expect(await allReceiptsOf(bill.sessionId)).toHaveLength(2);
      expect(await completions(bill.sessionId)).toBe(1);
    }
  });

  it('two staff recording the payment of one bill at once settle it once', async () => {
    const bill = await openBill('QR-T4');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => pay(t, manager, bill.sessionId, { method: 'card' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.diningSessionId, bill.sessionId));
    expect(rows).toHaveLength(1);
    expect(await receiptsOf(bill.sessionId)).toHaveLength(1);
    expect(await completions(bill.sessionId)).toBe(1);
    // The manual provider's payment went the whole way at once.
    expect(rows[0]).toMatchObject({ status: 'captured', provider: 'manual', providerRef: null });
    const summary = await client(t.app).as(manager).call(businessDaysRoutes.getZReport);
    expect(summary.status).toBe(200);
  });
});
