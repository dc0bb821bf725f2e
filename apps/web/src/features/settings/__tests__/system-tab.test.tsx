import type { RestaurantSettingsData } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const stored: RestaurantSettingsData = {
  name: 'Trattoria Test',
  currency: 'eur',
  exchangeRate: 1.1,
  taxRate: 10,
  serviceCharge: 0,
  timezone: 'Europe/Rome',
  locale: 'en',
  publicUrl: 'https://order.example.com',
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

async function openSystemTab() {
  const view = renderRoute('/admin', { user: staffUser('admin') });
  await view.user.click(await screen.findByRole('tab', { name: 'System' }));
  const form = await screen.findByRole('form', { name: 'System settings' });
  return { ...view, form };
}

describe("the admin's System tab", () => {
  it('shows every system setting as stored', async () => {
    fakeApi({ 'GET /api/restaurant/settings': { data: stored } });
    const { form } = await openSystemTab();
    expect(within(form).getByLabelText('Restaurant name')).toHaveValue('Trattoria Test');
    expect(within(form).getByLabelText('Timezone')).toHaveValue('Europe/Rome');
    expect(within(form).getByLabelText('Currency')).toHaveValue('eur');
    expect(within(form).getByLabelText('Tax rate (%)')).toHaveValue(10);
    expect(within(form).getByLabelText('Service charge (%)')).toHaveValue(0);
    expect(within(form).getByLabelText('Order timeout (minutes)')).toHaveValue(30);
    expect(within(form).getByLabelText('Max table capacity (guests)')).toHaveValue(20);
    for (const [name, on] of [
      ['Prices include tax', true],
      ['Auto backup', true],
      ['Notifications', true],
      ['Maintenance mode', false],
      ['Allow guest orders', true],
    ] as const) {
      expect(within(form).getByRole('switch', { name })).toHaveAttribute(
        'aria-checked',
        String(on),
      );
    }
  });

  it('refuses what the contract refuses, in its words, before any request', async () => {
    const api = fakeApi({ 'GET /api/restaurant/settings': { data: stored } });
    const { user, form } = await openSystemTab();
    const timeout = within(form).getByLabelText('Order timeout (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '3');
    await user.click(within(form).getByRole('button', { name: 'Save System Settings' }));
    expect(
      within(form).getByText('Order timeout must be between 5 and 240 minutes'),
    ).toBeInTheDocument();

    await user.clear(timeout);
    await user.type(timeout, '45');
    const capacity = within(form).getByLabelText('Max table capacity (guests)');
    await user.clear(capacity);
    await user.type(capacity, '101');
    await user.click(within(form).getByRole('button', { name: 'Save System Settings' }));
    expect(
      within(form).getByText('Max table capacity must be between 1 and 100 guests'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/restaurant/settings')).toHaveLength(0);
  });

  it('shows what a bill comes to, warns when guests cannot order, and saves every setting', async () => {
    const api = fakeApi({
      'GET /api/restaurant/settings': { data: stored },
      'PUT /api/restaurant/settings': ({ body }) => ({ data: body }),
    });
    const { user, form } = await openSystemTab();
    const tax = within(form).getByLabelText('Tax rate (%)');
    await user.clear(tax);
    await user.type(tax, '8.5');
    const service = within(form).getByLabelText('Service charge (%)');
    await user.clear(service);
    await user.type(service, '15');
    await user.click(within(form).getByRole('switch', { name: 'Prices include tax' }));
    // 100.00 + 15.00 service + 8.5% of 115.00 (9.775 → 9.78).
    const eur = (n: number) => formatMoney(n, 'eur');
    expect(within(form).getByTestId('bill-example')).toHaveTextContent(
      `${eur(100)} of menu prices bills as net ${eur(100)}, service charge ${eur(15)}, tax ${eur(9.78)}: total ${eur(124.78)}.`,
    );

    await user.click(within(form).getByRole('switch', { name: 'Allow guest orders' }));
    expect(
      within(form).getByText('Guest orders are off: guests cannot order from their phones.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Auto backup' }));

    await user.click(within(form).getByRole('button', { name: 'Save System Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/restaurant/settings').map((c) => c.body)).toEqual([
      {
        ...stored,
        taxRate: 8.5,
        serviceCharge: 15,
        pricesIncludeTax: false,
        allowGuestOrders: false,
        autoBackup: false,
      },
    ]);
  });

  it("shows the server's refusal in its words", async () => {
    fakeApi({
      'GET /api/restaurant/settings': { data: stored },
      'PUT /api/restaurant/settings': {
        status: 409,
        error:
          'Table 2 seats 8 guests: lower its capacity first, or set the max table capacity to 8 or more',
      },
    });
    const { user, form } = await openSystemTab();
    const capacity = within(form).getByLabelText('Max table capacity (guests)');
    await user.clear(capacity);
    await user.type(capacity, '6');
    await user.click(within(form).getByRole('button', { name: 'Save System Settings' }));
    expect(
      await within(form).findByText(
        'Table 2 seats 8 guests: lower its capacity first, or set the max table capacity to 8 or more',
      ),
    ).toBeInTheDocument();
  });
});
