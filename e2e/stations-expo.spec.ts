import { expect, test, type Browser, type Page } from '@playwright/test';
import { newTable, staffHeaders } from './helpers';

async function signedIn(browser: Browser, username: string, password: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  if (!page.url().endsWith(path)) await page.goto(path);
  return page;
}

const ticket = (page: Page, orderNumber: string, table: number) =>
  page.getByRole('article', { name: `Order ${orderNumber}, table ${table}`, exact: true });

test('a starter routed to a new Grill station goes to its own display; the drink to the bar', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // The manager adds the Grill station from the Menu tab's Stations section.
  const manager = await signedIn(browser, 'manager1', 'manager123', '/manager');
  await manager.goto('/manager?tab=menu&section=stations');
  const form = manager.getByRole('form', { name: 'Add station' });
  await form.getByLabel('Name').fill('Grill');
  await form.getByRole('button', { name: 'Add station' }).click();
  const row = manager.getByRole('row', { name: /Grill/ });
  await expect(row.getByRole('link', { name: '/station/grill' })).toBeVisible();

  // One item of the specials is sent to the grill (its own station beats its category's).
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const menu = (await (await request.get('/api/menu?limit=500', { headers })).json()).data as {
    id: string;
    name: string;
  }[];
  const plate = menu.find((m) => m.name === 'Chef’s Tasting Plate')!;
  const routed = await request.put(`/api/menu/${plate.id}`, {
    headers,
    data: { ...plate, station: 'grill' },
  });
  expect(routed.status(), await routed.text()).toBe(200);

  const grill = await signedIn(browser, 'kitchen1', 'kitchen123', '/station/grill');
  await expect(grill.getByRole('heading', { name: 'Grill Display' })).toBeVisible();
  const bar = await signedIn(browser, 'bar1', 'bar123', '/bar');

  // A guest at a table of their own orders the plate and an iced tea.
  const table = await newTable(request);
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/order?token=${table.token}`);
  await guest.getByRole('tab', { name: 'Specials' }).click();
  await guest.getByRole('button', { name: 'Add Chef’s Tasting Plate' }).click();
  await guest.getByRole('tab', { name: 'Drinks' }).click();
  await guest.getByRole('button', { name: 'Add Iced Tea' }).click();
  const sheet = guest.getByRole('dialog', { name: 'Iced Tea' });
  if (await sheet.isVisible()) await sheet.getByRole('button', { name: 'Add to order' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  const placed = guest.getByText(/^Order \d+ placed successfully!$/);
  await expect(placed).toBeVisible();
  const orderNumber = /Order (\d+)/.exec((await placed.textContent()) ?? '')![1]!;

  // The grill's display shows the plate, live; the bar the tea.
  const onGrill = ticket(grill, orderNumber, table.number);
  await expect(onGrill).toBeVisible({ timeout: 5000 });
  await expect(onGrill.getByText('Chef’s Tasting Plate')).toBeVisible();
  await expect(onGrill.getByText('Iced Tea')).toHaveCount(0);
  const onBar = ticket(bar, orderNumber, table.number);
  await expect(onBar).toBeVisible({ timeout: 5000 });
  await expect(onBar.getByText('Iced Tea')).toBeVisible();
  await grill.screenshot({ path: 'test-results/station-grill.png', fullPage: true });

  // The grill's cook works the ticket through to ready.
  await onGrill.getByRole('button', { name: 'Start' }).click();
  await onGrill.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(onGrill.getByRole('button', { name: 'Served' })).toBeVisible();

  // Put the menu back as it was for the specs after this one.
  const back = await request.put(`/api/menu/${plate.id}`, {
    headers,
    data: { ...plate, station: 'kitchen' },
  });
  expect(back.status()).toBe(200);
});
