import { permissionsForRole, type GrantablePermission } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffMember } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const marco = (granted: GrantablePermission[], maxPercent: number | null = null) =>
  staffMember({
    id: 's1',
    name: 'Marco',
    role: 'waiter',
    grantedPermissions: granted,
    permissions: [...permissionsForRole('waiter'), ...granted],
    discountLimit: { maxPercent, maxAmount: null },
  });

const reasons = [{ id: 'a0000000-0000-4000-8000-000000000001', name: 'Kitchen mistake' }];

beforeEach(() => FakeWebSocket.install());

async function openStaff() {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Staff' }));
  return view;
}

describe("a manager sets a member of staff's discount limit and keeps the reasons", () => {
  it('shows the limit only beside a discount or comp grant, and saves it', async () => {
    let current = marco([]);
    const api = fakeApi({
      'GET /api/staff': () => ({ data: [current] }),
      'GET /api/discount-reasons': { data: reasons },
      'PUT /api/staff/s1/permissions': (c) => {
        current = marco((c.body as { granted: GrantablePermission[] }).granted);
        return { data: current };
      },
      'PUT /api/staff/s1/discount-limit': (c) => {
        const body = c.body as { maxPercent: number | null; maxAmount: number | null };
        current = marco(['apply_discounts'], body.maxPercent);
        return { data: { userId: 's1', ...body } };
      },
    });
    const { user } = await openStaff();
    const card = within((await screen.findByRole('heading', { name: 'Marco' })).closest('li')!);
    expect(card.queryByRole('form', { name: 'Discount limit: Marco' })).not.toBeInTheDocument();

    await user.click(card.getByRole('switch', { name: 'Discounts' }));
    const form = await card.findByRole('form', { name: 'Discount limit: Marco' });
    await user.type(within(form).getByLabelText('Up to %'), '101');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        'The percentage limit is a number from 0 to 100, or empty for none',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/staff/s1/discount-limit')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Up to %'));
    await user.type(within(form).getByLabelText('Up to %'), '10');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Discount limit saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/staff/s1/discount-limit')[0]!.body).toEqual({
      maxPercent: 10,
      maxAmount: null,
    });
    await waitFor(() =>
      expect(
        within(card.getByRole('form', { name: 'Discount limit: Marco' })).getByLabelText('Up to %'),
      ).toHaveValue('10'),
    );
  });

  it('adds, renames and removes a reason', async () => {
    let list = [...reasons];
    const api = fakeApi({
      'GET /api/staff': { data: [] },
      'GET /api/discount-reasons': () => ({ data: list }),
      'POST /api/discount-reasons': (c) => {
        const created = {
          id: 'a0000000-0000-4000-8000-000000000009',
          name: (c.body as { name: string }).name,
        };
        list = [...list, created];
        return { status: 201, data: created };
      },
      'PATCH /api/discount-reasons/a0000000-0000-4000-8000-000000000001': (c) => {
        list = [{ ...list[0]!, name: (c.body as { name: string }).name }, ...list.slice(1)];
        return { data: list[0]! };
      },
      'DELETE /api/discount-reasons/a0000000-0000-4000-8000-000000000009': () => {
        list = list.filter((r) => r.id !== 'a0000000-0000-4000-8000-000000000009');
        return { data: { deleted: true } };
      },
    });
    const { user } = await openStaff();
    const table = await screen.findByRole('table', { name: 'Discount reasons' });
    expect(await within(table).findByText('Kitchen mistake')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New reason'), 'Birthday');
    await user.click(screen.getByRole('button', { name: 'Add reason' }));
    expect(await within(table).findByText('Birthday')).toBeInTheDocument();
    expect(api.callsTo('POST /api/discount-reasons')[0]!.body).toEqual({ name: 'Birthday' });

    await user.click(within(table).getByRole('button', { name: 'Rename Kitchen mistake' }));
    const rename = within(table).getByRole('form', { name: 'Rename Kitchen mistake' });
    await user.clear(within(rename).getByRole('textbox'));
    await user.type(within(rename).getByRole('textbox'), 'Kitchen error');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByText('Kitchen error')).toBeInTheDocument();

    window.confirm = () => true;
    await user.click(within(table).getByRole('button', { name: 'Remove Birthday' }));
    await waitFor(() => expect(within(table).queryByText('Birthday')).not.toBeInTheDocument());
  });
});
