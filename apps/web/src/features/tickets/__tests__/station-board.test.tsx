import type { Station, Ticket, TicketStatus } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticket } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

/**
 * A station's server: the tickets it would list, which the test changes together with the events
 * it pushes. Only the first load is answered at once; refetches wait until the test lets them
 * through, so what the board shows before that came from the events alone.
 */
function stationServer(initial: Ticket[]) {
  const board = { tickets: [...initial], recentlyServed: [] as Ticket[] };
  let answerRefetches = () => {};
  const refetchesAnswered = new Promise<void>((resolve) => (answerRefetches = resolve));
  let loads = 0;
  const api = fakeApi({
    'GET /api/tickets': async () => {
      loads += 1;
      if (loads > 1) await refetchesAnswered;
      return { data: structuredClone(board) };
    },
    'POST /api/tickets/k1/transition': { data: initial[0] },
    'POST /api/tickets/k1/priority': { data: initial[0] },
  });
  return { board, api, answerRefetches, loads: () => loads };
}

function orderEvent(station: Station, t: Ticket) {
  const data = {
    ticketId: t.id,
    station,
    orderId: t.orderId,
    orderNumber: t.orderNumber,
    tableId: t.tableId,
    tableNumber: t.tableNumber,
    items: t.items.map((i) => ({ ...i, menuItemId: `m-${i.name}`, station })),
    estimatedTime: t.estimatedTime,
    orderTime: t.orderTime,
    priority: t.priority,
    customerCount: t.customerCount,
    ticket: t,
  };
  if (station === 'kitchen') return serverEvent('kitchen_order', data);
  if (station === 'bar') return serverEvent('bar_order', data);
  return serverEvent('station_order', data);
}

function movedEvent(t: Ticket, status: TicketStatus, action: string) {
  const data = {
    ticketId: t.id,
    orderId: t.orderId,
    orderNumber: t.orderNumber,
    tableNumber: t.tableNumber,
    station: t.station,
    status,
    action,
    ticket: { ...t, status },
  };
  return serverEvent('kitchen_ticket_updated', data);
}

const column = (name: string) => screen.getByRole('region', { name });
const card = (orderNumber: number, table: number) =>
  screen.queryByRole('article', { name: `Order ${orderNumber}, table ${table}` });

beforeEach(() => FakeWebSocket.install());

