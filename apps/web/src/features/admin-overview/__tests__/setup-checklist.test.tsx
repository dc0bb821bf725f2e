import type { SetupChecklist, SetupStep } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const overview = {
  timezone: 'Europe/Rome',
  users: { total: 1, byRoleAndStatus: [{ role: 'admin', status: 'active', count: 1 }] },
  orders: { today: 0, total: 0 },
  liveScreens: { total: 1, staff: [{ role: 'admin', count: 1 }], guests: 0 },
};

const checklist = (done: SetupStep[], dismissed = false): SetupChecklist => {
  const steps = (['menu', 'tables', 'staff', 'settings', 'test_order'] as const).map((id) => ({
    id,
    done: done.includes(id),
  }));
  return {
    steps,
    complete: steps.every((s) => s.done),
    dismissed,
    counts: {
      ownMenuItems: done.includes('menu') ? 3 : 0,
      sampleMenuItems: 5,
      tables: done.includes('tables') ? 2 : 0,
      staff: done.includes('staff') ? 1 : 0,
      orders: done.includes('test_order') ? 1 : 0,
    },
  };
};

const step = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}:`) });

beforeEach(() => FakeWebSocket.install());

describe("the owner's setup checklist", () => {
  it('shows each step as the server reads it, with the way to do it one tap away', async () => {
    fakeApi({
      'GET /api/reports/system': { data: overview },
      'GET /api/setup/checklist': { data: checklist(['menu', 'settings']) },
    });
    renderRoute('/admin', { user: staffUser('admin') });
    const list = await screen.findByRole('region', { name: 'Set up your restaurant' });
    expect(within(list).getByRole('status')).toHaveTextContent('2 of 5 done');
    expect(step('Add your menu')).toHaveAccessibleName('Add your menu: done');
    expect(step('Add your menu')).toHaveTextContent('3 items of your own');
    expect(step('Add tables and print their QR codes')).toHaveAccessibleName(
      'Add tables and print their QR codes: to do',
    );
    expect(step('Add your staff')).toHaveAccessibleName('Add your staff: to do');
    expect(step('Set your time zone and tax')).toHaveAccessibleName(
      'Set your time zone and tax: done',
    );
    expect(step('Place a test order from your own phone')).toHaveAccessibleName(
      'Place a test order from your own phone: to do',
    );
    // The menu, the tables and the staff: links to the manager's tabs.
    expect(within(step('Add your menu')).getByRole('link')).toHaveAttribute(
      'href',
      '/manager?tab=menu',
    );
    expect(within(step('Add tables and print their QR codes')).getByRole('link')).toHaveAttribute(
      'href',
      '/manager?tab=tables',
    );
    expect(within(step('Add your staff')).getByRole('link')).toHaveAttribute(
      'href',
      '/manager?tab=staff',
    );
    for (const [name, tab] of [
      ['Menu', 'menu'],
      ['Tables', 'tables'],
      ['Staff', 'staff'],
    ]) {
      expect(
        within(screen.getByRole('navigation', { name: 'Your restaurant' })).getByRole('link', {
          name,
        }),
      ).toHaveAttribute('href', `/manager?tab=${tab}`);
    }
    // Unfinished: it cannot be put away yet.
    expect(screen.queryByRole('button', { name: 'Hide checklist' })).toBeNull();
  });

  it('ticks a step off when the server says a change happened', async () => {
    let current = checklist(['menu']);
    fakeApi({
      'GET /api/reports/system': { data: overview },
      'GET /api/setup/checklist': () => ({ data: current }),
    });
    renderRoute('/admin', { user: staffUser('admin') });
    await screen.findByRole('region', { name: 'Set up your restaurant' });
    expect(step('Add your staff')).toHaveAccessibleName('Add your staff: to do');
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    current = checklist(['menu', 'staff']);
    socket.serverSend(serverEvent('audit_logged', { actions: ['staff.created'] }));
    await waitFor(() =>
      expect(step('Add your staff')).toHaveAccessibleName('Add your staff: done'),
    );
    expect(step('Add your staff')).toHaveTextContent('1 staff account');
  });

  it('takes the owner to System for the time zone and tax, and to a manager tab by link', async () => {
    fakeApi({
      'GET /api/reports/system': { data: overview },
      'GET /api/setup/checklist': { data: checklist([]) },
      'GET /api/menu': { data: [] },
      'GET /api/menu/categories': { data: [] },
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    await screen.findByRole('region', { name: 'Set up your restaurant' });
    await user.click(within(step('Set your time zone and tax')).getByRole('button'));
    expect(screen.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await screen.findByRole('region', { name: 'Set up your restaurant' });
    await user.click(within(step('Add your menu')).getByRole('link'));
    expect(await screen.findByRole('tab', { name: 'Menu' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText('No menu items found. Adjust filters or add a new item.'),
    ).toBeVisible();
  });

  it('can be put away once every step is done', async () => {
    let current = checklist(['menu', 'tables', 'staff', 'settings', 'test_order']);
    const api = fakeApi({
      'GET /api/reports/system': { data: overview },
      'GET /api/setup/checklist': () => ({ data: current }),
      'POST /api/setup/checklist/dismiss': () => {
        current = { ...current, dismissed: true };
        return { data: current };
      },
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    const list = await screen.findByRole('region', { name: 'Set up your restaurant' });
    expect(within(list).getByRole('status')).toHaveTextContent(
      'All done: your restaurant is ready for guests.',
    );
    await user.click(within(list).getByRole('button', { name: 'Hide checklist' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Set up your restaurant' })).toBeNull(),
    );
    expect(api.callsTo('POST /api/setup/checklist/dismiss')).toHaveLength(1);
    // The rest of the overview stays.
    expect(screen.getByRole('region', { name: 'Total Users' })).toBeVisible();
  });
});
