import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menuCategories } from '../../core/db/schema.js';
import { createOtherRestaurant, guestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

interface Ticket {
  station: string;
  items: { name: string }[];
}

describe.each(BACKENDS)('menu stations on %s', (backend) => {
  let t: TestApp;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ['manager', 'waiter', 'kitchen', 'bar'] as const) {
      token[role] = await signInAs(t, role);
    }
    token.other = (await createOtherRestaurant(t, { name: 'Altrove' })).tokens.manager!;
  });
  afterAll(async () => t?.close());

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token[who]}` },
      ...(payload ? { payload } : {}),
    });
  const add = async (body: object) => {
    const res = await call('manager', 'POST', '/api/menu', {
      price: 5,
      available: true,
      special: false,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; station: string | null; categoryStation: string };
  };
  /** The names on a station's open tickets. */
  const onTickets = async (station: 'kitchen' | 'bar') => {
    const res = await call(station, 'GET', `/api/tickets?station=${station}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.tickets as Ticket[]).flatMap((ticket) =>
      ticket.items.map((i) => i.name),
    );
  };

  it("keeps today's routing: the demo's drinks go to the bar, the rest to the kitchen", async () => {
    const res = await call('manager', 'GET', '/api/menu/categories');
    expect(res.json().data).toEqual([
      { category: 'drinks', station: 'bar' },
      { category: 'food', station: 'kitchen' },
      { category: 'specials', station: 'kitchen' },
    ]);
    const menu = (await call('manager', 'GET', '/api/menu')).json().data as {
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
    const set = await call('manager', 'PUT', '/api/menu/categories', {
      category: 'Bevande',
      station: 'bar',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ category: 'bevande', station: 'bar' });
    const menu = (await call('manager', 'GET', '/api/menu')).json().data as {
      id: string;
      categoryStation: string;
    }[];
    expect(menu.find((i) => i.id === beer.id)?.categoryStation).toBe('bar');

    expect((await guestOrder(t, 'QR-T5', [['Birra Moretti', 2]])).statusCode).toBe(201);
    expect(await onTickets('bar')).toContain('Birra Moretti');
    expect(await onTickets('kitchen')).not.toContain('Birra Moretti');
  });

  it("lets an item's own station override its category's", async () => {
    await add({ name: 'Affogato', category: 'Bevande', station: 'kitchen' });
    await add({ name: 'Spritz della casa', category: 'food', station: 'bar' });
    expect(
      (
        await guestOrder(t, 'QR-T6', [
          ['Affogato', 1],
          ['Spritz della casa', 1],
        ])
      ).statusCode,
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
    const kept = await call('manager', 'PUT', `/api/menu/${item.id}`, body);
    expect(kept.json().data).toMatchObject({ station: 'kitchen', categoryStation: 'bar' });
    const back = await call('manager', 'PUT', `/api/menu/${item.id}`, { ...body, station: null });
    expect(back.json().data).toMatchObject({ station: null, categoryStation: 'bar' });
  });

  it('refuses a bad station, an unknown category, other roles and other restaurants', async () => {
    const bad = await call('manager', 'PUT', '/api/menu/categories', {
      category: 'Bevande',
      station: 'pizza oven',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Station must be kitchen or bar' });
    const badItem = await call('manager', 'POST', '/api/menu', {
      name: 'Grappa',
      category: 'Bevande',
      price: 4,
      station: 'cellar',
    });
    expect(badItem.statusCode).toBe(400);
    const unknown = await call('manager', 'PUT', '/api/menu/categories', {
      category: 'Dolci',
      station: 'bar',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await call('waiter', 'PUT', '/api/menu/categories', {
          category: 'drinks',
          station: 'kitchen',
        })
      ).statusCode,
    ).toBe(403);
    // Another restaurant has no "drinks" of its own, and cannot move the demo's.
    const theirs = await call('other', 'PUT', '/api/menu/categories', {
      category: 'drinks',
      station: 'kitchen',
    });
    expect(theirs.statusCode).toBe(404);
    const [drinks] = await t.database.db
      .select()
      .from(menuCategories)
      .where(
        and(eq(menuCategories.restaurantId, t.restaurantId), eq(menuCategories.name, 'drinks')),
      );
    expect(drinks?.station).toBe('bar');
  });

  it('audits a category moved to another station', async () => {
    await call('manager', 'PUT', '/api/menu/categories', {
      category: 'specials',
      station: 'kitchen',
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.restaurantId, t.restaurantId),
          eq(auditLog.action, 'menu.category_station'),
        ),
      );
    expect(entries.map((e) => e.details)).toContainEqual({
      category: 'specials',
      station: 'kitchen',
    });
  });
});
