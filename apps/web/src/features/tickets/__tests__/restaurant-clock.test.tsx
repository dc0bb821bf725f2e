import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticket } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

// 23:30 UTC: 13:30 on the device (Honolulu), 08:30 the next morning at the restaurant (Tokyo).
const instant = new Date('2026-03-14T23:30:00Z');
const machineZone = process.env.TZ;

describe("the kitchen display keeps the restaurant's clock (issue 13, item 5)", () => {
  beforeEach(() => {
    process.env.TZ = 'Pacific/Honolulu';
    vi.useFakeTimers({ toFake: ['Date'], now: instant });
    FakeWebSocket.install();
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = machineZone;
  });

  it("shows the clock and a notification's time in the restaurant's zone, not the device's", async () => {
    expect(new Date().getHours()).toBe(13);
    const first = ticket({ id: 'k1', orderNumber: 41, tableNumber: 3 });
    fakeApi({ 'GET /api/tickets': { data: { tickets: [first], recentlyServed: [] } } });
    const user = staffUser('kitchen', {
      restaurant: { id: 'r1', name: 'Sushi Test', is_demo: false, timezone: 'Asia/Tokyo' },
    });
    const view = renderRoute('/kitchen', { user });

    // (The test machine's locale is en-US: a 12-hour clock.)
    expect(await screen.findByLabelText('Current time')).toHaveTextContent('08:30 AM');

    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    const second = ticket({ id: 'k2', orderNumber: 42, tableNumber: 5 });
    socket.serverSend(
      serverEvent(
        'kitchen_order',
        {
          ticketId: second.id,
          station: 'kitchen',
          orderId: second.orderId,
          orderNumber: 42,
          tableId: second.tableId,
          tableNumber: 5,
          items: [],
          estimatedTime: 20,
          orderTime: second.orderTime,
          priority: 'normal',
          customerCount: 2,
          ticket: second,
        },
        { timestamp: new Date('2026-03-14T23:12:00Z').toISOString() },
      ),
    );
    await view.user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    expect(within(list).getByText('08:12 AM')).toBeInTheDocument();
    expect(within(list).queryByText('01:12 PM')).not.toBeInTheDocument();
  });
});
