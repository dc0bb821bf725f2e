import { ordersRoutes, tablesRoutes, ticketsRoutes } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, orders, tables, tickets, users } from '../../core/db/schema.js';
import { hashPassword } from '../../core/auth/password.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('ticket and order priority on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let base: string;
  const bearer: Record<string, string> = {};
  let otherManager: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    base = await listen(t.app);
    for (const role of ['waiter', 'kitchen', 'bar', 'manager', 'admin'] as const) {
      bearer[role] = await signInAs(t, role);
    }
    await t.database.db.insert(users).values({
      restaurantId: t.restaurantId,
      username: `waiter2-${backend}`,
      passwordHash: await hashPassword('waiter2-pass'),
      role: 'waiter',
      name: 'Second Waiter',
    });
    bearer.waiter2 = (await loginAs(t.app, `waiter2-${backend}`, 'waiter2-pass')).token;
    const other = await createOtherRestaurant(t, { roles: ['manager'] });
    otherManager = other.tokens.manager!;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  const as = (who: string) => api.as(bearer[who] ?? who);
  const tableByToken = async (token: string) =>
    (await t.database.db.select().from(tables).where(eq(tables.qrToken, token)))[0]!;
  /** A food and drink order at a table the demo waiter has claimed. */
  const claimedOrder = async (token: string) => {
    const placed = await placeGuestOrder(t, token, [
      ['Classic Burger', 1],
      ['Craft Beer', 1],
    ]);
    expect(placed.status).toBe(201);
    const table = await tableByToken(token);
    expect(
      (await as('waiter').call(tablesRoutes.claimTable, { params: { id: table.id } })).status,
    ).toBe(200);
    const orderId = placed.data.orderId;
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    const ticket = (station: 'kitchen' | 'bar') => rows.find((r) => r.station === station)!;
    return { orderId, table, kitchen: ticket('kitchen'), bar: ticket('bar') };
  };
  const priorities = async (orderId: string) => {
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    return {
      order: order!.priority,
      ...Object.fromEntries(rows.map((r) => [r.station, r.priority])),
    };
  };
  const audits = (action: string, entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  const socket = async (token: string) => {
    const s = await TestSocket.open(`${base}/ws?token=${token}`);
    sockets.push(s);
    return s;
  };

  describe('POST /api/orders/:id/priority', () => {
    it("lets the table's waiter raise an order to urgent: every open ticket follows, the stations, waiters and managers hear it, and it is audited", async () => {
      const { orderId, kitchen, bar } = await claimedOrder('QR-T3');
      const before = t.app.realtime.size;
      const listeners = {
        kitchen: await socket(bearer.kitchen!),
        bar: await socket(bearer.bar!),
        waiter: await socket(bearer.waiter!),
        manager: await socket(bearer.manager!),
        guest: await TestSocket.open(`${base}/ws?tableToken=QR-T1`),
        elsewhere: await socket(otherManager),
      };
      sockets.push(listeners.guest);
      await waitForAttached(t.app, before + 6);

      const res = await as('waiter').call(ordersRoutes.setOrderPriority, {
        params: { id: orderId },
        body: { priority: 'urgent' },
      });
      expect(res.status).toBe(200);
      const data = res.data;
      expect(data).toMatchObject({ orderId, priority: 'urgent' });
      expect(data.tickets.map((x: { priority: string }) => x.priority)).toEqual([
        'urgent',
        'urgent',
      ]);
      expect(await priorities(orderId)).toEqual({
        order: 'urgent',
        kitchen: 'urgent',
        bar: 'urgent',
      });

      for (const who of ['kitchen', 'bar', 'waiter', 'manager'] as const) {
        await listeners[who].waitFor((m) => m.some((x) => x.type === 'priority_changed'));
        const event = listeners[who].messages.find((x) => x.type === 'priority_changed')!;
        expect(event.data).toMatchObject({ orderId, priority: 'urgent', scope: 'order' });
        expect(
          (event.data.tickets as { id: string; priority: string }[])
            .map((x) => [x.id, x.priority])
            .sort(),
        ).toEqual(
          [
            [kitchen.id, 'urgent'],
            [bar.id, 'urgent'],
          ].sort(),
        );
      }
      // Another table's guest and another restaurant's manager hear nothing of it.
      expect(await listeners.guest.stillOpen()).toBe(true);
      expect(listeners.guest.messages.some((x) => x.type === 'priority_changed')).toBe(false);
      expect(listeners.elsewhere.messages.some((x) => x.type === 'priority_changed')).toBe(false);

      const [audit] = await audits('order.priority', orderId);
      expect(audit?.details).toMatchObject({ from: 'normal', to: 'urgent', tickets: 2 });

      // Lowering it back is the same call.
      const lowered = await as('waiter').call(ordersRoutes.setOrderPriority, {
        params: { id: orderId },
        body: { priority: 'normal' },
      });
      expect(lowered.status).toBe(200);
      expect(await priorities(orderId)).toEqual({
        order: 'normal',
        kitchen: 'normal',
        bar: 'normal',
      });
    });

    it('lets a manager and an admin set any table’s order, and refuses other waiters and the stations', async () => {
      const { orderId } = await claimedOrder('QR-T4');
      for (const who of ['waiter2', 'kitchen', 'bar']) {
        const res = await as(who).call(ordersRoutes.setOrderPriority, {
          params: { id: orderId },
          body: { priority: 'high' },
        });
        expect(res.status, who).toBe(403);
        expect(res.body?.success).toBe(false);
      }
      expect(await priorities(orderId)).toMatchObject({ order: 'normal' });
      expect(
        (
          await as('manager').call(ordersRoutes.setOrderPriority, {
            params: { id: orderId },
            body: { priority: 'high' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await as('admin').call(ordersRoutes.setOrderPriority, {
            params: { id: orderId },
            body: { priority: 'low' },
          })
        ).status,
      ).toBe(200);
      expect(await priorities(orderId)).toEqual({ order: 'low', kitchen: 'low', bar: 'low' });
    });

    it("refuses a waiter on a table nobody has claimed, and another restaurant's staff with 404", async () => {
      const placed = await placeGuestOrder(t, 'QR-T5', [['Classic Burger', 1]]);
      const orderId = placed.data.orderId;
      expect(
        (
          await as('waiter').call(ordersRoutes.setOrderPriority, {
            params: { id: orderId },
            body: { priority: 'urgent' },
          })
        ).status,
      ).toBe(403);
      const elsewhere = await as(otherManager).call(ordersRoutes.setOrderPriority, {
        params: { id: orderId },
        body: {
          priority: 'urgent',
        },
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toEqual({
        success: false,
        error: 'Order not found',
        code: 'ORDER_NOT_FOUND',
      });
      expect(await priorities(orderId)).toMatchObject({ order: 'normal' });
    });

    it('refuses a priority that is not low, normal, high or urgent with 400', async () => {
      const { orderId } = await claimedOrder('QR-T6');
      for (const body of [{ priority: 'critical' }, { priority: '' }, {}, { priority: 3 }]) {
        const res = await as('waiter').send(ordersRoutes.setOrderPriority, {
          params: { id: orderId },
          body,
        });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: expect.stringContaining('priority must be one of low, normal, high, urgent'),
          code: 'VALIDATION',
        });
      }
      expect(
        (
          await as('waiter').call(ordersRoutes.setOrderPriority, {
            params: { id: 'not-an-id' },
            body: { priority: 'high' },
          })
        ).status,
      ).toBe(400);
    });

    it('refuses a served order with 409, and changes nothing when the priority is already set', async () => {
      const { orderId } = await claimedOrder('QR-T7');
      await t.database.db
        .update(tickets)
        .set({ status: 'ready' })
        .where(eq(tickets.orderId, orderId));
      await t.database.db.update(orders).set({ status: 'ready' }).where(eq(orders.id, orderId));
      expect(
        (await as('waiter').call(ordersRoutes.serveOrder, { params: { id: orderId } })).status,
      ).toBe(200);
      const late = await as('waiter').call(ordersRoutes.setOrderPriority, {
        params: { id: orderId },
        body: { priority: 'urgent' },
      });
      expect(late.status).toBe(409);
      expect(late.error).toBe('The priority of a served order cannot change');

      const again = await claimedOrder('QR-T9');
      const count = async () =>
        (
          await t.database.db
            .select()
            .from(events)
            .where(
              and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'priority_changed')),
            )
        ).length;
      const eventsBefore = await count();
      const same = await as('waiter').call(ordersRoutes.setOrderPriority, {
        params: { id: again.orderId },
        body: {
          priority: 'normal',
        },
      });
      expect(same.status).toBe(200);
      expect(await count()).toBe(eventsBefore);
      expect(await audits('order.priority', again.orderId)).toEqual([]);
    });
  });

  describe('POST /api/tickets/:id/priority', () => {
    it("sets one ticket; the order takes the most pressing of its tickets' priorities", async () => {
      const { orderId, kitchen, bar } = await claimedOrder('QR-T10');
      const before = t.app.realtime.size;
      const kitchenSocket = await socket(bearer.kitchen!);
      await waitForAttached(t.app, before + 1);

      const res = await as('manager').call(ticketsRoutes.setTicketPriority, {
        params: { id: bar.id },
        body: { priority: 'high' },
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ id: bar.id, station: 'bar', priority: 'high' });
      expect(await priorities(orderId)).toEqual({ order: 'high', kitchen: 'normal', bar: 'high' });
      const [audit] = await audits('ticket.priority', bar.id);
      expect(audit?.details).toMatchObject({ from: 'normal', to: 'high', station: 'bar' });

      // The waiter raises the food to urgent, then lowers it back: the order follows.
      expect(
        (
          await as('waiter').call(ticketsRoutes.setTicketPriority, {
            params: { id: kitchen.id },
            body: { priority: 'urgent' },
          })
        ).status,
      ).toBe(200);
      await kitchenSocket.waitFor((m) =>
        m.some(
          (x) =>
            x.type === 'priority_changed' &&
            x.data.scope === 'ticket' &&
            x.data.priority === 'urgent' &&
            (x.data.tickets as { id: string }[])[0]?.id === kitchen.id,
        ),
      );
      expect(await priorities(orderId)).toEqual({
        order: 'urgent',
        kitchen: 'urgent',
        bar: 'high',
      });
      await as('waiter').call(ticketsRoutes.setTicketPriority, {
        params: { id: kitchen.id },
        body: { priority: 'normal' },
      });
      expect(await priorities(orderId)).toEqual({ order: 'high', kitchen: 'normal', bar: 'high' });
    });

    it('refuses the stations, other waiters and other restaurants, unknown priorities and served tickets', async () => {
      const { kitchen } = await claimedOrder('QR-T11');
      for (const who of ['kitchen', 'bar', 'waiter2']) {
        expect(
          (
            await as(who).call(ticketsRoutes.setTicketPriority, {
              params: { id: kitchen.id },
              body: { priority: 'urgent' },
            })
          ).status,
          who,
        ).toBe(403);
      }
      const elsewhere = await as(otherManager).call(ticketsRoutes.setTicketPriority, {
        params: { id: kitchen.id },
        body: {
          priority: 'urgent',
        },
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.error).toBe('Ticket not found');
      const bad = await as('waiter').send(ticketsRoutes.setTicketPriority, {
        params: { id: kitchen.id },
        body: { priority: 'asap' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body?.success).toBe(false);

      await t.database.db
        .update(tickets)
        .set({ status: 'served' })
        .where(eq(tickets.id, kitchen.id));
      const served = await as('waiter').call(ticketsRoutes.setTicketPriority, {
        params: { id: kitchen.id },
        body: {
          priority: 'urgent',
        },
      });
      expect(served.status).toBe(409);
      expect(served.error).toBe('The priority of a served ticket cannot change');
      const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, kitchen.id));
      expect(row?.priority).toBe('normal');
    });
  });
});
