import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => FakeWebSocket.install());

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

const handed = (
  tableNumber: number,
  to: { id: string; name: string } | null,
  by: string,
  via: 'manager' | 'hand_over' = 'hand_over',
) =>
  serverEvent(
    'table_reassigned',
    {
      tableId: `t${tableNumber}`,
      tableNumber,
      status: 'active',
      from: { id: 'w1', name: 'Marco' },
      to,
      via,
    },
    { userId: by },
  );

describe('a table handed over', () => {
  it('is news to the waiter taking it only, and not when they moved it themselves', async () => {
    fakeApi({
      'GET /api/tables/floor': {
        data: {
          tables: [floorTable({ id: 't4', number: 4 })],
          stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 0 },
        },
      },
    });
    const { user } = renderRoute('/waiter', {
      user: staffUser('waiter', { id: 'w2', name: 'Anna' }),
    });
    await screen.findByRole('tab', { name: 'My Tables' });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();

    // Events arrive in order: once the last one is counted, the first three were not.
    socket.serverSend(handed(3, { id: 'w3', name: 'Luca' }, 'w1'));
    socket.serverSend(handed(5, null, 'm1', 'manager'));
    socket.serverSend(handed(6, { id: 'w2', name: 'Anna' }, 'w2', 'manager'));
    socket.serverSend(handed(4, { id: 'w2', name: 'Anna' }, 'w1'));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications (1 unread)'));

    await user.click(bell());
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Table 4 handed over to Anna')).toBeInTheDocument();
  });
});
