import type { SystemOverview } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import { formatBytes, formatUptime } from '../components/system-overview';

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
  server: { uptimeSeconds: 2 * 86_400 + 4 * 3600 + 120, startedAt: '2026-03-01T10:00:00.000Z' },
  orders: { today: 12, total: 3456 },
  storage: {
    rows: 5000,
    bytes: 3 * 1024 * 1024 + 300 * 1024,
    tables: [
      { table: 'orders', rows: 3456, bytes: 2 * 1024 * 1024 },
      { table: 'events', rows: 1544, bytes: 1024 * 1024 + 300 * 1024 },
      { table: 'backups', rows: 0, bytes: 0 },
    ],
  },
  responseTimes: { windowMinutes: 60, requests: 840, p50Ms: 4.2, p95Ms: 31.5 },
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

beforeEach(() => FakeWebSocket.install());

describe("the admin's Overview (issue 15, item 1)", () => {
  it("shows the server's measurements, saying what each counts", async () => {
    fakeApi({ 'GET /api/reports/system': { data: overview } });
    renderRoute('/admin', { user: staffUser('admin') });
    const figure = async (name: string) => screen.findByRole('region', { name });

    expect(await figure('Total Users')).toHaveTextContent('9');
    // Active accounts by role; the inactive one counted apart.
    expect(await figure('Total Users')).toHaveTextContent(
      '1 administrator, 2 managers, 5 waiters · 1 inactive',
    );
    expect(await figure('Uptime')).toHaveTextContent('2 d 4 h');
    expect(await figure('Total Orders')).toHaveTextContent('3,456');
    expect(await figure('Total Orders')).toHaveTextContent('12 orders today');
    expect(await figure('Storage')).toHaveTextContent('3.3 MB');
    expect(await figure('Storage')).toHaveTextContent('5,000 rows in 2 tables');
    const performance = await figure('Performance');
    expect(performance).toHaveTextContent('p50 4.2 ms · p95 31.5 ms');
    expect(performance).toHaveTextContent('840 staff calls in the last 60 min, as this server');
    expect(await figure('Live Screens')).toHaveTextContent(
      '1 administrator screen, 2 waiter screens, 2 guest pages connected to this server now',
    );
  });

  it('says so when the server refuses, rather than showing figures', async () => {
    fakeApi({ 'GET /api/reports/system': { status: 403, error: 'Forbidden' } });
    renderRoute('/admin', { user: staffUser('admin') });
    expect(await screen.findByText('Forbidden')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Total Users' })).toBeNull();
  });

  it('quick actions open the Managers form, the System and the Backup tabs', async () => {
    fakeApi({ 'GET /api/reports/system': { data: overview }, 'GET /api/staff': { data: [] } });
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

  it('writes sizes and durations the way people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min');
    expect(formatUptime(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatUptime(86_400 + 3600)).toBe('1 d 1 h');
  });
});
