import {
  integrationsRoutes,
  paymentsRoutes,
  type GuestBill,
  type PaySplitInput,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, receipts, stripeAccounts } from '../../../core/db/schema.js';
import { pay as staffPays, placeOrder } from '../../../testing/business-day.js';
import { answerOf, client, type Client } from '../../../testing/client.js';
import { startFakeStripe, type FakeStripe } from '../../../testing/fake-stripe.js';
import { signInAs } from '../../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../../testing/harness.js';

/**
 * Stripe through the real `stripe` client, against a local stand-in speaking Stripe's requests
 * and answers (testing/fake-stripe.ts): the payment stays pending until Stripe's signed
 * notification, a 500 is retried with the same Idempotency-Key, a decline fails it, a late or
 * repeated notification changes nothing twice, a bad signature is a 400, a refund goes to Stripe.
 */
describe.each(BACKENDS)('Stripe at the table on %s', (backend) => {
  let t: TestApp;
  let fake: FakeStripe;
  let api: Client;
  let manager: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(backend, { stripe: { apiBase: fake.base } });
    api = client(t.app);
    manager = await signInAs(t, 'manager');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const keys = () => ({
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    webhookSecret: fake.webhookSecret,
  });
  const bill = async (token: string): Promise<GuestBill> =>
    (await api.call(paymentsRoutes.getGuestBill, { query: { token } })).data;
  const payByCard = (token: string, split: PaySplitInput, key: string, tip = 0) =>
    api.send(paymentsRoutes.payAtTable, {
      body: { token, split, tip, provider: 'stripe' },
      headers: { 'idempotency-key': key },
    });
  const notify = async (event: { body: string; signature: string }) =>
    answerOf(
      paymentsRoutes.receiveProviderCallback,
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/providers/stripe/callback',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.body,
      }),
    );
  const paymentRow = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const intentCreations = () =>
    fake.seen.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

  it('connects the keys: admin only, stored encrypted, shown masked, audited without them', async () => {
    const before = await bill('QR-T1');
    expect(before.providers).toEqual(['demo']);
    // Not connected: a Stripe payment is refused as before.
    const early = await payByCard('QR-T1', { kind: 'all' }, 'early-attempt-1');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'PAYMENT_PROVIDER_NOT_CONNECTED' });

    const asManager = await api.as('manager1').send(integrationsRoutes.connectStripe, {
      body: keys(),
    });
    expect(asManager.status).toBe(403);
    const bad = await api.as('admin1').send(integrationsRoutes.connectStripe, {
      body: { ...keys(), secretKey: 'not-a-key' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toContain(fake.webhookSecret);

    const connected = await api.as('admin1').call(integrationsRoutes.connectStripe, {
      body: keys(),
    });
    expect(connected.status).toBe(200);
    expect(connected.data).toMatchObject({
      connected: true,
      mode: 'test',
      secretKey: `sk_test_…${fake.secretKey.slice(-4)}`,
      webhookSecret: `whsec_…${fake.webhookSecret.slice(-4)}`,
      webhookUrl: '/api/payments/providers/stripe/callback',
    });
    const shown = await api.as('admin1').call(integrationsRoutes.getStripeConnection, {});
    const answered = JSON.stringify([connected.body, shown.body]);
    for (const secret of [fake.secretKey, fake.webhookSecret, fake.publishableKey]) {
      expect(answered).not.toContain(secret);
    }
    const [row] = await t.database.db
      .select()
      .from(stripeAccounts)
      .where(eq(stripeAccounts.restaurantId, t.restaurantId));
    expect(row!.secretKeyEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(fake.secretKey);
    expect(JSON.stringify(row)).not.toContain(fake.webhookSecret);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stripe.connected'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(fake.secretKey);
    expect(JSON.stringify(audit)).not.toContain(fake.webhookSecret);

    // Guests now pay with Stripe, and the demo provider (no money) is no longer offered.
    expect((await bill('QR-T1')).providers).toEqual(['stripe']);
  });

  it('a payment: the intent made once through a 500, pending until the signed success, captured once', async () => {
    const order = await placeOrder(t, 'QR-T2', [
      ['Craft Beer', 2],
      ['Classic Burger', 1],
    ]);
    const b = await bill('QR-T2');
    const totalCents = Math.round(b.total * 100);

    // Stripe answers the first attempt with a 500: the package sends it again, same key.
    fake.failNext('/v1/payment_intents');
    const started = await payByCard('QR-T2', { kind: 'all' }, 'guest-pay-1', 1.5);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const data = (started.body as { data: Record<string, unknown> }).data as {
      paymentId: string;
      status: string;
      stripe: { clientSecret: string; publishableKey: string };
      billPaid: boolean;
    };
    expect(data).toMatchObject({ status: 'pending', billPaid: false });
    expect(data.stripe.publishableKey).toBe(fake.publishableKey);
    const tries = intentCreations();
    expect(tries.map((r) => r.status)).toEqual([500, 200]);
    expect(tries[0]!.idempotencyKey).toBeTruthy();
    expect(tries[1]!.idempotencyKey).toBe(tries[0]!.idempotencyKey);
    expect(fake.intents.size).toBe(1);
    const [intent] = [...fake.intents.values()];
    // The tip is part of the amount; amounts in cents of the bill's currency.
    expect(tries[1]!.form).toMatchObject({
      amount: String(totalCents + 150),
      currency: 'eur',
      'metadata[tavola_restaurant_id]': t.restaurantId,
      'metadata[tavola_session_id]': order.sessionId,
    });
    expect(data.stripe.clientSecret).toBe(intent!.client_secret);

    // The page retries (lost answer): the same payment and the same intent, nothing new.
    const again = await payByCard('QR-T2', { kind: 'all' }, 'guest-pay-1', 1.5);
    expect(again.status).toBe(200);
    expect((again.body as { data: typeof data }).data).toMatchObject({
      paymentId: data.paymentId,
      status: 'pending',
      stripe: { clientSecret: intent!.client_secret },
    });
    expect(fake.intents.size).toBe(1);

    // The card is confirmed at Stripe: until Stripe's signed word, nothing is paid here.
    const confirmed = await fake.confirm(intent!.id, 'pm_card_visa');
    expect(confirmed.status).toBe('succeeded');
    expect((await bill('QR-T2')).paid).toBe(0);
    expect((await paymentRow(data.paymentId)).status).toBe('pending');

    // A forged notification (another secret) and a tampered body: 400, nothing moves.
    const forged = await notify(
      fake.event('payment_intent.succeeded', confirmed, { secret: 'whsec_forged0000000000' }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, code: 'STRIPE_SIGNATURE_INVALID' });
    const real = fake.event('payment_intent.succeeded', confirmed);
    const tampered = await notify({
      body: real.body.replace(`"amount_received": ${confirmed.amount}`, '"amount_received": 1'),
      signature: real.signature,
    });
    expect(tampered.status).toBe(400);
    const unsigned = await notify({ body: real.body, signature: '' });
    expect(unsigned.status).toBe(400);
    expect((await paymentRow(data.paymentId)).status).toBe('pending');

    // The signed success captures it and settles the bill.
    const ok = await notify(real);
    expect(ok.status, ok.res.body).toBe(200);
    const paid = await paymentRow(data.paymentId);
    expect(paid).toMatchObject({
      status: 'captured',
      provider: 'stripe',
      providerRef: intent!.id,
      amountCents: totalCents,
      tipCents: 150,
    });
    const issued = await t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.diningSessionId, order.sessionId));
    expect(issued).toHaveLength(1);

    // Stripe repeats it (and sends it again later): answered, nothing taken twice.
    expect((await notify(real)).status).toBe(200);
    expect((await notify(fake.event('payment_intent.succeeded', confirmed))).status).toBe(200);
    // A failure reported after the success (out of order) changes nothing.
    expect((await notify(fake.event('payment_intent.payment_failed', confirmed))).status).toBe(200);
    expect((await paymentRow(data.paymentId)).status).toBe('captured');
    expect(
      await t.database.db
        .select()
        .from(receipts)
        .where(eq(receipts.diningSessionId, order.sessionId)),
    ).toHaveLength(1);

    // A manager's refund of part of it goes to Stripe's refunds, with its own key.
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${data.paymentId}/refunds`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { amount: 6.5, tip: 0, reason: 'Beer was flat' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]).toMatchObject({ payment_intent: intent!.id, amount: 650 });
    const refundCall = fake.seen.find((r) => r.path === '/v1/refunds')!;
    expect(refundCall.idempotencyKey).toMatch(/^tavola-refund-/);
    expect((await paymentRow(data.paymentId)).status).toBe('partially_refunded');

    // No key in the logs.
    const logs = t.logs.join('');
    for (const secret of [fake.secretKey, fake.webhookSecret]) expect(logs).not.toContain(secret);
  });

  it('a decline fails the payment and leaves the bill open; a late success is given back', async () => {
    await placeOrder(t, 'QR-T4', [['House Red Wine', 1]]);
    const started = await payByCard('QR-T4', { kind: 'all' }, 'guest-decline-1');
    expect(started.status).toBe(201);
    const { paymentId } = (started.body as { data: { paymentId: string } }).data;
    const intent = [...fake.intents.values()].at(-1)!;

    const declined = await fake.confirm(intent.id, 'pm_card_chargeDeclined');
    expect(declined.status).toBe('requires_payment_method');
    expect(declined.last_payment_error?.code).toBe('card_declined');
    expect((await notify(fake.event('payment_intent.payment_failed', declined))).status).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe('failed');
    const open = await bill('QR-T4');
    expect(open).toMatchObject({ status: 'open', paid: 0 });
    // The same attempt again is refused: the page starts a new one.
    expect((await payByCard('QR-T4', { kind: 'all' }, 'guest-decline-1')).status).toBe(409);

    // The card form tried again on the same intent and Stripe took it: not recorded, given back.
    const late = await fake.confirm(intent.id, 'pm_card_visa');
    expect(late.status).toBe('succeeded');
    const success = fake.event('payment_intent.succeeded', late);
    expect((await notify(success)).status).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe('failed');
    const returned = fake.refunds.filter((r) => r.payment_intent === intent.id);
    expect(returned).toHaveLength(1);
    expect(returned[0]!.amount).toBe(intent.amount);
    // Repeated: given back once.
    expect((await notify(success)).status).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect((await bill('QR-T4')).paid).toBe(0);
  });

  it('a success arriving after the waiter settled the bill is given back, not taken twice', async () => {
    const order = await placeOrder(t, 'QR-T5', [['Classic Burger', 1]]);
    const started = await payByCard('QR-T5', { kind: 'all' }, 'guest-late-1', 2);
    expect(started.status).toBe(201);
    const { paymentId } = (started.body as { data: { paymentId: string } }).data;
    const intent = [...fake.intents.values()].at(-1)!;
    // Meanwhile the waiter takes cash for the whole bill.
    expect((await staffPays(t, manager, order.sessionId, { method: 'cash' })).statusCode).toBe(201);
    const confirmed = await fake.confirm(intent.id, 'pm_card_visa');
    const late = await notify(fake.event('payment_intent.succeeded', confirmed));
    expect(late.status, late.res.body).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe('failed');
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: intent.amount }),
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.provider_returned'));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db
        .select()
        .from(receipts)
        .where(eq(receipts.diningSessionId, order.sessionId)),
    ).toHaveLength(1);
  });

  it('disconnecting brings the demo provider back', async () => {
    const gone = await api.as('admin1').call(integrationsRoutes.disconnectStripe, {});
    expect(gone.data.connected).toBe(false);
    expect((await bill('QR-T6')).providers).toEqual(['demo']);
  });
});
