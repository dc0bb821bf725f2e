import { diningSessionsRoutes, menuRoutes, ordersRoutes, paymentsRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesOf } from '../../core/cache/hub.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)('the cached guest bill, on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    espresso = menu.data.menu.drinks!.find((i) => i.name === 'Espresso')!.id;
  });
  afterAll(async () => t?.close());

  const summary = (token: string, sessionId?: string) =>
    api.call(diningSessionsRoutes.getSessionSummary, {
      query: sessionId ? { token, sessionId } : { token },
    });
  const hits = () => cachesOf(t.app.bus).stats()['guest-bills']?.hits ?? 0;

  it('is served from memory while nothing changes', async () => {
    await summary('QR-T2');
    const before = hits();
    const again = await summary('QR-T2');
    expect(again.status).toBe(200);
    expect(hits()).toBe(before + 1);
  });

  it('shows an order and then its payment the moment each has committed', async () => {
    expect((await summary('QR-T3')).data.orders).toEqual([]);
    expect((await summary('QR-T3')).data.orders).toEqual([]);
    const placed = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T3', items: [{ menuItemId: espresso, quantity: 2 }] },
    });
    expect(placed.status).toBe(201);
    const withOrder = await summary('QR-T3');
    expect(withOrder.data.orders.map((o) => o.id)).toEqual([placed.data.orderId]);
    expect(withOrder.data.paymentStatus).not.toBe('paid');

    const sessionId = placed.data.sessionId;
    expect((await summary('QR-T3', sessionId)).data.paymentStatus).not.toBe('paid');
    const paid = await api.as('manager1').call(paymentsRoutes.recordPayment, {
      params: { id: sessionId },
      body: { method: 'card', tip: 0 },
    });
    expect(paid.status).toBe(201);
    expect((await summary('QR-T3', sessionId)).data.paymentStatus).toBe('paid');
    expect((await summary('QR-T3')).data.hasActiveSession).toBe(false);
  });

  it('shows a second order of the same table at once', async () => {
    const first = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T4', items: [{ menuItemId: espresso, quantity: 1 }] },
    });
    expect((await summary('QR-T4')).data.orders).toHaveLength(1);
    const second = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T4', items: [{ menuItemId: espresso, quantity: 1 }] },
    });
    expect((await summary('QR-T4')).data.orders.map((o) => o.id)).toEqual([
      first.data.orderId,
      second.data.orderId,
    ]);
  });
});
