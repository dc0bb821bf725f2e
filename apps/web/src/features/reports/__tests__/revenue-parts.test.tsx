import type { Analytics } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const parts = (net: number, service: number, tax: number) => ({
  net,
  service,
  tax,
  total: Math.round((net + service + tax) * 100) / 100,
});
const analytics: Analytics = {
  currency: 'usd',
  timezone: 'America/New_York',
  revenue: { today: 30.94, week: 123.76, month: 500 },
  revenueParts: {
    today: parts(24.8, 3.72, 2.42),
    week: parts(99.2, 14.88, 9.68),
    month: parts(400, 60, 40),
  },
  orders: { count: 0, averageValue: 0, averageMinutesToReady: null },
  bestSellersByQuantity: [],
  bestSellersByRevenue: [],
  revenueByHour: [],
  revenueByDay: [],
};

beforeEach(() => FakeWebSocket.install());

describe("the manager's Analytics tab: revenue gross and net (issue 16, item 1)", () => {
  it('shows each period’s net, service charge, tax and gross, gross being the revenue cards’ figure', async () => {
    fakeApi({
      'GET /api/reports/analytics': { data: analytics },
      'GET /api/reviews': { data: { averageRating: null, count: 0, latest: [], timezone: 'UTC' } },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    const section = await screen.findByRole('region', { name: 'Revenue, gross and net' });
    const usd = (n: number) => formatMoney(n, 'usd');
    const row = (period: string) =>
      within(section)
        .getByRole('rowheader', { name: period })
        .closest('tr')!
        .querySelectorAll('td');
    expect([...row('Today')].map((td) => td.textContent)).toEqual([
      usd(24.8),
      usd(3.72),
      usd(2.42),
      usd(30.94),
    ]);
    expect([...row('This week')].map((td) => td.textContent)).toEqual([
      usd(99.2),
      usd(14.88),
      usd(9.68),
      usd(123.76),
    ]);
    expect(row('This month')[3]?.textContent).toBe(usd(500));
    expect(screen.getByText('Revenue today').nextElementSibling).toHaveTextContent(usd(30.94));
  });
});
