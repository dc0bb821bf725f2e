import type { DayPayments, HistoryPage, PrintJob } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { zReport } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const job = (kind: PrintJob['kind'], title: string): PrintJob => ({
  id: `job-${title}`,
  kind,
  status: 'pending',
  station: kind === 'ticket' ? 'kitchen' : null,
  title,
  printerId: null,
  printedOn: null,
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-14T21:00:00.000Z',
  printedAt: null,
});

// The day's figures do not matter here; the buttons do.
const z = zReport({ seatedTables: [], openBills: { count: 0, total: 0, bills: [] } });

const payments: DayPayments = {
  date: '2026-03-14',
  today: '2026-03-14',
  currency: 'eur',
  timezone: 'Europe/Rome',
  payments: [
    {
      id: 'p1',
      tableNumber: 3,
      receiptNumber: 12,
      method: 'card',
      status: 'captured',
      capturedAt: '2026-03-14T20:15:00.000Z',
      amount: 30,
      tip: 3,
      refundable: { amount: 30, tip: 3 },
      refunds: [],
    },
  ],
};

const row = (orderNumber: number, status: 'paid' | 'served') => ({
  orderNumber,
  tableNumber: 3,
  items: '1× Margherita',
  net: 9,
  service: 0,
  tax: 0.9,
  total: 9.9,
  waiter: 'Sofia Conti',
  time: '2026-03-14T20:00:00.000Z',
  status,
});
const history: HistoryPage = {
  total: 2,
  page: 1,
  pageSize: 25,
  currency: 'eur',
  timezone: 'Europe/Rome',
  rows: [row(1042, 'paid'), row(1043, 'served')],
};

beforeEach(() => FakeWebSocket.install());

function fakeServer(receipts: () => { data: PrintJob } | { status: number; code: string }) {
  return fakeApi({
    'GET /api/reports/overview': { status: 500 },
    'GET /api/orders/history': { data: history },
    'GET /api/business-days/report': { data: z },
    'GET /api/payments': { data: payments },
    'GET /api/printers': { data: [] },
    'POST /api/printers/receipts': receipts,
    'POST /api/printers/z-report': { status: 202, data: job('z_report', 'Z report') },
    'POST /api/printers/orders': { status: 202, data: [job('ticket', 'Order #1042')] },
  });
}

async function openOrders() {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Orders' }));
  return view;
}

describe('printing on demand from the manager’s screens (issue 27)', () => {
  it("prints the day's Z report and a payment's receipt on the receipt printer", async () => {
    const api = fakeServer(() => ({ data: job('receipt', 'Receipt #12') }));
    const { user } = await openOrders();
    await user.click(
      await screen.findByRole('button', { name: 'Print the Z report of 2026-03-14' }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/printers/z-report')).toHaveLength(1));
    expect(api.callsTo('POST /api/printers/z-report')[0]!.body).toEqual({ date: '2026-03-14' });
    expect(await screen.findByText('Sent to the printer')).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Print receipt #12' }));
    await waitFor(() => expect(api.callsTo('POST /api/printers/receipts')).toHaveLength(1));
    expect(api.callsTo('POST /api/printers/receipts')[0]!.body).toEqual({ number: 12 });
  });

  it("reprints an order's tickets from the history, and a paid order's receipt by its number", async () => {
    const api = fakeServer(() => ({ data: job('receipt', 'Receipt #12') }));
    const { user } = await openOrders();
    const paid = await screen.findByRole('row', { name: /#1042/ });
    const served = screen.getByRole('row', { name: /#1043/ });
    // The unpaid order has no receipt to print; both can print their tickets again.
    expect(
      within(served).queryByRole('button', { name: 'Print the receipt of order #1043' }),
    ).toBeNull();
    await user.click(
      within(paid).getByRole('button', { name: 'Print the tickets of order #1042 again' }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/printers/orders')).toHaveLength(1));
    expect(api.callsTo('POST /api/printers/orders')[0]!.body).toEqual({ orderNumber: 1042 });
    await user.click(
      within(paid).getByRole('button', { name: 'Print the receipt of order #1042' }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/printers/receipts')).toHaveLength(1));
    expect(api.callsTo('POST /api/printers/receipts')[0]!.body).toEqual({ orderNumber: 1042 });
  });

  it('says why when there is no receipt printer', async () => {
    fakeServer(() => ({ status: 409, code: 'NO_RECEIPT_PRINTER' }));
    const { user } = await openOrders();
    await user.click(await screen.findByRole('button', { name: 'Print receipt #12' }));
    expect(await screen.findByText('Unable to print')).toBeVisible();
    expect(await screen.findByText('No receipt printer is set up')).toBeVisible();
  });
});
