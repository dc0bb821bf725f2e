import { screen, within } from '@testing-library/react';
import type { RestaurantPlan, StaffMember } from '@tavola/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { staffMember } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => FakeWebSocket.install());

const trialPlan = (staffLimit: number): RestaurantPlan => ({
  restaurantId: 'r1',
  name: 'Trattoria Test',
  plan: 'starter',
  status: 'trial',
  trialEndsAt: '2099-01-01T00:00:00.000Z',
  trialEnded: false,
  usage: { tables: 2, staff: 2, whiteLabel: false, integrations: 0 },
  planChangedAt: null,
  limits: { tables: 5, staff: staffLimit },
});

describe("manager's staff form", () => {
  it('says how many staff accounts the plan allows before the form is filled, and stops at the limit with the reason', async () => {
    let limit = 2;
    const api = fakeApi({
      'GET /api/staff': { data: [] },
      'GET /api/restaurant/plan': () => ({ data: trialPlan(limit) }),
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Staff' }));
    await user.click(await screen.findByRole('button', { name: 'Add Staff' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Staff' });
    expect(await within(dialog).findByLabelText('Staff accounts on your plan')).toHaveTextContent(
      '2 of 2 staff accounts · the Starter Feast plan (free trial) allows 2.',
    );
    expect(
      within(dialog).getByText(/The Starter Feast plan includes 2 staff accounts/),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Escape}');

    // The team raises the trial's staff limit: the form opens for a third account.
    limit = 5;
    await user.click(screen.getByRole('button', { name: 'Add Staff' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Staff' });
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Staff accounts on your plan')).toHaveTextContent(
        '2 of 5 staff accounts',
      ),
    );
    expect(within(dialog).queryByText(/includes 2 staff accounts/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(api.callsTo('GET /api/restaurant/plan').length).toBeGreaterThanOrEqual(2);
  });

  it("refuses what the contract's staff schema refuses, then sends the account it accepts", async () => {
    const api = fakeApi({
      'GET /api/staff': { data: [] },
      'POST /api/staff': ({ body }) => {
        // The server answers the account without the password it was given.
        const { name, username, role } = body as Pick<StaffMember, 'name' | 'username' | 'role'>;
        return { status: 201, data: staffMember({ id: 's1', name, username, role }) };
      },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Staff' }));
    await user.click(await screen.findByRole('button', { name: 'Add Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Staff' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await user.type(field('Name'), 'Chiara Neri');
    await user.type(field('Username'), 'ch');
    await user.type(field('Password'), 'short');
    await save();
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();

    await user.type(field('Username'), 'iara');
    await save();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')).toHaveLength(0);

    await user.type(field('Password'), '-secret-1');
    await user.selectOptions(field('Role'), 'bar');
    await save();
    expect(await screen.findByText('Staff member added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff').map((c) => c.body)).toEqual([
      {
        name: 'Chiara Neri',
        username: 'chiara',
        password: 'short-secret-1',
        role: 'bar',
        status: 'active',
      },
    ]);
  });

  it("names a shift once, whether or not it was typed with the word 'shift'", async () => {
    const member = (id: string, name: string, shift: string | null) =>
      staffMember({ id, name, shift });
    fakeApi({
      'GET /api/staff': {
        data: [
          member('s1', 'Marco', 'Morning Shift'),
          member('s2', 'Sofia', 'evening'),
          member('s3', 'Luca', null),
        ],
      },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Staff' }));
    const card = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

    expect(await card('Marco')).toHaveTextContent(/waiter · Morning Shift(?! shift)/i);
    expect(await card('Marco')).not.toHaveTextContent(/shift shift/i);
    expect(await card('Sofia')).toHaveTextContent('waiter · evening shift');
    expect(await card('Luca')).not.toHaveTextContent(/shift/i);
  });
});
