import { expect, test, type Browser, type Page } from './fixtures';
import { signInWithDemoCard, staffHeaders } from './helpers';

/** The screens follow each other within a second; 2 s leaves room for a busy machine. */
const LIVE = { timeout: 2000 };

const stamp = () => Date.now().toString(36);

/** A new browser context (another device) signed in with its own session. */
async function device(browser: Browser, signIn: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  return page;
}

const demoCard = (username: string, url: string) => async (page: Page) => {
  await signInWithDemoCard(page, username);
  await expect(page).toHaveURL(url);
};

const signIn =
  (username: string, password: string, url: string, loginUrl = '/login') =>
  async (page: Page) => {
    await page.goto(loginUrl);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page
      .getByRole('button', { name: loginUrl === '/login' ? 'Sign In' : 'Access Team Portal' })
      .click();
    await expect(page).toHaveURL(url);
  };

test("a second admin's Managers list shows a manager another admin adds and deactivates, without a reload", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const first = await device(browser, demoCard('admin1', '/admin'));
  const second = await device(browser, demoCard('admin1', '/admin'));
  for (const page of [first, second]) await page.getByRole('tab', { name: 'Managers' }).click();

  const name = `Marta Manager ${stamp()}`;
  await first.getByRole('button', { name: 'Add Manager' }).click();
  const dialog = first.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Username').fill(`marta-${stamp()}`);
  await dialog.getByLabel('Password').fill('marta-pass-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  const row = second.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Active', LIVE);

  first.once('dialog', (d) => void d.accept());
  await first.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(row).toContainText('Inactive', LIVE);
  await expect(second.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
});

test("the manager's Staff tab shows a waiter the admin creates, without a reload", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const manager = await device(browser, demoCard('manager1', '/manager'));
  await manager.getByRole('tab', { name: 'Staff' }).click();
  const admin = await device(browser, demoCard('admin1', '/admin'));

  const name = `Walter Waiter ${stamp()}`;
  const created = await admin.request.post('/api/staff', {
    headers: await staffHeaders(admin.request, 'admin1', 'admin123'),
    data: { name, username: `walter-${stamp()}`, password: 'walter-pass-1', role: 'waiter' },
  });
  expect(created.status()).toBe(201);
  await expect(manager.getByRole('heading', { name })).toBeVisible(LIVE);
});

test("the admin's plan card reads the plan the team moves the restaurant to, without a reload", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const team = await staffHeaders(request, 'team1', 'team123');
  const username = `olga-${stamp()}`;
  const created = await request.post('/api/platform/restaurants', {
    headers: team,
    data: {
      name: `Osteria ${stamp()}`,
      currency: 'eur',
      timezone: 'Europe/Rome',
      plan: 'starter',
      admin: { name: 'Olga Owner', username, password: 'olga-pass-1' },
    },
  });
  expect(created.status()).toBe(201);
  const restaurantId = (await created.json()).data.restaurant.id as string;

  const admin = await device(browser, signIn(username, 'olga-pass-1', '/admin'));
  const heading = admin.getByRole('heading', { name: /^Plan: / });
  await expect(heading).toHaveText('Plan: Starter Feast');

  const teamPage = await device(browser, signIn('team1', 'team123', '/team', '/team/login'));
  await teamPage.request.put(`/api/platform/restaurants/${restaurantId}/plan`, {
    headers: team,
    data: { plan: 'growth' },
  });
  await expect(heading).toHaveText('Plan: Growth Grill', LIVE);
});

test("the team's Orders today counts a guest's order, without a reload", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const teamPage = await device(browser, signIn('team1', 'team123', '/team', '/team/login'));
  const ordersToday = teamPage
    .getByText('Orders today', { exact: true })
    .locator('xpath=following-sibling::p[1]');
  await expect(ordersToday).toHaveText(/^\d+$/);
  const before = Number(await ordersToday.textContent());

  const menu = (await (await request.get('/api/menu/public?token=QR-T9')).json()).data.menu;
  const placed = await request.post('/api/orders/public', {
    data: {
      token: 'QR-T9',
      items: [{ menuItemId: menu.food[0].id, quantity: 1 }],
      currency: 'EUR',
    },
  });
  expect(placed.status()).toBe(201);
  await expect(ordersToday).toHaveText(String(before + 1), LIVE);
});
