import type { RestaurantPlan } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const ended: RestaurantPlan = {
  restaurantId: 'r1',
  name: 'Trattoria Test',
  plan: 'starter',
  status: 'trial',
  trialEndsAt: '2030-01-01T00:00:00.000Z',
  trialEnded: true,
  usage: { tables: 3, staff: 2, whiteLabel: false, integrations: 0 },
  planChangedAt: null,
  limits: { tables: 5, staff: 2 },
};

beforeEach(() => FakeWebSocket.install());

describe('a trial that has ended', () => {
  it('puts a banner on the staff screens, telling staff who can choose a plan', async () => {
    fakeApi({ 'GET /api/restaurant/plan': { data: ended } });
    renderRoute('/waiter', { user: staffUser('waiter') });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Your free trial has ended. Guests cannot order until a plan is chosen. Ask your administrator to choose a plan.',
    );
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows no banner while the trial runs', async () => {
    const api = fakeApi({
      'GET /api/restaurant/plan': {
        data: { ...ended, trialEnded: false, trialEndsAt: '2099-01-01T00:00:00.000Z' },
      },
    });
    renderRoute('/kitchen', { user: staffUser('kitchen') });
    await screen.findByRole('heading', { name: /Kitchen/ });
    await vi.waitFor(() => expect(api.callsTo('GET /api/restaurant/plan')).toHaveLength(1));
    expect(screen.queryByText(/free trial has ended/)).not.toBeInTheDocument();
  });

  it('lets the admin request an upgrade from the Plan card; the plan changes only when the team sets it', async () => {
    const api = fakeApi({
      'GET /api/restaurant/plan': { data: ended },
      'POST /api/restaurant/plan/upgrade-request': (call) => ({
        status: 201,
        data: {
          plan: (call.body as { plan: 'growth' }).plan,
          ticketId: 't1',
          alreadyRequested: false,
        },
      }),
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    const card = await screen.findByRole('region', { name: 'Plan: Starter Feast' });
    expect(card).toHaveTextContent('Trial ended');
    expect(card).toHaveTextContent('3 tables of 5 · 2 staff accounts of 2 · 1.9% transaction fee');
    expect(card).toHaveTextContent('Paid plans start through Tavola billing');
    // The banner (the admin panel's own tabs may show alerts of their own beside it).
    expect(screen.getByText('Your free trial has ended.').closest('[role=alert]')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: /Request upgrade to Growth Grill/ }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Requested: upgrade to Growth Grill. The Tavola team will contact you to set up payment',
    );
    expect(api.callsTo('POST /api/restaurant/plan/upgrade-request')[0]?.body).toEqual({
      plan: 'growth',
    });
    expect(api.callsTo('PUT /api/restaurant/plan')).toHaveLength(0);
    // Still the trial: nothing switched itself on.
    expect(screen.getByRole('region', { name: 'Plan: Starter Feast' })).toHaveTextContent(
      'Trial ended',
    );
    expect(within(card).getByRole('button', { name: /Growth Grill/ })).toBeDisabled();
    // Only bigger plans are offered.
    expect(
      screen.getByRole('button', { name: /Request upgrade to Enterprise Empire/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Starter Feast/ })).not.toBeInTheDocument();
  });
});
