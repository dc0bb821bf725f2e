import type { Floor, FloorOrder } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floorTable, recordedPayment } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const sofia = staffUser('waiter', { id: 'w1', name: 'Sofia' });

const order: FloorOrder = {
  id: 'o1',
  orderNumber: 41,
  status: 'preparing',
  priority: 'normal',
  total: 27,
  createdAt: new Date().toISOString(),
  items: [
    { id: 'i1', name: 'Risotto', quantity: 1, lineTotal: 12, discount: 0 },
    { id: 'i2', name: 'Craft Beer', quantity: 3, lineTotal: 15, discount: 0 },
  ],
};
const checkOrder: FloorOrder = {
  ...order,
  id: 'o2',
  orderNumber: 42,
  total: 5,
  items: [{ id: 'i3', name: 'Craft Beer', quantity: 1, lineTotal: 5, discount: 0 }],
};

/** Table 3: Sofia's, one order, and a check 2 split off it. Table 5: free. */
const floor: Floor = {
  tables: [
    floorTable({
      id: 't3',
      number: 3,
      sessionId: 's3',
      assignedWaiter: { id: 'w1', name: 'Sofia' },
      billTotal: 27,
      orders: [order],
      currentOrder: order,
      checks: [
        {
          sessionId: 's9',
          checkNumber: 2,
          customerCount: 1,
          orders: [checkOrder],
          billTotal: 5,
          bill: { net: 5, service: 0, tax: 0, total: 5 },
          charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
          discounts: [],
        },
      ],
    }),
    floorTable({ id: 't5', number: 5, sessionId: null, status: 'available' }),
  ],
  stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 1 },
};

beforeEach(() => FakeWebSocket.install());
beforeAll(() => preloadRoute('/waiter'), 120_000);

async function openCard(user: ReturnType<typeof renderRoute>['user']) {
  const table = await screen.findByRole('article', { name: 'Table 3' });
  await user.click(within(table).getAllByRole('button')[0]!);
  return table;
}

describe('Moving lines and splitting a bill', () => {
  it('moves 2 of 3 beers to a free table with the steppers', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t3/move': {
        data: {
          fromTableNumber: 3,
          toTableNumber: 5,
          sessionId: 's5',
          movedOrders: 0,
          movedLines: 1,
          merged: false,
          fromClosed: false,
        },
      },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const table = await openCard(user);
    await user.click(within(table).getByRole('button', { name: 'Move table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move table 3' });
    await user.click(within(dialog).getByText('Move only some lines'));
    const lines = within(dialog).getByRole('list', { name: 'Lines to move' });
    const more = within(lines).getByRole('button', { name: 'More Craft Beer' });
    expect(within(lines).getByRole('button', { name: 'Fewer Craft Beer' })).toBeDisabled();
    for (let n = 0; n < 3; n++) await user.click(more);
    // No more than the bill has.
    expect(more).toBeDisabled();
    await user.click(within(lines).getByRole('button', { name: 'Fewer Craft Beer' }));
    expect(within(lines).getByLabelText('Craft Beer chosen')).toHaveTextContent('2');
    await user.click(within(dialog).getByRole('button', { name: 'Table 5, free' }));
    expect(await screen.findByText('Lines of table 3 moved to table 5')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/tables/t3/move').map((c) => c.body)).toEqual([
      { toTableId: 't5', lines: [{ orderId: 'o1', itemId: 'i2', quantity: 2 }] },
    ]);
  });

  it('moves check 2 whole to a free table, the table keeping its own bill', async () => {
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
    const table = await openCard(user);
    await user.click(within(table).getByRole('button', { name: 'Move check 2 to another table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move check 2 of table 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Table 5, free' }));
    expect(await screen.findByText('Check 2 of table 3 moved to table 5')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t3/move').map((c) => c.body)).toEqual([
      { toTableId: 't5', fromCheck: 2 },
    ]);
  });

  it('splits a beer off into a check of its own, and says what is missing first', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t3/split': {
        status: 201,
        data: {
          tableNumber: 3,
          fromSessionId: 's3',
          sessionId: 's10',
          checkNumber: 3,
          movedOrders: 0,
          movedLines: 1,
          fromClosed: false,
        },
      },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const table = await openCard(user);
    await user.click(within(table).getByRole('button', { name: 'Split bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split the bill of table 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Split bill' }));
    expect(
      await within(dialog).findByText('Choose at least one line for the new check'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'More Craft Beer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Split bill' }));
    expect(await screen.findByText('Check 3 split off table 3')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/tables/t3/split').map((c) => c.body)).toEqual([
      { lines: [{ orderId: 'o1', itemId: 'i2', quantity: 1 }] },
    ]);
  });

  it('moves a beer from check 2 back onto check 1', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t3/split': {
        status: 201,
        data: {
          tableNumber: 3,
          fromSessionId: 's9',
          sessionId: 's3',
          checkNumber: 1,
          movedOrders: 1,
          movedLines: 0,
          fromClosed: true,
        },
      },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const table = await openCard(user);
    await user.click(within(table).getByRole('button', { name: 'Split bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split the bill of table 3' });
    await user.selectOptions(within(dialog).getByLabelText('From'), 'Check 2');
    await user.selectOptions(within(dialog).getByLabelText('Onto'), 'Check 1');
    const lines = within(dialog).getByRole('list', { name: 'Lines for check 1' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(lines).getByRole('button', { name: 'More Craft Beer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to check 1' }));
    expect(await screen.findByText('Moved to check 1 of table 3')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t3/split').map((c) => c.body)).toEqual([
      { lines: [{ orderId: 'o2', itemId: 'i3', quantity: 1 }], fromCheck: 2, toCheck: 1 },
    ]);
  });

  it('shows check 2 on the card and takes its payment by itself', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/sessions/s9/payments': { data: recordedPayment() },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const table = await openCard(user);
    const checks = within(table).getByRole('list', { name: 'Separate checks' });
    expect(checks).toHaveTextContent('Check 2');
    expect(checks).toHaveTextContent('1× Craft Beer');
    await user.click(within(checks).getByRole('button', { name: 'Take payment for check 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Paid: table 3, check 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Table 3, check 2 paid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s9/payments')).toHaveLength(1);
    expect(api.callsTo('POST /api/sessions/s3/payments')).toHaveLength(0);
  });
});
