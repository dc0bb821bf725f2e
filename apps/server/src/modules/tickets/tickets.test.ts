import {
  TICKET_ACTIONS,
  nextTicketStatus,
  type TicketStatus,
  floorRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  requestsRoutes,
  tablesRoutes,
  ticketsRoutes,
  diningSessionsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tables, tickets, users } from '../../core/db/schema.js';
import { hashPassword } from '../../core/auth/password.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('tickets and the waiter floor on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  const bearer: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let burger: string;
  let beer: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const [name, pass] of [
      ['waiter1', 'waiter123'],
      ['kitchen1', 'kitchen123'],
      ['bar1', 'bar123'],
      ['manager1', 'manager123'],
    ]) {
      const login = await loginAs(t.app, name!, pass!);
      bearer[name!] = login.token;
      ids[name!] = login.user.id;
    }
    await t.database.db.insert(users).values({
      restaurantId: t.restaurantId,
      username: `waiter2-${backend}`,
      passwordHash: await hashPassword('waiter2-pass'),
      role: 'waiter',
      name: 'Second Waiter',
    });
    const w2 = await loginAs(t.app, `waiter2-${backend}`, 'waiter2-pass');
    bearer.waiter2 = w2.token;
    ids.waiter2 = w2.user.id;
    const menu = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } })).data
      .menu;
    burger = menu.food!.find((i) => i.name === 'Classic Burger')!.id;
    beer = menu.drinks!.find((i) => i.name === 'Craft Beer')!.id;
  });
  afterAll(async () => t?.close());

  const as = (who: string) => api.as(bearer[who]!);
  const placeOrder = async (token: string, items: string[]) => {
    const res = await api.call(ordersRoutes.placeOrder, {
      body: { token, items: items.map((menuItemId) => ({ menuItemId, quantity: 1 })) },
    });
    return res.data;
  };
  const ticketOf = async (orderId: string, station: 'kitchen' | 'bar') => {
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    const all = await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    return (all.find((r) => r.station === station) ?? row)!;
  };
  const move = (who: string, ticketId: string, action: (typeof TICKET_ACTIONS)[number]) =>
    as(who).call(ticketsRoutes.transitionTicket, { params: { id: ticketId }, body: { action } });
  const setStatus = (ticketId: string, status: TicketStatus) =>
    t.database.db
      .update(tickets)
      .set({ status, servedAt: status === 'served' ? new Date() : null })
      .where(eq(tickets.id, ticketId));

  describe('GET /api/tickets', () => {
    it('shows the kitchen its food tickets and the bar its drinks, with items', async () => {
      const { order_number } = await placeOrder('QR-T1', [burger, beer]);
      const kitchen = await as('kitchen1').call(ticketsRoutes.listTickets, {
        query: { station: 'kitchen' },
      });
      expect(kitchen.status).toBe(200);
      const ticket = kitchen.data.tickets.find(
        (x: { orderNumber: number }) => x.orderNumber === order_number,
      )!;
      expect(ticket).toMatchObject({
        station: 'kitchen',
        status: 'new',
        tableNumber: 1,
        estimatedTime: 15,
        priority: 'normal',
        items: [
          {
            name: 'Classic Burger',
            quantity: 1,
            notes: null,
            category: 'food',
            seat: null,
            course: null,
          },
        ],
      });
      const bar = await as('bar1').call(ticketsRoutes.listTickets, { query: { station: 'bar' } });
      const drink = bar.data.tickets.find(
        (x: { orderNumber: number }) => x.orderNumber === order_number,
      )!;
      expect(drink.items).toEqual([
        {
          name: 'Craft Beer',
          quantity: 1,
          notes: null,
          category: 'drinks',
          seat: null,
          course: null,
        },
      ]);
    });

    it('keeps each station to its own tickets', async () => {
      expect(
        (await as('kitchen1').call(ticketsRoutes.listTickets, { query: { station: 'bar' } }))
          .status,
      ).toBe(403);
      expect(
        (await as('bar1').call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } }))
          .status,
      ).toBe(403);
      expect(
        (await as('waiter1').call(ticketsRoutes.listTickets, { query: { station: 'kitchen' } }))
          .status,
      ).toBe(403);
      expect(
        (await as('manager1').call(ticketsRoutes.listTickets, { query: { station: 'bar' } }))
          .status,
      ).toBe(200);
      // A station the restaurant does not have is refused like another's; a malformed one is bad input.
      expect(
        (await as('kitchen1').call(ticketsRoutes.listTickets, { query: { station: 'grill' } }))
          .status,
      ).toBe(403);
      expect(
        (await as('kitchen1').send(ticketsRoutes.listTickets, { query: { station: 'Grill Oven' } }))
          .status,
      ).toBe(400);
    });
  });

  describe('POST /api/tickets/:id/transition', () => {
    const statuses: TicketStatus[] = ['new', 'preparing', 'ready', 'served'];
    for (const from of statuses) {
      for (const action of TICKET_ACTIONS) {
        const to = nextTicketStatus(from, action);
        it(`${from} + ${action} → ${to ?? '409'}`, async () => {
          const { orderId } = await placeOrder('QR-T2', [burger]);
          const ticket = await ticketOf(orderId, 'kitchen');
          await setStatus(ticket.id, from);
          const res = await move('kitchen1', ticket.id, action);
          if (to) {
            expect(res.status).toBe(200);
            expect(res.data.status).toBe(to);
          } else {
            expect(res.status).toBe(409);
            expect(res.body).toEqual({
              success: false,
              error: `Cannot ${action} a ticket that is ${from}`,
              code: 'TICKET_ACTION_REFUSED',
              params: { action, status: from },
            });
            const [after] = await t.database.db
              .select()
              .from(tickets)
              .where(eq(tickets.id, ticket.id));
            expect(after?.status).toBe(from);
          }
        });
      }
    }

    it('sets startTime and readyTime once, and Back keeps them', async () => {
      const { orderId } = await placeOrder('QR-T2', [burger]);
      const ticket = await ticketOf(orderId, 'kitchen');
      const started = (await move('kitchen1', ticket.id, 'start')).data;
      expect(started.startTime).toBeTruthy();
      const ready = (await move('kitchen1', ticket.id, 'ready')).data;
      expect(ready.readyTime).toBeTruthy();
      const back = (await move('kitchen1', ticket.id, 'back')).data;
      expect(back).toMatchObject({
        status: 'preparing',
        startTime: started.startTime,
        readyTime: ready.readyTime,
      });
      const again = (await move('kitchen1', ticket.id, 'ready')).data;
      expect(again.readyTime).toBe(ready.readyTime);
    });

    it('makes the order ready when all its tickets are, and tells its waiter', async () => {
      const { orderId } = await placeOrder('QR-T3', [burger, beer]);
      const published: { type: string; data: Record<string, unknown> }[] = [];
      const off = t.app.bus.subscribe((e) => published.push(e));
      const food = await ticketOf(orderId, 'kitchen');
      const drink = await ticketOf(orderId, 'bar');
      await move('kitchen1', food.id, 'start');
      await move('kitchen1', food.id, 'ready');
      let [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.status).toBe('preparing');
      await move('bar1', drink.id, 'start');
      await move('bar1', drink.id, 'ready');
      [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.status).toBe('ready');
      off();
      expect(published.filter((e) => e.type === 'order_ready').map((e) => e.data.orderId)).toEqual([
        orderId,
      ]);
    });

    it('refuses the other station, other restaurants, unknown ids and bad actions', async () => {
      const { orderId } = await placeOrder('QR-T4', [burger, beer]);
      const food = await ticketOf(orderId, 'kitchen');
      expect((await move('bar1', food.id, 'start')).status).toBe(403);
      expect((await move('waiter1', food.id, 'start')).status).toBe(403);
      expect((await move('kitchen1', '00000000-0000-4000-8000-000000000000', 'start')).status).toBe(
        404,
      );
      expect(
        (
          await as('kitchen1').send(ticketsRoutes.transitionTicket, {
            params: { id: food.id },
            body: { action: 'explode' },
          })
        ).status,
      ).toBe(400);
      expect((await move('kitchen1', 'nope', 'start')).status).toBe(400);

      bearer.rival = (
        await createOtherRestaurant(t, { name: 'Rival', roles: ['kitchen'] })
      ).tokens.kitchen!;
      const res = await move('rival', food.id, 'start');
      expect(res.status).toBe(404);
      const list = await as('rival').call(ticketsRoutes.listTickets, {
        query: { station: 'kitchen' },
      });
      expect(list.data.tickets).toEqual([]);
      const [after] = await t.database.db.select().from(tickets).where(eq(tickets.id, food.id));
      expect(after?.status).toBe('new');
    });

    it('leaves one consistent state when two cooks bump the same ticket at once', async () => {
      const { orderId } = await placeOrder('QR-T5', [burger]);
      const ticket = await ticketOf(orderId, 'kitchen');
      const results = await Promise.all([
        move('kitchen1', ticket.id, 'start'),
        move('manager1', ticket.id, 'start'),
        move('kitchen1', ticket.id, 'start'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const [after] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(after?.status).toBe('preparing');
    });

    it('recalls a served ticket for a short time only', async () => {
      const { orderId } = await placeOrder('QR-T5', [burger]);
      const ticket = await ticketOf(orderId, 'kitchen');
      await setStatus(ticket.id, 'served');
      await t.database.db
        .update(tickets)
        .set({ servedAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(tickets.id, ticket.id));
      const res = await move('kitchen1', ticket.id, 'recall');
      expect(res.status).toBe(409);
      expect(res.error).toMatch(/10 minutes/);
    });
  });

  describe('the waiter floor', () => {
    it('claims, responds, serves and gets paid, with every rule on the server', async () => {
      const { orderId, sessionId } = await placeOrder('QR-T6', [burger]);
      await api.call(requestsRoutes.callWaiter, { body: { token: 'QR-T6' } });
      const floorRes = await as('waiter1').call(floorRoutes.getFloor);
      expect(floorRes.status).toBe(200);
      const table6 = floorRes.data.tables.find((x: { number: number }) => x.number === 6)!;
      expect(table6).toMatchObject({ status: 'needs_attention', assignedWaiter: null, sessionId });
      expect(table6.notifications.map((n: { type: string }) => n.type).sort()).toEqual([
        'call_waiter',
        'new_order',
        'new_table',
      ]);
      expect(table6.currentOrder).toMatchObject({ id: orderId, status: 'new', total: 12.5 });

      expect(
        (await as('waiter1').call(tablesRoutes.claimTable, { params: { id: table6.id } })).status,
      ).toBe(200);
      const stolen = await as('waiter2').call(tablesRoutes.claimTable, {
        params: { id: table6.id },
      });
      expect(stolen.status).toBe(409);
      expect(stolen.error).toBe('Table 6 is already assigned to Marco Rossi');

      // Another waiter cannot respond or serve.
      const call = table6.notifications.find((n: { type: string }) => n.type === 'call_waiter')!;
      expect(
        (
          await as('waiter2').call(requestsRoutes.respondToTable, {
            params: { id: table6.id },
            body: { type: 'call_waiter' },
          })
        ).status,
      ).toBe(403);
      const responded = await as('waiter1').call(requestsRoutes.respondToTable, {
        params: { id: table6.id },
        body: {
          type: 'call_waiter',
          refId: call.refIds[0],
        },
      });
      expect(responded.status).toBe(200);
      await as('waiter1').call(requestsRoutes.respondToTable, {
        params: { id: table6.id },
        body: {
          type: 'new_order',
          refId: orderId,
        },
      });
      const [tableRow] = await t.database.db.select().from(tables).where(eq(tables.id, table6.id));
      expect(tableRow?.status).toBe('active');
      const after = (await as('waiter1').call(floorRoutes.getFloor)).data.tables.find(
        (x: { number: number }) => x.number === 6,
      )!;
      expect(after.notifications).toEqual([]);
      expect(after.assignedWaiter).toEqual({ id: ids.waiter1, name: 'Marco Rossi' });

      // Mark Served only when ready; Mark Paid only when served.
      const early = await as('waiter1').call(ordersRoutes.serveOrder, { params: { id: orderId } });
      expect(early.status).toBe(409);
      expect(
        (
          await as('waiter1').call(paymentsRoutes.recordPayment, {
            params: { id: sessionId },
            body: { method: 'cash' },
          })
        ).status,
      ).toBe(409);
      const ticket = await ticketOf(orderId, 'kitchen');
      await move('kitchen1', ticket.id, 'start');
      await move('kitchen1', ticket.id, 'ready');
      expect(
        (await as('waiter2').call(ordersRoutes.serveOrder, { params: { id: orderId } })).status,
      ).toBe(403);
      expect(
        (await as('waiter1').call(ordersRoutes.serveOrder, { params: { id: orderId } })).status,
      ).toBe(200);
      const [served] = await t.database.db.select().from(tables).where(eq(tables.id, table6.id));
      expect(served?.status).toBe('waiting_payment');
      const [ticketAfter] = await t.database.db
        .select()
        .from(tickets)
        .where(eq(tickets.id, ticket.id));
      expect(ticketAfter?.status).toBe('served');

      const paid = await as('waiter1').call(paymentsRoutes.recordPayment, {
        params: { id: sessionId },
        body: {
          method: 'card',
          tip: 2,
        },
      });
      expect(paid.status).toBe(201);
      // The party's own page knows its session; that is how it still reads "paid".
      const summary = await api.call(diningSessionsRoutes.getSessionSummary, {
        query: { token: 'QR-T6', sessionId },
      });
      expect(summary.data.paymentStatus).toBe('paid');
      const finalFloor = (await as('waiter1').call(floorRoutes.getFloor)).data;
      expect(finalFloor.tables.find((x: { number: number }) => x.number === 6)).toMatchObject({
        status: 'available',
        sessionId: null,
        assignedWaiter: null,
      });
      expect(finalFloor.stats.todaysSales).toBeGreaterThanOrEqual(12.5);
    });

    it('refuses the floor to kitchen staff and unknown tables to waiters', async () => {
      expect((await as('kitchen1').call(floorRoutes.getFloor)).status).toBe(403);
      expect(
        (
          await as('waiter1').call(tablesRoutes.claimTable, {
            params: { id: '00000000-0000-4000-8000-000000000000' },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await as('waiter1').send(requestsRoutes.respondToTable, {
            params: { id: '00000000-0000-4000-8000-000000000000' },
            body: {
              type: 'bogus',
            },
          })
        ).status,
      ).toBe(400);
    });
  });
});
