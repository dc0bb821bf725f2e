import { menuRoutes, stationsRoutes, ticketsRoutes } from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, stations } from '../../core/db/schema.js';
import { menuItemByName, placeGuestOrder } from '../../testing/fixtures.js';
import { BACKENDS } from '../../testing/harness.js';
import { type KitchenRole, useKitchenFixture } from '../../testing/kitchen-fixture.js';

describe.each(BACKENDS)('stations as data on %s', (backend) => {
  const k = useKitchenFixture(backend);
  const { as } = k;
  const grill = () =>
    as('manager')
      .call(stationsRoutes.listStations)
      .then((r) => r.data.find((s) => s.slug === 'grill')!);

  it('lists kitchen and bar for every restaurant, to every member of staff', async () => {
    for (const who of ['waiter', 'kitchen', 'bar', 'manager', 'other'] as KitchenRole[]) {
      const res = await as(who).call(stationsRoutes.listStations);
      expect(res.status, res.res.body).toBe(200);
      expect(res.data.map((s) => [s.slug, s.name, s.kind, s.active, s.builtIn])).toEqual([
        ['kitchen', 'Kitchen', 'kitchen', true, true],
        ['bar', 'Bar', 'bar', true, true],
      ]);
    }
  });

  it('lets a manager add a station, and refuses a taken slug, a bad one and other roles', async () => {
    const res = await as('manager').call(stationsRoutes.createStation, {
      body: { slug: 'grill', name: 'Grill', kind: 'kitchen', ticketMinutes: 12 },
    });
    expect(res.status, res.res.body).toBe(201);
    expect(res.data).toMatchObject({
      slug: 'grill',
      name: 'Grill',
      kind: 'kitchen',
      displayOrder: 2,
      active: true,
      ticketMinutes: 12,
      builtIn: false,
    });
    const again = await as('manager').call(stationsRoutes.createStation, {
      body: { slug: 'grill', name: 'Second grill' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'STATION_SLUG_TAKEN', params: { station: 'grill' } });
    const bad = await as('manager').send(stationsRoutes.createStation, {
      body: { slug: 'Pizza Oven', name: 'Pizza' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await as('kitchen').call(stationsRoutes.createStation, { body: { slug: 'x', name: 'X' } }))
        .status,
    ).toBe(403);
    // Another restaurant's list does not show it, and it may use the same slug.
    const theirs = await as('other').call(stationsRoutes.listStations);
    expect(theirs.data.map((s) => s.slug)).toEqual(['kitchen', 'bar']);
    const [audit] = await k.t.database.db
      .select()
      .from(stations)
      .where(and(eq(stations.restaurantId, k.t.restaurantId), eq(stations.slug, 'grill')));
    expect(audit?.name).toBe('Grill');
  });

  it('routes a category or an item to the new station; the item beats its category', async () => {
    const res = await as('manager').call(menuRoutes.setMenuCategoryStation, {
      body: { category: 'specials', station: 'grill' },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toEqual({ category: 'specials', station: 'grill' });
    const moved = await k.setItem('Grilled Salmon', { station: 'grill' });
    expect(moved).toMatchObject({ station: 'grill' });
  });

  it("makes a ticket for the new station, told in station_order; the kitchen's cooks work it", async () => {
    const placed = await placeGuestOrder(k.t, 'QR-T7', [
      ['Grilled Salmon', 1],
      ['Caesar Salad', 1],
      ['Espresso', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    const { orderId } = placed.data;
    const ticket = (await k.ticketOf('grill', orderId))!;
    expect(ticket).toMatchObject({ station: 'grill', estimatedTime: expect.any(Number) });
    expect(ticket.items.map((i) => i.name)).toEqual(['Grilled Salmon']);
    // The kitchen and the bar keep their own lines and their spec events.
    const kitchenTicket = (await k.ticketOf('kitchen', orderId))!;
    expect(kitchenTicket.items.map((i) => i.name)).toEqual(['Caesar Salad']);
    const types = await k.t.database.db
      .select({ type: events.type, station: sql<string>`${events.data}->>'station'` })
      .from(events)
      .where(
        and(
          eq(events.restaurantId, k.t.restaurantId),
          sql`${events.data}->>'orderId' = ${ticket.orderId}`,
          sql`${events.type} in ('kitchen_order', 'bar_order', 'station_order')`,
        ),
      );
    expect(types.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'bar_order', station: 'bar' },
      { type: 'kitchen_order', station: 'kitchen' },
      { type: 'station_order', station: 'grill' },
    ]);

    // The bar may not view or work a kitchen-kind station; a cook bumps it.
    const barView = await as('bar').call(ticketsRoutes.listTickets, {
      query: { station: 'grill' },
    });
    expect(barView.status).toBe(403);
    expect((await k.move('bar', ticket.id, 'start')).status).toBe(403);
    const started = await k.move('kitchen', ticket.id, 'start');
    expect(started.status, started.res.body).toBe(200);
    const [updated] = await k.t.database.db
      .select({ type: events.type })
      .from(events)
      .where(
        and(
          eq(events.restaurantId, k.t.restaurantId),
          sql`${events.data}->>'ticketId' = ${ticket.id}`,
          eq(events.type, 'station_ticket_updated'),
        ),
      );
    expect(updated?.type).toBe('station_ticket_updated');
  });

  it('refuses a station the restaurant does not have, on the displays and in routing', async () => {
    const view = await as('manager').call(ticketsRoutes.listTickets, {
      query: { station: 'pastry' },
    });
    expect(view.status).toBe(403);
    const route = await as('manager').call(menuRoutes.setMenuCategoryStation, {
      body: { category: 'food', station: 'pastry' },
    });
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({ code: 'STATION_NOT_FOUND' });
  });

  it('deactivates a station: its routing goes back to the default; kitchen and bar stay', async () => {
    const station = await grill();
    const kitchen = (await as('manager').call(stationsRoutes.listStations)).data.find(
      (s) => s.slug === 'kitchen',
    )!;
    const refused = await as('manager').call(stationsRoutes.deactivateStation, {
      params: { id: kitchen.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STATION_BUILT_IN' });
    const renamed = await as('manager').call(stationsRoutes.updateStation, {
      params: { id: station.id },
      body: { name: 'Charcoal grill', displayOrder: 5 },
    });
    expect(renamed.data).toMatchObject({ name: 'Charcoal grill', displayOrder: 5 });
    const off = await as('manager').call(stationsRoutes.deactivateStation, {
      params: { id: station.id },
    });
    expect(off.status, off.res.body).toBe(200);
    expect(off.data.active).toBe(false);
    const categories = await as('manager').call(menuRoutes.listMenuCategories);
    expect(categories.data).toContainEqual({ category: 'specials', station: 'kitchen' });
    const salmon = await menuItemByName(k.t, 'Grilled Salmon');
    const menu = (await as('manager').call(menuRoutes.listMenu)).data as {
      id: string;
      station: string | null;
    }[];
    expect(menu.find((m) => m.id === salmon.id)?.station).toBeNull();
    // Another restaurant's manager cannot touch it.
    const theirs = await as('other').call(stationsRoutes.updateStation, {
      params: { id: station.id },
      body: { active: true },
    });
    expect(theirs.status).toBe(404);
  });
});
