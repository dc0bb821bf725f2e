import type { ReportRange, SalesReport, TaxReport } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderRoute, staffUser } from '@/testing/render-route';

const range = (period: ReportRange['period'], from: string, to = from): ReportRange => ({
  period,
  from,
  to,
  timezone: 'America/New_York',
  currency: 'usd',
  generatedAt: '2024-03-02T12:00:00.000Z',
});

const sales = (r: ReportRange): SalesReport => ({
  range: r,
  orders: 2,
  itemsSold: 7,
  menu: 49.5,
  parts: { net: 49.5, service: 1.08, tax: 5.06, total: 55.64 },
  averageOrder: 27.82,
  voids: { orderVoids: 1, lineVoids: 1, amount: 18.5 },
  payments: { count: 2, amount: 55.64, tips: 3 },
  days: Array.from({ length: r.period === 'week' ? 7 : 1 }, (_, i) => ({
    date: new Date(Date.parse(`${r.from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    orders: i === 0 ? 2 : 0,
    total: i === 0 ? 55.64 : 0,
  })),
  hours: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    orders: hour === 9 || hour === 23 ? 1 : 0,
    total: hour === 9 ? 30.8 : hour === 23 ? 24.84 : 0,
  })),
});

const tax: TaxReport = {
  range: range('day', '2024-03-01'),
  rates: [
    {
      taxRate: 10,
      serviceCharge: 5,
      pricesIncludeTax: false,
      orders: 1,
      net: 21.5,
      service: 1.08,
      tax: 2.26,
      total: 24.84,
    },
  ],
  totals: { orders: 1, net: 21.5, service: 1.08, tax: 2.26, total: 24.84 },
};

/** A headline figure by its label. */
const figure = async (label: string) =>
  (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;

async function openReports() {
  const rendered = renderRoute('/manager', { user: staffUser('manager') });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Analytics' }));
  await rendered.user.click(await screen.findByRole('tab', { name: 'Reports' }));
  return rendered;
}

describe('Reports in the Analytics tab (issue 16, item 4)', () => {
  it('shows the sales summary of a day, then of the week of a date, as the files hold it', async () => {
    const api = fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/reports/analytics': { status: 500 },
      'GET /api/reviews': { status: 500 },
      'GET /api/reports/sales': (call) => {
        const q = new URL(call.path, 'http://x').searchParams;
        return {
          data:
            q.get('period') === 'week'
              ? sales(range('week', '2024-02-26', '2024-03-03'))
              : sales(range('day', '2024-03-01')),
        };
      },
    });
    const { user } = await openReports();
    expect(await figure('Total')).toBe('55.64');
    expect(await figure('Tax')).toBe('5.06');
    expect(screen.getByText('2024-03-01 (America/New_York) · amounts in USD')).toBeVisible();
    // The day's sales by hour: the hours with orders, and the total.
    const byHour = screen.getByRole('region', { name: 'By hour' });
    expect(
      within(byHour)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['HourOrdersTotal', '09:00130.80', '23:00124.84', 'Total255.64']);
    expect(api.callsTo('GET /api/reports/sales')[0]!.path).toBe('/api/reports/sales?period=day');

    await user.selectOptions(screen.getByLabelText('Period'), 'week');
    await user.type(screen.getByLabelText('Date'), '2024-03-01');
    await waitFor(() => expect(screen.getByText(/2024-02-26 to 2024-03-03/)).toBeVisible());
    expect(api.callsTo('GET /api/reports/sales').at(-1)!.path).toBe(
      '/api/reports/sales?period=week&date=2024-03-01',
    );
    expect(screen.getByRole('region', { name: 'By day' })).toBeVisible();
  });

  it('asks for both dates of a custom range, opens another report and downloads its CSV', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const api = fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/reports/analytics': { status: 500 },
      'GET /api/reviews': { status: 500 },
      'GET /api/reports/sales': { data: sales(range('day', '2024-03-01')) },
      'GET /api/reports/tax': (call) =>
        call.path.includes('format=csv') ? { file: 'csv', type: 'text/csv' } : { data: tax },
    });
    const { user } = await openReports();
    expect(await figure('Total')).toBe('55.64');
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    expect(screen.getByText('Choose the first and last dates of the range.')).toBeVisible();
    await user.type(screen.getByLabelText('From'), '2024-03-01');
    await user.type(screen.getByLabelText('To'), '2024-03-01');
    await user.click(screen.getByRole('tab', { name: 'Tax summary' }));
    const byRate = await screen.findByRole('region', { name: 'By rate' });
    expect(within(byRate).getAllByRole('row')[1]).toHaveTextContent(
      '10%5%exclude tax121.501.082.2624.84',
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain(
        '/api/reports/tax?period=custom&from=2024-03-01&to=2024-03-01&format=csv',
      ),
    );
  });

  it('shows the server’s refusal', async () => {
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/reports/analytics': { status: 500 },
      'GET /api/reviews': { status: 500 },
      'GET /api/reports/sales': { status: 400, error: 'A custom period holds at most 366 days' },
    });
    await openReports();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A custom period holds at most 366 days',
    );
  });
});
