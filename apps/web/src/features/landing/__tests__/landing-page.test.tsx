import { screen, within } from '@testing-library/react';
import { DEFAULT_TABLE_TOKEN, PLANS } from '@tavola/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

beforeAll(async () => {
  // The route is lazy; loading it first keeps a busy machine's first import out of the waits.
  await import('../landing-page');
});

beforeEach(() => {
  FakeWebSocket.install();
  sessionStore.clear();
  fakeApi({});
});

describe('landing page', () => {
  it("the sample menu's Add buttons fill the sample order and total it", async () => {
    const { user } = renderRoute('/');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your sample order is empty');
    await user.click(screen.getByRole('button', { name: 'Add Classic Burger' }));
    expect(status).toHaveTextContent('Sample order: 1 item · €12.50');
    await user.click(screen.getByRole('button', { name: 'Add Aperol Spritz' }));
    await user.click(screen.getByRole('button', { name: 'Add Aperol Spritz' }));
    expect(status).toHaveTextContent('Sample order: 3 items · €28.50');
    expect(within(status).getByRole('link', { name: 'Order for real at table 1' })).toHaveAttribute(
      'href',
      `/order?token=${DEFAULT_TABLE_TOKEN}`,
    );
  });

  it('the demo tabs switch the panel to that screen and its text', async () => {
    const { user } = renderRoute('/');
    await user.click(await screen.findByRole('tab', { name: 'Waiter' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(
      'Open tables: 4 (needs attention), 5 (order ready), 7 (waiting for payment).',
    );
    expect(within(panel).getByRole('img', { name: /waiter dashboard/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sample menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    const items = within(screen.getByRole('list', { name: 'Top items' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1. Classic Burger38 sold · €475',
      '2. Aperol Spritz31 sold · €248',
      '3. Margherita Pizza27 sold · €294',
      '4. Craft Beer25 sold · €137',
    ]);
  });

  it("each plan's card shows its period and its button leads to /login", async () => {
    renderRoute('/');
    const periods = PLANS.map((plan) =>
      plan.period === 'month'
        ? '/ month'
        : plan.period === 'year'
          ? '/ year'
          : `for ${plan.trialDays} days`,
    );
    for (const [i, plan] of PLANS.entries()) {
      const card = await screen.findByRole('article', { name: plan.name });
      expect(card).toHaveTextContent(periods[i]!);
      expect(within(card).getByRole('link', { name: `Choose ${plan.name}` })).toHaveAttribute(
        'href',
        '/login',
      );
    }
  });
});
