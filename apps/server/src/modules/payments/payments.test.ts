import {
  authRoutes,
  diningSessionsRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  requestsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningSessions, payments, tables } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('POST /api/sessions/:id/payments on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let waiter: string;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    waiter = (await loginAs(t.app, 'waiter1', 'waiter123')).token;
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    espresso = menu.data.menu.drinks!.find((i) => i.name === 'Espresso')!.id;
  });
  afterAll(async () => t?.close());

  const openBill = async (token: string) => {
    const res = await api.call(ordersRoutes.placeOrder, {
      body: { token, items: [{ menuItemId: espresso, quantity: 2 }], currency: 'EUR' },
    });
    return res.data.sessionId;
  };
  // Sent unchecked: some tests send bodies the route must refuse.
  const pay = (sessionId: string, bearer: string | null, body: unknown = { method: 'card' }) =>
    (bearer ? api.as(bearer) : api).send(paymentsRoutes.recordPayment, {
      params: { id: sessionId },
      body,
    });
  const summary = (token: string, sessionId?: string) =>
    api.call(diningSessionsRoutes.getSessionSummary, {
      query: { token, ...(sessionId ? { sessionId } : {}) },
    });

  it('lets a manager settle the bill: the session closes and the guest reads paid', async () => {
    const sessionId = await openBill('QR-T8');
    // €4.40 bill, €10 handed over, €0.60 tip: the payment is the bill and the tip; the rest is change.
    const res = await pay(sessionId, manager, { method: 'cash', amount: 10, tip: 0.6 });
    expect(res.status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.diningSessionId, sessionId));
    expect(row).toMatchObject({ amountCents: 440, tipCents: 60, method: 'cash' });
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'closed', paymentStatus: 'paid' });
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T8'));
    expect(table?.status).toBe('available');
    // The paying party's page (which knows its session) reads paid; a newcomer sees no bill.
    expect((await summary('QR-T8', sessionId)).data).toMatchObject({
      paymentStatus: 'paid',
      hasActiveSession: false,
      sessionId,
    });
    expect((await summary('QR-T8')).data).toMatchObject({ sessionId: null, orders: [] });
    expect((await pay(sessionId, manager)).status).toBe(409);
  });

  it('refuses less than the bill, bad bodies, no token and unknown sessions', async () => {
    const sessionId = await openBill('QR-T9');
    expect((await pay(sessionId, manager, { method: 'card', amount: 1 })).status).toBe(400);
    // Enough for the bill but not for the bill and the tip.
    expect((await pay(sessionId, manager, { method: 'card', amount: 4.4, tip: 1 })).status).toBe(
      400,
    );
    expect((await pay(sessionId, manager, { method: 'bitcoin' })).status).toBe(400);
    expect((await pay(sessionId, manager, { method: 'card', tip: -1 })).status).toBe(400);
    expect((await pay(sessionId, null)).status).toBe(401);
    expect((await pay('00000000-0000-4000-8000-000000000000', manager)).status).toBe(404);
    expect((await pay('not-a-uuid', manager)).status).toBe(400);
  });

  it('lets a waiter mark paid only their own table once everything is served, or once the guests asked for the bill', async () => {
    const sessionId = await openBill('QR-T10');
    const notAssigned = await pay(sessionId, waiter);
    expect(notAssigned.status).toBe(403);
    const me = (await api.as(waiter).call(authRoutes.getProfile)).data.id;
    await t.database.db
      .update(tables)
      .set({ assignedWaiterId: me })
      .where(eq(tables.qrToken, 'QR-T10'));
    const unserved = await pay(sessionId, waiter);
    expect(unserved.status).toBe(409);
    expect(unserved.error).toBe('Mark Paid only when every order is served');

    // Once the guests ask for the bill, their waiter takes it as it is.
    const asked = await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T10' } });
    expect(asked.status).toBe(200);
    const taken = await pay(sessionId, waiter);
    expect(taken.status, taken.res.body).toBe(201);
    expect((await summary('QR-T10')).data.hasActiveSession).toBe(false);
  });

  it('refuses kitchen staff', async () => {
    const sessionId = await openBill('QR-T12');
    const kitchen = (await loginAs(t.app, 'kitchen1', 'kitchen123')).token;
    expect((await pay(sessionId, kitchen)).status).toBe(403);
  });
});
