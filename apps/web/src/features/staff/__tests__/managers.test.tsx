import type { StaffMember } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffMember } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const member = (over: Partial<StaffMember> & Pick<StaffMember, 'id' | 'name'>) =>
  staffMember({ role: 'manager', ...over });

beforeEach(() => FakeWebSocket.install());
afterEach(() => vi.restoreAllMocks());

describe("the admin's Managers tab (issue 15, item 2)", () => {
  const open = async () => {
    const view = renderRoute('/admin', { user: staffUser('admin') });
    await view.user.click(await screen.findByRole('tab', { name: 'Managers' }));
    return view;
  };

  it("lists the restaurant's managers only, with status and last sign-in on the restaurant's clock", async () => {
    fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/staff': {
        data: [
          member({ id: 'm1', name: 'Anna Rossi', lastLoginAt: '2026-03-14T23:30:00.000Z' }),
          member({ id: 'm2', name: 'Bruno Gallo', status: 'inactive' }),
          member({ id: 'w1', name: 'Marco', role: 'waiter' }),
        ],
      },
    });
    await open();
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    await waitFor(() => expect(row('Anna Rossi')).toBeVisible());
    expect(within(table).queryByText('Marco')).toBeNull();
    // 23:30 UTC is 00:30 the next day in Rome (the test machine's locale is en-US).
    expect(row('Anna Rossi')).toHaveTextContent('anna.rossiActive3/15/26, 12:30 AM');
    expect(row('Bruno Gallo')).toHaveTextContent('Inactive');
    expect(row('Bruno Gallo')).toHaveTextContent('Never');
    expect(within(row('Anna Rossi')).getByRole('button', { name: 'Deactivate Anna Rossi' }));
    expect(within(row('Bruno Gallo')).getByRole('button', { name: 'Activate Bruno Gallo' }));
    expect(screen.getByRole('link', { name: 'Open manager dashboard' })).toHaveAttribute(
      'href',
      '/manager',
    );
  });

  it('adds a manager: the role is always manager', async () => {
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/staff': { data: [] },
      'POST /api/staff': ({ body }) => ({
        status: 201,
        // The server answers the account without the password it was given.
        data: member({ id: 'm9', name: (body as { name: string }).name, username: 'carla' }),
      }),
    });
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Add Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Manager' });
    await user.type(within(dialog).getByLabelText('Name'), 'Carla Neri');
    await user.type(within(dialog).getByLabelText('Username'), 'carla');
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Manager added')).toBeVisible();
    expect(api.callsTo('POST /api/staff').map((c) => c.body)).toEqual([
      {
        name: 'Carla Neri',
        username: 'carla',
        password: 'a-long-secret',
        role: 'manager',
        status: 'active',
      },
    ]);
  });

  it('deactivates after asking, activates, resets a password, and edits without signing out', async () => {
    const api = fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/staff': {
        data: [
          member({ id: 'm1', name: 'Anna Rossi' }),
          member({ id: 'm2', name: 'Bruno Gallo', status: 'inactive' }),
        ],
      },
      'DELETE /api/staff/m1': {
        data: member({ id: 'm1', name: 'Anna Rossi', status: 'inactive' }),
      },
      'PUT /api/staff/m2': { data: member({ id: 'm2', name: 'Bruno Gallo' }) },
      'PUT /api/staff/m1': { data: member({ id: 'm1', name: 'Anna Rossi' }) },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = await open();
    const deactivate = await screen.findByRole('button', { name: 'Deactivate Anna Rossi' });
    await user.click(deactivate);
    expect(api.callsTo('DELETE /api/staff/m1')).toHaveLength(0);
    await user.click(deactivate);
    expect(confirm).toHaveBeenLastCalledWith(
      'Deactivate Anna Rossi? They will be signed out and cannot sign in.',
    );
    expect(await screen.findByText('Manager deactivated')).toBeVisible();
    expect(api.callsTo('DELETE /api/staff/m1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Activate Bruno Gallo' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/staff/m2').map((c) => c.body)).toEqual([{ status: 'active' }]),
    );

    await user.click(screen.getByRole('button', { name: 'Reset password of Anna Rossi' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset password of Anna Rossi' });
    await user.type(within(reset).getByLabelText('New password'), 'short');
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    await user.type(within(reset).getByLabelText('New password'), '-but-longer');
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset')).toBeVisible();
    expect(api.callsTo('PUT /api/staff/m1').map((c) => c.body)).toEqual([
      { password: 'short-but-longer' },
    ]);

    // Renaming sends no role: a role sent is a role change, which signs the account out.
    await user.click(screen.getByRole('button', { name: 'Edit Anna Rossi' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Manager' });
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), 'Anna Rossi-Bianchi');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Manager updated')).toBeVisible();
    expect(api.callsTo('PUT /api/staff/m1').at(-1)?.body).toEqual({
      name: 'Anna Rossi-Bianchi',
      status: 'active',
      shift: null,
    });
  });
});
