import { CLOSE_TABLE_REFUSALS, type Floor } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedTable, floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const waiter = staffUser('waiter', { id: 'w1', name: 'Sofia' });
const manager = staffUser('manager', { id: 'm1', name: 'Marta' });

const unpaidOrder = {
  id: 'o1',
  orderNumber: 41,
  status: 'preparing' as const,
  priority: 'normal' as const,
  total: 12,
  createdAt: new Date().toISOString(),
  items: [{ id: 'i1', name: 'Risotto', quantity: 1, lineTotal: 12, discount: 0 }],
};

/** Table 3: Sofia's, seated, nobody ordered. Table 8: Sofia's, one order not paid yet. */
const floor: Floor = {
  tables: [
    floorTable({
      id: 't3',
      number: 3,
      sessionId: 's3',
      assignedWaiter: { id: 'w1', name: 'Sofia' },
    }),
    floorTable({
      id: 't8',
      number: 8,
      sessionId: 's8',
      assignedWaiter: { id: 'w1', name: 'Sofia' },
      billTotal: 12,
      orders: [unpaidOrder],
      currentOrder: unpaidOrder,
    }),
  ],
  stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 1 },
};

const waiters = [
  { id: 'w1', name: 'Sofia', tables: 2 },
  { id: 'w2', name: 'Anna', tables: 0 },
];

async function openTable(user: ReturnType<typeof renderRoute>['user'], number: number) {
  const table = await screen.findByRole('article', { name: `Table ${number}` });
  await user.click(within(table).getAllByRole('button')[0]!);
  return table;
}

beforeEach(() => FakeWebSocket.install());

// The route's code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => preloadRoute('/waiter'), 120_000);

describe("waiter's Close table and Hand over", () => {
  it('closes a table nobody ordered at, with no reason needed', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t3/close': {
        data: closedTable({ tableId: 't3', tableNumber: 3 }),
      },
    });
    const { user } = renderRoute('/waiter', { user: waiter });
    const table = await openTable(user, 3);
    await user.click(within(table).getByRole('button', { name: 'Close table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close table 3' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close table' }));
    expect(await screen.findByText('Table 3 closed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t3/close').map((c) => c.body)).toEqual([{}]);
  });

  it('offers no Close table on a table with unpaid orders, and hands it to a colleague', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'GET /api/tables/waiters': { data: waiters },
      'POST /api/tables/t8/reassign': {
        data: {
          tableId: 't8',
          tableNumber: 8,
          from: { id: 'w1', name: 'Sofia' },
          to: { id: 'w2', name: 'Anna' },
        },
      },
    });
    const { user } = renderRoute('/waiter', { user: waiter });
    const table = await openTable(user, 8);
    expect(within(table).queryByRole('button', { name: 'Close table' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over table 8' });
    const picker = await within(dialog).findByLabelText('Waiter');
    // Not to herself.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anna (0 tables)']);
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Table 8 handed to Anna')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t8/reassign').map((c) => c.body)).toEqual([
      { waiterId: 'w2' },
    ]);
  });
});

describe("manager's Close table on the floor", () => {
  it('asks what becomes of unpaid orders and why, then shows a refusal in the dialog', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/tables/t8/close': {
        status: 409,
        error: 'This bill is already closed',
      },
    });
    const { user } = renderRoute('/waiter', { user: manager });
    await user.click(await screen.findByRole('tab', { name: 'All Active' }));
    const table = await openTable(user, 8);
    await user.click(within(table).getByRole('button', { name: 'Close table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close table 8' });
    const close = () => user.click(within(dialog).getByRole('button', { name: 'Close table' }));

    await close();
    expect(within(dialog).getByText(CLOSE_TABLE_REFUSALS.choiceRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Void them/ }));
    await close();
    expect(within(dialog).getByText(CLOSE_TABLE_REFUSALS.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t8/close')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Walked out');
    await close();
    expect(await within(dialog).findByText('This bill is already closed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t8/close').map((c) => c.body)).toEqual([
      { reason: 'Walked out', unpaid: 'void' },
    ]);
  });
});
