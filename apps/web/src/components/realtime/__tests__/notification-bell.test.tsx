import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => FakeWebSocket.install());

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the notification bell', () => {
  it('stops counting what has been answered, served or paid, and says so in the list', async () => {
    fakeApi({
      'GET /api/tables/floor': {
        data: {
          tables: [floorTable({ id: 't5', number: 5 }), floorTable({ id: 't6', number: 6 })],
          stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 0 },
        },
      },
    });
    const { user } = renderRoute('/waiter', { user: staffUser('waiter', { id: 'w1' }) });
    await screen.findByRole('tab', { name: 'My Tables' });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();

    const call = (tableId: string, tableNumber: number, requestId: string) =>
      serverEvent('call_waiter', {
        tableId,
        tableNumber,
        message: `Table ${tableNumber} is calling a waiter`,
        requestId,
      });
    socket.serverSend(call('t5', 5, 'r5'));
    socket.serverSend(call('t6', 6, 'r6'));
    socket.serverSend(
      serverEvent('order_placed', {
        orderId: 'o1',
        orderNumber: 41,
        tableId: 't5',
        tableNumber: 5,
        items: [],
        total: 12,
        currency: 'eur',
        type: 'food',
      }),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications (3 unread)'));

    // Table 5's call answered: that line stops counting; table 6's still does.
    socket.serverSend(
      serverEvent('table_updated', {
        tableId: 't5',
        tableNumber: 5,
        status: 'active',
        responded: 'call_waiter',
        assignedWaiterId: 'w1',
      }),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications (2 unread)'));

    // The order served: no longer news either.
    socket.serverSend(
      serverEvent('order_updated', {
        orderId: 'o1',
        orderNumber: 41,
        tableId: 't5',
        tableNumber: 5,
        waiterId: 'w1',
        status: 'served',
      }),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications (1 unread)'));

    await user.click(bell());
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('span')?.textContent);
    expect(lines).toEqual([
      'New order #41 from table 5 (EUR 12.00) · Handled',
      'Table 6 is calling a waiter',
      'Table 5 is calling a waiter · Handled',
    ]);
  });
});
