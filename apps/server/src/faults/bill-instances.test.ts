import type { DomainEvent } from '@tavola/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesOf } from '../core/cache/hub.js';
import { loginAs } from '../testing/harness.js';
import { heard, twoInstances, type TwoInstances } from '../testing/instances.js';

interface Summary {
  orders: { id: string }[];
  paymentStatus: string;
  sessionId: string | null;
}

/**
 * Two instances behind one PostgreSQL and one Redis: a guest's phone polls its bill on B while
 * the order and the payment are taken on A. B's cached bill gives way as soon as B hears the
 * commit's event, never later.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  'the cached guest bill across two instances',
  () => {
    let instances: TwoInstances;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let espresso: string;

    beforeAll(async () => {
      instances = await twoInstances();
      ({ a, b } = instances);
      const menu = await a.inject({ method: 'GET', url: '/api/menu/public?token=QR-T6' });
      const drinks = menu.json<{ data: { menu: { drinks: { id: string; name: string }[] } } }>()
        .data.menu.drinks;
      espresso = drinks.find((i) => i.name === 'Espresso')!.id;
    });
    afterAll(async () => {
      await instances?.close();
    });

    const billOnB = async (sessionId?: string) => {
      const res = await b.inject({
        method: 'GET',
        url: `/api/sessions/public/summary?token=QR-T6${sessionId ? `&sessionId=${sessionId}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Summary }>().data;
    };
    const heardOnB = (type: DomainEvent['type']) => heard(b, type);

    it('shows on B an order placed on A, then its payment recorded on A', async () => {
      expect((await billOnB()).orders).toEqual([]);
      const hitsBefore = cachesOf(b.bus).stats()['guest-bills']!.hits;
      expect((await billOnB()).orders).toEqual([]);
      // B answered the second poll from memory: what follows proves its invalidation.
      expect(cachesOf(b.bus).stats()['guest-bills']!.hits).toBe(hitsBefore + 1);

      const placedHeard = heardOnB('order_placed');
      const placed = await a.inject({
        method: 'POST',
        url: '/api/orders/public',
        headers: { 'idempotency-key': 'bill-instances-1' },
        payload: { token: 'QR-T6', items: [{ menuItemId: espresso, quantity: 1 }] },
      });
      expect(placed.statusCode).toBe(201);
      const order = placed.json<{ data: { orderId: string; sessionId: string } }>().data;
      await placedHeard;
      const afterOrder = await billOnB(order.sessionId);
      expect(afterOrder.orders.map((o) => o.id)).toEqual([order.orderId]);
      expect(afterOrder.paymentStatus).not.toBe('paid');

      const manager = (await loginAs(a, 'manager1', 'manager123')).token;
      const paidHeard = heardOnB('payment_completed');
      const paid = await a.inject({
        method: 'POST',
        url: `/api/sessions/${order.sessionId}/payments`,
        headers: { authorization: `Bearer ${manager}` },
        payload: { method: 'card', tip: 0 },
      });
      expect(paid.statusCode).toBe(201);
      await paidHeard;
      expect((await billOnB(order.sessionId)).paymentStatus).toBe('paid');
    });
  },
);