describe('kitchen display: live tickets', () => {
  it('shows a new ticket from its event at once, and only once', async () => {
    const first = ticket({ id: 'k1', orderNumber: 41, tableNumber: 3 });
    const server = stationServer([first]);
    const { board } = server;
    renderRoute('/kitchen', { user: staffUser('kitchen') });

    await screen.findByRole('region', { name: 'New Orders' });
    expect(await within(column('New Orders')).findByRole('article')).toHaveAccessibleName(
      'Order 41, table 3',
    );
    const socket = FakeWebSocket.latest();
    expect(socket.params.get('role')).toBe('kitchen');
    socket.serverOpen();

    const second = ticket({
      id: 'k2',
      orderNumber: 42,
      tableNumber: 5,
      priority: 'high',
      waiter: 'Sofia',
      items: [{ name: 'Lasagne', quantity: 2, notes: 'no basil', category: 'food' }],
    });
    board.tickets.push(second);
    const event = orderEvent('kitchen', second);
    socket.serverSend(event);

    // The board applies the event itself, the whole ticket with its table's waiter: refetches
    // are held back, so nothing here came from one.
    const added = await screen.findByRole('article', { name: 'Order 42, table 5' });
    expect(within(added).getByText('Lasagne')).toBeInTheDocument();
    expect(within(added).getByText('Sofia')).toBeInTheDocument();
    expect(within(added).getByText('“no basil”')).toBeInTheDocument();
    expect(screen.getByTestId('count-new')).toHaveTextContent('2');

    // The same ticket again (a resumed connection replays it) and another station's ticket.
    socket.serverSend({ ...event, seq: event.seq + 100 });
    socket.serverSend(orderEvent('bar', ticket({ id: 'b1', orderNumber: 43, station: 'bar' })));
    // A later kitchen ticket shows, so the two before it have been handled (and ignored).
    const third = ticket({ id: 'k3', orderNumber: 44, tableNumber: 6 });
    board.tickets.push(third);
    socket.serverSend(orderEvent('kitchen', third));
    await screen.findByRole('article', { name: 'Order 44, table 6' });
    expect(
      within(column('New Orders'))
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'))
        .sort(),
    ).toEqual(['Order 41, table 3', 'Order 42, table 5', 'Order 44, table 6']);
    expect(card(43, 3)).not.toBeInTheDocument();
    expect(server.loads()).toBe(1);
  });

  it("marks a waiter's change of a new ticket, live and after a reload", async () => {
    const first = ticket({
      id: 'k1',
      orderNumber: 41,
      tableNumber: 3,
      items: [{ name: 'Classic Burger', quantity: 2, notes: null, category: 'food' }],
    });
    const { board } = stationServer([first]);
    renderRoute('/kitchen', { user: staffUser('kitchen') });
    const before = await screen.findByRole('article', { name: 'Order 41, table 3' });
    expect(within(before).queryByRole('region', { name: 'Changed by the waiter' })).toBeNull();
    const socket = FakeWebSocket.latest();
    socket.serverOpen();

    const changed: Ticket = {
      ...first,
      items: [{ name: 'Classic Burger', quantity: 1, notes: 'no onions', category: 'food' }],
      changes: [
        {
          name: 'Classic Burger',
          from: { quantity: 2, notes: null },
          to: { quantity: 1, notes: 'no onions' },
          by: 'Marco Rossi',
          at: new Date().toISOString(),
        },
        {
          name: 'Truffle Fries',
          from: { quantity: 1, notes: null },
          to: { quantity: 0, notes: null },
          by: 'Marco Rossi',
          at: new Date().toISOString(),
        },
      ],
    };
    board.tickets[0] = changed;
    socket.serverSend(
      serverEvent('kitchen_ticket_updated', {
        ticketId: 'k1',
        orderId: first.orderId,
        orderNumber: 41,
        tableNumber: 3,
        station: 'kitchen',
        status: 'new',
        action: 'changed',
        ticket: changed,
      }),
    );
    const marked = await within(
      await screen.findByRole('article', { name: 'Order 41, table 3' }),
    ).findByRole('region', { name: 'Changed by the waiter' });
    expect(
      within(marked).getByText('Classic Burger: 2 → 1, note “no onions” (Marco Rossi)'),
    ).toBeInTheDocument();
    expect(
      within(marked).getByText('Truffle Fries: taken off (was 1) (Marco Rossi)'),
    ).toBeInTheDocument();
  });

  it('moves a bumped ticket across the columns, then to the recall row when served', async () => {
    const first = ticket({ id: 'k1', orderNumber: 41, tableNumber: 3 });
    const { board, api } = stationServer([first]);
    const { user } = renderRoute('/kitchen', { user: staffUser('kitchen') });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();

    await screen.findByRole('region', { name: 'New Orders' });
    const newCard = await within(column('New Orders')).findByRole('article');
    await user.click(within(newCard).getByRole('button', { name: 'Start Cooking' }));
    await waitFor(() => expect(api.callsTo('POST /api/tickets/k1/transition')).toHaveLength(1));
    expect(api.callsTo('POST /api/tickets/k1/transition')[0]?.body).toEqual({ action: 'start' });

    // The move's own event is what moves the card.
    board.tickets[0] = { ...first, status: 'preparing' };
    socket.serverSend(movedEvent(first, 'preparing', 'start'));
    expect(await within(column('Preparing')).findByRole('article')).toHaveAccessibleName(
      'Order 41, table 3',
    );
    expect(within(column('New Orders')).queryByRole('article')).not.toBeInTheDocument();
    expect(within(column('Preparing')).getByRole('button', { name: 'Mark Ready' })).toBeVisible();

    board.tickets[0] = { ...first, status: 'ready' };
    socket.serverSend(movedEvent(first, 'ready', 'ready'));
    expect(await within(column('Ready for Service')).findByRole('article')).toBeInTheDocument();

    board.tickets = [];
    board.recentlyServed = [{ ...first, status: 'served' }];
    socket.serverSend(movedEvent(first, 'served', 'served'));
    expect(await screen.findByRole('button', { name: 'Recall #41 (table 3)' })).toBeInTheDocument();
    expect(card(41, 3)).not.toBeInTheDocument();
    expect(screen.getByTestId('count-ready')).toHaveTextContent('0');
  });

  it('says so when the line drops, reconnects from the last event it saw, and carries on', async () => {
    const first = ticket({ id: 'k1', orderNumber: 41, tableNumber: 3 });
    const { board } = stationServer([first]);
    renderRoute('/kitchen', { user: staffUser('kitchen') });
    await screen.findByRole('article', { name: 'Order 41, table 3' });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    expect(document.documentElement.dataset.realtime).toBe('connected');

    const second = ticket({ id: 'k2', orderNumber: 42, tableNumber: 5 });
    board.tickets.push(second);
    const placed = orderEvent('kitchen', second);
    socket.serverSend(placed);
    await screen.findByRole('article', { name: 'Order 42, table 5' });

    socket.serverClose(1006);
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(document.documentElement.dataset.realtime).toBe('reconnecting');

    // The client retries on its own (within a second) and asks for what it missed.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const resumed = FakeWebSocket.latest();
    expect(resumed.params.get('lastSeq')).toBe(String(placed.seq));
    expect(resumed.params.get('token')).toBe(socket.params.get('token'));
    resumed.serverOpen();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());

    // What the server replays after the resume point is applied like any event.
    board.tickets[0] = { ...first, status: 'preparing' };
    resumed.serverSend(movedEvent(first, 'preparing', 'start'));
    expect(await within(column('Preparing')).findByRole('article')).toHaveAccessibleName(
      'Order 41, table 3',
    );
  });
});

