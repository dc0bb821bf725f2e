import { PLATFORM_MAINTENANCE_FOR_STAFF, type RestaurantBranding } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { menuItem, platformSettings, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

// The pages these tests open are lazily loaded routes: loaded ahead, in a hook that waits as long
// as a busy machine needs, so no test's wait includes loading code.
beforeAll(
  () => Promise.all([preloadRoute('/'), preloadRoute('/login'), preloadRoute('/order')]),
  120_000,
);

beforeEach(() => {
  FakeWebSocket.install();
  sessionStorage.clear();
});

const OWN = {
  brandName: 'Empire Eats',
  primaryColor: '#7c2d12',
  logoUrl: 'https://cdn.example.com/empire.png',
};

const branding = (allowed: boolean, own = {}): RestaurantBranding => ({
  own,
  allowed,
  effective: { ...own, source: Object.keys(own).length ? 'restaurant' : 'platform' },
});

describe('white label', () => {
  it("tells an admin below Enterprise Empire that white label is that plan's, and saves nothing", async () => {
    const api = fakeApi({ 'GET /api/restaurant/branding': { data: branding(false) } });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    await user.click(await screen.findByRole('tab', { name: 'System' }));
    expect(
      await screen.findByText(/White label is part of the Enterprise Empire plan/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Brand name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save branding' })).toBeDisabled();
    expect(api.callsTo('PUT /api/restaurant/branding')).toHaveLength(0);
  });

  it("saves an Enterprise restaurant's brand and its staff screens' header shows it", async () => {
    let current = branding(true);
    const api = fakeApi({
      'GET /api/restaurant/branding': () => ({ data: current }),
      'PUT /api/restaurant/branding': (call) => {
        current = branding(true, { ...OWN, ...(call.body as object) });
        return { data: current };
      },
    });
    const { user } = renderRoute('/admin', { user: staffUser('admin') });
    await user.click(await screen.findByRole('tab', { name: 'System' }));
    const name = await screen.findByLabelText('Brand name');
    await waitFor(() => expect(name).toBeEnabled());
    await user.type(name, OWN.brandName);
    await user.type(screen.getByLabelText('Primary colour'), OWN.primaryColor);
    await user.type(screen.getByLabelText('Logo URL'), OWN.logoUrl);
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(api.callsTo('PUT /api/restaurant/branding')[0]?.body).toEqual(OWN));
    // The header: the brand's name above the title, its logo, its colour.
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Empire Eats')).toBeInTheDocument();
    const logo = header.querySelector('img');
    expect(logo?.getAttribute('src')).toBe(OWN.logoUrl);
    expect(header.parentElement?.getAttribute('style')).toContain('--color-brand-700: #7c2d12');
  });

  it("follows a brand change live on a waiter's screen, and shows the platform's maintenance banner", async () => {
    let current = branding(true);
    fakeApi({
      'GET /api/restaurant/branding': () => ({ data: current }),
      'GET /api/public/platform': { data: { brand: {}, maintenanceMode: true } },
    });
    renderRoute('/waiter', { user: staffUser('waiter') });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    expect(await screen.findByText(PLATFORM_MAINTENANCE_FOR_STAFF)).toBeInTheDocument();
    expect(screen.queryByText('Empire Eats')).not.toBeInTheDocument();
    current = branding(true, OWN);
    socket.serverSend(
      JSON.stringify({
        type: 'menu_updated',
        data: { action: 'branding' },
        timestamp: '2026-11-21T09:00:00.000Z',
        userId: 'admin-1',
        restaurantId: 'r1',
        seq: 5,
      }),
    );
    expect(await screen.findByText('Empire Eats')).toBeInTheDocument();
  });

  it("shows the brand from the menu on the guest's page", async () => {
    const menu = publicMenu([menuItem({ id: 'm1', name: 'Margherita' })]);
    menu.restaurant.branding = OWN;
    fakeApi({
      'GET /api/menu/public': { data: menu },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': { data: summary() },
    });
    renderRoute('/order?token=QR-T1');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Empire Eats')).toBeInTheDocument();
    expect(header.querySelector('img')?.getAttribute('src')).toBe(OWN.logoUrl);
    expect(header.parentElement?.getAttribute('style')).toContain('--color-brand-700: #7c2d12');
  });

  it("puts the platform's brand on the landing and login pages", async () => {
    fakeApi({
      'GET /api/public/platform': {
        data: { brand: { brandName: 'FeastOS', primaryColor: '#1d4ed8' }, maintenanceMode: false },
      },
    });
    const { user } = renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('FeastOS')).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: /Staff/ }));
    // The landing page's own brand link matches too: wait for the login page to be the one shown.
    await screen.findByRole('heading', { name: 'Staff Login', level: 1 }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: /FeastOS/ })).toBeInTheDocument();
  });

  it("keeps the team's bell quiet when the platform's notifications are off", async () => {
    fakeApi({
      'GET /api/platform/overview': {
        data: {
          restaurants: { total: 0, active: 0, trial: 0, suspended: 0 },
          trialsEndingIn7Days: 0,
          ordersToday: 0,
        },
      },
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/settings': { data: platformSettings({ notificationsEnabled: false }) },
    });
    const { user } = renderRoute('/team', {
      user: staffUser('team', { restaurant_id: null, restaurant: null }),
    });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverSend(
      JSON.stringify({
        type: 'trial_ending',
        data: {
          restaurantId: 'r9',
          name: 'Casa Nuova',
          trialEndsAt: '2026-11-25T00:00:00.000Z',
          daysLeft: 3,
        },
        timestamp: '2026-11-21T09:00:00.000Z',
        userId: null,
        restaurantId: 'r9',
        seq: 3,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(
      await screen.findByText('Team notifications are turned off in the platform settings.'),
    ).toBeInTheDocument();
    expect(screen.getByText("Casa Nuova's free trial ends in 3 days")).toBeInTheDocument();
  });
});
