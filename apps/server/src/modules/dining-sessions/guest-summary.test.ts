import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)(
  'GET /api/sessions/public/summary after a party has paid, on %s',
  (backend) => {
    let t: TestApp;
    let manager: string;
    let espresso: string;

    beforeAll(async () => {
      t = await createTestApp(backend);
      manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
      const menu = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
      espresso = menu
        .json()
        .data.menu.drinks.find((i: { name: string }) => i.name === 'Espresso').id;
    });
    afterAll(async () => t?.close());

    const summary = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/sessions/public/summary?${query}` });

    async function previousPartyPaid(token: string) {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/public',
        payload: {
          token,
          items: [{ menuItemId: espresso, quantity: 3 }],
          notes: 'our anniversary',
        },
      });
      const sessionId = placed.json().data.sessionId as string;
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/sessions/${sessionId}/payments`,
        headers: { authorization: `Bearer ${manager}` },
        payload: { method: 'card', tip: 5 },
      });
      expect(paid.statusCode).toBe(201);
      return sessionId;
    }

    it("shows the next guest at the table an empty bill, not the previous party's", async () => {
      await previousPartyPaid('QR-T9');
      const res = await summary('token=QR-T9');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        orders: [],
        totalAmount: 0,
        paymentStatus: 'none',
        hasActiveSession: false,
        sessionId: null,
      });
    });

    it('still shows the party that paid its own bill as paid, by its session id', async () => {
      const sessionId = await previousPartyPaid('QR-T10');
      const res = await summary(`token=QR-T10&sessionId=${sessionId}`);
      expect(res.json().data).toMatchObject({ paymentStatus: 'paid', sessionId });
      expect(res.json().data.orders).toHaveLength(1);
    });

    it('does not show a session of another table, even by its id', async () => {
      const sessionId = await previousPartyPaid('QR-T11');
      const res = await summary(`token=QR-T10&sessionId=${sessionId}`);
      expect(res.json().data.sessionId).not.toBe(sessionId);
      expect(res.json().data.orders).toEqual([]);
    });
  },
);
