import type { Backup, BackupList } from '@tavola/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';
import { formatSize } from '../components/format-size';

const ready: Backup = {
  id: 'b1',
  kind: 'auto',
  status: 'ready',
  sizeBytes: 1536,
  error: null,
  createdBy: null,
  // 23:30 UTC: 00:30 the next day in Rome.
  createdAt: '2026-03-14T23:30:00.000Z',
  finishedAt: '2026-03-14T23:30:02.000Z',
};

const listOf = (backups: Backup[], settings = { autoBackup: true, intervalHours: 6, keep: 10 }) =>
  ({
    backups,
    settings,
    nextAutoBackupAt: settings.autoBackup ? '2026-03-15T05:30:00.000Z' : null,
    timezone: 'Europe/Rome',
  }) satisfies BackupList;

const openBackupTab = async () => {
  const view = renderRoute('/admin', { user: staffUser('admin') });
  await view.user.click(await screen.findByRole('tab', { name: 'Backup' }));
  return view;
};

describe("the admin's Backup tab (issue 15, item 6)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.install();
  });
  afterEach(() => vi.useRealTimers());

  it('lists backups and follows a new one live from Running to Ready', async () => {
    let list = listOf([ready]);
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/backups': () => ({ data: list }),
      'POST /api/backups': () => {
        const running: Backup = {
          ...ready,
          id: 'b2',
          kind: 'manual',
          status: 'running',
          sizeBytes: null,
          createdBy: { id: 'admin-1', name: 'Test admin' },
          createdAt: '2026-03-15T08:00:00.000Z',
          finishedAt: null,
        };
        list = listOf([running, ready]);
        return { status: 202, data: running };
      },
    });
    const { user } = await openBackupTab();
    const table = await screen.findByRole('table', { name: 'Backups, newest first' });
    const first = within(table).getAllByRole('row')[1]!;
    // Time on the restaurant's clock (the test machine's locale is en-US), kind, size, status.
    expect(first).toHaveTextContent('3/15/26, 12:30 AM');
    expect(first).toHaveTextContent('Automatic');
    expect(first).toHaveTextContent('1.5 KB');
    expect(within(first).getByText('Ready')).toBeVisible();
    expect(
      within(first).getByRole('button', { name: 'Download backup of 3/15/26, 12:30 AM' }),
    ).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Create Backup Now' }));
    expect(await screen.findByText('Backup started')).toBeVisible();
    expect(api.callsTo('POST /api/backups')).toHaveLength(1);
    const running = await within(table).findByText('Running');
    const row = running.closest('tr')!;
    expect(row).toHaveTextContent('Manual (Test admin)');
    expect(within(row).queryByRole('button', { name: /Download/ })).toBeNull();

    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    list = listOf([{ ...list.backups[0]!, status: 'ready', sizeBytes: 2_500_000 }, ready]);
    socket.serverSend(
      serverEvent('backup_updated', {
        backupId: 'b2',
        kind: 'manual',
        status: 'ready',
        sizeBytes: 2_500_000,
        removed: false,
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(within(table).queryByText('Running')).toBeNull());
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2.4 MB');
  });

  it('shows the server refusing a second backup in its words', async () => {
    fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/backups': { data: listOf([]) },
      'POST /api/backups': {
        status: 409,
        error: 'A backup is already being made. Please wait for it to finish.',
      },
    });
    const { user } = await openBackupTab();
    expect(await screen.findByText('No backups yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create Backup Now' }));
    expect(await screen.findByText('Unable to create backup')).toBeVisible();
    expect(
      screen.getByText('A backup is already being made. Please wait for it to finish.'),
    ).toBeVisible();
  });

  it('saves the automatic schedule, refusing values outside the bounds first', async () => {
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/backups': { data: listOf([ready]) },
      'PUT /api/backups/settings': ({ body }) => ({ data: body }),
    });
    const { user } = await openBackupTab();
    expect(
      await screen.findByText(/Every 6 hours, the newest 10 kept\. Next: 3\/15\/26, 6:30 AM\./),
    ).toBeVisible();
    const every = screen.getByLabelText('Every (hours)');
    expect(every).toHaveValue(6);
    await user.clear(every);
    await user.type(every, '0');
    await user.click(screen.getByRole('button', { name: 'Save backup settings' }));
    expect(
      await screen.findByText('Backup interval must be between 1 and 168 hours'),
    ).toBeVisible();
    expect(api.callsTo('PUT /api/backups/settings')).toHaveLength(0);

    await user.clear(every);
    await user.type(every, '12');
    const keep = screen.getByLabelText('Keep (backups)');
    await user.clear(keep);
    await user.type(keep, '3');
    await user.click(screen.getByRole('switch', { name: 'Auto backup' }));
    await user.click(screen.getByRole('button', { name: 'Save backup settings' }));
    expect(await screen.findByText('Backup settings saved')).toBeVisible();
    expect(api.callsTo('PUT /api/backups/settings')[0]!.body).toEqual({
      autoBackup: false,
      intervalHours: 12,
      keep: 3,
    });
  });

  it("the overview's Backup Now opens the tab and starts a backup there", async () => {
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/backups': { data: listOf([]) },
      'POST /api/backups': { status: 202, data: { ...ready, status: 'running' } },
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    await user.click(await screen.findByRole('button', { name: 'Backup Now' }));
    expect(await screen.findByText('Backup started')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('POST /api/backups')).toHaveLength(1);
  });

  it('exports Orders, Users, Analytics and All', async () => {
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/backups': { data: listOf([]) },
      'GET /api/backups/export/orders': { data: 'csv' },
      'GET /api/backups/export/users': { data: 'csv' },
      'GET /api/backups/export/analytics': { data: 'csv' },
      'GET /api/backups/export/all': {
        status: 413,
        error: 'The backup would hold more than 256 MB of data',
      },
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const { user } = await openBackupTab();
    const group = await screen.findByRole('group', { name: 'Export data' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Orders', 'Users', 'Analytics', 'All']);
    for (const label of ['Orders', 'Users', 'Analytics']) {
      await user.click(within(group).getByRole('button', { name: label }));
      await waitFor(() => expect(within(group).getByRole('button', { name: label })).toBeEnabled());
    }
    expect(
      api.calls.filter((c) => c.path.startsWith('/api/backups/export/')).map((c) => c.path),
    ).toEqual([
      '/api/backups/export/orders',
      '/api/backups/export/users',
      '/api/backups/export/analytics',
    ]);
    await user.click(within(group).getByRole('button', { name: 'All' }));
    expect(await screen.findByText('The backup would hold more than 256 MB of data')).toBeVisible();
  });

  it('writes sizes the way people read them', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
