import type { PlatformOverview, Tenant } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { floor } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
  sessionStorage.clear();
});

const team = staffUser('team', { restaurant_id: null, restaurant: null, name: 'Tina Team' });

const tenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  id: 'r2',
  name: 'Osteria Due',
  slug: 'osteria-due',
  status: 'active',
  plan: 'growth',
  subscription: 'monthly',
  trialEndsAt: null,
  currency: 'eur',
  timezone: 'Europe/Rome',
  isDemo: false,
  admin: { name: 'Anna Admin', username: 'anna' },
  monthlyRevenue: 1234.5,
  tablesCount: 12,
  staffCount: 7,
  emails: { today: 0, last7Days: 0, confirmationsLast7Days: 0, refusedLast7Days: 0 },
  lastActivity: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

const overview: PlatformOverview = {
  restaurants: { total: 3, active: 1, trial: 1, suspended: 1 },
  trialsEndingIn7Days: 1,
  ordersToday: 42,
};

describe('the team dashboard', () => {
  it("shows spec §2's tabs, the Overview from live counts, and connects the team's socket without a restaurant", async () => {
    fakeApi({
      'GET /api/platform/overview': { data: overview },
      'GET /api/platform/events': { data: [] },
    });
    renderRoute('/team', { user: team });
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Overview',
      'Restaurants',
      'Subscriptions',
      'Analytics',
      'Support',
      'Settings',
    ]);
    const orders = await screen.findByText('Orders today');
    expect(orders.parentElement).toHaveTextContent('42');
    expect(screen.getByText('Trials ending in 7 days').parentElement).toHaveTextContent('1');

    const socket = FakeWebSocket.latest();
    expect(socket.params.get('token')).toBe('token-team-1');
    expect(socket.params.get('role')).toBe('team');
    expect(socket.params.has('restaurantId')).toBe(false);
    socket.serverOpen();
    // Connected: no red Offline badge.
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
  });

  it('rings the bell for platform events, and Mark all as read clears the count', async () => {
    fakeApi({
      'GET /api/platform/overview': { data: overview },
      'GET /api/platform/events': { data: [] },
    });
    const { user } = renderRoute('/team', { user: team });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverSend(
      JSON.stringify({
        type: 'restaurant_signed_up',
        data: { restaurantId: 'r9', name: 'Casa Nuova', plan: 'starter', owner: 'Olivia' },
        timestamp: '2026-11-21T09:00:00.000Z',
        userId: null,
        restaurantId: 'r9',
        seq: 7,
      }),
    );
    socket.serverSend(
      JSON.stringify({
        type: 'restaurant_suspended',
        data: { restaurantId: 'r2', name: 'Osteria Due', reason: 'Unpaid', by: 'Tina Team' },
        timestamp: '2026-11-21T09:05:00.000Z',
        userId: 'team-1',
        restaurantId: 'r2',
        seq: 8,
      }),
    );
    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual([
      'Osteria Due was suspended by Tina Team: Unpaid',
      'Casa Nuova signed up for a free trial (Olivia)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('lists restaurants, searches and filters on the server, and suspends one with a reason', async () => {
    const api = fakeApi({
      'GET /api/platform/overview': { data: overview },
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/restaurants': ({ path }) => ({
        data: {
          restaurants: path.includes('search=zzz') ? [] : [tenant()],
          total: path.includes('search=zzz') ? 0 : 1,
        },
      }),
      'POST /api/platform/restaurants/r2/suspend': () => ({
        data: tenant({ status: 'suspended' }),
      }),
    });
    const { user } = renderRoute('/team', { user: team });
    await user.click(screen.getByRole('tab', { name: 'Restaurants' }));
    const row = (await screen.findByRole('rowheader', { name: /Osteria Due/ })).closest('tr')!;
    expect(row).toHaveTextContent('Anna Admin');
    expect(row).toHaveTextContent('Growth Grill');
    expect(row).toHaveTextContent('Monthly');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('€1,234.50');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/platform/restaurants?status=suspended')).toBe(
        true,
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await user.type(screen.getByRole('textbox', { name: 'Search restaurants' }), 'zzz');
    expect(await screen.findByText('No restaurants match.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search restaurants' }));

    await user.click(await screen.findByRole('button', { name: 'Suspend Osteria Due' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Osteria Due' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required');
    expect(api.callsTo('POST /api/platform/restaurants/r2/suspend')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Unpaid invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Restaurant suspended')).toBeInTheDocument();
    expect(api.callsTo('POST /api/platform/restaurants/r2/suspend').map((c) => c.body)).toEqual([
      { reason: 'Unpaid invoice' },
    ]);
  });

  it('shows each restaurant’s emails today and over 7 days, and those over its limit', async () => {
    fakeApi({
      'GET /api/platform/overview': { data: overview },
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/restaurants': {
        data: {
          restaurants: [
            tenant(),
            tenant({
              id: 'r3',
              name: 'Free Trial Spam',
              status: 'trial',
              emails: {
                today: 20,
                last7Days: 45,
                confirmationsLast7Days: 30,
                refusedLast7Days: 12,
              },
            }),
          ],
          total: 2,
        },
      },
    });
    const { user } = renderRoute('/team', { user: team });
    await user.click(screen.getByRole('tab', { name: 'Restaurants' }));
    expect(await screen.findByRole('columnheader', { name: 'Emails' })).toBeInTheDocument();
    expect(screen.getByLabelText('Emails sent by Osteria Due')).toHaveTextContent(
      '0 today · 0 in 7 days0 confirmations',
    );
    expect(screen.getByLabelText('Emails sent by Free Trial Spam')).toHaveTextContent(
      '20 today · 45 in 7 days30 confirmations · 12 over the limit',
    );
  });

  it("shows each restaurant's activity and dates on its own clock, naming its time zone", async () => {
    fakeApi({
      'GET /api/platform/overview': { data: overview },
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/restaurants': {
        data: {
          restaurants: [
            tenant({
              timezone: 'America/New_York',
              // 10:00 UTC is 05:00 in New York; 02:00 UTC on 1 October is still 30 September there.
              lastActivity: '2026-11-20T10:00:00.000Z',
              createdAt: '2026-10-01T02:00:00.000Z',
            }),
          ],
          total: 1,
        },
      },
    });
    const { user } = renderRoute('/team', { user: team });
    await user.click(screen.getByRole('tab', { name: 'Restaurants' }));
    const row = (await screen.findByRole('rowheader', { name: /Osteria Due/ })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    const header = [...screen.getAllByRole('columnheader')].map((h) => h.textContent);
    const cell = (name: string) => cells[header.indexOf(name) - 1]!;
    expect(cell('Last Activity')).toHaveTextContent(/\b0?5:00\b/);
    expect(cell('Last Activity')).toHaveTextContent('America/New_York');
    expect(cell('Created')).toHaveTextContent(/\b(9\/30|30\/0?9)\b/);
  });

  it("onboards a restaurant with its first admin, and shows the server's refusal", async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET /api/platform/overview': { data: overview },
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/restaurants': { data: { restaurants: [], total: 0 } },
      'POST /api/platform/restaurants': ({ body }) =>
        ++attempts === 1
          ? { status: 409, error: 'The username "anna" is already taken. Choose another one.' }
          : {
              status: 201,
              data: {
                restaurant: tenant({ name: (body as { name: string }).name }),
                adminUsername: 'anna2',
              },
            },
    });
    const { user } = renderRoute('/team', { user: team });
    await user.click(screen.getByRole('tab', { name: 'Restaurants' }));
    await user.click(await screen.findByRole('button', { name: 'Add Restaurant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Restaurant' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Restaurant name'), 'Osteria Tre');
    await user.selectOptions(field('Plan'), 'enterprise');
    await user.selectOptions(field('Currency'), 'usd');
    await user.clear(field('Time zone'));
    await user.type(field('Time zone'), 'America/New_York');
    await user.type(field('Admin name'), 'Anna Admin');
    await user.type(field('Admin username'), 'anna');
    await user.type(field('Admin password'), 'anna-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create restaurant' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The username "anna" is already taken. Choose another one.',
    );
    await user.clear(field('Admin username'));
    await user.type(field('Admin username'), 'anna2');
    await user.click(within(dialog).getByRole('button', { name: 'Create restaurant' }));
    expect(await screen.findByText('Restaurant created')).toBeInTheDocument();
    expect(api.callsTo('POST /api/platform/restaurants').at(-1)?.body).toEqual({
      name: 'Osteria Tre',
      currency: 'usd',
      timezone: 'America/New_York',
      plan: 'enterprise',
      admin: { name: 'Anna Admin', username: 'anna2', password: 'anna-pass-1' },
    });
  });
});

describe('a staff screen whose restaurant is suspended', () => {
  it('ends at once and the login page says why', async () => {
    fakeApi({ 'GET /api/tables/floor': { data: floor() } });
    renderRoute('/waiter', { user: staffUser('waiter') });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverClose(4403, 'This restaurant is suspended. Contact Tavola support.');
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    expect(
      screen.getByText('This restaurant is suspended. Contact Tavola support.'),
    ).toHaveAttribute('role', 'status');
  });
});
