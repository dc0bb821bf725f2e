import type { RestaurantSettingsData } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const settings: RestaurantSettingsData = {
  name: 'Trattoria Test',
  currency: 'eur',
  exchangeRate: 1.1,
  taxRate: 10,
  serviceCharge: 0,
  timezone: 'Europe/Rome',
  locale: 'en',
  publicUrl: null,
  sessionIdleMinutes: 30,
  pricesIncludeTax: true,
  autoBackup: true,
  notificationsEnabled: true,
  maintenanceMode: false,
  allowGuestOrders: true,
  orderTimeoutMinutes: 30,
  maxTableCapacity: 20,
  dayClosesAt: '00:00',
};

beforeEach(() => FakeWebSocket.install());

describe('the idle table time in Settings', () => {
  it("is refused outside the contract's bounds before any request, then saved", async () => {
    const api = fakeApi({
      'GET /api/restaurant/settings': { data: settings },
      // The server answers the settings as stored after the change.
      'PUT /api/restaurant/settings': ({ body }) => ({
        data: { ...settings, ...(body as object) },
      }),
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('button', { name: /Settings/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurant settings' });
    const minutes = await within(dialog).findByLabelText('Free idle tables after (minutes)');
    expect(minutes).toHaveValue(30);

    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Idle table timeout must be between 5 and 720 minutes'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/restaurant/settings')).toHaveLength(0);

    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/restaurant/settings').map((c) => c.body)).toEqual([
      { ...settings, sessionIdleMinutes: 45 },
    ]);
  });
});
