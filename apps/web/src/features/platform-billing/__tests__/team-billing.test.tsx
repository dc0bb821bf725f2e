import type { PlatformAnalytics, Subscriptions } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { restaurantPlan } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const team = staffUser('team', { restaurant_id: null, restaurant: null });

const subscriptions: Subscriptions = {
  month: '2030-03',
  monthStart: '2030-03-01T00:00:00.000Z',
  monthEnd: '2030-04-01T00:00:00.000Z',
  plans: [
    {
      id: 'starter',
      name: 'Starter Feast',
      priceCents: 0,
      period: 'trial',
      trialDays: 14,
      features: ['14-day trial', 'Up to 5 tables'],
      customers: 4,
      revenueCents: 190,
    },
    {
      id: 'growth',
      name: 'Growth Grill',
      priceCents: 19_900,
      period: 'month',
      trialDays: null,
      features: ['35 tables included'],
      customers: 1,
      revenueCents: 19_900,
    },
    {
      id: 'enterprise',
      name: 'Enterprise Empire',
      priceCents: 199_000,
      period: 'year',
      trialDays: null,
      features: ['White-label'],
      customers: 1,
      revenueCents: 20_120,
    },
  ],
  invoices: [
    {
      restaurantId: 'r-gusto',
      name: 'Gusto',
      status: 'active',
      plan: 'enterprise',
      tables: 40,
      lines: [
        {
          plan: 'growth',
          from: '2030-03-01T00:00:00.000Z',
          to: '2030-03-11T00:00:00.000Z',
          planCents: 6_419,
          extraTables: 5,
          extraTableUnitCents: 350,
          extraTablesCents: 565,
        },
        {
          plan: 'enterprise',
          from: '2030-03-11T00:00:00.000Z',
          to: '2030-04-01T00:00:00.000Z',
          planCents: 11_234,
          extraTables: 0,
          extraTableUnitCents: 290,
          extraTablesCents: 0,
        },
      ],
      planCents: 17_653,
      extraTablesCents: 565,
      payments: { currency: 'eur', cents: 100_100 },
      paymentsEurCents: 100_100,
      feeCents: 1_902,
      totalCents: 20_120,
    },
  ],
  total: 1,
};

beforeEach(() => FakeWebSocket.install());

describe("the team's Subscriptions tab", () => {
  it('shows each plan card with its price, features, customers and revenue, and the invoice preview', async () => {
    fakeApi({ 'GET /api/platform/subscriptions': { data: subscriptions } });
    const { user } = renderRoute('/team', { user: team });
    await user.click(await screen.findByRole('tab', { name: 'Subscriptions' }));

    const growth = await screen.findByRole('article', { name: 'Growth Grill' });
    expect(growth).toHaveTextContent(/€199\.00 \/ month/);
    expect(within(growth).getByText('35 tables included')).toBeInTheDocument();
    expect(growth).toHaveTextContent(/Customers\s*1/);
    const starter = screen.getByRole('article', { name: 'Starter Feast' });
    expect(starter).toHaveTextContent(/14-day trial/);
    expect(starter).toHaveTextContent(/Customers\s*4/);
    expect(screen.getByRole('article', { name: 'Enterprise Empire' })).toHaveTextContent(
      /Revenue this month\s*€201\.20/,
    );

    expect(screen.getByRole('heading', { name: 'Invoice previews, March 2030' })).toBeVisible();
    const row = screen.getByRole('row', { name: /Gusto/ });
    expect(row).toHaveTextContent('Growth Grill, 1 Mar – 10 Mar: €64.19');
    expect(row).toHaveTextContent('Enterprise Empire, 11 Mar – 31 Mar: €112.34');
    expect(row).toHaveTextContent('5 × €3.50, 1 Mar – 10 Mar');
    expect(within(row).getByText('€1,001.00')).toBeInTheDocument();
    expect(within(row).getByText('€19.02')).toBeInTheDocument();
    expect(within(row).getByText('€201.20')).toBeInTheDocument();
  });

  it("changes a restaurant's plan, and shows the server's list of what to remove when a downgrade does not fit", async () => {
    let refused = true;
    const api = fakeApi({
      'GET /api/platform/subscriptions': { data: subscriptions },
      'PUT /api/platform/restaurants/r-gusto/plan': () =>
        refused
          ? {
              status: 409,
              error:
                'The restaurant uses more than the Starter Feast plan allows. Remove first: 35 tables (40 in use, 5 allowed).',
            }
          : {
              data: restaurantPlan({
                restaurantId: 'r-gusto',
                name: 'Gusto',
                plan: 'growth',
                planChangedAt: '2030-06-15T12:00:00.000Z',
                limits: { tables: null, staff: null },
              }),
            },
    });
    const { user } = renderRoute('/team', { user: team });
    await user.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    await user.click(await screen.findByRole('button', { name: 'Change plan of Gusto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan: Gusto' });
    await user.click(within(dialog).getByRole('radio', { name: /Starter Feast/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Remove first: 35 tables (40 in use, 5 allowed).',
    );
    expect(api.callsTo('PUT /api/platform/restaurants/r-gusto/plan')[0]?.body).toEqual({
      plan: 'starter',
    });

    refused = false;
    await user.click(within(dialog).getByRole('radio', { name: /Growth Grill/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Gusto is now on Growth Grill')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The figures are read again.
    expect(api.callsTo('GET /api/platform/subscriptions').length).toBeGreaterThan(1);
  });
});

describe("the team's Analytics tab", () => {
  it('shows the platform figures from the server', async () => {
    const analytics: PlatformAnalytics = {
      generatedAt: '2030-06-15T12:00:00.000Z',
      window: { from: '2030-05-17T00:00:00.000Z', to: '2030-06-16T00:00:00.000Z', days: 30 },
      mrrCents: 58_713,
      arrCents: 704_556,
      gmvCents: 32_346,
      feeCents: 615,
      orders: 4,
      restaurants: {
        total: 7,
        active: 3,
        trials: 3,
        trialsEndingIn7Days: 1,
        churned: 2,
        suspended: 1,
        trialsExpired: 1,
      },
      daily: Array.from({ length: 30 }, (_, i) => ({
        date: `2030-06-${String(i + 1).padStart(2, '0')}`,
        orders: i === 29 ? 2 : 0,
        gmvCents: i === 29 ? 22_345 : 0,
        feeCents: i === 29 ? 425 : 0,
      })),
    };
    fakeApi({ 'GET /api/platform/analytics': { data: analytics } });
    const { user } = renderRoute('/team', { user: team });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    const figures = await screen.findByRole('list', { name: 'Platform figures' });
    const figure = (name: string) => within(figures).getByRole('listitem', { name });
    expect(figure('MRR')).toHaveTextContent('€587.13');
    expect(figure('ARR')).toHaveTextContent('€7,045.56');
    expect(figure('GMV')).toHaveTextContent('€323.46');
    expect(figure('Transaction fees')).toHaveTextContent('€6.15');
    expect(figure('Orders')).toHaveTextContent('4');
    expect(figure('Active restaurants')).toHaveTextContent('3On a paid plan, of 7');
    expect(figure('Trials')).toHaveTextContent('3');
    expect(figure('Trials ending in 7 days')).toHaveTextContent('1');
    expect(figure('Churned restaurants')).toHaveTextContent(
      '21 suspended, 1 trials ended without a plan',
    );
    expect(screen.getByRole('row', { name: /2030-06-30/ })).toHaveTextContent('€223.45');
  });
});
