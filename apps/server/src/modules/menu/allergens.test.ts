import {
  ALLERGENS,
  menuRoutes,
  ordersRoutes,
  type PublicMenuItem,
  ticketsRoutes,
} from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atNoon } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Allergens and diets: declared on every demo item and option, on the guest menu for every item,
 * set by the manager per item and per option (contradictions refused with their code), an item
 * with no declaration kept apart from a declared "none", and the guest's allergy note on every
 * ticket of the order and in its events.
 */
describe.each(BACKENDS)('allergens on %s', (backend) => {
  let t: TestApp;
  let api: Client;

  const readMenu = async () => {
    const res = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    return new Map(
      Object.values(res.data.menu)
        .flat()
        .map((i) => [i.name, i] as const),
    );
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
  });
  afterAll(async () => t?.close());

  it('lists the allergens of every item, and of options, on the guest menu', async () => {
    const menu = await readMenu();
    expect(menu.size).toBeGreaterThan(10);
    for (const item of menu.values()) {
      expect(item.allergensDeclared).toBe(true);
      for (const code of [...item.allergens, ...item.traces]) expect(ALLERGENS).toContain(code);
    }
    expect(menu.get('Margherita Pizza')).toMatchObject({
      allergens: ['gluten', 'milk'],
      traces: [],
      diets: ['vegetarian'],
    });
    // Derived: declared without gluten, and vegan brings vegetarian.
    expect(menu.get('Grilled Salmon')!.diets).toEqual(['gluten_free']);
    expect(menu.get('Espresso')).toMatchObject({
      allergens: [],
      diets: ['vegetarian', 'vegan', 'gluten_free'],
    });
    const extras = menu.get('Tavola Burger')!.optionGroups!.find((g) => g.name === 'Extras')!;
    expect(extras.options.map((o) => [o.name, o.allergens, o.traces])).toEqual([
      ['Bacon', [], []],
      ['Cheese', ['milk'], []],
      ['Egg', ['eggs'], []],
    ]);
  });

  it('lets the manager declare, keep, and take back an item’s allergens; the guest menu follows', async () => {
    const manager = api.as('manager1');
    const base = { name: 'Walnut salad', category: 'food', price: 9 };
    const created = await manager.call(menuRoutes.createMenuItem, { body: base });
    expect(created.data).toMatchObject({ allergens: null, traces: [], diets: [] });
    let menu = await readMenu();
    expect(menu.get('Walnut salad')).toMatchObject({
      allergens: [],
      allergensDeclared: false,
      diets: [],
    });

    const id = created.data.id;
    const declared = await manager.call(menuRoutes.updateMenuItem, {
      params: { id },
      body: { ...base, allergens: ['nuts', 'mustard'], traces: ['peanuts'], diets: ['vegan'] },
    });
    expect(declared.data).toMatchObject({
      allergens: ['nuts', 'mustard'],
      traces: ['peanuts'],
      diets: ['vegan'],
    });
    // An edit that does not send them keeps them.
    const renamed = await manager.call(menuRoutes.updateMenuItem, {
      params: { id },
      body: { ...base, price: 9.5 },
    });
    expect(renamed.data.allergens).toEqual(['nuts', 'mustard']);
    menu = await readMenu();
    expect(menu.get('Walnut salad')).toMatchObject({
      allergens: ['nuts', 'mustard'],
      traces: ['peanuts'],
      allergensDeclared: true,
      diets: ['vegetarian', 'vegan', 'gluten_free'],
    });

    // An explicit "none" is a declaration; null takes it back.
    const none = await manager.call(menuRoutes.updateMenuItem, {
      params: { id },
      body: { ...base, allergens: [], traces: [] },
    });
    expect(none.data.allergens).toEqual([]);
    const undeclared = await manager.call(menuRoutes.updateMenuItem, {
      params: { id },
      body: { ...base, allergens: null },
    });
    expect(undeclared.data.allergens).toBeNull();
    const list = await manager.call(menuRoutes.listMenu, { query: { limit: '500' } });
    expect(list.data.filter((i) => i.allergens === null).map((i) => i.name)).toEqual([
      'Walnut salad',
    ]);
  });

  it('refuses a contradictory declaration with its code, and a code outside the EU 14', async () => {
    const manager = api.as('manager1');
    const base = { name: 'Cheese board', category: 'food', price: 14 };
    const both = await manager.send(menuRoutes.createMenuItem, {
      body: { ...base, allergens: ['milk', 'nuts'], traces: ['nuts'] },
    });
    expect(both.status).toBe(400);
    expect(both.code).toBe('ALLERGEN_CONTAINS_AND_TRACES');
    expect(both.error).toBe('Nuts is either contained or a trace ("may contain"), not both');

    const vegan = await manager.send(menuRoutes.createMenuItem, {
      body: { ...base, allergens: ['milk'], diets: ['vegan'] },
    });
    expect(vegan.status).toBe(400);
    expect(vegan.code).toBe('DIET_CONTRADICTS_ALLERGEN');
    expect(vegan.error).toBe('A dish with Milk cannot be declared Vegan');

    const glutenFree = await manager.send(menuRoutes.createMenuItem, {
      body: { ...base, allergens: [], traces: ['gluten'], diets: ['gluten_free'] },
    });
    expect(glutenFree.code).toBe('DIET_CONTRADICTS_ALLERGEN');

    const unknown = await manager.send(menuRoutes.createMenuItem, {
      body: { ...base, allergens: ['strawberry'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.code).toBe('VALIDATION');
    expect(unknown.error).toMatch(/allergens must be EU allergen codes/);

    const option = await manager.send(menuRoutes.createOptionGroup, {
      body: { name: 'Pesto', options: [{ name: 'Walnut', allergens: ['nuts'], traces: ['nuts'] }] },
    });
    expect(option.status).toBe(400);
    expect(option.code).toBe('ALLERGEN_CONTAINS_AND_TRACES');
  });

  it('gives an option the allergens it adds, on the manager’s group and the guest menu', async () => {
    const manager = api.as('manager1');
    const group = await manager.call(menuRoutes.createOptionGroup, {
      body: {
        name: 'Sauce',
        options: [
          { name: 'Walnut pesto', allergens: ['nuts', 'milk'], traces: ['peanuts'] },
          { name: 'Tomato' },
        ],
      },
    });
    expect(group.data.options.map((o) => [o.name, o.allergens, o.traces])).toEqual([
      ['Walnut pesto', ['milk', 'nuts'], ['peanuts']],
      ['Tomato', [], []],
    ]);
    const menu = await readMenu();
    const pasta = menu.get('Spaghetti Carbonara')!;
    await manager.call(menuRoutes.setItemOptionGroups, {
      params: { id: pasta.id },
      body: { groupIds: [group.data.id] },
    });
    const after = (await readMenu()).get('Spaghetti Carbonara') as PublicMenuItem;
    expect(after.optionGroups![0]!.options[0]).toMatchObject({
      name: 'Walnut pesto',
      allergens: ['milk', 'nuts'],
      traces: ['peanuts'],
    });
  });

  it('puts the guest’s allergy note on every ticket of the order and in its events', async () => {
    const menu = await readMenu();
    const events: { type: string; data: Record<string, unknown> }[] = [];
    const off = t.app.bus.subscribe((e) => events.push({ type: e.type, data: e.data }));
    const placed = await api.call(ordersRoutes.placeOrder, {
      body: {
        token: 'QR-T3',
        currency: 'eur',
        allergyNote: '  Severe peanut allergy  ',
        items: [
          { menuItemId: menu.get('Margherita Pizza')!.id, quantity: 1 },
          { menuItemId: menu.get('Espresso')!.id, quantity: 1 },
        ],
      },
    });
    off();
    expect(placed.status).toBe(201);
    for (const station of ['kitchen', 'bar'] as const) {
      const list = await api.as(`${station}1`).call(ticketsRoutes.listTickets, {
        query: { station },
      });
      const ticket = list.data.tickets.find((x) => x.orderId === placed.data.orderId)!;
      expect(ticket.allergyNote).toBe('Severe peanut allergy');
    }
    const mine = events.filter((e) => e.data.orderId === placed.data.orderId);
    expect(mine.map((e) => e.type).sort()).toEqual(['bar_order', 'kitchen_order', 'order_placed']);
    for (const e of mine) expect(e.data.allergyNote).toBe('Severe peanut allergy');
    for (const e of mine.filter((x) => x.type !== 'order_placed')) {
      expect((e.data.ticket as { allergyNote: string }).allergyNote).toBe('Severe peanut allergy');
    }

    // Without a note, tickets say so with null.
    const plain = await api.call(ordersRoutes.placeOrder, {
      body: {
        token: 'QR-T3',
        currency: 'eur',
        allergyNote: '   ',
        items: [{ menuItemId: menu.get('Margherita Pizza')!.id, quantity: 1 }],
      },
    });
    const list = await api.as('kitchen1').call(ticketsRoutes.listTickets, {
      query: { station: 'kitchen' },
    });
    expect(list.data.tickets.find((x) => x.orderId === plain.data.orderId)!.allergyNote).toBeNull();
  });
});
