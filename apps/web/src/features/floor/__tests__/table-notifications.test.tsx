import type { FloorOrder } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const order = (id: string, orderNumber: number, over: Partial<FloorOrder> = {}): FloorOrder => ({
  id,
  orderNumber,
  status: 'new',
  priority: 'normal',
  total: 12,
  createdAt: '2026-05-01T12:00:00.000Z',
  items: [{ id: `${id}-i`, name: 'Risotto', quantity: 1, lineTotal: 12, discount: 0 }],
  ...over,
});

/**
 * Table 5, Sofia's, with two new orders and a waiter call. With `holdReloads`, only the first load
 * is answered and reloads wait, so what the card shows after an event came from the event alone.
 */
function floorServer({ holdReloads }: { holdReloads: boolean }) {
  // Untyped on purpose where the card does not look: the stats are another screen's concern.
  const floor = {
    tables: [
      floorTable({
        id: 't5',
        number: 5,
        assignedWaiter: { id: 'w1', name: 'Sofia' },
        status: 'needs_attention',
        orders: [order('o1', 41), order('o2', 42)],
        currentOrder: order('o2', 42),
        notifications: [
          {
            type: 'new_order',
            count: 2,
            refIds: ['o1', 'o2'],
            message: 'New order #42',
            createdAt: '2026-05-01T12:00:00.000Z',
          },
          {
            type: 'call_waiter',
            count: 1,
            refIds: ['r1'],
            message: 'Table 5 is calling',
            // Just now: a call waiting for minutes reads "still waiting?" (its own test below).
            createdAt: new Date().toISOString(),
          },
        ],
      }),
    ],
    stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 2 },
  };
  let loads = 0;
  const api = fakeApi({
    'GET /api/tables/floor': async () => {
      loads += 1;
      if (loads > 1 && holdReloads) await new Promise(() => undefined);
      return { data: floor };
    },
    'POST /api/tables/t5/respond': { data: { responded: 'new_order' } },
    'POST /api/orders/o2/priority': {
      data: { orderId: 'o2', orderNumber: 42, priority: 'urgent', tickets: [] },
    },
  });
  return { api, loads: () => loads };
}

const orderUpdated = (orderId: string, orderNumber: number, status: FloorOrder['status']) =>
  serverEvent('order_updated', {
    orderId,
    orderNumber,
    tableId: 't5',
    tableNumber: 5,
    waiterId: 'w1',
    status,
  });

beforeEach(() => FakeWebSocket.install());

// The route's code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => preloadRoute('/waiter'), 120_000);

describe("a table card's notifications", () => {
  it('shows one badge per kind with its count, and follows the orders and answers live', async () => {
    const server = floorServer({ holdReloads: true });
    renderRoute('/waiter', { user: staffUser('waiter', { id: 'w1' }) });
    const card = await screen.findByRole('article', { name: 'Table 5' });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();

    // Two new orders are one badge that counts them.
    expect(within(card).getByText('2 new orders')).toBeInTheDocument();
    expect(within(card).queryByText('New order')).not.toBeInTheDocument();
    expect(within(card).getByText('Call waiter')).toBeInTheDocument();

    // An order still being made is still new; a served one is not.
    socket.serverSend(orderUpdated('o1', 41, 'preparing'));
    socket.serverSend(orderUpdated('o1', 41, 'served'));
    expect(await within(card).findByText('New order')).toBeInTheDocument();
    expect(within(card).queryByText('2 new orders')).not.toBeInTheDocument();

    // The call answered (by anyone): its badge goes, and the table is active again.
    socket.serverSend(
      serverEvent('table_updated', {
        tableId: 't5',
        tableNumber: 5,
        status: 'active',
        responded: 'call_waiter',
        assignedWaiterId: 'w1',
      }),
    );
    await waitFor(() => expect(within(card).queryByText('Call waiter')).not.toBeInTheDocument());
    expect(within(card).getByText('Active')).toBeInTheDocument();

    // The last new order acknowledged: no badge is left.
    socket.serverSend(
      serverEvent('table_updated', {
        tableId: 't5',
        tableNumber: 5,
        status: 'active',
        responded: 'new_order',
        refId: 'o2',
        assignedWaiterId: 'w1',
      }),
    );
    await waitFor(() => expect(within(card).queryByText('New order')).not.toBeInTheDocument());
    // A raised priority shows on the card at once.
    socket.serverSend(
      serverEvent('priority_changed', {
        orderId: 'o2',
        orderNumber: 42,
        tableId: 't5',
        tableNumber: 5,
        priority: 'urgent',
        scope: 'order',
        tickets: [],
      }),
    );
    expect(await within(card).findByText('Urgent')).toBeInTheDocument();
    // All of it from the events: the floor was loaded once.
    expect(server.loads()).toBe(1);
  });

  it("answers a badge for all it counts, and sets an order's priority from its card", async () => {
    const server = floorServer({ holdReloads: false });
    const { user } = renderRoute('/waiter', { user: staffUser('waiter', { id: 'w1' }) });
    const card = await screen.findByRole('article', { name: 'Table 5' });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    await user.click(within(card).getAllByRole('button')[0]!);

    // One Respond per kind, answering every open one of it (no single refId).
    expect(within(card).getAllByRole('button', { name: /^Respond:/ })).toHaveLength(2);
    expect(within(card).getByRole('button', { name: 'Respond: Call waiter' })).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Respond: 2 new orders' }));
    await waitFor(() => expect(server.api.callsTo('POST /api/tables/t5/respond')).toHaveLength(1));
    expect(server.api.callsTo('POST /api/tables/t5/respond')[0]?.body).toEqual({
      type: 'new_order',
    });

    const select = within(card).getByLabelText('Priority of order #42');
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Urgent');
    await waitFor(() => expect(server.api.callsTo('POST /api/orders/o2/priority')).toHaveLength(1));
    expect(server.api.callsTo('POST /api/orders/o2/priority')[0]?.body).toEqual({
      priority: 'urgent',
    });
  });

  it('marks a call unanswered for five minutes "still waiting?", for the waiter and the manager', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const call = (tableId: string, number: number, createdAt: string) =>
      floorTable({
        id: tableId,
        number,
        sessionId: `s-${tableId}`,
        assignedWaiter: { id: 'w1', name: 'Sofia' },
        status: 'needs_attention',
        notifications: [
          {
            type: 'call_waiter',
            count: 1,
            refIds: [`r-${tableId}`],
            message: `Table ${number} is calling`,
            createdAt,
          },
        ],
      });
    fakeApi({
      'GET /api/tables/floor': {
        data: {
          tables: [call('t1', 1, minutesAgo(6)), call('t2', 2, minutesAgo(1))],
          stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 0 },
        },
      },
    });
    for (const user of [
      staffUser('waiter', { id: 'w1', name: 'Sofia' }),
      staffUser('manager', { id: 'm1', name: 'Marco' }),
    ]) {
      const view = renderRoute('/waiter', { user });
      if (user.role === 'manager') {
        await view.user.click(await screen.findByRole('tab', { name: 'All Active' }));
      }
      const waited = await screen.findByRole('article', { name: 'Table 1' });
      expect(within(waited).getByText('Call waiter · still waiting?')).toBeVisible();
      const fresh = screen.getByRole('article', { name: 'Table 2' });
      expect(within(fresh).getByText('Call waiter', { exact: true })).toBeVisible();
      view.unmount();
    }
  });
});
