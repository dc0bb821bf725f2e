import { menuRoutes, ordersRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { answerOf, client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('manager menu API on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
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

  const as = (who: string) => api.as(bearer[who]!);
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
    const res = await as('manager1').call(menuRoutes.listMenu, { query: { limit: '500' } });
    expect(res.status).toBe(200);
    const items = res.data;
    expect(items.length).toBeGreaterThan(10);
    expect(items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        price: expect.any(Number),
        currency: 'EUR',
        tags: expect.any(Array),
      }),
    );
    const cats = await as('manager1').call(menuRoutes.listMenuCategories);
    // Each category with the station its items go to.
    expect(cats.data).toEqual([
      { category: 'drinks', station: 'bar' },
      { category: 'food', station: 'kitchen' },
      { category: 'specials', station: 'kitchen' },
    ]);
  });

  it('creates an item with every field, trims tags, and tells the screens', async () => {
    const events: string[] = [];
    const off = t.app.bus.subscribe((e) => events.push(e.type));
    const res = await as('manager1').call(menuRoutes.createMenuItem, { body: valid });
    off();
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
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
    const guest = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    expect(guest.data.menu.food!.some((i) => i.name === 'Tagliata')).toBe(true);
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
    // Raw JSON the client cannot send (a number past a double, a cut-off body).
    const res = answerOf(
      menuRoutes.createMenuItem,
      await t.app.inject({
        method: 'POST',
        url: '/api/menu',
        headers: { authorization: `Bearer ${bearer.manager1}`, 'content-type': 'application/json' },
        payload: body.replace('"__INFINITY__"', '1e309'),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message, code: 'VALIDATION' });
  });

  it('refuses a malformed body', async () => {
    // Raw JSON the client cannot send (a number past a double, a cut-off body).
    const res = answerOf(
      menuRoutes.createMenuItem,
      await t.app.inject({
        method: 'POST',
        url: '/api/menu',
        headers: { authorization: `Bearer ${bearer.manager1}`, 'content-type': 'application/json' },
        payload: '{"name": ',
      }),
    );
    expect(res.status).toBe(400);
  });

  it('edits fully, flips special alone, toggles availability and deletes softly', async () => {
    const created = (
      await as('manager1').call(menuRoutes.createMenuItem, { body: { ...valid, name: 'Vitello' } })
    ).data;
    const edited = await as('manager1').call(menuRoutes.updateMenuItem, {
      params: { id: created.id },
      body: {
        ...valid,
        name: 'Vitello tonnato',
        price: 14,
        tags: ['cold'],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      name: 'Vitello tonnato',
      price: 14,
      tags: ['cold'],
    });

    const flip = await as('manager1').call(menuRoutes.updateMenuItem, {
      params: { id: created.id },
      body: { special: true },
    });
    expect(flip.data).toMatchObject({ special: true, name: 'Vitello tonnato', price: 14 });

    const off = await as('manager1').call(menuRoutes.toggleMenuItem, {
      params: { id: created.id },
    });
    expect(off.data.available).toBe(false);
    const guest = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    expect(guest.data.menu.food!.find((i) => i.id === created.id)!.available).toBe(false);
    const on = await as('manager1').call(menuRoutes.toggleMenuItem, { params: { id: created.id } });
    expect(on.data.available).toBe(true);

    // An order references it; deleting keeps that order intact.
    const order = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T2', items: [{ menuItemId: created.id, quantity: 2 }] },
    });
    expect(order.status).toBe(201);
    const del = await as('manager1').call(menuRoutes.deleteMenuItem, {
      params: { id: created.id },
    });
    expect(del.status).toBe(200);
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.menuItemId, created.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: 'Vitello tonnato', unitPriceCents: 1400, quantity: 2 });
    const guestAfter = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    expect(JSON.stringify(guestAfter.data.menu)).not.toContain(created.id);
    const list = (await as('manager1').call(menuRoutes.listMenu)).data;
    expect(list.some((i: { id: string }) => i.id === created.id)).toBe(false);
    expect(
      (await as('manager1').call(menuRoutes.deleteMenuItem, { params: { id: created.id } })).status,
    ).toBe(404);
    const reorder = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T2', items: [{ menuItemId: created.id, quantity: 1 }] },
    });
    expect(reorder.status).toBe(400);
  });

  it('lets admins in and keeps waiters, kitchen and strangers out', async () => {
    expect((await as('admin1').call(menuRoutes.listMenu)).status).toBe(200);
    expect((await as('waiter1').call(menuRoutes.listMenu)).status).toBe(403);
    expect((await as('kitchen1').call(menuRoutes.createMenuItem, { body: valid })).status).toBe(
      403,
    );
    expect((await api.call(menuRoutes.listMenu)).status).toBe(401);
  });

  it("answers 404 for another restaurant's item and changes nothing", async () => {
    const [mine] = await t.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, t.restaurantId))
      .limit(1);
    const other = as('other');
    const params = { id: mine!.id };
    for (const res of [
      await other.call(menuRoutes.updateMenuItem, { params, body: valid }),
      await other.call(menuRoutes.updateMenuItem, { params, body: { special: true } }),
      await other.call(menuRoutes.toggleMenuItem, { params }),
      await other.call(menuRoutes.deleteMenuItem, { params }),
    ]) {
      expect(res.status).toBe(404);
    }
    const [after] = await t.database.db.select().from(menuItems).where(eq(menuItems.id, mine!.id));
    expect(after).toEqual(mine);
    expect((await as('other').call(menuRoutes.listMenu)).data).toEqual([]);
    expect(
      (
        await as('manager1').call(menuRoutes.toggleMenuItem, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
  });
});
