import type { AuditEntry, AuditPage } from '@tavola/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  action: 'staff.created',
  user: { id: 'a1', name: 'Ada Admin', username: 'admin1', role: 'admin' },
  // 23:30 UTC: 00:30 the next day in Rome.
  timestamp: '2026-03-14T23:30:00.000Z',
  entityType: 'user',
  entityId: `u${id}`,
  details: { role: 'manager', username: `mgr${id}` },
  summary: `role: manager · username: mgr${id}`,
  ...over,
});

const users = [
  { id: 'a1', name: 'Ada Admin', username: 'admin1', role: 'admin' },
  { id: 'm1', name: 'Mia Manager', username: 'manager1', role: 'manager' },
];

/** The server's page for a call: 60 entries, 25 a page, or what the filters keep. */
function answer(call: ApiCall, rows: AuditEntry[]): { data: AuditPage } {
  const query = new URL(call.path, 'http://x').searchParams;
  const page = Number(query.get('page'));
  const kept = rows.filter(
    (r) =>
      (!query.get('action') || r.action === query.get('action')) &&
      (!query.get('userId') || r.user?.id === query.get('userId')),
  );
  return {
    data: {
      total: kept.length,
      page,
      pageSize: 25,
      timezone: 'Europe/Rome',
      rows: kept.slice((page - 1) * 25, page * 25),
      users,
    },
  };
}

describe("the admin's Audit Logs tab (issue 15, item 7)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.install();
  });
  afterEach(() => vi.useRealTimers());

  const open = async () => {
    const view = renderRoute('/admin', { user: staffUser('admin') });
    await view.user.click(await screen.findByRole('tab', { name: 'Audit Logs' }));
    return view;
  };

  it('shows Action, User, Timestamp and Details, a page at a time', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => entry(60 - i));
    rows[1] = entry(59, {
      user: null,
      action: 'dining_session.idle_closed',
      details: { by: 'system' },
      summary: '',
    });
    rows[2] = entry(58, {
      user: null,
      action: 'order.placed',
      details: { by: 'guest', tableNumber: 4 },
      summary: 'tableNumber: 4',
    });
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/audit-log': (call) => answer(call, rows),
    });
    const { user } = await open();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Action', 'User', 'Timestamp', 'Details']);
    const first = await within(table).findByRole('row', { name: /mgr60/ });
    expect(first).toHaveTextContent(
      'staff.createdAda Admin (admin1)3/15/26, 12:30 AMrole: manager · username: mgr60',
    );
    expect(within(table).getByRole('row', { name: /idle_closed/ })).toHaveTextContent(
      'dining_session.idle_closedSystem',
    );
    expect(within(table).getByRole('row', { name: /order.placed/ })).toHaveTextContent(
      'order.placedGuest',
    );
    expect(screen.getByText('60 entries')).toBeVisible();
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('row', { name: /mgr35/ })).toBeVisible();
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(api.callsTo('GET /api/audit-log').at(-1)?.path).toBe(
      '/api/audit-log?page=2&pageSize=25',
    );
  });

  it('filters by user, action and dates, back to the first page', async () => {
    const rows = [entry(2), entry(1, { action: 'auth.login', summary: '' })];
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/audit-log': (call) => answer(call, rows),
    });
    const { user } = await open();
    await screen.findByRole('row', { name: /mgr2/ });
    await user.selectOptions(screen.getByLabelText('Action'), 'auth.login');
    await waitFor(() => expect(screen.queryByRole('row', { name: /mgr2/ })).toBeNull());
    await user.selectOptions(screen.getByLabelText('User'), 'Mia Manager (manager1)');
    expect(await screen.findByText('No audit entries match these filters.')).toBeVisible();
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(await screen.findByText('The start date must not be after the end date')).toBeVisible();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-20');
    await waitFor(() =>
      expect(api.callsTo('GET /api/audit-log').at(-1)?.path).toBe(
        '/api/audit-log?userId=m1&action=auth.login&from=2026-03-10&to=2026-03-20&page=1&pageSize=25',
      ),
    );
    // An impossible range is never asked for.
    expect(api.callsTo('GET /api/audit-log').some((c) => c.path.includes('to=2026-03-01'))).toBe(
      false,
    );
  });

  it('follows the log live: a change that writes it refreshes the page', async () => {
    let rows = [entry(1)];
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/audit-log': (call) => answer(call, rows),
    });
    await open();
    await screen.findByRole('row', { name: /mgr1/ });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    rows = [entry(2, { action: 'staff.updated', summary: 'fields: status' }), ...rows];
    socket.serverSend(serverEvent('audit_logged', { actions: ['staff.updated'] }));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByRole('row', { name: /fields: status/ })).toBeVisible();
    expect(api.callsTo('GET /api/audit-log')).toHaveLength(2);
  });
});
