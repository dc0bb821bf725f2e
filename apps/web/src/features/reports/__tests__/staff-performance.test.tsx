import type { StaffPerformance } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const performance: StaffPerformance = {
  from: '2026-02-14',
  to: '2026-03-15',
  timezone: 'Europe/Rome',
  currency: 'eur',
  waiters: [
    { userId: 'w1', name: 'Ada', orders: 12, ordersServed: 10, sales: 345.5 },
    { userId: 'w2', name: 'Bo', orders: 0, ordersServed: 0, sales: 0 },
  ],
  stations: [
    { station: 'kitchen', tickets: 9, averageMinutesToReady: 14.5 },
    { station: 'bar', tickets: 0, averageMinutesToReady: null },
  ],
  voids: [{ userId: 'm1', name: 'Mia', orderVoids: 1, lineVoids: 2, amount: 18 }],
};

beforeEach(() => FakeWebSocket.install());

describe("the admin's Analytics tab: staff performance (issue 15, item 3)", () => {
  it('shows each waiter, station and voider for the last 30 days, then the period asked for', async () => {
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      // The manager's analytics are the same component as on /manager; not what is tested here.
      'GET /api/reports/analytics': { status: 500 },
      'GET /api/reviews': { status: 500 },
      'GET /api/reports/staff-performance': { data: performance },
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));

    const waiters = await screen.findByRole('region', { name: 'Orders and sales per waiter' });
    expect(within(waiters).getByRole('row', { name: /Ada/ })).toHaveTextContent('Ada1210€345.50');
    expect(within(waiters).getByRole('row', { name: /Bo/ })).toHaveTextContent('Bo00€0.00');
    const stations = screen.getByRole('region', { name: 'Average ticket time per station' });
    expect(within(stations).getByRole('row', { name: /Kitchen/ })).toHaveTextContent(
      'Kitchen914.5 min',
    );
    expect(within(stations).getByRole('row', { name: /Bar/ })).toHaveTextContent('Bar0—');
    const voids = screen.getByRole('region', { name: 'Voids per user' });
    expect(within(voids).getByRole('row', { name: /Mia/ })).toHaveTextContent('Mia12€18.00');
    expect(screen.getByText('2026-02-14 to 2026-03-15 (Europe/Rome)')).toBeVisible();
    expect(api.callsTo('GET /api/reports/staff-performance')[0]?.path).toBe(
      '/api/reports/staff-performance',
    );

    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-07');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/reports/staff-performance').at(-1)?.path).toBe(
        '/api/reports/staff-performance?from=2026-03-01&to=2026-03-07',
      ),
    );
  });
});
