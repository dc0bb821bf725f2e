import type { Floor } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const sofia = staffUser('waiter', { id: 'w1', name: 'Sofia' });

const order = {
  id: 'o1',
  orderNumber: 41,
  status: 'preparing' as const,
  priority: 'normal' as const,
  total: 12,
  createdAt: new Date().toISOString(),
  items: [{ id: 'i1', name: 'Risotto', quantity: 1 }],
};

/** Table 3: Sofia's, one order. Table 5: free. Table 7: Sofia's, its own bill. */
const floor: Floor = {
  tables: [
    floorTable({
      id: 't3',
      number: 3,
      sessionId: 's3',
      assignedWaiter: { id: 'w1', name: 'Sofia' },
      billTotal: 12,
      orders: [order],
      currentOrder: order,
    }),
    floorTable({ id: 't5', number: 5, sessionId: null, status: 'available' }),
    floorTable({
      id: 't7',
      number: 7,
      sessionId: 's7',
      assignedWaiter: { id: 'w1', name: 'Sofia' },
    }),
  ],
  stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 1 },
};

beforeEach(() => FakeWebSocket.install());
beforeAll(() => preloadRoute('/waiter'), 120_000);

async function openMove(user: ReturnType<typeof renderRoute>['user']) {
  const table = await screen.findByRole('article', { name: 'Table 3' });
  await user.click(within(table).getAllByRole('button')[0]!);
  await user.click(within(table).getByRole('button', { name: 'Move table' }));
  return screen.findByRole('dialog', { name: 'Move table 3' });
}

describe('Move table', () => {
  it('moves the bill to a free table in two taps after the card', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t3/move': {
        data: {
          fromTableNumber: 3,
          toTableNumber: 5,
          sessionId: 's5',
          movedOrders: 1,
          movedLines: 0,
          merged: false,
          fromClosed: true,
        },
      },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const dialog = await openMove(user);
    // Every other table, free or with a bill to merge onto.
    expect(
      within(dialog).getByRole('button', { name: 'Table 7, merge with its bill' }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Table 5, free' }));
    expect(await screen.findByText('Table 3 moved to table 5')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/tables/t3/move').map((c) => c.body)).toEqual([
      { toTableId: 't5' },
    ]);
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t3/move': {
        status: 409,
        code: 'MOVE_BILL_HAS_PAYMENTS',
        error:
          'Table 3 has a payment on its bill: take the rest of it there, then seat the guests again',
      },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const dialog = await openMove(user);
    await user.click(within(dialog).getByRole('button', { name: 'Table 7, merge with its bill' }));
    expect(
      await within(dialog).findByText(
        'Table 3 has a payment on its bill: take the rest of it there, then seat the guests again',
      ),
    ).toBeInTheDocument();
  });
});
