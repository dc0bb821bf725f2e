import {
  menuRoutes,
  ordersRoutes,
  platformRoutes,
  reportsRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems, tables } from '../../core/db/schema.js';
import { signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

interface Item {
  id: string;
  name: string;
  sample: boolean;
}

describe.each(BACKENDS)("sign-up's sample menu on %s", (backend) => {
  let t: TestApp;
  let api: Client;
  let owner: string;
  let restaurantId: string;

  const menu = async (token = owner) =>
    (await api.as(token).call(menuRoutes.listMenu)).data as Item[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    const suffix = randomBytes(3).toString('hex');
    const res = await api.call(platformRoutes.signUp, {
      body: {
        restaurantName: `Bar Sport ${suffix}`,
        ownerName: 'Olga Owner',
        username: `olga-${suffix}`,
        password: 'olga-pass-77',
      },
    });
    expect(res.status, res.res.body).toBe(201);
    owner = res.data.token;
    restaurantId = res.data.restaurant.id;
  });
  afterAll(async () => t?.close());

  it('marks every sample item as a sample', async () => {
    const items = await menu();
    expect(items.length).toBe(5);
    expect(items.every((i) => i.sample)).toBe(true);
  });

  it("removes the sample items in one call, keeps the owner's own, and keeps the orders that had them", async () => {
    const own = await api.as(owner).call(menuRoutes.createMenuItem, {
      body: {
        name: 'Espresso',
        category: 'drinks',
        price: 1.5,
      },
    });
    expect(own.status, own.res.body).toBe(201);
    expect(own.data.sample).toBe(false);
    // Two "Espresso" side by side: the sample's and the owner's.
    expect((await menu()).filter((i) => i.name === 'Espresso')).toHaveLength(2);

    // A guest orders a sample item and the owner's.
    expect(
      (await api.as(owner).call(tablesRoutes.createTable, { body: { number: 1, capacity: 4 } }))
        .status,
    ).toBe(201);
    const [table] = await t.database.db
      .select({ qrToken: tables.qrToken })
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), eq(tables.number, 1)));
    const tiramisu = (await menu()).find((i) => i.name === 'Tiramisu')!;
    const order = await api.call(ordersRoutes.placeOrder, {
      body: {
        token: table!.qrToken,
        items: [
          { menuItemId: tiramisu.id, quantity: 1 },
          { menuItemId: own.data.id, quantity: 2 },
        ],
        currency: 'eur',
      },
    });
    expect(order.status, order.res.body).toBe(201);

    const removed = await api.as(owner).call(menuRoutes.removeMenuSamples);
    expect(removed.status, removed.res.body).toBe(200);
    expect(removed.data).toEqual({ removed: 5 });
    expect((await menu()).map((i) => i.name)).toEqual(['Espresso']);
    const guest = await api.call(menuRoutes.getPublicMenu, { query: { token: table!.qrToken } });
    expect(JSON.stringify(guest.data.menu)).not.toContain('Tiramisu');

    // Soft-deleted: the order's line, its history and the reports still read it.
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.menuItemId, tiramisu.id));
    expect(line).toMatchObject({ name: 'Tiramisu', quantity: 1 });
    const [row] = await t.database.db
      .select({ deletedAt: menuItems.deletedAt })
      .from(menuItems)
      .where(eq(menuItems.id, tiramisu.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const history = await api.as(owner).call(reportsRoutes.getOrderHistory);
    expect(history.status).toBe(200);
    expect(history.data.rows[0]!.items).toContain('Tiramisu');
    expect((await api.as(owner).call(reportsRoutes.getAnalytics)).status).toBe(200);

    // Nothing left to remove: a second tap removes nothing.
    expect((await api.as(owner).call(menuRoutes.removeMenuSamples)).data).toEqual({ removed: 0 });
  });

  it("never touches another restaurant's items, and is a menu manager's alone", async () => {
    const demoBefore = await menu(await signInAs(t, 'manager'));
    const res = await api.as(owner).call(menuRoutes.removeMenuSamples);
    expect(res.data).toEqual({ removed: 0 });
    expect(await menu(await signInAs(t, 'manager'))).toEqual(demoBefore);
    const waiter = await signInAs(t, 'waiter');
    expect((await api.as(waiter).call(menuRoutes.removeMenuSamples)).status).toBe(403);
  });
});
