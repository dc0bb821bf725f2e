import type { Floor, Overview } from '@tavola/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

// The moment of the issue: the same day's takings, paid and ordered.
const paid = 462.9;
const ordered = 564.6;

const floor: Floor = {
  tables: [],
  stats: { todaysSales: paid, orderedToday: ordered, currency: 'eur', ordersToday: 31 },
};

const overview: Overview = {
  currency: 'eur',
  todaysRevenue: ordered,
  paidToday: paid,
  ordersToday: 31,
  activeStaff: 4,
  tableUtilization: 50,
  tablesOccupied: 6,
  tablesTotal: 12,
};

/** A card: its label, value and what it counts, as one piece of text. */
const card = (label: string) => screen.getByText(label, { exact: true }).parentElement;

beforeEach(() => FakeWebSocket.install());

describe("today's cards say what they count (issue 13, item 6)", () => {
  it("the waiter's Today's Sales is what was paid today", async () => {
    fakeApi({ 'GET /api/tables/floor': { data: floor } });
    renderRoute('/waiter', { user: staffUser('waiter') });
    await screen.findByText(formatMoney(paid, 'eur'));
    expect(card("Today's Sales")).toHaveTextContent(
      `Today's Sales${formatMoney(paid, 'eur')}Paid today`,
    );
  });

  it("the manager's Today's Revenue is what was ordered today, beside what was paid", async () => {
    fakeApi({ 'GET /api/reports/overview': { data: overview } });
    renderRoute('/manager', { user: staffUser('manager') });
    await screen.findByText(formatMoney(ordered, 'eur'));
    expect(card("Today's Revenue")).toHaveTextContent(
      `Today's Revenue${formatMoney(ordered, 'eur')}Ordered today · ${formatMoney(paid, 'eur')} paid`,
    );
  });
});
