import { ticketsRoutes } from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../core/db/schema.js';
import { placeGuestOrder } from '../../testing/fixtures.js';
import { BACKENDS } from '../../testing/harness.js';
import { useKitchenFixture } from '../../testing/kitchen-fixture.js';

describe.each(BACKENDS)('the expo on %s', (backend) => {
  const k = useKitchenFixture(backend);
  const { as } = k;
  const expoOrder = async (orderId: string) =>
    (await as('kitchen').call(ticketsRoutes.listExpo)).data.orders.find(
      (o) => o.orderId === orderId,
    );

  it('shows an order across its stations and sends it to the waiter once every one is ready', async () => {
    const placed = await placeGuestOrder(k.t, 'QR-T9', [
      ['Classic Burger', 1],
      ['Craft Beer', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    const { orderId } = placed.data;
    const listed = (await expoOrder(orderId))!;
    expect(listed.ready).toBe(false);
    expect(listed.stations.map((s) => [s.station, s.name, s.status])).toEqual([
      ['kitchen', 'Kitchen', 'new'],
      ['bar', 'Bar', 'new'],
    ]);
    expect(listed.stations[0]!.ticket.items.map((i) => i.name)).toEqual(['Classic Burger']);

    // Not ready at every station: refused, and nothing is sent.
    const early = await as('kitchen').call(ticketsRoutes.bumpExpoOrder, {
      params: { id: orderId },
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'EXPO_ORDER_NOT_READY' });

    const [kitchen, bar] = listed.stations.map((s) => s.ticket.id);
    await k.moveTo('kitchen', kitchen!, 'ready');
    const half = (await expoOrder(orderId))!;
    expect(half.stations.map((s) => s.status)).toEqual(['ready', 'new']);
    expect(half.ready).toBe(false);
    await k.moveTo('bar', bar!, 'ready');
    expect((await expoOrder(orderId))!.ready).toBe(true);

    // Another restaurant cannot bump it; a waiter has no expo.
    expect(
      (await as('other').call(ticketsRoutes.bumpExpoOrder, { params: { id: orderId } })).status,
    ).toBe(404);
    expect((await as('waiter').call(ticketsRoutes.listExpo)).status).toBe(403);

    const bumped = await as('kitchen').call(ticketsRoutes.bumpExpoOrder, {
      params: { id: orderId },
    });
    expect(bumped.status, bumped.res.body).toBe(200);
    expect(bumped.data).toMatchObject({ orderId, orderNumber: listed.orderNumber });
    expect(await expoOrder(orderId)).toBeUndefined();
    const told = await k.t.database.db
      .select({ data: events.data })
      .from(events)
      .where(
        and(
          eq(events.type, 'order_ready'),
          sql`${events.data}->>'orderId' = ${orderId}`,
          sql`${events.data}->>'expo' = 'true'`,
        ),
      );
    expect(told).toHaveLength(1);
    // Twice is refused: it has left the pass.
    const again = await as('kitchen').call(ticketsRoutes.bumpExpoOrder, {
      params: { id: orderId },
    });
    expect(again.status).toBe(409);
  });
});
