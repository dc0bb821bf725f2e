import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { newTable, staffHeaders } from './helpers';

/** The guest's page follows the restaurant within a second; 2 s leaves room for a busy CI. */
const LIVE = { timeout: 2000 };

test.use({ viewport: { width: 390, height: 844 } });

/** The table as the manager's Tables tab sees it (seated or not). */
async function tableStatus(request: APIRequestContext, number: number) {
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const tables = (await (await request.get('/api/tables', { headers })).json()).data as {
    number: number;
    status: string;
  }[];
  return tables.find((t) => t.number === number)!.status;
}

async function orderOne(page: Page, dish: string) {
  await page.getByRole('button', { name: `Add ${dish}` }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
}

/** A manager settles the table's open bill. */
async function settle(request: APIRequestContext, token: string) {
  const summary = (await (await request.get(`/api/sessions/public/summary?token=${token}`)).json())
    .data;
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const paid = await request.post(`/api/sessions/${summary.sessionId}/payments`, {
    data: { method: 'card' },
    headers,
  });
  expect(paid.status()).toBe(201);
}

test('the header names the table by its number, with its code as small print', async ({
  page,
  request,
}) => {
  const table = await newTable(request);
  await page.goto(`/order?token=${table.token}`);
  const header = page.getByRole('banner');
  await expect(header.getByText(`Table ${table.number}`, { exact: true })).toBeVisible();
  await expect(header.getByText(table.token, { exact: true })).toBeVisible();
  await expect(header.getByText(`Table ${table.token}`)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/guest-header-390.png' });
});

test('reading the menu seats nobody, the first order does, and reloading a paid page seats nobody again', async ({
  page,
  request,
}) => {
  const table = await newTable(request);
  await page.goto(`/order?token=${table.token}`);
  await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toBeEnabled();
  expect(await tableStatus(request, table.number)).toBe('available');

  await orderOne(page, 'Classic Burger');
  expect(await tableStatus(request, table.number)).toBe('active');

  await settle(request, table.token);
  await expect(page.getByText('Payment Completed')).toBeVisible({ timeout: 15_000 });
  expect(await tableStatus(request, table.number)).toBe('available');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toBeEnabled();
  expect(await tableStatus(request, table.number)).toBe('available');
  const summary = (
    await (await request.get(`/api/sessions/public/summary?token=${table.token}`)).json()
  ).data;
  expect(summary.hasActiveSession).toBe(false);
});

test('after paying, the receipt comes first and the menu stays below it for the next order', async ({
  page,
  request,
}) => {
  const table = await newTable(request);
  await page.goto(`/order?token=${table.token}`);
  await orderOne(page, 'Classic Burger');
  await settle(request, table.token);

  const receipt = page.getByRole('heading', { name: /^Receipt No\. \d+$/ });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  const add = page.getByRole('button', { name: 'Add Classic Burger' });
  await expect(add).toBeEnabled();
  // First on the page, in the first screen, without scrolling.
  await page.evaluate(() => window.scrollTo(0, 0));
  const receiptBox = (await receipt.boundingBox())!;
  const addBox = (await add.boundingBox())!;
  expect(receiptBox.y).toBeLessThan(addBox.y);
  expect(receiptBox.y).toBeLessThan(844);
  await page.screenshot({ path: 'test-results/guest-receipt-390.png' });
});

test.describe('maintenance mode', () => {
  test.afterEach(async ({ request }) => {
    const headers = await staffHeaders(request, 'admin1', 'admin123');
    const current = (await (await request.get('/api/restaurant/settings', { headers })).json())
      .data;
    const res = await request.put('/api/restaurant/settings', {
      headers,
      data: { ...current, maintenanceMode: false },
    });
    expect(res.status()).toBe(200);
  });

  test('turns the Add buttons off under its notice, live, and back on after it', async ({
    page,
    request,
  }) => {
    const table = await newTable(request);
    await page.goto(`/order?token=${table.token}`);
    const add = page.getByRole('button', { name: 'Add Classic Burger' });
    await expect(add).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

    const headers = await staffHeaders(request, 'admin1', 'admin123');
    const current = (await (await request.get('/api/restaurant/settings', { headers })).json())
      .data;
    const on = await request.put('/api/restaurant/settings', {
      headers,
      data: { ...current, maintenanceMode: true },
    });
    expect(on.status()).toBe(200);
    await expect(page.getByText(/maintenance/i).first()).toBeVisible(LIVE);
    await expect(add).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add Craft Beer' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Drinks' }).click();
    await expect(page.getByRole('button', { name: 'Add Craft Beer' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/guest-maintenance-390.png' });

    const off = await request.put('/api/restaurant/settings', {
      headers,
      data: { ...current, maintenanceMode: false },
    });
    expect(off.status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Add Craft Beer' })).toBeEnabled(LIVE);
  });
});

test("a suspended restaurant's open guest page stops within 2 s and comes back within 2 s of its activation, without a reload", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const team = await staffHeaders(request, 'team1', 'team123');
  const created = await request.post('/api/platform/restaurants', {
    headers: team,
    data: {
      name: `Trattoria ${stamp}`,
      currency: 'eur',
      timezone: 'Europe/Rome',
      plan: 'growth',
      admin: { name: 'Ada Admin', username: `ada-${stamp}`, password: 'ada-password-1' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const restaurantId = (await created.json()).data.restaurant.id as string;
  const admin = await staffHeaders(request, `ada-${stamp}`, 'ada-password-1');
  const item = await request.post('/api/menu', {
    headers: admin,
    data: { name: 'Bruschetta', category: 'food', price: 6.5, available: true, special: false },
  });
  expect(item.status(), await item.text()).toBe(201);
  const addTable = await request.post('/api/tables', {
    headers: admin,
    data: { number: 1, capacity: 4 },
  });
  expect(addTable.status(), await addTable.text()).toBe(201);
  const tables = (await (await request.get('/api/tables', { headers: admin })).json()).data as {
    qrToken: string;
  }[];

  await page.goto(`/order?token=${tables[0]!.qrToken}`);
  const add = page.getByRole('button', { name: 'Add Bruschetta' });
  await expect(add).toBeEnabled();
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  const suspend = await request.post(`/api/platform/restaurants/${restaurantId}/suspend`, {
    headers: team,
    data: { reason: 'Unpaid invoice' },
  });
  expect(suspend.status()).toBe(200);
  await expect(
    page.getByText(
      'This restaurant is temporarily unavailable online. Please ask a member of staff.',
    ),
  ).toBeVisible(LIVE);
  await expect(add).toHaveCount(0);

  const activate = await request.post(`/api/platform/restaurants/${restaurantId}/activate`, {
    headers: team,
    data: { reason: 'Invoice paid' },
  });
  expect(activate.status()).toBe(200);
  await expect(add).toBeEnabled(LIVE);
});
