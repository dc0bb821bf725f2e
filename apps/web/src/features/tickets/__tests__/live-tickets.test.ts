import type { Ticket, TicketList } from '@tavola/contract';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@/lib/realtime/events';
import { applyStationEvent } from '@/features/tickets/api/live-tickets';

const base = { timestamp: '2026-05-01T12:10:00.000Z', userId: null, restaurantId: 'r1' };

function ticket(over: Partial<Ticket> = {}): Ticket {
  return {
    id: 'k1',
    orderId: 'o1',
    orderNumber: 41,
    tableId: 't3',
    tableNumber: 3,
    station: 'kitchen',
    status: 'new',
    priority: 'normal',
    orderTime: '2026-05-01T12:00:00.000Z',
    estimatedTime: 15,
    startTime: null,
    readyTime: null,
    servedTime: null,
    waiter: null,
    customerCount: 2,
    items: [{ name: 'Risotto', quantity: 1, notes: null, category: 'food' }],
    ...over,
  };
}

const kitchenOrder: LiveEvent = {
  ...base,
  seq: 7,
  type: 'kitchen_order',
  data: {
    ticketId: 'k2',
    station: 'kitchen',
    orderId: 'o2',
    orderNumber: 42,
    tableId: 't5',
    tableNumber: 5,
    items: [
      {
        menuItemId: 'm1',
        name: 'Lasagne',
        quantity: 2,
        category: 'food',
        station: 'kitchen',
        notes: 'no basil',
      },
    ],
    estimatedTime: 20,
    orderTime: '2026-05-01T12:09:00.000Z',
    priority: 'high',
    customerCount: 4,
    ticket: ticket({
      id: 'k2',
      orderId: 'o2',
      orderNumber: 42,
      tableId: 't5',
      tableNumber: 5,
      priority: 'high',
      orderTime: '2026-05-01T12:09:00.000Z',
      estimatedTime: 20,
      customerCount: 4,
      waiter: 'Sofia',
      items: [{ name: 'Lasagne', quantity: 2, notes: 'no basil', category: 'food' }],
    }),
  },
};

function updated(
  data: Partial<Extract<LiveEvent, { type: 'kitchen_ticket_updated' }>['data']>,
): LiveEvent {
  return {
    ...base,
    seq: 8,
    type: 'kitchen_ticket_updated',
    data: {
      ticketId: 'k1',
      orderId: 'o1',
      orderNumber: 41,
      tableNumber: 3,
      station: 'kitchen',
      status: 'preparing',
      action: 'start',
      ...data,
    },
  };
}

