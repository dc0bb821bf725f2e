import { EVENT_DATA, EVENT_TYPES, type EventDataOf } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, tables } from '../db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

describe('event schemas', () => {
  it('describe exactly the event types there are', () => {
    expect(Object.keys(EVENT_DATA).sort()).toEqual([...EVENT_TYPES].sort());
  });
});

describe.each(BACKENDS)('every event a service night writes, on %s', (backend) => {
  let t: TestApp;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
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

  const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer[who]}` },
      ...(payload ? { payload } : {}),
    });

  it("matches its type's schema, field for field", async () => {
    const menu = (await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T4' })).json()
      .data.menu;
    const burger = menu.food.find((i: { name: string }) => i.name === 'Classic Burger').id;
    const beer = menu.drinks[0].id;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: {
        token: 'QR-T4',
        items: [
          { menuItemId: burger, quantity: 2, notes: 'no onions' },
          { menuItemId: beer, quantity: 1 },
        ],
      },
    });
    const { orderId, sessionId } = placed.json().data;
    await t.app.inject({
      method: 'POST',
      url: '/api/tables/public/call-waiter',
      payload: { token: 'QR-T4', message: 'Extra napkins' },
    });
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T4'));
    await as('waiter1', 'POST', `/api/tables/${table!.id}/claim`);
    await as('waiter1', 'POST', `/api/tables/${table!.id}/respond`, { type: 'call_waiter' });
    for (const [who, station] of [
      ['kitchen1', 'kitchen'],
      ['bar1', 'bar'],
    ] as const) {
      const list = (await as(who, 'GET', `/api/tickets?station=${station}`)).json().data.tickets;
      const ticket = list.find((x: { orderId: string }) => x.orderId === orderId);
      await as(who, 'POST', `/api/tickets/${ticket.id}/transition`, { action: 'start' });
      await as(who, 'POST', `/api/tickets/${ticket.id}/transition`, { action: 'ready' });
    }
    const lines = (await as('manager1', 'GET', '/api/tables/floor'))
      .json()
      .data.tables.find((x: { number: number }) => x.number === 4).orders[0].items;
    await as('manager1', 'POST', `/api/orders/${orderId}/items/${lines[0].id}/void`, {
      quantity: 1,
      reason: 'Sent back',
    });
    await as('waiter1', 'POST', `/api/orders/${orderId}/priority`, { priority: 'urgent' });
    await as('waiter1', 'POST', `/api/orders/${orderId}/serve`);
    await t.app.inject({
      method: 'POST',
      url: '/api/tables/public/request-payment',
      payload: { token: 'QR-T4', method: 'card' },
    });
    await as('waiter1', 'POST', `/api/sessions/${sessionId}/payments`, { method: 'card', tip: 2 });
    await t.app.inject({
      method: 'POST',
      url: '/api/reviews/public',
      payload: { token: 'QR-T4', sessionId, rating: 5, comment: 'Grazie!' },
    });
    await as('manager1', 'PUT', `/api/menu/${beer}/toggle`);
    await as('manager1', 'POST', '/api/tables', { number: 40, capacity: 2 });

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