describe('kitchen display: priority', () => {
  const urgentEvent = (t: Ticket) =>
    serverEvent('priority_changed', {
      orderId: t.orderId,
      orderNumber: t.orderNumber,
      tableId: t.tableId,
      tableNumber: t.tableNumber,
      priority: 'urgent',
      scope: 'order',
      tickets: [{ ...t, priority: 'urgent' }],
    });

  it('puts a ticket made urgent first, marks it and announces it', async () => {
    const older = ticket({
      id: 'k1',
      orderNumber: 41,
      tableNumber: 3,
      orderTime: '2026-05-01T12:00:00.000Z',
    });
    const newer = ticket({
      id: 'k2',
      orderNumber: 42,
      tableNumber: 5,
      orderTime: '2026-05-01T12:05:00.000Z',
    });
    const server = stationServer([older, newer]);
    renderRoute('/kitchen', { user: staffUser('kitchen') });
    await screen.findByRole('article', { name: 'Order 42, table 5' });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    const order = () =>
      within(column('New Orders'))
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'));
    expect(order()).toEqual(['Order 41, table 3', 'Order 42, table 5']);
    // The kitchen reads priorities; it does not set them.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(card(42, 5)!).getByText('Normal')).toBeInTheDocument();

    socket.serverSend(urgentEvent(newer));
    await waitFor(() => expect(order()).toEqual(['Order 42, table 5', 'Order 41, table 3']));
    expect(within(card(42, 5)!).getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByText('Urgent: order #42, table 5').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'assertive',
    );
    // From the event alone: the board was loaded once.
    expect(server.loads()).toBe(1);

    // Lowered again, it takes its place by age and the announcement goes.
    socket.serverSend(
      serverEvent('priority_changed', {
        orderId: newer.orderId,
        orderNumber: 42,
        tableId: newer.tableId,
        tableNumber: 5,
        priority: 'normal',
        scope: 'ticket',
        tickets: [newer],
      }),
    );
    await waitFor(() => expect(order()).toEqual(['Order 41, table 3', 'Order 42, table 5']));
    expect(screen.queryByText('Urgent: order #42, table 5')).not.toBeInTheDocument();
  });

  it("lets a manager at the display set a ticket's priority", async () => {
    const first = ticket({ id: 'k1', orderNumber: 41, tableNumber: 3 });
    const { api } = stationServer([first]);
    const { user } = renderRoute('/kitchen', { user: staffUser('manager') });
    const select = await screen.findByRole('combobox', { name: 'Priority of order 41' });
    await user.selectOptions(select, 'High');
    await waitFor(() => expect(api.callsTo('POST /api/tickets/k1/priority')).toHaveLength(1));
    expect(api.callsTo('POST /api/tickets/k1/priority')[0]?.body).toEqual({ priority: 'high' });
  });
});