describe('applyStationEvent', () => {
  const board: TicketList = { tickets: [ticket()], recentlyServed: [] };

  it("adds a new ticket from its station's order event, once, its waiter included", () => {
    const next = applyStationEvent(board, kitchenOrder, 'kitchen');
    expect(next?.tickets.map((t) => [t.id, t.status, t.priority, t.tableNumber, t.waiter])).toEqual(
      [
        ['k1', 'new', 'normal', 3, null],
        ['k2', 'new', 'high', 5, 'Sofia'],
      ],
    );
    expect(next?.tickets[1]?.items).toEqual([
      { name: 'Lasagne', quantity: 2, notes: 'no basil', category: 'food' },
    ]);
    expect(applyStationEvent(next!, kitchenOrder, 'kitchen')).toBeUndefined();
  });

  it("ignores the other station's events", () => {
    expect(applyStationEvent(board, kitchenOrder, 'bar')).toBeUndefined();
    expect(applyStationEvent(board, updated({}), 'bar')).toBeUndefined();
  });

  it('places a moved ticket as its event carries it, served ones in the recall row', () => {
    const ready = ticket({
      status: 'ready',
      startTime: '2026-05-01T12:02:00.000Z',
      readyTime: '2026-05-01T12:08:00.000Z',
    });
    const moved = applyStationEvent(board, updated({ status: 'ready', ticket: ready }), 'kitchen')!;
    expect(moved.tickets).toEqual([ready]);
    const served = { ...ready, status: 'served' as const, servedTime: base.timestamp };
    const done = applyStationEvent(
      moved,
      updated({ status: 'served', ticket: served }),
      'kitchen',
    )!;
    expect(done).toEqual({ tickets: [], recentlyServed: [served] });
  });

  it('moves a ticket from an event without it: served ones to the recall row, recalled ones back', () => {
    const started = applyStationEvent(board, updated({ status: 'preparing' }), 'kitchen')!;
    expect(started.tickets[0]).toMatchObject({ status: 'preparing', startTime: base.timestamp });
    const served = applyStationEvent(started, updated({ status: 'served' }), 'kitchen')!;
    expect(served.tickets).toEqual([]);
    expect(served.recentlyServed[0]).toMatchObject({ id: 'k1', servedTime: base.timestamp });
    const recalled = applyStationEvent(served, updated({ status: 'ready' }), 'kitchen')!;
    expect(recalled.recentlyServed).toEqual([]);
    expect(recalled.tickets[0]).toMatchObject({ id: 'k1', status: 'ready', servedTime: null });
  });

  it('shows what a void left, and drops a ticket the void emptied', () => {
    const left = [{ name: 'Risotto', quantity: 1, notes: null, category: 'food' }];
    const voided = applyStationEvent(
      { tickets: [ticket({ items: [{ ...left[0]!, quantity: 3 }] })], recentlyServed: [] },
      updated({ status: 'new', items: left }),
      'kitchen',
    )!;
    expect(voided.tickets[0]?.items).toEqual(left);
    expect(
      applyStationEvent(board, updated({ status: 'new', removed: true }), 'kitchen')?.tickets,
    ).toEqual([]);
  });

  it("names the waiter who claimed the ticket's table", () => {
    const claim: LiveEvent = {
      ...base,
      seq: 9,
      type: 'table_updated',
      data: {
        tableId: 't3',
        tableNumber: 3,
        status: 'active',
        assignedWaiterId: 'u1',
        assignedWaiterName: 'Sofia',
      },
    };
    expect(applyStationEvent(board, claim, 'kitchen')?.tickets[0]?.waiter).toBe('Sofia');
    const response: LiveEvent = {
      ...claim,
      data: { ...claim.data, assignedWaiterName: undefined },
    };
    expect(applyStationEvent(board, response, 'kitchen')).toBeUndefined();
  });

  it('names the waiter a table is handed to, and nobody once it is released', () => {
    const handed: LiveEvent = {
      ...base,
      seq: 9,
      type: 'table_reassigned',
      data: {
        tableId: 't3',
        tableNumber: 3,
        status: 'active',
        from: { id: 'u1', name: 'Sofia' },
        to: { id: 'u2', name: 'Anna' },
        via: 'hand_over',
      },
    };
    const sofias = { ...board, tickets: board.tickets.map((t) => ({ ...t, waiter: 'Sofia' })) };
    expect(applyStationEvent(sofias, handed, 'kitchen')?.tickets[0]?.waiter).toBe('Anna');
    const released: LiveEvent = {
      ...handed,
      data: { ...handed.data, to: null, via: 'deactivated' },
    };
    expect(applyStationEvent(sofias, released, 'kitchen')?.tickets[0]?.waiter).toBeNull();
    const elsewhere: LiveEvent = { ...handed, data: { ...handed.data, tableId: 't9' } };
    expect(applyStationEvent(sofias, elsewhere, 'kitchen')).toBeUndefined();
  });

  it("takes a changed priority for this station's open tickets only", () => {
    const changed = (tickets: Ticket[]): LiveEvent => ({
      ...base,
      seq: 10,
      type: 'priority_changed',
      data: {
        orderId: 'o1',
        orderNumber: 41,
        tableId: 't3',
        tableNumber: 3,
        priority: 'urgent',
        scope: 'order',
        tickets,
      },
    });
    const urgent = ticket({ priority: 'urgent' });
    expect(applyStationEvent(board, changed([urgent]), 'kitchen')?.tickets).toEqual([urgent]);
    // The bar's ticket of the same order, or a ticket this board does not hold: nothing to do.
    const drink = ticket({ id: 'b1', station: 'bar', priority: 'urgent' });
    expect(applyStationEvent(board, changed([drink]), 'kitchen')).toBeUndefined();
    expect(applyStationEvent(board, changed([ticket({ id: 'k9' })]), 'kitchen')).toBeUndefined();
  });
});
