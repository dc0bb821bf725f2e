import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => FakeWebSocket.install());

describe("manager's staff form", () => {
  it("refuses what the contract's staff schema refuses, then sends the account it accepts", async () => {
    const api = fakeApi({
      'GET /api/staff': { data: [] },
      'POST /api/staff': ({ body }) => ({
        status: 201,
        data: { id: 's1', status: 'active', shift: null, lastLoginAt: null, ...(body as object) },
      }),
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
    const member = (id: string, name: string, shift: string | null) => ({
      id,
      name,
      username: name.toLowerCase(),
      role: 'waiter',
      status: 'active',
      shift,
      lastLoginAt: null,
    });
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
