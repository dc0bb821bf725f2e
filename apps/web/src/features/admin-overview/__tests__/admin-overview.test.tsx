import type { SetupChecklist, SystemOverview } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const overview: SystemOverview = {
  timezone: 'Europe/Rome',
  users: {
    total: 9,
    byRoleAndStatus: [
      { role: 'admin', status: 'active', count: 1 },
      { role: 'manager', status: 'active', count: 2 },
      { role: 'manager', status: 'inactive', count: 1 },
      { role: 'waiter', status: 'active', count: 4 },
      { role: 'waiter', status: 'off_duty', count: 1 },
    ],
  },
  orders: { today: 12, total: 3456 },
  liveScreens: {
    total: 5,
    staff: [
      { role: 'admin', count: 1 },
      { role: 'waiter', count: 2 },
    ],
    guests: 2,
  },
};

beforeAll(() => preloadRoute('/admin'), 120_000);

/** A restaurant long set up: its checklist put away. */
const doneChecklist: SetupChecklist = {
  steps: (['menu', 'tables', 'staff', 'settings', 'test_order'] as const).map((id) => ({
    id,
    done: true,
  })),
  complete: true,
  dismissed: true,
  counts: { ownMenuItems: 30, sampleMenuItems: 0, tables: 12, staff: 8, orders: 3456 },
};

beforeEach(() => FakeWebSocket.install());

describe("the admin's Overview (issue 15, item 1)", () => {
  it("shows the server's measurements, saying what each counts", async () => {
    fakeApi({
      'GET /api/reports/system': { data: overview },
      'GET /api/setup/checklist': { data: doneChecklist },
    });
    renderRoute('/admin', { user: staffUser('admin') });
    const figure = async (name: string) => screen.findByRole('region', { name });

    expect(await figure('Total Users')).toHaveTextContent('9');
    // Active accounts by role; the inactive one counted apart.
    expect(await figure('Total Users')).toHaveTextContent(
      '1 administrator, 2 managers, 5 waiters · 1 inactive',
    );
    expect(await figure('Total Orders')).toHaveTextContent('3,456');
    expect(await figure('Total Orders')).toHaveTextContent('12 orders today');
    expect(await figure('Live Screens')).toHaveTextContent(
      '1 administrator screen, 2 waiter screens, 2 guest pages connected to this server now',
    );
    // The platform's internals are the team's, not a restaurant's.
    for (const name of ['Uptime', 'Storage', 'Performance']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
    // A put-away checklist stays away.
    expect(screen.queryByRole('region', { name: 'Set up your restaurant' })).toBeNull();
  });

  it('says so when the server refuses, rather than showing figures', async () => {
    fakeApi({
      'GET /api/reports/system': { status: 403, error: 'Forbidden' },
      'GET /api/setup/checklist': { data: doneChecklist },
    });
    renderRoute('/admin', { user: staffUser('admin') });
    expect(await screen.findByText('Forbidden')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Total Users' })).toBeNull();
  });

  it('quick actions open the Managers form, the System and the Backup tabs', async () => {
    fakeApi({
      'GET /api/reports/system': { data: overview },
      'GET /api/setup/checklist': { data: doneChecklist },
      'GET /api/staff': { data: [] },
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    await user.click(await screen.findByRole('button', { name: 'Add Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Manager' });
    // A manager's form gives no choice of role.
    expect(within(dialog).queryByLabelText('Role')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('tab', { name: 'Managers' })).toHaveAttribute('aria-selected', 'true');

    for (const [action, tab] of [
      ['System Config', 'System'],
      ['Backup Now', 'Backup'],
      ['Export Data', 'Backup'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: 'Overview' }));
      await user.click(await screen.findByRole('button', { name: action }));
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true'),
      );
    }
  });
});
