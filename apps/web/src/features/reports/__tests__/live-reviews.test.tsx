import type { Analytics, ReviewSummary } from '@tavola/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const analytics: Analytics = {
  currency: 'eur',
  timezone: 'Asia/Tokyo',
  revenue: { today: 0, week: 0, month: 0 },
  revenueParts: {
    today: { net: 0, service: 0, tax: 0, total: 0 },
    week: { net: 0, service: 0, tax: 0, total: 0 },
    month: { net: 0, service: 0, tax: 0, total: 0 },
  },
  orders: { count: 0, averageValue: 0, averageMinutesToReady: null },
  bestSellersByQuantity: [],
  bestSellersByRevenue: [],
  revenueByHour: [],
  revenueByDay: [],
};

const first = {
  id: 'v1',
  rating: 4,
  comment: 'Lovely burger.',
  tableNumber: 2,
  // 23:30 UTC: 08:30 the next morning at the restaurant in Tokyo.
  createdAt: '2026-03-14T23:30:00.000Z',
};

describe("the manager's Analytics tab: guest reviews, live (issue 13, item 9)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.install();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the average, the count and the latest with table and time, and a new review at once', async () => {
    let reviews: ReviewSummary = {
      averageRating: 4,
      count: 1,
      latest: [first],
      timezone: 'Asia/Tokyo',
    };
    const api = fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/reports/analytics': { data: analytics },
      'GET /api/reviews': () => ({ data: reviews }),
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));

    const section = await screen.findByRole('region', { name: 'Guest reviews (30 days)' });
    await waitFor(() =>
      expect(within(section).getByTestId('average-rating')).toHaveTextContent('4.0'),
    );
    expect(section).toHaveTextContent('1 review');
    const list = within(section).getByRole('list', { name: 'Latest reviews' });
    expect(within(list).getByText('Lovely burger.')).toBeVisible();
    expect(within(list).getByLabelText('4 stars')).toBeInTheDocument();
    // Table and time, the time on the restaurant's clock (the test machine's locale is en-US).
    expect(list).toHaveTextContent('Table 2 · 3/15/26, 8:30 AM');

    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    reviews = {
      averageRating: 3,
      count: 2,
      latest: [{ ...first, id: 'v2', rating: 2, comment: 'Cold soup', tableNumber: 5 }, first],
      timezone: 'Asia/Tokyo',
    };
    socket.serverSend(
      serverEvent('review_left', {
        reviewId: 'v2',
        tableId: 't5',
        tableNumber: 5,
        sessionId: 's5',
        rating: 2,
        comment: 'Cold soup',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await within(section).findByText('Cold soup')).toBeVisible();
    expect(within(section).getByTestId('average-rating')).toHaveTextContent('3.0');
    expect(section).toHaveTextContent('2 reviews');
    expect(api.callsTo('GET /api/reviews')).toHaveLength(2);
  });
});
