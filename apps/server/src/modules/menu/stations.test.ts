import { menuRoutes } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, menuCategories } from '../../core/db/schema.js';
import { placeGuestOrder } from '../../testing/fixtures.js';
import { BACKENDS } from '../../testing/harness.js';
import { useKitchenFixture } from '../../testing/kitchen-fixture.js';

describe.each(BACKENDS)('menu stations on %s', (backend) => {
  const k = useKitchenFixture(backend);
  const { as } = k;
  const add = async (body: { name: string; category: string; station?: 'kitchen' | 'bar' }) => {
    const res = await as('manager').call(menuRoutes.createMenuItem, {
      body: {
        price: 5,
        available: true,
        special: false,
        ...body,
      },
    });
    expect(res.status, res.res.body).toBe(201);
    return res.data as { id: string; station: string | null; categoryStation: string };
  };
  /** The names on a station's open tickets. */
  const onTickets = async (station: 'kitchen' | 'bar') =>
    (await k.ticketsAt(station)).flatMap((ticket) => ticket.items.map((i) => i.name));

  it("keeps today's routing: the demo's drinks go to the bar, the rest to the kitchen", async () => {
    const res = await as('manager').call(menuRoutes.listMenuCategories);
    expect(res.data).toEqual([
      { category: 'drinks', station: 'bar' },
      { category: 'food', station: 'kitchen' },
      { category: 'specials', station: 'kitchen' },
    ]);
    const menu = (await as('manager').call(menuRoutes.listMenu)).data as {
      name: string;
      station: string | null;
      categoryStation: string;
    }[];
    expect(menu.find((i) => i.name === 'Espresso')).toMatchObject({
      station: null,
      categoryStation: 'bar',
    });
  });

  it('sends an item of a category "Bevande" set to the bar to the bar\'s tickets', async () => {
    const beer = await add({ name: 'Birra Moretti', category: 'Bevande' });
    // A new category starts where any non-drinks category goes.
    expect(beer).toMatchObject({ station: null, categoryStation: 'kitchen' });
    const set = await as('manager').call(menuRoutes.setMenuCategoryStation, {
      body: {
        category: 'Bevande',
        station: 'bar',
      },
    });
    expect(set.status, set.res.body).toBe(200);
    expect(set.data).toEqual({ category: 'bevande', station: 'bar' });
    const menu = (await as('manager').call(menuRoutes.listMenu)).data as {
      id: string;
      categoryStation: string;
    }[];
    expect(menu.find((i) => i.id === beer.id)?.categoryStation).toBe('bar');

    expect((await placeGuestOrder(k.t, 'QR-T5', [['Birra Moretti', 2]])).status).toBe(201);
    expect(await onTickets('bar')).toContain('Birra Moretti');
    expect(await onTickets('kitchen')).not.toContain('Birra Moretti');
  });

  it("lets an item's own station override its category's", async () => {
    await add({ name: 'Affogato', category: 'Bevande', station: 'kitchen' });
    await add({ name: 'Spritz della casa', category: 'food', station: 'bar' });
    expect(
      (
        await placeGuestOrder(k.t, 'QR-T6', [
          ['Affogato', 1],
          ['Spritz della casa', 1],
        ])
      ).status,
    ).toBe(201);
    expect(await onTickets('kitchen')).toContain('Affogato');
    expect(await onTickets('bar')).toContain('Spritz della casa');
    expect(await onTickets('bar')).not.toContain('Affogato');
  });

  it('a full edit that leaves the station out keeps it; null gives it back to the category', async () => {
    const item = await add({ name: 'Chinotto', category: 'Bevande', station: 'kitchen' });
    const body = {
      name: 'Chinotto',
      category: 'Bevande',
      price: 3,
      available: true,
      special: false,
    };
    const kept = await as('manager').call(menuRoutes.updateMenuItem, {
      params: { id: item.id },
      body: body,
    });
    expect(kept.data).toMatchObject({ station: 'kitchen', categoryStation: 'bar' });
    const back = await as('manager').call(menuRoutes.updateMenuItem, {
      params: { id: item.id },
      body: { ...body, station: null },
    });
    expect(back.data).toMatchObject({ station: null, categoryStation: 'bar' });
  });

  it('refuses a bad station, an unknown category, other roles and other restaurants', async () => {
    // Sent unchecked: stations the route must refuse.
    const bad = await as('manager').send(menuRoutes.setMenuCategoryStation, {
      body: {
        category: 'Bevande',
        station: 'pizza oven',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: 'station must be a lowercase slug (e.g. grill)',
    });
    const badItem = await as('manager').send(menuRoutes.createMenuItem, {
      body: {
        name: 'Grappa',
        category: 'Bevande',
        price: 4,
        station: 'cellar',
      },
    });
    // A well-formed slug the restaurant has no station for.
    expect(badItem.status).toBe(404);
    expect(badItem.body).toMatchObject({
      code: 'STATION_NOT_FOUND',
      params: { station: 'cellar' },
    });
    const unknown = await as('manager').call(menuRoutes.setMenuCategoryStation, {
      body: {
        category: 'Dolci',
        station: 'bar',
      },
    });
    expect(unknown.status).toBe(404);
    expect(
      (
        await as('waiter').call(menuRoutes.setMenuCategoryStation, {
          body: {
            category: 'drinks',
            station: 'kitchen',
          },
        })
      ).status,
    ).toBe(403);
    // Another restaurant has no "drinks" of its own, and cannot move the demo's.
    const theirs = await as('other').call(menuRoutes.setMenuCategoryStation, {
      body: {
        category: 'drinks',
        station: 'kitchen',
      },
    });
    expect(theirs.status).toBe(404);
    const [drinks] = await k.t.database.db
      .select()
      .from(menuCategories)
      .where(
        and(eq(menuCategories.restaurantId, k.t.restaurantId), eq(menuCategories.name, 'drinks')),
      );
    expect(drinks?.station).toBe('bar');
  });

  it('audits a category moved to another station', async () => {
    await as('manager').call(menuRoutes.setMenuCategoryStation, {
      body: {
        category: 'specials',
        station: 'kitchen',
      },
    });
    const entries = await k.t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.restaurantId, k.t.restaurantId),
          eq(auditLog.action, 'menu.category_station'),
        ),
      );
    expect(entries.map((e) => e.details)).toContainEqual({
      category: 'specials',
      station: 'kitchen',
    });
  });
});
