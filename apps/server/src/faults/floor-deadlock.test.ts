import {
  floorRoutes,
  menuRoutes,
  ordersRoutes,
  requestsRoutes,
  tablesRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { client, type Client } from '../testing/client.js';

/**
 * Claims, responses, serves and ticket bumps on one table at once, many times: every writer must
 * take its locks in one order (the event counter last), or two of them wait for each other until
 * PostgreSQL kills one (a deadlock, answered 500). PGlite runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('one table, everyone at once', () => {
  let t: TestApp;
  let api: Client;
  const bearer: Record<string, string> = {};
  let burger: string;
  let beer: string;
  let tableId: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    for (const [u, p] of [
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
      ['bar1', 'bar123'],
      ['manager1', 'manager123'],
    ] as const) {
      bearer[u] = (await loginAs(t.app, u, p)).token;
    }
    const menu = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T3' } })).data
      .menu;
    burger = menu.food!.find((i) => i.name === 'Classic Burger')!.id;
    beer = menu.drinks![0]!.id;
  });
  afterAll(async () => t?.close());

  const as = (who: string) => api.as(bearer[who]!);
  const ticketsOf = async (who: 'kitchen1' | 'bar1', orderId: string) => {
    const res = await api.as(bearer[who]!).call(ticketsRoutes.listTickets, {
      query: { station: who === 'kitchen1' ? 'kitchen' : 'bar' },
    });
    return res.data.tickets.filter((x) => x.orderId === orderId);
  };

  it('never deadlocks: no answer is a 500', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      const placed = await api.call(ordersRoutes.placeOrder, {
        body: {
          token: 'QR-T3',
          items: [
            { menuItemId: burger, quantity: 1 },
            { menuItemId: beer, quantity: 1 },
          ],
        },
      });
      expect(placed.status).toBe(201);
      const orderId = placed.data.orderId;
      if (!tableId) {
        const floor = await api.as(bearer.waiter1!).call(floorRoutes.getFloor);
        tableId = floor.data.tables.find((x) => x.number === 3)!.id;
      }
      const [food] = await ticketsOf('kitchen1', orderId);
      const [drink] = await ticketsOf('bar1', orderId);
      for (const [who, ticket] of [
        ['kitchen1', food],
        ['bar1', drink],
      ] as const) {
        await as(who).call(ticketsRoutes.transitionTicket, {
          params: { id: ticket!.id },
          body: { action: 'start' },
        });
        await as(who).call(ticketsRoutes.transitionTicket, {
          params: { id: ticket!.id },
          body: { action: 'ready' },
        });
      }
      const results = await Promise.all([
        as('kitchen1').call(ticketsRoutes.transitionTicket, {
          params: { id: food!.id },
          body: { action: 'served' },
        }),
        as('waiter1').call(tablesRoutes.claimTable, { params: { id: tableId } }),
        as('manager1').call(requestsRoutes.respondToTable, {
          params: { id: tableId },
          body: { type: 'new_order' },
        }),
        as('bar1').call(ticketsRoutes.transitionTicket, {
          params: { id: drink!.id },
          body: { action: 'served' },
        }),
        as('waiter1').call(requestsRoutes.respondToTable, {
          params: { id: tableId },
          body: { type: 'call_waiter' },
        }),
        as('waiter1').call(ordersRoutes.serveOrder, { params: { id: orderId } }),
        as('kitchen1').call(ticketsRoutes.transitionTicket, {
          params: { id: food!.id },
          body: { action: 'recall' },
        }),
      ]);
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  }, 120_000);
});
