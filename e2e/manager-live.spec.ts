import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { signInWithDemoCard } from './helpers';

/** Spec: the manager's screens follow the restaurant within a second; 2 s leaves room for a busy CI. */
const LIVE = { timeout: 2000 };

/** A card's value on the overview: the line under its label. */
const card = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');

async function staffToken(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()).data;
  return { headers: { authorization: `Bearer ${token}` }, name: user.name as string };
}

async function guestOrder(request: APIRequestContext, token: string, dish: string) {
  const menu = (await (await request.get(`/api/menu/public?token=${token}`)).json()).data.menu;
  const item = menu.food.find((i: { name: string }) => i.name === dish);
  const placed = await request.post('/api/orders/public', {
    data: { token, items: [{ menuItemId: item.id, quantity: 1 }], currency: 'EUR' },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).data as { order_number: number; orderId: string; sessionId: string };
}

/** Signed in, with the live connection open (the page root carries its state). */
async function managerDashboard(page: Page) {
  await signInWithDemoCard(page, 'manager1');
  await expect(page).toHaveURL('/manager');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

test('the manager overview, order history, tables and analytics follow orders, the kitchen and a payment without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await managerDashboard(page);
  const ordersToday = card(page, 'Orders Today');
  await expect(ordersToday).toHaveText(/^\d+$/);
  const before = Number(await ordersToday.textContent());
  const seated = page.getByText(/^\d+ of \d+ tables seated$/);
  const [occupied, total] = ((await seated.textContent()) ?? '').match(/\d+/g)!.map(Number);

  // A guest orders at table 6: the open overview counts the order and the seated table.
  const first = await guestOrder(request, 'QR-T6', 'Tiramisu');
  await expect(ordersToday).toHaveText(String(before + 1), LIVE);
  await expect(seated).toHaveText(`${occupied! + 1} of ${total} tables seated`, LIVE);

  // The order history shows the waiter who claims the table, and the table's next order.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = (n: number) => page.getByRole('row', { name: new RegExp(`^#${n} `) });
  await expect(row(first.order_number)).toContainText('—');
  const waiter = await staffToken(request, 'waiter1', 'waiter123');
  const floor = (await (await request.get('/api/tables/floor', waiter)).json()).data;
  const table6 = floor.tables.find((t: { number: number }) => t.number === 6);
  expect((await request.post(`/api/tables/${table6.id}/claim`, waiter)).status()).toBe(200);
  await expect(row(first.order_number)).toContainText(waiter.name, LIVE);
  const second = await guestOrder(request, 'QR-T6', 'Tiramisu');
  await expect(row(second.order_number)).toBeVisible(LIVE);

  // Analytics, open, counts the table's next order.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const count = card(page, 'Orders (30 days)');
  await expect(count).toHaveText(/^\d+$/);
  const counted = Number(await count.textContent());
  const third = await guestOrder(request, 'QR-T6', 'Tiramisu');
  await expect(count).toHaveText(String(counted + 1), LIVE);

  // The kitchen makes them, the waiter serves them; the Tables tab shows the table waiting to pay.
  const kitchen = await staffToken(request, 'kitchen1', 'kitchen123');
  const board = (await (await request.get('/api/tickets?station=kitchen', kitchen)).json()).data;
  for (const ticket of board.tickets.filter((t: { tableNumber: number }) => t.tableNumber === 6)) {
    for (const action of ['start', 'ready']) {
      const moved = await request.post(`/api/tickets/${ticket.id}/transition`, {
        ...kitchen,
        data: { action },
      });
      expect(moved.status()).toBe(200);
    }
  }
  for (const order of [first, second, third]) {
    expect((await request.post(`/api/orders/${order.orderId}/serve`, waiter)).status()).toBe(200);
  }
  await page.getByRole('tab', { name: 'Tables' }).click();
  const tableCard = page.getByRole('listitem').filter({ hasText: 'Table 6' });
  await expect(tableCard.getByText('waiting payment')).toBeVisible();

  // The payment frees the table on the open Tables tab, then on the overview.
  const paid = await request.post(`/api/sessions/${first.sessionId}/payments`, {
    ...waiter,
    data: { method: 'cash' },
  });
  expect(paid.status()).toBe(201);
  await expect(tableCard.getByText('available')).toBeVisible(LIVE);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(seated).toHaveText(`${occupied} of ${total} tables seated`);
});

test("a second manager's menu list follows the first's changes without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await managerDashboard(page);
  const other = await (await browser.newContext()).newPage();
  await managerDashboard(other);
  for (const p of [page, other]) {
    await p.getByRole('tab', { name: 'Menu' }).click();
    await expect(p.getByRole('columnheader', { name: 'Item' })).toBeVisible();
  }
  const theirRow = other.getByRole('row', { name: /Ribollita/ });
  await expect(theirRow).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Menu Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  await dialog.getByLabel('Name', { exact: true }).fill('Ribollita');
  await dialog.getByLabel('Category').fill('food');
  await dialog.getByLabel('Price').fill('9.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu item added' })).toBeVisible();
  await expect(theirRow).toBeVisible(LIVE);
  await expect(theirRow.getByText('Available', { exact: true })).toBeVisible();

  const myRow = page.getByRole('row', { name: /Ribollita/ });
  await myRow.getByRole('button', { name: 'Disable' }).click();
  await expect(theirRow.getByText('Unavailable')).toBeVisible(LIVE);

  page.once('dialog', (d) => void d.accept());
  await myRow.getByRole('button', { name: 'Delete Ribollita' }).click();
  await expect(theirRow).toHaveCount(0, LIVE);
});
