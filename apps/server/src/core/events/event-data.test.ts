import {
  EVENT_DATA,
  EVENT_TYPES,
  type EventDataOf,
  floorRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  requestsRoutes,
  reviewsRoutes,
  tablesRoutes,
  ticketsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, tables } from '../db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe('event schemas', () => {
  it('describe exactly the event types there are', () => {
    expect(Object.keys(EVENT_DATA).sort()).toEqual([...EVENT_TYPES].sort());
  });
});

describe.each(BACKENDS)('every event a service night writes, on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const [u, p] of [
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
      ['bar1', 'bar123'],
      ['manager1', 'manager123'],
    ] as const) {
      bearer[u] = (await loginAs(t.app, u, p)).token;
    }
  });
  afterAll(async () => t?.close());

  const as = (who: string) => api.as(bearer[who]!);

  it("matches its type's schema, field for field", async () => {
    const menu = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T4' } })).data
      .menu;
    const burger = menu.food!.find((i) => i.name === 'Classic Burger')!.id;
    const beer = menu.drinks![0]!.id;
    const placed = await api.call(ordersRoutes.placeOrder, {
      body: {
        token: 'QR-T4',
        items: [
          { menuItemId: burger, quantity: 2, notes: 'no onions' },
          { menuItemId: beer, quantity: 1 },
        ],
      },
    });
    const { orderId, sessionId } = placed.data;
    await api.call(requestsRoutes.callWaiter, {
      body: { token: 'QR-T4', message: 'Extra napkins' },
    });
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T4'));
    await as('waiter1').call(tablesRoutes.claimTable, { params: { id: table!.id } });
    await as('waiter1').call(requestsRoutes.respondToTable, {
      params: { id: table!.id },
      body: { type: 'call_waiter' },
    });
    for (const [who, station] of [
      ['kitchen1', 'kitchen'],
      ['bar1', 'bar'],
    ] as const) {
      const list = (await as(who).call(ticketsRoutes.listTickets, { query: { station } })).data
        .tickets;
      const ticket = list.find((x) => x.orderId === orderId)!;
      await as(who).call(ticketsRoutes.transitionTicket, {
        params: { id: ticket.id },
        body: { action: 'start' },
      });
      await as(who).call(ticketsRoutes.transitionTicket, {
        params: { id: ticket.id },
        body: { action: 'ready' },
      });
    }
    const lines = (await as('manager1').call(floorRoutes.getFloor)).data.tables.find(
      (x) => x.number === 4,
    )!.orders[0]!.items;
    await as('manager1').call(ordersRoutes.voidOrderLine, {
      params: { id: orderId, itemId: lines[0]!.id },
      body: {
        quantity: 1,
        reason: 'Sent back',
      },
    });
    await as('waiter1').call(ordersRoutes.setOrderPriority, {
      params: { id: orderId },
      body: { priority: 'urgent' },
    });
    await as('waiter1').call(ordersRoutes.serveOrder, { params: { id: orderId } });
    await api.call(requestsRoutes.requestPayment, { body: { token: 'QR-T4', method: 'card' } });
    await as('waiter1').call(paymentsRoutes.recordPayment, {
      params: { id: sessionId },
      body: { method: 'card', tip: 2 },
    });
    await api.call(reviewsRoutes.leaveReview, {
      body: { token: 'QR-T4', sessionId, rating: 5, comment: 'Grazie!' },
    });
    await as('manager1').call(menuRoutes.toggleMenuItem, { params: { id: beer } });
    await as('manager1').call(tablesRoutes.createTable, { body: { number: 40, capacity: 2 } });

    const written = await t.database.db
      .select()
      .from(events)
      .where(eq(events.restaurantId, t.restaurantId));
    const types = new Set(written.map((e) => e.type));
    for (const expected of [
      'order_placed',
      'kitchen_order',
      'bar_order',
      'call_waiter',
      'table_updated',
      'kitchen_ticket_updated',
      'bar_ticket_updated',
      'order_updated',
      'order_ready',
      'order_voided',
      'priority_changed',
      'payment_requested',
      'payment_completed',
      'menu_updated',
      'review_left',
    ]) {
      expect(types, expected).toContain(expected);
    }
    for (const event of written) {
      const schema = EVENT_DATA[event.type as keyof EventDataOf];
      expect(schema, event.type).toBeDefined();
      // Parsed equals written: no missing field, no wrong type, no field the schema leaves out.
      expect(schema.parse(event.data), event.type).toEqual(event.data);
    }
  });
});
