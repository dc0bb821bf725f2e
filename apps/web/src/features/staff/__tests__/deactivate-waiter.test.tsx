import type { StaffMember } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffMember } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const member = (
  id: string,
  name: string,
  role: StaffMember['role'],
  tablesHeld: number,
  status: StaffMember['status'] = 'active',
) => staffMember({ id, name, role, tablesHeld, status });

const staff = [
  member('s1', 'Marco', 'waiter', 2),
  member('s2', 'Anna', 'waiter', 1),
  member('s3', 'Luca', 'bar', 0),
  member('s4', 'Rita', 'waiter', 0, 'off_duty'),
];

async function removeMarco() {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Staff' }));
  const card = (await screen.findByRole('heading', { name: 'Marco' })).closest('li')!;
  expect(within(card).getByText('Serving 2 tables')).toBeInTheDocument();
  await view.user.click(within(card).getByRole('button', { name: 'Remove' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate Marco' });
  return { ...view, dialog };
}

beforeEach(() => FakeWebSocket.install());

describe('deactivating a waiter who holds tables', () => {
  it('offers the waiters on duty, hands the tables to the one chosen, then deactivates', async () => {
    const api = fakeApi({
      'GET /api/staff': { data: staff },
      'POST /api/tables/reassign': {
        data: { tables: [2, 7], to: { id: 's2', name: 'Anna' } },
      },
      'DELETE /api/staff/s1': { data: { ...staff[0], status: 'inactive', tablesHeld: 0 } },
    });
    const { user, dialog } = await removeMarco();
    expect(within(dialog).getByText(/Marco holds 2 tables/)).toBeInTheDocument();
    const picker = within(dialog).getByLabelText('Waiter');
    // Not Marco himself, not the bar, not someone off duty.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Leave them unassigned', 'Anna (1 table)']);
    await user.selectOptions(picker, 'Anna (1 table)');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Marco · 2 tables handed to Anna')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/reassign').map((c) => c.body)).toEqual([
      { fromWaiterId: 's1', toWaiterId: 's2' },
    ]);
    expect(api.callsTo('DELETE /api/staff/s1')).toHaveLength(1);
  });

  it('can leave the tables unassigned: the deactivation releases them', async () => {
    const api = fakeApi({
      'GET /api/staff': { data: staff },
      'DELETE /api/staff/s1': { data: { ...staff[0], status: 'inactive', tablesHeld: 0 } },
    });
    const { user, dialog } = await removeMarco();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Marco · 2 tables left unassigned for any waiter to claim'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/reassign')).toHaveLength(0);
    expect(api.callsTo('DELETE /api/staff/s1')).toHaveLength(1);
  });
});
