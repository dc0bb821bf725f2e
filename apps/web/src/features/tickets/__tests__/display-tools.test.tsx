import type { StationRow, Ticket } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticket } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const STATIONS: StationRow[] = [
  {
    id: 's1',
    slug: 'kitchen',
    name: 'Kitchen',
    kind: 'kitchen',
    displayOrder: 0,
    active: true,
    ticketMinutes: null,
    builtIn: true,
  },
  {
    id: 's2',
    slug: 'bar',
    name: 'Bar',
    kind: 'bar',
    displayOrder: 1,
    active: true,
    ticketMinutes: null,
    builtIn: true,
  },
  {
    id: 's3',
    slug: 'grill',
    name: 'Grill',
    kind: 'kitchen',
    displayOrder: 2,
    active: true,
    ticketMinutes: 12,
    builtIn: false,
  },
];

const steak = (quantity: number) => ({
  name: 'Ribeye',
  quantity,
  notes: null,
  category: 'food',
  seat: null,
  course: null,
});

function grillServer(tickets: Ticket[], recentlyServed: Ticket[] = []) {
  return fakeApi({
    'GET /api/stations': { data: STATIONS },
    'GET /api/tickets': { data: { tickets, recentlyServed } },
    'POST /api/tickets/g1/transition': { data: tickets[0] },
    'POST /api/tickets/g2/transition': { data: tickets[1] },
    'POST /api/tickets/g9/transition': { data: recentlyServed[0] },
  });
}

function grillOrder(t: Ticket) {
  return serverEvent('station_order', {
    ticketId: t.id,
    station: t.station,
    orderId: t.orderId,
    orderNumber: t.orderNumber,
    tableId: t.tableId,
    tableNumber: t.tableNumber,
    items: t.items.map((i) => ({ ...i, menuItemId: `m-${i.name}`, station: t.station })),
    estimatedTime: t.estimatedTime,
    orderTime: t.orderTime,
    priority: t.priority,
    customerCount: t.customerCount,
    ticket: t,
  });
}

beforeAll(() => preloadRoute('/station'));

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});

describe('an added station: its display and its tools', () => {
  it('shows its own tickets under its name, with all-day counts and batches that follow events', async () => {
    const first = ticket({
      id: 'g1',
      orderNumber: 51,
      tableNumber: 4,
      station: 'grill',
      items: [steak(2)],
    });
    grillServer([first]);
    const { user } = renderRoute('/station/grill', { user: staffUser('kitchen') });
    expect(await screen.findByRole('heading', { name: 'Grill Display' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Order 51, table 4' });

    // The counts are a switch, off until the screen turns them on (then kept).
    expect(screen.queryByRole('list', { name: 'All-day counts' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All day' }));
    const counts = screen.getByRole('list', { name: 'All-day counts' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 Ribeye']);

    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    // Another added station's ticket is not this display's; this one's adds up.
    socket.serverSend(
      grillOrder(ticket({ id: 'p1', orderNumber: 52, station: 'pizza', items: [steak(5)] })),
    );
    socket.serverSend(
      grillOrder(
        ticket({ id: 'g2', orderNumber: 53, tableNumber: 6, station: 'grill', items: [steak(1)] }),
      ),
    );
    await screen.findByRole('article', { name: 'Order 53, table 6' });
    await waitFor(() =>
      expect(
        within(counts)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['3 Ribeye']),
    );
    expect(screen.queryByRole('article', { name: /Order 52/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Batch view' }));
    const batches = screen.getByRole('list', { name: 'Batches' });
    expect(within(batches).getByRole('listitem')).toHaveTextContent('3 × Ribeye#51, #53');
  });

  it('works from a bump bar: a number selects, Enter moves it on, R recalls', async () => {
    const first = ticket({ id: 'g1', orderNumber: 61, tableNumber: 2, station: 'grill' });
    const second = ticket({
      id: 'g2',
      orderNumber: 62,
      tableNumber: 7,
      station: 'grill',
      status: 'preparing',
    });
    const served = ticket({
      id: 'g9',
      orderNumber: 60,
      tableNumber: 1,
      station: 'grill',
      status: 'served',
    });
    const api = grillServer([first, second], [served]);
    const { user } = renderRoute('/station/grill', { user: staffUser('kitchen') });
    const preparing = await screen.findByRole('article', { name: 'Order 62, table 7' });

    // Reading order: New Orders first, then Preparing, so order 62 is key 2.
    await user.keyboard('2');
    expect(preparing).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.callsTo('POST /api/tickets/g2/transition').map((c) => c.body)).toEqual([
        { action: 'ready' },
      ]),
    );

    await user.keyboard('1');
    await user.keyboard('b');
    await waitFor(() =>
      expect(api.callsTo('POST /api/tickets/g1/transition').map((c) => c.body)).toEqual([
        { action: 'start' },
      ]),
    );

    await user.keyboard('r');
    await waitFor(() =>
      expect(api.callsTo('POST /api/tickets/g9/transition').map((c) => c.body)).toEqual([
        { action: 'recall' },
      ]),
    );
    // A key with nothing selected for it does nothing.
    await user.keyboard('9');
    expect(api.callsTo('POST /api/tickets/g1/transition')).toHaveLength(1);
  });
});
