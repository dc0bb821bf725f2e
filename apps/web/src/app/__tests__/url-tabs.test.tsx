import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const team = staffUser('team', { restaurant_id: null, restaurant: null, name: 'Tina Team' });

beforeAll(async () => {
  await Promise.all([preloadRoute('/admin'), preloadRoute('/team'), preloadRoute('/manager')]);
});

const selected = (name: string) =>
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');

// Each dashboard keeps its tab in the address, so a link, a reload or Back opens that tab.
describe('dashboard tabs in the address', () => {
  it("opens the admin panel's tab named by ?tab=", async () => {
    fakeApi({});
    renderRoute('/admin?tab=security', { user: staffUser('admin') });
    await screen.findByRole('tab', { name: 'Security' });
    selected('Security');
  });

  it("opens the team dashboard's tab named by ?tab=, and the first for an unknown one", async () => {
    fakeApi({});
    const view = renderRoute('/team?tab=support', { user: team });
    await screen.findByRole('tab', { name: 'Support' });
    selected('Support');
    view.unmount();
    renderRoute('/team?tab=nothing', { user: team });
    await screen.findByRole('tab', { name: 'Overview' });
    selected('Overview');
  });

  it("opens the manager's analytics section named by ?section=", async () => {
    fakeApi({});
    const { user } = renderRoute('/manager?tab=analytics&section=email', {
      user: staffUser('manager'),
    });
    await screen.findByRole('tab', { name: 'Scheduled email' });
    selected('Analytics');
    selected('Scheduled email');
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    selected('Reports');
  });
});
