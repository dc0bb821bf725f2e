import { permissionsForRole, type GrantablePermission } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffMember } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const marco = (granted: GrantablePermission[]) =>
  staffMember({
    id: 's1',
    name: 'Marco',
    role: 'waiter',
    grantedPermissions: granted,
    permissions: [...permissionsForRole('waiter'), ...granted],
  });
const luca = staffMember({
  id: 's3',
  name: 'Luca',
  role: 'bar',
  permissions: permissionsForRole('bar'),
});

async function staffCard(name: string) {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Staff' }));
  const card = (await screen.findByRole('heading', { name })).closest('li')!;
  return { ...view, card: within(card) };
}

beforeEach(() => FakeWebSocket.install());

describe('a manager grants point-of-sale permissions per member of staff', () => {
  it('shows what the role gives as fixed, and grants and takes back the rest', async () => {
    let current = marco([]);
    const api = fakeApi({
      'GET /api/staff': () => ({ data: [current, luca] }),
      'PUT /api/staff/s1/permissions': (c) => {
        const granted = (c.body as { granted: GrantablePermission[] }).granted;
        current = marco(granted);
        return { data: current };
      },
    });
    const { user, card } = await staffCard('Marco');
    const enter = card.getByRole('switch', { name: 'Enter orders' });
    expect(enter).toBeChecked();
    expect(enter).toBeDisabled();
    expect(card.getByText('With the role')).toBeInTheDocument();

    const open = card.getByRole('switch', { name: 'Open items' });
    expect(open).not.toBeChecked();
    await user.click(open);
    expect(await screen.findByText('Marco may now: Open items')).toBeInTheDocument();
    await waitFor(() => expect(card.getByRole('switch', { name: 'Open items' })).toBeChecked());

    await user.click(card.getByRole('switch', { name: 'Comps' }));
    await waitFor(() => expect(card.getByRole('switch', { name: 'Comps' })).toBeChecked());
    await user.click(card.getByRole('switch', { name: 'Open items' }));
    await waitFor(() => expect(card.getByRole('switch', { name: 'Open items' })).not.toBeChecked());

    expect(api.callsTo('PUT /api/staff/s1/permissions').map((c) => c.body)).toEqual([
      { granted: ['open_items'] },
      { granted: ['open_items', 'comp_items'] },
      { granted: ['comp_items'] },
    ]);
  });

  it('lets a bartender be given order entry, and says why a grant was refused', async () => {
    const api = fakeApi({
      'GET /api/staff': { data: [marco([]), luca] },
      'PUT /api/staff/s3/permissions': {
        status: 403,
        error: 'You cannot grant permissions you do not hold yourself',
        code: 'STAFF_PERMISSIONS_NOT_ALLOWED',
      },
    });
    const { user, card } = await staffCard('Luca');
    const enter = card.getByRole('switch', { name: 'Enter orders' });
    expect(enter).toBeEnabled();
    await user.click(enter);
    expect(
      await screen.findByText('You cannot grant permissions you do not hold yourself'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/staff/s3/permissions').map((c) => c.body)).toEqual([
      { granted: ['enter_orders'] },
    ]);
    expect(card.getByRole('switch', { name: 'Enter orders' })).not.toBeChecked();
  });
});
