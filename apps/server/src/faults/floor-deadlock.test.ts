import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/harness.js';

/**
 * Claims, responses, serves and ticket bumps on one table at once, many times: every writer must
 * take its locks in one order (the event counter last), or two of them wait for each other until
 * PostgreSQL kills one (a deadlock, answered 500). PGlite runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('one table, everyone at once', () => {
  let t: TestApp;
  const bearer: Record<string, string> = {};
  let burger: string;
  let beer: string;
  let tableId: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    for (const [u, p] of [
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
      ['bar1', 'bar123'],
      ['manager1', 'manager123'],
    ] as const) {
      bearer[u] = (await loginAs(t.app, u, p)).token;
    }
    const menu = (await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T3' })).json()
      .data.menu;
    burger = menu.food.find((i: { name: string }) => i.name === 'Classic Burger').id;
    beer = menu.drinks[0].id;
  });
  afterAll(async () => t?.close());

  const as = (who: string, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${bearer[who]}` },
      ...(payload ? { payload } : {}),
    });
  const ticketsOf = async (who: 'kitchen1' | 'bar1', orderId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tickets?station=${who === 'kitchen1' ? 'kitchen' : 'bar'}`,
      headers: { authorization: `Bearer ${bearer[who]}` },
    });
    return (res.json().data.tickets as { id: string; orderId: string }[]).filter(
      (x) => x.orderId === orderId,
    );
  };

  it('never deadlocks: no answer is a 500', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/public',
        payload: {
          token: 'QR-T3',
          items: [
            { menuItemId: burger, quantity: 1 },
            { menuItemId: beer, quantity: 1 },
          ],
        },
      });
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json().data.orderId as string;
      if (!tableId) {
        const floor = await t.app.inject({
          method: 'GET',
          url: '/api/tables/floor',
          headers: { authorization: `Bearer ${bearer.waiter1}` },
        });
        tableId = floor.json().data.tables.find((x: { number: number }) => x.number === 3)
          .id as string;
      }
      const [food] = await ticketsOf('kitchen1', orderId);
      const [drink] = await ticketsOf('bar1', orderId);
      for (const [who, ticket] of [
        ['kitchen1', food],
        ['bar1', drink],
      ] as const) {
        await as(who, `/api/tickets/${ticket!.id}/transition`, { action: 'start' });
        await as(who, `/api/tickets/${ticket!.id}/transition`, { action: 'ready' });
      }
      const results = await Promise.all([
        as('kitchen1', `/api/tickets/${food!.id}/transition`, { action: 'served' }),
        as('waiter1', `/api/tables/${tableId}/claim`),
        as('manager1', `/api/tables/${tableId}/respond`, { type: 'new_order' }),
        as('bar1', `/api/tickets/${drink!.id}/transition`, { action: 'served' }),
        as('waiter1', `/api/tables/${tableId}/respond`, { type: 'call_waiter' }),
        as('waiter1', `/api/orders/${orderId}/serve`),
        as('kitchen1', `/api/tickets/${food!.id}/transition`, { action: 'recall' }),
      ]);
      statuses.push(...results.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  }, 120_000);
});
