import { expect, test, type Browser, type Page } from './fixtures';
import { staffHeaders } from './helpers';

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

async function staffSignIn(page: Page, username: string, password: string, landing: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

async function teamConsole(browser: Browser) {
  const team = await freshPage(browser);
  await team.goto('/team/login');
  await team.getByLabel('Username').fill('team1');
  await team.getByLabel('Password').fill('team123');
  await team.getByRole('button', { name: 'Access Team Portal' }).click();
  await expect(team).toHaveURL('/team');
  await expect(team.locator('html')).toHaveAttribute('data-realtime', 'connected');
  return team;
}

test('a manager opens a support ticket, the team answers, the manager sees the answer live', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const subject = `Printer ${Date.now().toString(36)}`;
  const manager = await freshPage(browser);
  await staffSignIn(manager, 'manager1', 'manager123', '/manager');
  await manager.getByRole('button', { name: 'Help' }).click();
  const help = manager.getByRole('dialog', { name: 'Help & support' });
  await help.getByLabel('Subject').fill(subject);
  await help.getByLabel('Message').fill('The kitchen printer stopped printing tickets.');
  await help.getByRole('button', { name: 'Send to support' }).click();
  await expect(help.getByRole('status').filter({ hasText: 'Ticket sent' })).toBeVisible();
  const mine = help.locator('details').filter({ hasText: subject });
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();

  // The team's Support tab has it (and the bell rang).
  const team = await teamConsole(browser);
  await team.getByRole('tab', { name: 'Support' }).click();
  await team.getByRole('button', { name: new RegExp(subject) }).click();
  const detail = team.getByRole('region', { name: `Ticket ${subject}` });
  await expect(detail.getByText('The kitchen printer stopped printing tickets.')).toBeVisible();
  await detail.getByLabel('Reply').fill('Please switch it off and on; we are checking the logs.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(team.getByRole('status').filter({ hasText: 'Reply sent' })).toBeVisible();

  // The manager's open dialog shows the answer without a reload.
  await expect(mine.getByText('In progress', { exact: true })).toBeVisible();
  await mine.locator('summary').click();
  await expect(
    mine.getByText('Please switch it off and on; we are checking the logs.'),
  ).toBeVisible();
  await expect(mine.getByText('Tavola Platform Team (support)')).toBeVisible();
});

test('the team sets the platform brand and the landing and login pages show it', async ({
  browser,
  request,
}) => {
  const brand = `FeastOS ${Date.now().toString(36)}`;
  const team = await teamConsole(browser);
  try {
    await team.getByRole('tab', { name: 'Settings' }).click();
    await team.getByLabel('Brand name').fill(brand);
    await team.getByLabel('Primary colour', { exact: true }).fill('#1d4ed8');
    await team.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      team.getByRole('status').filter({ hasText: 'Platform settings saved' }),
    ).toBeVisible();
    // The Auto-scaling section says what this deployment has.
    await expect(team.getByTestId('instance-count')).toContainText('no Redis');
    await expect(team.getByText(/^PGlite \(embedded\)/)).toBeVisible();

    const visitor = await freshPage(browser);
    await visitor.goto('/');
    const nav = visitor.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText(brand)).toBeVisible();
    // The brand's colour drives the page's brand shades.
    await expect
      .poll(() => nav.getByText(brand).evaluate((el) => getComputedStyle(el.closest('a')!).color))
      .not.toBe('rgb(154, 52, 18)');
    await visitor.goto('/login');
    await expect(visitor.getByRole('link', { name: new RegExp(brand) })).toBeVisible();
  } finally {
    // Other tests on this server expect Tavola's own brand.
    const headers = await staffHeaders(request, 'team1', 'team123');
    const reset = await request.put('/api/platform/settings', {
      headers,
      data: { brandName: '', primaryColor: '', logoUrl: '' },
    });
    expect(reset.status()).toBe(200);
  }
});

test("an Enterprise restaurant's brand shows on its guest page and its staff screens", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const team = await staffHeaders(request, 'team1', 'team123');
  const admin = { username: `emp-${stamp}`, password: 'empire-pass-1' };
  const created = await request.post('/api/platform/restaurants', {
    headers: team,
    data: {
      name: `Empire ${stamp}`,
      currency: 'eur',
      timezone: 'Europe/Rome',
      plan: 'enterprise',
      admin: { name: 'Erin Empire', ...admin },
    },
  });
  expect(created.status()).toBe(201);
  const adminHeaders = await staffHeaders(request, admin.username, admin.password);
  expect(
    (
      await request.post('/api/tables', { headers: adminHeaders, data: { number: 1, capacity: 4 } })
    ).status(),
  ).toBe(201);
  const [table] = (await (await request.get('/api/tables', { headers: adminHeaders })).json())
    .data as { qrToken: string }[];

  // Its admin sets the brand in the System tab's White label card.
  const page = await freshPage(browser);
  await staffSignIn(page, admin.username, admin.password, '/admin');
  await page.getByRole('tab', { name: 'System' }).click();
  await page.getByLabel('Brand name').fill('Empire Eats');
  await page.getByLabel('Primary colour', { exact: true }).fill('#7c2d12');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Branding saved' })).toBeVisible();
  // The staff screen's header shows it.
  await expect(page.getByRole('banner').getByText('Empire Eats')).toBeVisible();

  // The guest page of its table too.
  const guest = await freshPage(browser);
  await guest.goto(`/order?token=${table!.qrToken}`);
  await expect(guest.getByRole('banner').getByText('Empire Eats')).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Menu' })).toBeVisible();

  // A Growth Grill restaurant is refused, on the server.
  const demoAdmin = await staffHeaders(request, 'admin1', 'admin123');
  const refused = await request.put('/api/restaurant/branding', {
    headers: demoAdmin,
    data: { brandName: 'Not allowed' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toContain('Enterprise Empire');
});
