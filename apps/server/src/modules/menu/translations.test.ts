import { menuRoutes, ordersRoutes, ticketsRoutes, type PublicMenu } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menuItems } from '../../core/db/schema.js';
import { DEMO_MENU, DEMO_OPTION_GROUPS } from '../../core/db/seed.js';
import {
  DEMO_CATEGORY_TRANSLATIONS,
  DEMO_GROUP_TRANSLATIONS,
  DEMO_ITEM_TRANSLATIONS,
  DEMO_OPTION_TRANSLATIONS,
} from '../../core/db/seed-translations.js';
import { atNoon } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * Menu texts in the guest's language: the demo's Italian and German, `lang` and
 * `Accept-Language` with the original where a translation is missing, and the manager's
 * translations (checked, in their own restaurant only); the kitchen keeps the originals.
 */
describe.each(BACKENDS)('menu translations on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let other: string;

  const items = (menu: PublicMenu) =>
    new Map(
      Object.values(menu.menu)
        .flat()
        .map((i) => [i.id, i]),
    );
  const publicMenu = async (query: { lang?: string } = {}, headers: Record<string, string> = {}) =>
    (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1', ...query }, headers }))
      .data;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    other = (await createOtherRestaurant(t, { name: 'Other' })).tokens.manager!;
  });
  afterAll(async () => t?.close());

  it('seeds Italian and German for every demo item, category, group and option', () => {
    for (const locale of ['it', 'de'] as const) {
      for (const item of DEMO_MENU) {
        expect(DEMO_ITEM_TRANSLATIONS[item.name]?.[locale]?.name, item.name).toBeTruthy();
        expect(DEMO_ITEM_TRANSLATIONS[item.name]?.[locale]?.description, item.name).toBeTruthy();
        expect(DEMO_CATEGORY_TRANSLATIONS[item.category]?.[locale]?.name).toBeTruthy();
      }
      for (const group of DEMO_OPTION_GROUPS) {
        expect(DEMO_GROUP_TRANSLATIONS[group.name]?.[locale]?.name, group.name).toBeTruthy();
        for (const o of group.options) {
          const key = `${group.name}/${o.name}`;
          expect(DEMO_OPTION_TRANSLATIONS[key]?.[locale]?.name, key).toBeTruthy();
        }
      }
    }
  });

  it('answers the German menu for lang=de and for Accept-Language: de, the originals without either', async () => {
    const original = await publicMenu();
    expect(original.language).toBeNull();
    expect(original.categoryNames).toBeUndefined();
    const burger = Object.values(original.menu)
      .flat()
      .find((i) => i.name === 'Tavola Burger')!;
    expect(burger.description).toBe(
      'Beef patty cooked to your liking, lettuce, tomato, onion and pickles',
    );

    for (const german of [
      await publicMenu({ lang: 'de' }),
      await publicMenu({}, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' }),
      await publicMenu({ lang: 'de-CH' }),
    ]) {
      expect(german.language).toBe('de');
      const de = items(german).get(burger.id)!;
      expect(de.name).toBe('Tavola-Burger');
      expect(de.description).toContain('Rindfleisch-Patty');
      expect(de.optionGroups!.map((g) => g.name)).toEqual(['Garstufe', 'Extras', 'Ohne']);
      expect(de.optionGroups![0]!.options.map((o) => o.name)).toEqual([
        'Blutig',
        'Medium',
        'Durchgebraten',
      ]);
      // Prices, ids and rules are the same in every language.
      expect(de.price).toEqual(burger.price);
      expect(de.optionGroups![1]!.options[0]!.id).toBe(burger.optionGroups![1]!.options[0]!.id);
      expect(german.categoryNames).toEqual({
        food: 'Speisen',
        drinks: 'Getränke',
        specials: 'Spezialitäten',
      });
    }
    // lang wins over the browser's language.
    expect(
      items(await publicMenu({ lang: 'it' }, { 'accept-language': 'de' })).get(burger.id)!.name,
    ).toBe('Burger Tavola');
  });

  it('shows the original where a language has no translation, or is not one the guest page speaks', async () => {
    const burgerId = (await menuItemByName(t, 'Tavola Burger')).id;
    for (const menu of [
      await publicMenu({ lang: 'fr' }),
      await publicMenu({ lang: 'xx' }),
      await publicMenu({}, { 'accept-language': 'pt-BR, ja;q=0.8' }),
    ]) {
      expect(items(menu).get(burgerId)!.name).toBe('Tavola Burger');
    }
    expect((await publicMenu({ lang: 'fr' })).language).toBe('fr');
    expect((await publicMenu({ lang: 'fr' })).categoryNames).toEqual({});
    // An unknown lang falls back to the browser's language.
    expect(
      items(await publicMenu({ lang: 'xx' }, { 'accept-language': 'it' })).get(burgerId)!.name,
    ).toBe('Burger Tavola');
  });

  it('lets the manager translate beside the original, and the guest menu shows it at once', async () => {
    const manager = api.as('manager1');
    const before = (await manager.call(menuRoutes.getMenuTranslations)).data;
    const burger = before.items.find((i) => i.name === 'Tavola Burger')!;
    expect(burger.translations.de?.name).toBe('Tavola-Burger');
    expect(before.categories.map((c) => c.category)).toEqual(['drinks', 'food', 'specials']);
    const cooking = before.optionGroups.find((g) => g.name === 'Cooking')!;
    const rare = cooking.options.find((o) => o.name === 'Rare')!;

    const saved = await manager.call(menuRoutes.setMenuTranslations, {
      params: { locale: 'fr' },
      body: {
        items: [
          { id: burger.id, name: '  Burger Tavola  ', description: 'Steak haché à votre goût' },
        ],
        categories: [{ category: 'food', name: 'Cuisine' }],
        optionGroups: [{ id: cooking.id, name: 'Cuisson' }],
        options: [{ id: rare.id, name: 'Saignant' }],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.data.items.find((i) => i.id === burger.id)!.translations.fr).toEqual({
      name: 'Burger Tavola',
      description: 'Steak haché à votre goût',
    });
    const french = await publicMenu({ lang: 'fr' });
    const fr = items(french).get(burger.id)!;
    expect(fr.name).toBe('Burger Tavola');
    expect(fr.optionGroups![0]!.name).toBe('Cuisson');
    expect(fr.optionGroups![0]!.options[0]!.name).toBe('Saignant');
    expect(fr.optionGroups![0]!.options[1]!.name).toBe('Medium');
    expect(french.categoryNames).toEqual({ food: 'Cuisine' });

    // Blank removes a translation (the original shows again); a text not named stays.
    await manager.call(menuRoutes.setMenuTranslations, {
      params: { locale: 'fr' },
      body: { items: [{ id: burger.id, name: '' }] },
    });
    const after = items(await publicMenu({ lang: 'fr' })).get(burger.id)!;
    expect(after.name).toBe('Tavola Burger');
    expect(after.description).toBe('Steak haché à votre goût');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, 'menu.translations')),
      );
    expect(audit?.details).toMatchObject({ locale: 'fr', items: 1, categories: 1 });
  });

  it('refuses a bad language, a bad text and a category no item is in', async () => {
    const manager = api.as('manager1');
    const burgerId = (await menuItemByName(t, 'Tavola Burger')).id;
    const badLocale = await manager.send(menuRoutes.setMenuTranslations, {
      params: { locale: 'xx' },
      body: {},
    });
    expect(badLocale.status).toBe(400);
    const tooLong = await manager.send(menuRoutes.setMenuTranslations, {
      params: { locale: 'de' },
      body: { items: [{ id: burgerId, name: 'x'.repeat(121) }] },
    });
    expect(tooLong.status).toBe(400);
    const twoLines = await manager.send(menuRoutes.setMenuTranslations, {
      params: { locale: 'de' },
      body: { optionGroups: [{ id: burgerId, name: 'a\nb' }] },
    });
    expect(twoLines.status).toBe(400);
    const noCategory = await manager.send(menuRoutes.setMenuTranslations, {
      params: { locale: 'de' },
      body: { categories: [{ category: 'desserts', name: 'Nachspeisen' }] },
    });
    expect(noCategory.status).toBe(404);
    expect(noCategory.body).toMatchObject({ code: 'MENU_CATEGORY_EMPTY' });
    const waiter = await api.as('waiter1').send(menuRoutes.getMenuTranslations, {});
    expect(waiter.status).toBe(403);
  });

  it("refuses another restaurant's item, group or option and changes nothing", async () => {
    const burger = await menuItemByName(t, 'Tavola Burger');
    const mine = (await api.as('manager1').call(menuRoutes.getMenuTranslations)).data;
    const group = mine.optionGroups[0]!;
    for (const [body, code] of [
      [{ items: [{ id: burger.id, name: 'Hijack' }] }, 'MENU_ITEM_NOT_FOUND'],
      [{ optionGroups: [{ id: group.id, name: 'Hijack' }] }, 'OPTION_GROUP_NOT_FOUND'],
      [{ options: [{ id: group.options[0]!.id, name: 'Hijack' }] }, 'OPTION_NOT_FOUND'],
    ] as const) {
      const res = await api.as(other).send(menuRoutes.setMenuTranslations, {
        params: { locale: 'de' },
        body,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code });
    }
    const theirs = (await api.as(other).call(menuRoutes.getMenuTranslations)).data;
    expect(JSON.stringify(theirs)).not.toContain(burger.id);
    const [row] = await t.database.db.select().from(menuItems).where(eq(menuItems.id, burger.id));
    expect(JSON.stringify(row!.translations)).not.toContain('Hijack');
  });

  it('keeps the original names on the order line and the kitchen ticket', async () => {
    const german = await publicMenu({ lang: 'de' });
    const fries = Object.values(german.menu)
      .flat()
      .find((i) => i.name === 'Trüffel-Pommes')!;
    const placed = await api.call(ordersRoutes.placeOrder, {
      body: { token: 'QR-T3', items: [{ menuItemId: fries.id, quantity: 1 }], currency: 'eur' },
    });
    expect(placed.status).toBe(201);
    const tickets = await api.as('kitchen1').call(ticketsRoutes.listTickets, {
      query: { station: 'kitchen' },
    });
    const ticket = tickets.data.tickets.find((k) => k.orderId === placed.data.orderId)!;
    const names = ticket.items.map((i) => i.name);
    expect(names).toContain('Truffle Fries');
    expect(names).not.toContain('Trüffel-Pommes');
  });
});
