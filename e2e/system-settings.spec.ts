import { expect, test, type Page } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

/** The admin's System tab, as a person uses it. */
async function openSystemTab(page: Page) {
  await signInWithDemoCard(page, 'admin1');
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'System' }).click();
  const form = page.getByRole('form', { name: 'System settings' });
  await expect(form.getByLabel('Restaurant name')).not.toHaveValue('');
  return form;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save System Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
}

async function setSwitch(page: Page, name: string, on: boolean) {
  const toggle = page.getByRole('switch', { name });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

/** The demo's own settings come back after each test (8.5% tax within the prices, no service). */
test.afterEach(async ({ request }) => {
  const headers = await staffHeaders(request, 'admin1', 'admin123');
  const current = (await (await request.get('/api/restaurant/settings', { headers })).json()).data;
  const res = await request.put('/api/restaurant/settings', {
    headers,
    data: {
      ...current,
      taxRate: 8.5,
      serviceCharge: 0,
      pricesIncludeTax: true,
      allowGuestOrders: true,
      maintenanceMode: false,
    },
  });
  expect(res.status()).toBe(200);
});

test("admin1 sets tax and service charge in System and a guest's bill shows them (issue 15, item 4; issue 16, item 1)", async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  const form = await openSystemTab(page);
  await form.getByLabel('Tax rate (%)').fill('8.5');
  await form.getByLabel('Service charge (%)').fill('15');
  await setSwitch(page, 'Prices include tax', false);
  // What 100.00 comes to, before saving: 15.00 service, 8.5% of 115.00 = 9.775 → 9.78.
  await expect(form.getByTestId('bill-example')).toContainText('total €124.78');
  await save(page);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/order?token=${table.token}`);
  await expect(
    guest.getByText('8.5% tax and a 15% service charge are added to the bill.'),
  ).toBeVisible();
  await guest.getByRole('button', { name: 'Add Classic Burger' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(guest.getByText(/Order \d+ placed successfully!/)).toBeVisible();

  // 12.50: service 1.875 → 1.88 (half away from zero), tax 8.5% of 14.38 = 1.2223 → 1.22.
  const breakdown = guest.getByLabel('Bill breakdown');
  await expect(breakdown).toContainText('Net€12.50');
  await expect(breakdown).toContainText('Service charge (15%)€1.88');
  await expect(breakdown).toContainText('Tax (8.5%)€1.22');
  await expect(breakdown).toContainText('Total€15.60');
  await expect(guest.getByTestId('bill-total')).toHaveText('€15.60');

  // The waiter's payment dialog takes the same bill.
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const floor = (await (await request.get('/api/tables/floor', { headers })).json()).data;
  const row = floor.tables.find((t: { number: number }) => t.number === table.number);
  expect(row.bill).toEqual({ net: 12.5, service: 1.88, tax: 1.22, total: 15.6 });
});

test('admin1 turns guest orders off: the guest sees the notice and cannot order; back on, they can (issue 15, item 4)', async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/order?token=${table.token}`);
  await expect(guest.getByRole('button', { name: 'Add Classic Burger' })).toBeVisible();

  await openSystemTab(page);
  await setSwitch(page, 'Allow guest orders', false);
  await expect(
    page.getByText('Guest orders are off: guests cannot order from their phones.'),
  ).toBeVisible();
  await save(page);

  // The open guest page hears it (the settings change reaches it live) and says so.
  const notice =
    'Ordering from the table is paused right now. Please ask a member of staff to take your order.';
  await expect(guest.getByRole('status').filter({ hasText: notice })).toBeVisible();
  // Nothing can go into a cart that cannot be sent.
  await expect(guest.getByRole('button', { name: 'Add Classic Burger' })).toBeDisabled();
  // And the server refuses an order all the same.
  const menu = (await (await request.get(`/api/menu/public?token=${table.token}`)).json()).data;
  const burger = Object.values(menu.menu as Record<string, { id: string; name: string }[]>)
    .flat()
    .find((i) => i.name === 'Classic Burger')!;
  const refused = await request.post('/api/orders/public', {
    data: { token: table.token, items: [{ menuItemId: burger.id, quantity: 1 }], currency: 'EUR' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toBe(notice);

  await setSwitch(page, 'Allow guest orders', true);
  await save(page);
  await expect(guest.getByText(notice)).toHaveCount(0);
  await guest.getByRole('button', { name: 'Add Classic Burger' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(guest.getByText(/Order \d+ placed successfully!/)).toBeVisible();
});
