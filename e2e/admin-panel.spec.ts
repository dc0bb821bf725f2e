import { expect, test } from './fixtures';
import { signInWithDemoCard, staffHeaders } from './helpers';

/** The admin panel's tabs, in the product's order and words. */
const TABS = [
  'Overview',
  'Managers',
  'Analytics',
  'System',
  'Security',
  'Backup',
  'Audit Logs',
  'Integrations',
];

/** Live screens follow within a second; 3 s leaves room for a busy machine. */
const AT_ONCE = { timeout: 3000 };

test('admin1 uses every tab, adds a manager who signs in, deactivates them (signed out at once) and finds it all in the audit log (issue 15, items 1, 2, 3, 7)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `e2e-mgr-${suffix}`;
  const password = `Tavola-${suffix}-Manager!`;

  await signInWithDemoCard(page, 'admin1');
  await expect(page).toHaveURL('/admin');
  await expect(page.getByText('Full Access')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  // Every tab opens, and none is a placeholder any more.
  for (const name of TABS) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('tabpanel')).not.toContainText('are coming');
  }
  // The overview's figures (the platform's own measurements are the team's, not a restaurant's),
  // and the analytics' staff performance.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Total Users' })).toContainText(/\d/);
  await expect(page.getByRole('region', { name: 'Performance' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Live Screens' })).toContainText(
    'administrator screen',
  );
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('region', { name: 'Orders and sales per waiter' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Average ticket time per station' })).toBeVisible();

  // Add Manager from the overview's quick action.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Add Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Manager' });
  await dialog.getByLabel('Name', { exact: true }).fill('Elena Manager');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Manager added')).toBeVisible();
  const row = page.getByRole('row', { name: /Elena Manager/ });
  await expect(row).toContainText(username);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // The new manager signs in in another browser and keeps the dashboard open.
  const other = await browser.newContext();
  const manager = await other.newPage();
  await manager.goto('/login');
  await manager.getByLabel('Username').fill(username);
  await manager.getByLabel('Password').fill(password);
  await manager.getByRole('button', { name: 'Sign In' }).click();
  await expect(manager).toHaveURL('/manager');
  await expect(manager.getByRole('heading', { name: 'Manager Dashboard' })).toBeVisible();
  await expect(manager.locator('html')).toHaveAttribute('data-realtime', 'connected');

  // Deactivated: their open dashboard is signed out at once, without a reload.
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Deactivate Elena Manager' }).click();
  await expect(page.getByText('Manager deactivated')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(manager).toHaveURL('/login', AT_ONCE);
  await other.close();

  // Each of these is in the audit log, by whom and about what.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const log = page.getByRole('tabpanel');
  const created = log.getByRole('row', { name: new RegExp(`staff\\.created.*${username}`) });
  await expect(created).toContainText('(admin1)');
  await expect(created).toContainText('role: manager');
  await expect(
    log.getByRole('row', { name: /staff\.updated.*fields: status/ }).first(),
  ).toBeVisible();
  await page
    .getByLabel('User', { exact: true })
    .selectOption({ label: `Elena Manager (${username})` });
  // Only their entries now: the sign-in among them.
  await expect(log.getByRole('row', { name: /\(admin1\)/ })).toHaveCount(0);
  await expect(
    log.getByRole('row', { name: new RegExp(`auth\\.login.*Elena Manager \\(${username}\\)`) }),
  ).toBeVisible();

  // Live: with the tab open, the manager is activated again from elsewhere and the entry appears.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Action', { exact: true }).selectOption('staff.updated');
  const before = await log.getByRole('row', { name: /staff\.updated/ }).count();
  const headers = await staffHeaders(request, 'admin1', 'admin123');
  const staff = (await (await request.get('/api/staff', { headers })).json()).data as {
    id: string;
    username: string;
  }[];
  const id = staff.find((s) => s.username === username)!.id;
  expect(
    (await request.put(`/api/staff/${id}`, { headers, data: { status: 'active' } })).status(),
  ).toBe(200);
  await expect(log.getByRole('row', { name: /staff\.updated/ })).toHaveCount(before + 1, AT_ONCE);
});
