import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';

describe.each(BACKENDS)('manager menu API on %s', (backend) => {
  let t: TestApp;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const [name, pass] of [
      ['manager1', 'manager123'],
      ['admin1', 'admin123'],
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
    ]) {
      bearer[name!] = (await loginAs(t.app, name!, pass!)).token;
    }
    bearer.other = (await createOtherRestaurant(t, { name: 'Other' })).tokens.manager!;
  });
  afterAll(async () => t?.close());

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: `Bearer ${bearer[who]}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const valid = {
    name: 'Tagliata',
    category: 'food',
    price: 21.5,
    available: true,
    special: false,
    description: 'Sliced sirloin, rocket and parmesan',
    currency: 'eur',
    preparationTime: 18,
    tags: [' beef ', '', 'gluten-free', 'beef'],
    imageUrl: 'https://images.example.com/tagliata.jpg',
  };

  it('lists the menu and its categories', async () => {
    const res = await call('manager1', 'GET', '/api/menu?limit=500');
    expect(res.statusCode).toBe(200);
    const items = res.json().data;
    expect(items.length).toBeGreaterThan(10);
    expect(items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        price: expect.any(Number),
        currency: 'EUR',
        tags: expect.any(Array),
      }),
    );
    const cats = await call('manager1', 'GET', '/api/menu/categories');
    // Each category with the station its items go to.
    expect(cats.json().data).toEqual([
      { category: 'drinks', station: 'bar' },
      { category: 'food', station: 'kitchen' },
      { category: 'specials', station: 'kitchen' },
    ]);
  });

  it('creates an item with every field, trims tags, and tells the screens', async () => {
    const events: string[] = [];
    const off = t.app.bus.subscribe((e) => events.push(e.type));
    const res = await call('manager1', 'POST', '/api/menu', valid);
    off();
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Tagliata',
      category: 'food',
      price: 21.5,
      currency: 'EUR',
      preparationTime: 18,
      tags: ['beef', 'gluten-free'],
      imageUrl: 'https://images.example.com/tagliata.jpg',
      description: 'Sliced sirloin, rocket and parmesan',
    });
    expect(events).toContain('menu_updated');
    const guest = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
    expect(guest.json().data.menu.food.some((i: { name: string }) => i.name === 'Tagliata')).toBe(
      true,
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['blank name', { name: '   ' }, 'Name and category are required'],
    ['blank category', { category: '' }, 'Name and category are required'],
    ['missing name', { name: undefined }, 'Name and category are required'],
    ['price 0', { price: 0 }, 'Price must be greater than zero'],
    ['negative price', { price: -3 }, 'Price must be greater than zero'],
    ["price 'abc'", { price: 'abc' }, 'Price must be greater than zero'],
    // 1e309 in JSON parses to Infinity.
    ['price Infinity', { price: '__INFINITY__' }, 'Price must be greater than zero'],
    [
      'preparation time 0',
      { preparationTime: 0 },
      'Preparation time must be between 1 and 480 minutes',
    ],
    ['currency GBP', { currency: 'GBP' }, 'Currency must be EUR or USD'],
    [
      'image not a URL',
      { imageUrl: 'javascript:alert(1)' },
      'Image URL must be an https:// address',
    ],
    // The page's Content-Security-Policy loads images over https only.
    [
      'image over plain http',
      { imageUrl: 'http://images.example.com/a.jpg' },
      'Image URL must be an https:// address',
    ],
  ])('refuses %s with a 400 and its message', async (_label, change, message) => {
    const body = JSON.stringify({ ...valid, ...change });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/menu',
      headers: { authorization: `Bearer ${bearer.manager1}`, 'content-type': 'application/json' },
      payload: body.replace('"__INFINITY__"', '1e309'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: message, code: 'VALIDATION' });
  });

  it('refuses a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/menu',
      headers: { authorization: `Bearer ${bearer.manager1}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('edits fully, flips special alone, toggles availability and deletes softly', async () => {
    const created = (
      await call('manager1', 'POST', '/api/menu', { ...valid, name: 'Vitello' })
    ).json().data;
    const edited = await call('manager1', 'PUT', `/api/menu/${created.id}`, {
      ...valid,
      name: 'Vitello tonnato',
      price: 14,
      tags: ['cold'],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Vitello tonnato',
      price: 14,
      tags: ['cold'],
    });

    const flip = await call('manager1', 'PUT', `/api/menu/${created.id}`, { special: true });
    expect(flip.json().data).toMatchObject({ special: true, name: 'Vitello tonnato', price: 14 });

    const off = await call('manager1', 'PUT', `/api/menu/${created.id}/toggle`);
    expect(off.json().data.available).toBe(false);
    const guest = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
    expect(
      guest.json().data.menu.food.find((i: { id: string }) => i.id === created.id).available,
    ).toBe(false);
    const on = await call('manager1', 'PUT', `/api/menu/${created.id}/toggle`);
    expect(on.json().data.available).toBe(true);

    // An order references it; deleting keeps that order intact.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: { token: 'QR-T2', items: [{ menuItemId: created.id, quantity: 2 }] },
    });
    expect(order.statusCode).toBe(201);
    const del = await call('manager1', 'DELETE', `/api/menu/${created.id}`);
    expect(del.statusCode).toBe(200);
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.menuItemId, created.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: 'Vitello tonnato', unitPriceCents: 1400, quantity: 2 });
    const guestAfter = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
    expect(JSON.stringify(guestAfter.json().data.menu)).not.toContain(created.id);
    const list = (await call('manager1', 'GET', '/api/menu')).json().data;
    expect(list.some((i: { id: string }) => i.id === created.id)).toBe(false);
    expect((await call('manager1', 'DELETE', `/api/menu/${created.id}`)).statusCode).toBe(404);
    const reorder = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: { token: 'QR-T2', items: [{ menuItemId: created.id, quantity: 1 }] },
    });
    expect(reorder.statusCode).toBe(400);
  });

  it('lets admins in and keeps waiters, kitchen and strangers out', async () => {
    expect((await call('admin1', 'GET', '/api/menu')).statusCode).toBe(200);
    expect((await call('waiter1', 'GET', '/api/menu')).statusCode).toBe(403);
    expect((await call('kitchen1', 'POST', '/api/menu', valid)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/menu')).statusCode).toBe(401);
  });

  it("answers 404 for another restaurant's item and changes nothing", async () => {
    const [mine] = await t.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, t.restaurantId))
      .limit(1);
    for (const [method, url, body] of [
      ['PUT', `/api/menu/${mine!.id}`, valid],
      ['PUT', `/api/menu/${mine!.id}`, { special: true }],
      ['PUT', `/api/menu/${mine!.id}/toggle`, undefined],
      ['DELETE', `/api/menu/${mine!.id}`, undefined],
    ] as const) {
      const res = await call('other', method, url, body);
      expect(res.statusCode).toBe(404);
    }
    const [after] = await t.database.db.select().from(menuItems).where(eq(menuItems.id, mine!.id));
    expect(after).toEqual(mine);
    expect((await call('other', 'GET', '/api/menu')).json().data).toEqual([]);
    expect(
      (await call('manager1', 'PUT', '/api/menu/00000000-0000-4000-8000-000000000000/toggle'))
        .statusCode,
    ).toBe(404);
  });
});
