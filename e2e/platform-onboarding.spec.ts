import { expect, test, type Browser, type Page } from './fixtures';
import { startTestSmtp, type TestSmtp } from '../apps/server/src/testing/smtp';
import { staffHeaders } from './helpers';

/** The mail server a test started, closed after it whatever its outcome. */
let mailServer: TestSmtp | undefined;
test.afterEach(async () => {
  await mailServer?.close();
  mailServer = undefined;
});

/** A page of its own (its own storage: its own signed-in person). */
async function freshPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

async function staffSignIn(page: Page, username: string, password: string, landing: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing);
}

async function teamConsole(browser: Browser) {
  const team = await freshPage(browser);
  await team.goto('/team/login');
  await team.getByLabel('Username').fill('team1');
  await team.getByLabel('Password').fill('team123');
  await team.getByRole('button', { name: 'Access Team Portal' }).click();
  await expect(team).toHaveURL('/team');
  // The team's socket is live (it has no restaurant): no Offline badge.
  await expect(team.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect(team.getByText('Offline')).toHaveCount(0);
  return team;
}

/** Suspends or activates a restaurant from the Restaurants tab, with a reason. */
async function changeStatus(team: Page, name: string, change: 'Suspend' | 'Activate') {
  await team.getByRole('textbox', { name: 'Search restaurants' }).fill(name);
  await team.getByRole('button', { name: `${change} ${name}` }).click();
  const dialog = team.getByRole('dialog', { name: `${change} ${name}` });
  await dialog.getByLabel('Reason').fill(change === 'Suspend' ? 'Unpaid invoice' : 'Invoice paid');
  await dialog.getByRole('button', { name: change }).click();
  await expect(
    team
      .getByRole('status')
      .filter({ hasText: change === 'Suspend' ? 'Restaurant suspended' : 'Restaurant activated' }),
  ).toBeVisible();
  const row = team.getByRole('row').filter({ hasText: name });
  await expect(
    row.getByText(change === 'Suspend' ? 'Suspended' : 'Active', { exact: true }),
  ).toBeVisible();
}

test('the team onboards a restaurant that then runs, stops at once when suspended and comes back', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const name = `Osteria ${stamp}`;
  const admin = { username: `admin-${stamp}`, password: 'admin-pass-1' };
  const manager = { username: `manager-${stamp}`, password: 'manager-pass-1' };

  // team1 creates the restaurant with its first admin.
  const team = await teamConsole(browser);
  await team.getByRole('tab', { name: 'Restaurants' }).click();
  await team.getByRole('button', { name: 'Add Restaurant' }).click();
  const create = team.getByRole('dialog', { name: 'Add Restaurant' });
  await create.getByLabel('Restaurant name').fill(name);
  await create.getByLabel('Plan').selectOption('growth');
  await create.getByLabel('Time zone').fill('Europe/Rome');
  await create.getByLabel('Admin name').fill('Anna Admin');
  await create.getByLabel('Admin username').fill(admin.username);
  await create.getByLabel('Admin password').fill(admin.password);
  await create.getByRole('button', { name: 'Create restaurant' }).click();
  await expect(team.getByRole('status').filter({ hasText: 'Restaurant created' })).toBeVisible();
  await expect(team.getByRole('rowheader', { name: new RegExp(name) })).toBeVisible();
  // The team's bell heard it.
  await expect(team.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })).toBeVisible();

  // Its admin signs in and creates a manager (the admin's full access opens the manager screen).
  const adminPage = await freshPage(browser);
  await staffSignIn(adminPage, admin.username, admin.password, '/admin');
  await adminPage.goto('/manager');
  await adminPage.getByRole('tab', { name: 'Staff' }).click();
  await adminPage.getByRole('button', { name: 'Add Staff' }).click();
  const addStaff = adminPage.getByRole('dialog', { name: 'Add Staff' });
  await addStaff.getByLabel('Name', { exact: true }).fill('Marco Manager');
  await addStaff.getByLabel('Username').fill(manager.username);
  await addStaff.getByLabel('Password').fill(manager.password);
  await addStaff.getByLabel('Role').selectOption('manager');
  await addStaff.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Marco Manager' })).toBeVisible();

  // The manager adds a table and a menu item.
  const managerPage = await freshPage(browser);
  await staffSignIn(managerPage, manager.username, manager.password, '/manager');
  await managerPage.getByRole('tab', { name: 'Tables' }).click();
  await managerPage.getByRole('button', { name: 'Add Table' }).click();
  const addTable = managerPage.getByRole('dialog', { name: 'Add Table' });
  await addTable.getByLabel('Number').fill('1');
  await addTable.getByLabel('Capacity').fill('4');
  await addTable.getByRole('button', { name: 'Save' }).click();
  await expect(addTable).toHaveCount(0);
  await managerPage.getByRole('tab', { name: 'Menu' }).click();
  await managerPage.getByRole('button', { name: 'Add Menu Item' }).click();
  const addItem = managerPage.getByRole('dialog', { name: 'Add Menu Item' });
  await addItem.getByLabel('Name', { exact: true }).fill('Bruschetta');
  await addItem.getByLabel('Category').fill('food');
  await addItem.getByLabel('Price').fill('6.50');
  await addItem.getByRole('button', { name: 'Save' }).click();
  await expect(managerPage.getByRole('row').filter({ hasText: 'Bruschetta' })).toBeVisible();
  await expect(managerPage.locator('html')).toHaveAttribute('data-realtime', 'connected');

  // A guest orders at the new table.
  const headers = await staffHeaders(request, manager.username, manager.password);
  const tables = (await (await request.get('/api/tables', { headers })).json()).data as {
    number: number;
    qrToken: string;
  }[];
  const token = tables.find((t) => t.number === 1)!.qrToken;
  const guest = await freshPage(browser, { width: 390, height: 844 });
  await guest.goto(`/order?token=${token}`);
  await guest.getByRole('button', { name: 'Add Bruschetta' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(guest.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
  await expect(guest.locator('html')).toHaveAttribute('data-realtime', 'connected');

  // The team suspends it: the staff screens end and the guest's page stops, at once.
  await changeStatus(team, name, 'Suspend');
  await expect(managerPage).toHaveURL('/login');
  await expect(
    managerPage.getByText('This restaurant is suspended. Contact Tavola support.'),
  ).toBeVisible();
  await expect(adminPage).toHaveURL('/login');
  await expect(
    guest.getByText(
      'This restaurant is temporarily unavailable online. Please ask a member of staff.',
    ),
  ).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Add Bruschetta' })).toHaveCount(0);
  // Signing in is refused with the spec's words.
  await managerPage.getByLabel('Username').fill(manager.username);
  await managerPage.getByLabel('Password').fill(manager.password);
  await managerPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(managerPage.getByRole('alert')).toHaveText(
    'This restaurant is suspended. Contact Tavola support.',
  );

  // Activation restores everything.
  await changeStatus(team, name, 'Activate');
  await managerPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(managerPage).toHaveURL('/manager');
  await guest.reload();
  await expect(guest.getByRole('button', { name: 'Add Bruschetta' })).toBeVisible();
});

test('an owner signs up for a free trial from the landing page, and the team hears of it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // The server under test mails through this port (playwright.config.ts: SMTP_URL).
  const smtp = (mailServer = await startTestSmtp(Number(process.env.E2E_PORT ?? 3100) + 20000));
  const stamp = Date.now().toString(36);
  const name = `Casa ${stamp}`;
  const team = await teamConsole(browser);
  const bell = team.getByRole('button', { name: /^Notifications/ });
  const before = (await bell.getAttribute('aria-label')) ?? '';

  const owner = await freshPage(browser);
  await owner.goto('/');
  await owner.getByRole('link', { name: 'Start free trial' }).click();
  await expect(owner).toHaveURL('/signup');
  await owner.getByLabel('Restaurant name').fill(name);
  // The time zone comes from the device (Playwright's browser zone), searchable and changeable.
  const zone = owner.getByLabel('Time zone');
  await expect(zone).not.toHaveValue('');
  await zone.fill('America/New_York');
  await owner.getByLabel('Currency').selectOption('usd');
  await expect(owner.getByLabel('Menu prices include tax')).not.toBeChecked();
  await owner.getByLabel('Tax rate').fill('8.88');
  await owner.getByLabel('Service charge').fill('10');
  await owner.getByLabel('Your name').fill('Olivia Owner');
  await owner.getByLabel('Email').fill(`olivia-${stamp}@example.com`);
  await owner.getByLabel('Username').fill(`olivia-${stamp}`);
  await owner.getByLabel('Password').fill('olivia-pass-1');
  const signedUp = owner.waitForResponse(
    (r) => r.url().endsWith('/api/signup') && r.request().method() === 'POST',
  );
  await owner.getByRole('button', { name: 'Start free trial' }).click();
  expect((await (await signedUp).json()).data.emailVerification).toBe('sent');
  // Signed in as the restaurant's administrator.
  await expect(owner).toHaveURL('/admin');
  // The new restaurant's settings hold what was asked.
  const ownerHeaders = await staffHeaders(request, `olivia-${stamp}`, 'olivia-pass-1');
  const settings = await request.get('/api/restaurant/settings', { headers: ownerHeaders });
  expect((await settings.json()).data).toMatchObject({
    timezone: 'America/New_York',
    currency: 'usd',
    taxRate: 8.88,
    serviceCharge: 10,
    pricesIncludeTax: false,
  });
  // The owner's email shows as not verified yet on the Security tab.
  await owner.getByRole('tab', { name: 'Security' }).click();
  const security = owner.getByRole('tabpanel', { name: 'Security' });
  await expect(security.getByRole('heading', { name: 'Your email' })).toBeVisible();
  await expect(security.getByText(`olivia-${stamp}@example.com`, { exact: true })).toBeVisible();
  await expect(security.getByText('Not verified', { exact: true })).toBeVisible();
  // The link mailed to the owner verifies the address, once.
  await expect
    .poll(() => smtp.messages.filter((m) => m.text?.includes(`olivia-${stamp}@example.com`)).length)
    .toBe(1);
  const mail = smtp.messages.find((m) => m.text?.includes(`olivia-${stamp}@example.com`))!;
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text ?? '')![0]);
  await owner.goto(`${link.pathname}${link.search}`);
  await expect(owner.getByText(`olivia-${stamp}@example.com is verified.`)).toBeVisible();
  await owner.goto(`${link.pathname}${link.search}`);
  await expect(owner.getByRole('alert')).toHaveText(
    'This verification link is not valid any more. Sign in and send a new one from Settings.',
  );
  await owner.goto('/admin');
  await owner.getByRole('tab', { name: 'Security' }).click();
  await expect(security.getByText('Verified', { exact: true })).toBeVisible();
  await owner.goto('/admin');
  await expect(owner.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  // Its sample menu is there to edit.
  await owner.goto('/manager');
  await owner.getByRole('tab', { name: 'Menu' }).click();
  await expect(owner.getByRole('row').filter({ hasText: 'Margherita Pizza' })).toBeVisible();

  // The team's bell rings with the sign-up, and the restaurant is on trial in the list.
  await expect(bell).not.toHaveAttribute('aria-label', before);
  await bell.click();
  await expect(
    team
      .getByRole('list', { name: 'Latest notifications' })
      .getByText(`${name} signed up for a free trial (Olivia Owner)`),
  ).toBeVisible();
  await team.keyboard.press('Escape');
  await team.getByRole('tab', { name: 'Restaurants' }).click();
  await team.getByRole('textbox', { name: 'Search restaurants' }).fill(name);
  const row = team.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Trial', { exact: true })).toBeVisible();
  await expect(row.getByText('Starter Feast')).toBeVisible();
  await expect(row.getByText('Olivia Owner')).toBeVisible();

  // The same username cannot sign up twice; the answer does not say where it is used.
  const again = await freshPage(browser);
  await again.goto('/signup');
  await again.getByLabel('Restaurant name').fill(`${name} Two`);
  await again.getByLabel('Your name').fill('Someone');
  await again.getByLabel('Email').fill(`someone-${stamp}@example.com`);
  await again.getByLabel('Username').fill(`olivia-${stamp}`);
  await again.getByLabel('Password').fill('someone-pass-1');
  await again.getByRole('button', { name: 'Start free trial' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    `The username "olivia-${stamp}" is not available. Choose another one, such as "olivia-${stamp}.casa-${stamp}-two".`,
  );
});
