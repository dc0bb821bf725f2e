import type { Floor } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const floor: Floor = {
  tables: [
    floorTable({ id: 't1', number: 1, assignedWaiter: { id: 'w1', name: 'Sofia' } }),
    floorTable({ id: 't2', number: 2, assignedWaiter: null }),
    floorTable({ id: 't3', number: 3, assignedWaiter: { id: 'w2', name: 'Marco' } }),
    floorTable({ id: 't4', number: 4, status: 'available', sessionId: null, sessionStart: null }),
  ],
  stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 0 },
};

const shownTables = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

beforeEach(() => FakeWebSocket.install());

// The route's code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => preloadRoute('/waiter'), 120_000);

describe("waiter's floor tabs", () => {
  it('lists my tables, the unassigned ones and every seated table, one tab at a time', async () => {
    fakeApi({ 'GET /api/tables/floor': { data: floor } });
    const { user } = renderRoute('/waiter', { user: staffUser('waiter', { id: 'w1' }) });

    await screen.findByRole('article', { name: 'Table 1' });
    expect(screen.getByRole('tab', { name: 'My Tables' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'My Tables' })).toBeInTheDocument();
    expect(shownTables()).toEqual(['Table 1']);

    await user.click(screen.getByRole('tab', { name: 'Unassigned' }));
    expect(shownTables()).toEqual(['Table 2']);

    await user.click(screen.getByRole('tab', { name: 'All Active' }));
    expect(screen.getByRole('tab', { name: 'My Tables' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(shownTables()).toEqual(['Table 1', 'Table 2', 'Table 3']);
  });
});
