import { diningSessionsRoutes, menuRoutes, ordersRoutes, paymentsRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)(
  'GET /api/sessions/public/summary after a party has paid, on %s',
  (backend) => {
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

    const summary = (query: { token: string; sessionId?: string }) =>
      api.call(diningSessionsRoutes.getSessionSummary, { query });

    async function previousPartyPaid(token: string) {
      const placed = await api.call(ordersRoutes.placeOrder, {
        body: {
          token,
          items: [{ menuItemId: espresso, quantity: 3 }],
          notes: 'our anniversary',
        },
      });
      const sessionId = placed.data.sessionId;
      const paid = await api.as('manager1').call(paymentsRoutes.recordPayment, {
        params: { id: sessionId },
        body: { method: 'card', tip: 5 },
      });
      expect(paid.status).toBe(201);
      return sessionId;
    }

    it("shows the next guest at the table an empty bill, not the previous party's", async () => {
      await previousPartyPaid('QR-T9');
      const res = await summary({ token: 'QR-T9' });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        orders: [],
        totalAmount: 0,
        paymentStatus: 'none',
        hasActiveSession: false,
        sessionId: null,
      });
    });

    it('still shows the party that paid its own bill as paid, by its session id', async () => {
      const sessionId = await previousPartyPaid('QR-T10');
      const res = await summary({ token: 'QR-T10', sessionId });
      expect(res.data).toMatchObject({ paymentStatus: 'paid', sessionId });
      expect(res.data.orders).toHaveLength(1);
    });

    it('does not show a session of another table, even by its id', async () => {
      const sessionId = await previousPartyPaid('QR-T11');
      const res = await summary({ token: 'QR-T10', sessionId });
      expect(res.data.sessionId).not.toBe(sessionId);
      expect(res.data.orders).toEqual([]);
    });
  },
);
