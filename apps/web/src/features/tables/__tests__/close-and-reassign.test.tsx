import { availableWithUnpaidOrders, type AdminTable } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const table = (overrides: Partial<AdminTable> & Pick<AdminTable, 'id' | 'number'>): AdminTable => ({
  capacity: 4,
  status: 'available',
  qrToken: `T-${overrides.id}`,
  orderUrl: `https://order.example.com/order?token=T-${overrides.id}`,
  hasOpenSession: false,
  assignedWaiter: null,
  unpaidOrders: 0,
  ...overrides,
});

/** Table 5: seated, Sofia's, two orders not paid. Table 6: free. */
const tables = [
  table({
    id: 't5',
    number: 5,
    status: 'active',
    hasOpenSession: true,
    assignedWaiter: { id: 'w1', name: 'Sofia' },
    unpaidOrders: 2,
  }),
  table({ id: 't6', number: 6 }),
];

async function openTablesTab() {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Tables' }));
  await screen.findByRole('heading', { name: 'Table 5' });
  return view;
}

beforeEach(() => FakeWebSocket.install());

describe("manager's Tables tab", () => {
  it("shows each table's waiter and unpaid orders, and closes a seated one by settling its bill", async () => {
    const api = fakeApi({
      'GET /api/tables': { data: tables },
      'POST /api/tables/t5/close': {
        data: {
          tableId: 't5',
          tableNumber: 5,
          sessionId: 's5',
          closeReason: 'paid',
          voidedOrders: 0,
          paymentId: 'p1',
          checksClosed: 1,
        },
      },
    });
    const { user } = await openTablesTab();
    expect(screen.getByText(/Sofia · 2 unpaid orders/)).toBeInTheDocument();
    // A free table has nothing to close.
    expect(screen.queryByRole('button', { name: 'Close table 6' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close table 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close table 5' });
    expect(
      within(dialog).getByText(/2 unpaid orders: choose what becomes of them/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Settle the bill/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'cash' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid at the bar');
    await user.click(within(dialog).getByRole('button', { name: 'Close table' }));

    expect(await screen.findByText('Table 5: bill settled, the table is free')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t5/close').map((c) => c.body)).toEqual([
      { reason: 'Paid at the bar', unpaid: 'settle', method: 'cash' },
    ]);
  });

  it('reassigns a table to another waiter on duty', async () => {
    const api = fakeApi({
      'GET /api/tables': { data: tables },
      'GET /api/tables/waiters': {
        data: [
          { id: 'w1', name: 'Sofia', tables: 1 },
          { id: 'w2', name: 'Anna', tables: 3 },
          { id: 'w3', name: 'Luca', tables: 0 },
        ],
      },
      'POST /api/tables/t5/reassign': {
        data: {
          tableId: 't5',
          tableNumber: 5,
          from: { id: 'w1', name: 'Sofia' },
          to: { id: 'w3', name: 'Luca' },
        },
      },
    });
    const { user } = await openTablesTab();
    await user.click(screen.getByRole('button', { name: 'Reassign table 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign table 5' });
    const picker = await within(dialog).findByLabelText('Waiter');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anna (3 tables)', 'Luca (0 tables)']);
    await user.selectOptions(picker, 'Luca (0 tables)');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText("Table 5 is now Luca's")).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t5/reassign').map((c) => c.body)).toEqual([
      { waiterId: 'w3' },
    ]);
  });

  it('says why a seated table with unpaid orders cannot simply be set available', async () => {
    fakeApi({
      'GET /api/tables': { data: tables },
      'PUT /api/tables/t5': { status: 409, error: availableWithUnpaidOrders(5) },
    });
    const { user } = await openTablesTab();
    await user.click(screen.getByRole('button', { name: 'Edit table 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Table' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'available');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(availableWithUnpaidOrders(5))).toBeInTheDocument();
  });
});
