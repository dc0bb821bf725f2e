import type { Overview } from '@tavola/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

function overview(ordersToday: number, tablesOccupied: number): Overview {
  return {
    currency: 'eur',
    todaysRevenue: ordersToday * 10,
    paidToday: 0,
    ordersToday,
    activeStaff: 4,
    tableUtilization: Math.round((tablesOccupied / 12) * 100),
    tablesOccupied,
    tablesTotal: 12,
  };
}

const table = { tableId: 't6', tableNumber: 6 };
const order = { ...table, orderId: 'o1', orderNumber: 41 };

describe("the manager's overview, live", () => {
  beforeEach(() => {
    // Real time runs on; the test also moves the clock past the refetch's short coalescing wait.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.install();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refetches once for a burst of order, table and payment events, and never for other events', async () => {
    let server = overview(3, 2);
    const api = fakeApi({ 'GET /api/reports/overview': () => ({ data: server }) });
    renderRoute('/manager', { user: staffUser('manager') });
    const ordersToday = () => screen.getByText('Orders Today').nextElementSibling;
    await waitFor(() => expect(ordersToday()).toHaveTextContent('3'));
    expect(screen.getByText('2 of 12 tables seated')).toBeInTheDocument();
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    const loads = () => api.callsTo('GET /api/reports/overview').length;
    expect(loads()).toBe(1);

    // A guest sits down and orders: the table event and the order event arrive together.
    server = overview(4, 3);
    socket.serverSend(serverEvent('table_activated', { ...table, customerCount: 2 }));
    socket.serverSend(
      serverEvent('order_placed', {
        ...order,
        items: [],
        total: 12,
        currency: 'eur',
        type: 'food',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(ordersToday()).toHaveTextContent('4'));
    expect(screen.getByText('3 of 12 tables seated')).toBeInTheDocument();
    expect(loads()).toBe(2);

    // Events that change nothing on these cards cost no request.
    socket.serverSend(serverEvent('staff_notification', { message: 'Hi', fromRole: 'waiter' }));
    socket.serverSend(
      serverEvent('kitchen_ticket_updated', {
        ticketId: 'k1',
        orderId: 'o1',
        orderNumber: 41,
        tableNumber: 6,
        station: 'kitchen',
        status: 'preparing',
        action: 'start',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(loads()).toBe(2);

    // The payment frees the table.
    server = overview(4, 2);
    socket.serverSend(
      serverEvent('payment_completed', {
        ...table,
        sessionId: 's1',
        amount: 12,
        tip: 0,
        method: 'cash',
        currency: 'eur',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.getByText('2 of 12 tables seated')).toBeInTheDocument());
    expect(loads()).toBe(3);
  });
});
