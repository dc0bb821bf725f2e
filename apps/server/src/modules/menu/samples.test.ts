import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems, tables } from '../../core/db/schema.js';
import { signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

interface Item {
  id: string;
  name: string;
  sample: boolean;
}

describe.each(BACKENDS)("sign-up's sample menu on %s", (backend) => {
  let t: TestApp;
  let owner: string;
  let restaurantId: string;

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const menu = async (token = owner) =>
    (await call(token, 'GET', '/api/menu')).json().data as Item[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    const suffix = randomBytes(3).toString('hex');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        restaurantName: `Bar Sport ${suffix}`,
        ownerName: 'Olga Owner',
        username: `olga-${suffix}`,
        password: 'olga-pass-77',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    owner = res.json().data.token;
    restaurantId = res.json().data.restaurant.id;
  });
  afterAll(async () => t?.close());

  it('marks every sample item as a sample', async () => {
    const items = await menu();
    expect(items.length).toBe(5);
    expect(items.every((i) => i.sample)).toBe(true);
  });

  it("removes the sample items in one call, keeps the owner's own, and keeps the orders that had them", async () => {
    const own = await call(owner, 'POST', '/api/menu', {
      name: 'Espresso',
      category: 'drinks',
      price: 1.5,
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.sample).toBe(false);
    // Two "Espresso" side by side: the sample's and the owner's.
    expect((await menu()).filter((i) => i.name === 'Espresso')).toHaveLength(2);

    // A guest orders a sample item and the owner's.
    expect((await call(owner, 'POST', '/api/tables', { number: 1, capacity: 4 })).statusCode).toBe(
      201,
    );
    const [table] = await t.database.db
      .select({ qrToken: tables.qrToken })
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), eq(tables.number, 1)));
    const tiramisu = (await menu()).find((i) => i.name === 'Tiramisu')!;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: {
        token: table!.qrToken,
        items: [
          { menuItemId: tiramisu.id, quantity: 1 },
          { menuItemId: own.json().data.id, quantity: 2 },
        ],
        currency: 'eur',
      },
    });
    expect(order.statusCode, order.body).toBe(201);

    const removed = await call(owner, 'DELETE', '/api/menu/samples');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ removed: 5 });
    expect((await menu()).map((i) => i.name)).toEqual(['Espresso']);
    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/menu/public?token=${table!.qrToken}`,
    });
    expect(JSON.stringify(guest.json().data.menu)).not.toContain('Tiramisu');

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
    const history = await call(owner, 'GET', '/api/orders/history');
    expect(history.statusCode).toBe(200);
    expect(history.json().data.rows[0].items).toContain('Tiramisu');
    expect((await call(owner, 'GET', '/api/reports/analytics')).statusCode).toBe(200);

    // Nothing left to remove: a second tap removes nothing.
    expect((await call(owner, 'DELETE', '/api/menu/samples')).json().data).toEqual({ removed: 0 });
  });

  it("never touches another restaurant's items, and is a menu manager's alone", async () => {
    const demoBefore = await menu(await signInAs(t, 'manager'));
    const res = await call(owner, 'DELETE', '/api/menu/samples');
    expect(res.json().data).toEqual({ removed: 0 });
    expect(await menu(await signInAs(t, 'manager'))).toEqual(demoBefore);
    const waiter = await signInAs(t, 'waiter');
    expect((await call(waiter, 'DELETE', '/api/menu/samples')).statusCode).toBe(403);
  });
});
