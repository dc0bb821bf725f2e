import {
  menuRoutes,
  ordersRoutes,
  periodReportRoutes,
  type PublicMenuItem,
  tabsRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems } from '../../core/db/schema.js';
import { atNoon, tableId } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Option groups: the demo's burger, pizza and iced tea on the guest menu, every pick checked by
 * the server on guest and staff orders, the picks on the line, its ticket and its price, and the
 * manager's groups (create, edit, attach, 86 an option) in their own restaurant only.
 */
describe.each(BACKENDS)('option groups on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let other: string;
  let menu: Map<string, PublicMenuItem>;

  const readMenu = async () => {
    const res = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    return new Map(
      Object.values(res.data.menu)
        .flat()
        .map((i) => [i.name, i]),
    );
  };
  const optionId = (item: string, group: string, option: string) =>
    menu
      .get(item)!
      .optionGroups!.find((g) => g.name === group)!
      .options.find((o) => o.name === option)!.id;
  const place = (items: object[]) =>
    api.send(ordersRoutes.placeOrder, { body: { token: 'QR-T2', items, currency: 'eur' } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    other = (await createOtherRestaurant(t, { name: 'Other' })).tokens.manager!;
    menu = await readMenu();
  });
  afterAll(async () => t?.close());

  it('lists each item’s groups on the guest menu, with min, max and options priced in eur and usd', () => {
    const burger = menu.get('Tavola Burger')!;
    expect(burger.optionGroups!.map((g) => [g.name, g.min, g.max])).toEqual([
      ['Cooking', 1, 1],
      ['Extras', 0, 3],
      ['Remove', 0, 2],
    ]);
    const bacon = burger.optionGroups![1]!.options[0]!;
    expect(bacon).toMatchObject({ name: 'Bacon', price: { eur: 1.5, usd: 1.62 }, available: true });
    expect(burger.optionGroups![2]!.preModifiers).toEqual(['no']);
    expect(burger.pricing).toEqual({ priceCents: 1400, currency: 'eur' });
    const size = menu.get('Pizza Diavola')!.optionGroups![0]!;
    expect(size.options.map((o) => [o.name, o.price.eur, o.default])).toEqual([
      ['Small', -2, false],
      ['Regular', 0, true],
      ['Large', 3, false],
    ]);
    expect(menu.get('Iced Tea')!.optionGroups![0]!.name).toBe('Ice');
    // An item without options carries neither field.
    expect(menu.get('Classic Burger')).not.toHaveProperty('optionGroups');
  });

  it('gives the order screen the same groups', async () => {
    const res = await api.as('waiter1').call(menuRoutes.getOrderMenu);
    const burger = res.data.items.find((i) => i.name === 'Tavola Burger')!;
    expect(burger.optionGroups!.map((g) => g.name)).toEqual(['Cooking', 'Extras', 'Remove']);
  });

  it('places a medium burger with extra cheese and no onion: priced by the server, shown on the ticket', async () => {
    const burger = menu.get('Tavola Burger')!.id;
    const res = await place([
      {
        menuItemId: burger,
        quantity: 2,
        options: [
          { optionId: optionId('Tavola Burger', 'Remove', 'Onion'), preModifier: 'no' },
          { optionId: optionId('Tavola Burger', 'Cooking', 'Medium'), price: 0 },
          { optionId: optionId('Tavola Burger', 'Extras', 'Cheese') },
        ],
      },
      {
        menuItemId: burger,
        quantity: 1,
        options: [{ optionId: optionId('Tavola Burger', 'Cooking', 'Rare') }],
      },
    ]);
    expect(res.status, res.res.body).toBe(201);
    // (14.00 + 1.00) × 2 + 14.00; in usd (16.20 × 2) + 15.12.
    expect(res.data.total).toEqual({ eur: 44, usd: 47.52 });
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, res.data.orderId));
    const first = lines.find((l) => l.quantity === 2)!;
    expect(first.unitPriceCents).toBe(1500);
    expect(first.options.map((o) => [o.group, o.option, o.preModifier, o.priceCents])).toEqual([
      ['Cooking', 'Medium', null, 0],
      ['Extras', 'Cheese', null, 100],
      ['Remove', 'Onion', 'no', 0],
    ]);
    expect(first.name).toBe('Tavola Burger');

    const tickets = await api.as('kitchen1').call(ticketsRoutes.listTickets, {
      query: { station: 'kitchen' },
    });
    const ticket = tickets.data.tickets.find((x) => x.orderId === res.data.orderId)!;
    expect(ticket.items.map((i) => i.name)).toEqual([
      'Tavola Burger (Cooking: Medium; Extras: Cheese; Remove: NO Onion)',
      'Tavola Burger (Cooking: Rare)',
    ]);
    expect(ticket.items[0]).toMatchObject({
      itemName: 'Tavola Burger',
      options: [
        { group: 'Cooking', option: 'Medium', quantity: 1, preModifier: null },
        { group: 'Extras', option: 'Cheese', quantity: 1, preModifier: null },
        { group: 'Remove', option: 'Onion', quantity: 1, preModifier: 'no' },
      ],
    });
  });

  it('takes a group’s default picks when a line sends no options', async () => {
    const pizza = menu.get('Pizza Diavola')!.id;
    const res = await place([
      { menuItemId: pizza, quantity: 1 },
      {
        menuItemId: pizza,
        quantity: 1,
        options: [{ optionId: optionId('Pizza Diavola', 'Size', 'Large') }],
      },
    ]);
    expect(res.status, res.res.body).toBe(201);
    expect(res.data.total.eur).toBe(11 + 14);
  });

  it('refuses a selection that breaks a group’s rules with 400, a code and the group named', async () => {
    const burger = menu.get('Tavola Burger')!.id;
    const medium = { optionId: optionId('Tavola Burger', 'Cooking', 'Medium') };
    const extras = ['Bacon', 'Cheese', 'Egg'].map((o) => ({
      optionId: optionId('Tavola Burger', 'Extras', o),
    }));
    const cases: [object[] | undefined, string, string][] = [
      [undefined, 'OPTION_GROUP_BELOW_MIN', 'Cooking: choose at least 1'],
      [[], 'OPTION_GROUP_BELOW_MIN', 'Cooking: choose at least 1'],
      [
        [medium, { optionId: optionId('Tavola Burger', 'Cooking', 'Rare') }],
        'OPTION_GROUP_ABOVE_MAX',
        'Cooking: choose at most 1',
      ],
      [[medium, { ...extras[0]!, quantity: 2 }], 'OPTION_ABOVE_MAX_PER_OPTION', 'Extras'],
      [[medium, medium], 'OPTION_PICKED_TWICE', 'Cooking'],
      [
        [medium, { optionId: optionId('Tavola Burger', 'Remove', 'Onion') }],
        'OPTION_PRE_MODIFIER_REQUIRED',
        'Remove',
      ],
      [
        [medium, { optionId: optionId('Tavola Burger', 'Remove', 'Onion'), preModifier: 'extra' }],
        'OPTION_PRE_MODIFIER_NOT_OFFERED',
        'Remove',
      ],
      [
        [medium, { optionId: optionId('Pizza Diavola', 'Size', 'Large') }],
        'OPTION_UNKNOWN',
        'Tavola Burger',
      ],
    ];
    for (const [options, code, text] of cases) {
      const res = await place([
        { menuItemId: burger, quantity: 1, ...(options ? { options } : {}) },
      ]);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(res.code).toBe(code);
      expect(res.error).toContain(text);
    }
    // An item without groups takes no options.
    const plain = await place([
      { menuItemId: menu.get('Classic Burger')!.id, quantity: 1, options: [medium] },
    ]);
    expect(plain.code).toBe('OPTION_UNKNOWN');
    // Three extras are within the rules.
    const ok = await place([{ menuItemId: burger, quantity: 1, options: [medium, ...extras] }]);
    expect(ok.status, ok.res.body).toBe(201);
    expect(ok.data.total.eur).toBe(14 + 1.5 + 1 + 1.2);
  });

  it('checks staff orders at a table and on a tab the same way', async () => {
    const burger = menu.get('Tavola Burger')!.id;
    const table = await tableId(t, 'QR-T5');
    const refused = await api.as('waiter1').send(ordersRoutes.placeTableOrder, {
      params: { id: table },
      body: { items: [{ menuItemId: burger, quantity: 1 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe('OPTION_GROUP_BELOW_MIN');
    const placed = await api.as('waiter1').call(ordersRoutes.placeTableOrder, {
      params: { id: table },
      body: {
        items: [
          {
            menuItemId: burger,
            quantity: 1,
            options: [{ optionId: optionId('Tavola Burger', 'Cooking', 'Well done') }],
          },
        ],
      },
    });
    expect(placed.status).toBe(201);
    const tab = await api.as('waiter1').call(tabsRoutes.openTab, {
      body: { type: 'bar_tab', name: 'Options tab' },
    });
    const tea = menu.get('Iced Tea')!.id;
    const onTab = await api.as('waiter1').call(tabsRoutes.placeTabOrder, {
      params: { id: tab.data.id },
      body: {
        items: [
          {
            menuItemId: tea,
            quantity: 2,
            options: [{ optionId: optionId('Iced Tea', 'Ice', 'No ice') }],
          },
        ],
      },
    });
    expect(onTab.status).toBe(201);
    expect(onTab.data.total.eur).toBe(7);
  });

  it('counts sales by option in the items report', async () => {
    const res = await api.as('manager1').call(periodReportRoutes.items, { query: {} });
    const sold = (group: string, option: string) =>
      res.data.options!.find((o) => o.group === group && o.option === option);
    // Two burgers with cheese on one line, one on another.
    expect(sold('Extras', 'Cheese')).toMatchObject({ quantity: 3, amount: 3 });
    expect(sold('Remove', 'Onion')).toMatchObject({ quantity: 2, preModifier: 'no', amount: 0 });
    expect(sold('Ice', 'No ice')).toMatchObject({ quantity: 2 });
    expect(sold('Size', 'Large')).toMatchObject({ quantity: 1, amount: 3 });
  });

  it('gives the items report’s CSV a table of sales by option, pre-modifiers spelled out', async () => {
    const csv = await api
      .as('manager1')
      .call(periodReportRoutes.items, { query: { format: 'csv' } });
    const lines = csv.res.body.split('\r\n');
    const at = lines.indexOf('"Options"');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('"Option group","Option","Quantity","At menu prices"');
    expect(lines.slice(at + 2)).toEqual(
      expect.arrayContaining([
        '"Extras","Cheese","3","3.00"',
        '"Remove","NO Onion","2","0.00"',
        '"Size","Large","1","3.00"',
      ]),
    );
  });

  it('gives the manager’s menu list each item’s groups in the guests’ order, after a reorder too', async () => {
    const manager = api.as('manager1');
    const burger = menu.get('Tavola Burger')!;
    const shown = burger.optionGroups!.map((g) => g.id);
    const listed = async () =>
      (await manager.call(menuRoutes.listMenu, {})).data.find((i) => i.id === burger.id)!
        .optionGroupIds;
    expect(await listed()).toEqual(shown);
    const reversed = [...shown].reverse();
    await manager.call(menuRoutes.setItemOptionGroups, {
      params: { id: burger.id },
      body: { groupIds: reversed },
    });
    expect(await listed()).toEqual(reversed);
    expect((await readMenu()).get('Tavola Burger')!.optionGroups!.map((g) => g.id)).toEqual(
      reversed,
    );
    await manager.call(menuRoutes.setItemOptionGroups, {
      params: { id: burger.id },
      body: { groupIds: shown },
    });
  });

  it('lets the manager define a group, attach it, and 86 an option live: the guest menu follows and orders are refused', async () => {
    const manager = api.as('manager1');
    const created = await manager.call(menuRoutes.createOptionGroup, {
      body: {
        name: 'Milk',
        min: 1,
        max: 1,
        options: [
          { name: 'Whole', default: true },
          { name: 'Oat', priceCents: 40 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const group = created.data;
    const espresso = menu.get('Espresso')!.id;
    const attached = await manager.call(menuRoutes.setItemOptionGroups, {
      params: { id: espresso },
      body: { groupIds: [group.id] },
    });
    expect(attached.data.groupIds).toEqual([group.id]);
    const oat = group.options[1]!.id;
    menu = await readMenu();
    expect(menu.get('Espresso')!.optionGroups![0]!.options[1]).toMatchObject({
      name: 'Oat',
      price: { eur: 0.4, usd: 0.43 },
      available: true,
    });

    const toggled = await manager.call(menuRoutes.toggleOption, {
      params: { id: group.id, optionId: oat },
    });
    expect(toggled.data.available).toBe(false);
    menu = await readMenu();
    expect(menu.get('Espresso')!.optionGroups![0]!.options[1]!.available).toBe(false);
    const refused = await place([
      { menuItemId: espresso, quantity: 1, options: [{ optionId: oat }] },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.code).toBe('OPTION_UNAVAILABLE');
    expect(refused.error).toBe('Milk: Oat is not available right now');

    // An edit keeps the options sent with their id, adds new ones, removes the rest.
    const edited = await manager.call(menuRoutes.updateOptionGroup, {
      params: { id: group.id },
      body: {
        name: 'Milk',
        min: 0,
        max: 1,
        options: [{ id: oat, name: 'Oat', priceCents: 50, available: true }, { name: 'Soy' }],
      },
    });
    expect(edited.data.options.map((o) => [o.id === oat, o.name, o.priceCents])).toEqual([
      [true, 'Oat', 50],
      [false, 'Soy', 0],
    ]);
    expect(edited.data.itemIds).toEqual([espresso]);
    const list = await manager.call(menuRoutes.listOptionGroups);
    expect(list.data.map((g) => g.name)).toEqual([
      'Cooking',
      'Extras',
      'Ice',
      'Milk',
      'Remove',
      'Size',
    ]);

    // Staff without manage_menu cannot; another restaurant's manager finds nothing.
    expect((await api.as('waiter1').send(menuRoutes.listOptionGroups, {})).status).toBe(403);
    const foreign = await api.as(other).send(menuRoutes.toggleOption, {
      params: { id: group.id, optionId: oat },
    });
    expect(foreign.status).toBe(404);
    const foreignAttach = await api.as(other).send(menuRoutes.setItemOptionGroups, {
      params: { id: espresso },
      body: { groupIds: [] },
    });
    expect(foreignAttach.status).toBe(404);

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.entityId, group.id)));
    expect(audited.map((a) => a.action).sort()).toEqual([
      'menu.option_group_created',
      'menu.option_group_updated',
    ]);

    const removed = await manager.call(menuRoutes.deleteOptionGroup, { params: { id: group.id } });
    expect(removed.status).toBe(200);
    menu = await readMenu();
    expect(menu.get('Espresso')).not.toHaveProperty('optionGroups');
  });
});
