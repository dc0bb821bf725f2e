import { menuRoutes, ordersRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, guestOrder } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

describe.each(BACKENDS)('GET /api/menu/order-entry on %s', (backend) => {
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  it("gives a waiter the whole menu at the bill's prices, with each item's station", async () => {
    const res = await api.as('waiter1').call(menuRoutes.getOrderMenu);
    expect(res.status).toBe(200);
    const menu = res.data;
    expect(menu.currency).toBe('eur');
    expect(menu.categories.slice(0, 3)).toEqual(['food', 'drinks', 'specials']);

    // The same unit price the guest's menu shows (and the bill charges).
    const guest = await api.guest('QR-T1').call(menuRoutes.getPublicMenu);
    const espresso = guest.data.menu.drinks?.find((i) => i.name === 'Espresso');
    const burger = guest.data.menu.food?.find((i) => i.name === 'Classic Burger');
    expect(menu.items.find((i) => i.id === espresso?.id)).toMatchObject({
      name: 'Espresso',
      category: 'drinks',
      price: espresso?.price.eur,
      station: 'bar',
      available: true,
    });
    expect(menu.items.find((i) => i.id === burger?.id)).toMatchObject({
      category: 'food',
      price: burger?.price.eur,
      station: 'kitchen',
    });
  });

  it('puts the most ordered items first, counting what was not voided', async () => {
    expect((await guestOrder(t, 'QR-T4', [['Aperol Spritz', 40]])).statusCode).toBe(201);
    expect((await guestOrder(t, 'QR-T4', [['Truffle Fries', 30]])).statusCode).toBe(201);
    const voided = await guestOrder(t, 'QR-T5', [['Grilled Salmon', 60]]);
    expect(voided.statusCode).toBe(201);
    const orderId = voided.json<{ data: { orderId: string } }>().data.orderId;
    const voiding = await api
      .as('manager1')
      .call(ordersRoutes.voidOrder, { params: { id: orderId }, body: { reason: 'Wrong table' } });
    expect(voiding.status).toBe(200);

    const menu = (await api.as('waiter1').call(menuRoutes.getOrderMenu)).data;
    const names = menu.mostOrdered.map((id) => menu.items.find((i) => i.id === id)?.name);
    expect(names.slice(0, 2)).toEqual(['Aperol Spritz', 'Truffle Fries']);
    expect(names).not.toContain('Grilled Salmon');
    expect(menu.mostOrdered.length).toBeLessThanOrEqual(12);
  });

  it('is for staff who ring up orders, each of their own restaurant', async () => {
    expect((await api.as('kitchen1').call(menuRoutes.getOrderMenu)).status).toBe(403);
    expect((await api.call(menuRoutes.getOrderMenu)).status).toBe(401);

    const other = await createOtherRestaurant(t, { roles: ['manager'] });
    const theirs = await api.as(other.tokens.manager!).call(menuRoutes.getOrderMenu);
    expect(theirs.status).toBe(200);
    const ours = (await api.as('waiter1').call(menuRoutes.getOrderMenu)).data;
    const ourIds = new Set(ours.items.map((i) => i.id));
    expect(theirs.data.items.some((i) => ourIds.has(i.id))).toBe(false);
    expect(theirs.data.mostOrdered).toEqual([]);
  });
});
