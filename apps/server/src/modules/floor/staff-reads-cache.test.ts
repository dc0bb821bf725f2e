import {
  floorRoutes,
  paymentsRoutes,
  reportsRoutes,
  tablesRoutes,
  TICKET_RECALL_MINUTES,
  ticketsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachesOf } from '../../core/cache/hub.js';
import { tables } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import {
  createOtherRestaurant,
  placeGuestOrder,
  signInAs,
  type DemoRole,
} from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { businessDayEndsAt } from '../business-days/index.js';

/**
 * The staff's reads (the floor, a station's tickets, the history's first page) are kept per
 * restaurant; each test first shows the second read was served from memory, so what follows
 * proves the cache gave way: to a commit on this instance, or to the clock.
 */
describe.each(BACKENDS)("the staff's cached reads on %s", (backend) => {
  let t: TestApp;
  let api: Client;
  const token: Partial<Record<DemoRole | 'other', string>> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const role of ['manager', 'waiter', 'kitchen', 'bar'] as const) {
      token[role] = await signInAs(t, role);
    }
    token.other = (await createOtherRestaurant(t, { name: 'Altrove' })).tokens.manager!;
  }, 180_000);
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const as = (who: DemoRole | 'other') => api.as(token[who]!);
  const hits = (cache: string) => cachesOf(t.app.bus).stats()[cache]?.hits ?? 0;
  /** Reads twice and checks the second answer came from memory; returns it. */
  async function twice<R>(cache: string, read: () => Promise<R>): Promise<R> {
    await read();
    const before = hits(cache);
    const again = await read();
    expect(hits(cache)).toBe(before + 1);
    return again;
  }
  const floor = async (who: DemoRole | 'other' = 'waiter') => {
    const res = await as(who).call(floorRoutes.getFloor);
    expect(res.status).toBe(200);
    return res.data;
  };
  const tableAt = async (number: number) =>
    (await floor()).tables.find((x) => x.number === number)!;
  const kitchen = async (who: DemoRole = 'kitchen', station = 'kitchen') => {
    const res = await as(who).call(ticketsRoutes.listTickets, { query: { station } });
    expect(res.status).toBe(200);
    return res.data;
  };
  const history = async (who: DemoRole | 'other' = 'manager') => {
    const res = await as(who).call(reportsRoutes.getOrderHistory, { query: {} });
    expect(res.status).toBe(200);
    return res.data;
  };
  const move = (ticketId: string, action: 'start' | 'ready' | 'served') =>
    as('kitchen').call(ticketsRoutes.transitionTicket, {
      params: { id: ticketId },
      body: { action },
    });

  it('shows an order, a claim and a payment on the floor the moment each has committed', async () => {
    expect((await twice('staff-floors', () => tableAt(3))).orders).toEqual([]);
    const placed = await placeGuestOrder(t, 'QR-T3', [['Classic Burger', 1]]);
    expect(placed.status).toBe(201);
    const seated = await tableAt(3);
    expect(seated.orders.map((o) => o.id)).toEqual([placed.data.orderId]);

    await twice('staff-floors', () => tableAt(3));
    const claimed = await as('waiter').call(tablesRoutes.claimTable, { params: { id: seated.id } });
    expect(claimed.status).toBe(200);
    expect((await tableAt(3)).assignedWaiter).not.toBeNull();

    const salesBefore = (await twice('staff-floors', () => floor())).stats.todaysSales;
    const paid = await as('manager').call(paymentsRoutes.recordPayment, {
      params: { id: placed.data.sessionId },
      body: { method: 'card', tip: 0 },
    });
    expect(paid.status).toBe(201);
    const after = await floor();
    expect(after.stats.todaysSales).toBeGreaterThan(salesBefore);
    expect(after.tables.find((x) => x.number === 3)!.sessionId).toBeNull();
  });

  it("shows a station's new ticket and each bump at once", async () => {
    const before = await twice('station-tickets', () => kitchen());
    const placed = await placeGuestOrder(t, 'QR-T4', [['Classic Burger', 1]]);
    const ticket = (await kitchen()).tickets.find((x) => x.orderId === placed.data.orderId)!;
    expect(ticket.status).toBe('new');
    expect((await kitchen()).tickets).toHaveLength(before.tickets.length + 1);

    await twice('station-tickets', () => kitchen());
    expect((await move(ticket.id, 'start')).status).toBe(200);
    const started = (await kitchen()).tickets.find((x) => x.id === ticket.id)!;
    expect(started.status).toBe('preparing');

    expect((await move(ticket.id, 'ready')).status).toBe(200);
    await twice('station-tickets', () => kitchen());
    expect((await move(ticket.id, 'served')).status).toBe(200);
    const served = await kitchen();
    expect(served.tickets.map((x) => x.id)).not.toContain(ticket.id);
    expect(served.recentlyServed.map((x) => x.id)).toContain(ticket.id);
  });

  it("shows a new order on the history's first page at once", async () => {
    const before = await twice('history-first-pages', () => history());
    const placed = await placeGuestOrder(t, 'QR-T5', [['Craft Beer', 2]]);
    expect(placed.status).toBe(201);
    const after = await history();
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]!.orderNumber).toBe(placed.data.order_number);
  });

  it('drops a served ticket from the recall list the moment it ages out, not later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const placed = await placeGuestOrder(t, 'QR-T6', [['Classic Burger', 1]]);
    const ticket = (await kitchen()).tickets.find((x) => x.orderId === placed.data.orderId)!;
    for (const action of ['start', 'ready', 'served'] as const)
      expect((await move(ticket.id, action)).status).toBe(200);
    const servedAt = Date.parse(
      (await kitchen()).recentlyServed.find((x) => x.id === ticket.id)!.servedTime!,
    );

    // A second before it ages out, the list (still showing it) is kept…
    vi.setSystemTime(servedAt + TICKET_RECALL_MINUTES * 60_000 - 1_000);
    const last = await twice('station-tickets', () => kitchen());
    expect(last.recentlyServed.map((x) => x.id)).toContain(ticket.id);
    // …and not served a moment past it, though nothing was written.
    vi.setSystemTime(servedAt + TICKET_RECALL_MINUTES * 60_000 + 1_000);
    expect((await kitchen()).recentlyServed.map((x) => x.id)).not.toContain(ticket.id);
  });

  it('reads the floor and the history again once the business day ends, though nothing was written', async () => {
    const dayEnds = await businessDayEndsAt(t.database.db, t.restaurantId, new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(dayEnds - 2_000);
    // Sessions begun now, by this clock, outlive the jump to the day's end.
    token.manager = await signInAs(t, 'manager');
    token.waiter = await signInAs(t, 'waiter');
    await placeGuestOrder(t, 'QR-T7', [['Craft Beer', 1]]);
    await twice('staff-floors', () => floor());
    await twice('history-first-pages', () => history());

    // A change behind the server's back (no event): only the clock can make it show.
    const [t7] = await t.database.db
      .update(tables)
      .set({ number: 77 })
      .where(eq(tables.number, 7))
      .returning({ id: tables.id });
    try {
      vi.setSystemTime(dayEnds - 1_000);
      expect((await floor()).tables.map((x) => x.number)).not.toContain(77);
      expect((await history()).rows[0]!.tableNumber).toBe(7);
      // The day "today" meant has ended: the takings and the 30 days are another day's.
      vi.setSystemTime(dayEnds + 1);
      expect((await floor()).tables.map((x) => x.number)).toContain(77);
      expect((await history()).rows[0]!.tableNumber).toBe(77);
    } finally {
      await t.database.db.update(tables).set({ number: 7 }).where(eq(tables.id, t7!.id));
      t.forgetCaches();
    }
  });

  it("never answers one caller with a view another caller's rights do not give", async () => {
    // The kitchen's list is kept, but the bar may not read it, and reads its own.
    await twice('station-tickets', () => kitchen());
    const refused = await as('bar').call(ticketsRoutes.listTickets, {
      query: { station: 'kitchen' },
    });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('STATION_VIEW_NOT_ALLOWED');
    const bar = await kitchen('bar', 'bar');
    expect(bar.tickets.every((x) => x.station === 'bar')).toBe(true);
    // A station nobody has is refused the same way, kept or not.
    for (let i = 0; i < 2; i++) {
      const none = await as('kitchen').call(ticketsRoutes.listTickets, {
        query: { station: 'pastry' },
      });
      expect(none.status).toBe(403);
    }
    // The kitchen may not read the floor, nor a waiter the history, once it is kept.
    await twice('staff-floors', () => floor('manager'));
    expect((await as('kitchen').call(floorRoutes.getFloor)).status).toBe(403);
    await twice('history-first-pages', () => history('manager'));
    expect((await as('waiter').call(reportsRoutes.getOrderHistory, { query: {} })).status).toBe(
      403,
    );
  });

  it("keeps each restaurant's answers apart, and another restaurant's change leaves them kept", async () => {
    const ours = await twice('staff-floors', () => floor());
    const theirs = await floor('other');
    const ourIds = new Set(ours.tables.map((x) => x.id));
    expect(theirs.tables.some((x) => ourIds.has(x.id))).toBe(false);
    expect((await history('other')).total).toBe(0);

    const created = await as('other').call(tablesRoutes.createTable, {
      body: { number: 42, capacity: 2 },
    });
    expect(created.status).toBe(201);
    expect((await floor('other')).tables.map((x) => x.number)).toContain(42);
    const before = hits('staff-floors');
    expect((await floor()).tables.map((x) => x.number)).not.toContain(42);
    expect(hits('staff-floors')).toBe(before + 1);
  });
});
