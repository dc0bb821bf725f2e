import type { DomainEvent } from '@tavola/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesOf } from '../core/cache/hub.js';
import { loginAs } from '../testing/harness.js';
import { heard, twoInstances, type TwoInstances } from '../testing/instances.js';

interface Ticket {
  id: string;
  orderId: string;
  status: string;
}
interface FloorTable {
  number: number;
  orders: { id: string }[];
}

/**
 * Two instances behind one PostgreSQL and one Redis: the kitchen's screen and a waiter's floor
 * read on B while the order is placed and its ticket bumped on A. B's kept answers give way as
 * soon as B hears the commit's event, never later.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  "the staff's cached reads across two instances",
  () => {
    let instances: TwoInstances;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let burger: string;
    let cookOnA: string;
    let cookOnB: string;
    let waiterOnB: string;

    beforeAll(async () => {
      instances = await twoInstances();
      ({ a, b } = instances);
      const menu = await a.inject({ method: 'GET', url: '/api/menu/public?token=QR-T8' });
      const food = menu.json<{ data: { menu: { food: { id: string; name: string }[] } } }>().data
        .menu.food;
      burger = food.find((i) => i.name === 'Classic Burger')!.id;
      cookOnA = (await loginAs(a, 'kitchen1', 'kitchen123')).token;
      cookOnB = (await loginAs(b, 'kitchen1', 'kitchen123')).token;
      waiterOnB = (await loginAs(b, 'waiter1', 'waiter123')).token;
    });
    afterAll(async () => {
      await instances?.close();
    });

    const onB = async <T>(url: string, token: string): Promise<T> => {
      const res = await b.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: T }>().data;
    };
    const kitchenOnB = () =>
      onB<{ tickets: Ticket[] }>('/api/tickets?station=kitchen', cookOnB).then((d) => d.tickets);
    const table8OnB = () =>
      onB<{ tables: FloorTable[] }>('/api/tables/floor', waiterOnB).then((d) =>
        d.tables.find((x) => x.number === 8)!,
      );
    const hitsOnB = (cache: string) => cachesOf(b.bus).stats()[cache]?.hits ?? 0;
    /** Reads twice on B and checks the second answer came from B's memory. */
    const keptOnB = async <T>(cache: string, read: () => Promise<T>) => {
      await read();
      const before = hitsOnB(cache);
      const again = await read();
      expect(hitsOnB(cache)).toBe(before + 1);
      return again;
    };
    const heardOnB = (type: DomainEvent['type']) => heard(b, type);

    it("shows on B an order placed on A, then its ticket's bump on A", async () => {
      const before = await keptOnB('station-tickets', kitchenOnB);
      expect((await keptOnB('staff-floors', table8OnB)).orders).toEqual([]);

      const placedHeard = heardOnB('order_placed');
      const placed = await a.inject({
        method: 'POST',
        url: '/api/orders/public',
        headers: { 'idempotency-key': 'staff-reads-instances-1' },
        payload: { token: 'QR-T8', items: [{ menuItemId: burger, quantity: 1 }] },
      });
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json<{ data: { orderId: string } }>().data.orderId;
      await placedHeard;
      const tickets = await kitchenOnB();
      expect(tickets).toHaveLength(before.length + 1);
      const ticket = tickets.find((x) => x.orderId === orderId)!;
      expect(ticket.status).toBe('new');
      expect((await table8OnB()).orders.map((o) => o.id)).toEqual([orderId]);

      await keptOnB('station-tickets', kitchenOnB);
      const bumpHeard = heardOnB('kitchen_ticket_updated');
      const started = await a.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/transition`,
        headers: { authorization: `Bearer ${cookOnA}` },
        payload: { action: 'start' },
      });
      expect(started.statusCode).toBe(200);
      await bumpHeard;
      expect((await kitchenOnB()).find((x) => x.id === ticket.id)!.status).toBe('preparing');
    });
  },
);
