import { readFile } from 'node:fs/promises';
import { devices, expect, test, type Locator, type Page } from './fixtures';

/** A step of the setup checklist, found by its title (its name ends in ": done" or ": to do"). */
const step = (page: Page, title: string): Locator =>
  page
    .getByRole('region', { name: 'Set up your restaurant' })
    .getByRole('listitem', { name: new RegExp(`^${title}:`) });

const expectStep = (page: Page, title: string, state: 'done' | 'to do') =>
  expect(step(page, title)).toHaveAccessibleName(`${title}: ${state}`);

test("a new owner's first day: sign-up to a guest's first order, every setup step ticked", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const owner = await (await browser.newContext({ timezoneId: 'Europe/Rome' })).newPage();

  // Sign up from the landing page.
  await owner.goto('/');
  await owner.getByRole('link', { name: 'Start free trial' }).click();
  await expect(owner).toHaveURL('/signup');
  await owner.getByLabel('Restaurant name').fill(`Trattoria ${stamp}`);
  // Time zone (guessed from the phone's own), currency and tax, asked before anything else.
  await expect(owner.getByLabel('Time zone')).toHaveValue('Europe/Rome');
  await owner.getByLabel('Currency').selectOption('eur');
  await owner.getByLabel('Tax rate').fill('10');
  await owner.getByLabel('Your name').fill('Giulia Rossi');
  await owner.getByLabel('Email').fill(`giulia-${stamp}@example.com`);
  await owner.getByLabel('Username').fill(`giulia-${stamp}`);
  await owner.getByLabel('Password').fill('giulia-pass-1');
  await owner.getByRole('button', { name: 'Start free trial' }).click();
  await expect(owner).toHaveURL('/admin');

  // The first screen is the setup checklist, not the server's internals.
  const checklist = owner.getByRole('region', { name: 'Set up your restaurant' });
  await expect(checklist).toBeVisible();
  for (const name of ['Uptime', 'Storage', 'Performance']) {
    await expect(owner.getByRole('region', { name })).toHaveCount(0);
  }
  await expectStep(owner, 'Add your menu', 'to do');
  await expectStep(owner, 'Place a test order from your own phone', 'to do');
  // Asked at sign-up: already done.
  await expectStep(owner, 'Set your time zone and tax', 'done');

  // The menu, one tap away: the sample items go, an Italian drinks category goes to the bar.
  await step(owner, 'Add your menu').getByRole('link', { name: 'Open the menu' }).click();
  await expect(owner).toHaveURL('/manager?tab=menu');
  await expect(owner.getByRole('tab', { name: 'Menu' })).toHaveAttribute('aria-selected', 'true');
  await expect(owner.getByRole('row').filter({ hasText: 'Margherita Pizza' })).toBeVisible();
  await owner.getByRole('button', { name: 'Remove all sample items' }).click();
  await expect(owner.getByText('5 sample items left the menu')).toBeVisible();
  await expect(
    owner.getByText('No menu items found. Adjust filters or add a new item.'),
  ).toBeVisible();

  const addItem = async (name: string, category: string, price: string) => {
    await owner.getByRole('button', { name: 'Add Menu Item' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add Menu Item' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Category').fill(category);
    await dialog.getByLabel('Price', { exact: true }).fill(price);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('row').filter({ hasText: name })).toBeVisible();
  };
  await addItem('Birra Moretti', 'Bevande', '4.50');
  await addItem('Tagliatelle al ragù', 'Primi', '12');
  // A new category goes to the kitchen until the owner says otherwise.
  await expect(owner.getByRole('row').filter({ hasText: 'Birra Moretti' })).toContainText(
    'Station: Kitchen (from category)',
  );
  await owner.getByRole('button', { name: 'Categories' }).click();
  const categories = owner.getByRole('dialog', { name: 'Menu categories' });
  await categories.getByRole('combobox', { name: 'Station for Bevande' }).selectOption('Bar');
  await expect(owner.getByText('Bevande items go to the bar')).toBeVisible();
  await owner.keyboard.press('Escape');
  await expect(owner.getByRole('row').filter({ hasText: 'Birra Moretti' })).toContainText(
    'Station: Bar (from category)',
  );
  // A second item of a name already on the menu: a warning, not a refusal.
  await owner.getByRole('button', { name: 'Add Menu Item' }).click();
  const again = owner.getByRole('dialog', { name: 'Add Menu Item' });
  await again.getByLabel('Name').fill('birra moretti');
  await expect(again.getByText('Another item is already called “Birra Moretti”')).toBeVisible();
  await owner.keyboard.press('Escape');

  // The menu is done as soon as the owner's own items are on it.
  await owner.goto('/admin');
  await expectStep(owner, 'Add your menu', 'done');

  // Two tables and their QR codes.
  await step(owner, 'Add tables and print their QR codes')
    .getByRole('link', { name: 'Open the tables' })
    .click();
  await expect(owner).toHaveURL('/manager?tab=tables');
  // This server has no PUBLIC_URL: the owner gives the address printed codes point at.
  await owner.getByRole('tab', { name: 'Overview' }).click();
  await owner.getByRole('button', { name: 'Settings' }).click();
  const settings = owner.getByRole('dialog', { name: 'Restaurant settings' });
  await expect(settings.getByLabel('Restaurant name')).toHaveValue(`Trattoria ${stamp}`);
  await settings.getByLabel('Public URL for QR codes').fill(baseURL!);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await owner.getByRole('tab', { name: 'Tables' }).click();
  for (const number of ['1', '2']) {
    await owner.getByRole('button', { name: 'Add Table' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add Table' });
    await dialog.getByLabel('Number').fill(number);
    await dialog.getByLabel('Capacity').fill('4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  const [pdf] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download All QR Codes' }).click(),
  ]);
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // What table 1's code points at.
  await owner.getByRole('button', { name: 'Generate QR' }).first().click();
  const qr = owner.getByRole('dialog', { name: 'Table 1 QR code' });
  const orderUrl = (await qr.getByText(/\/order\?token=/).textContent())!.trim();
  expect(orderUrl).toMatch(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/order\\?token=`));
  await owner.keyboard.press('Escape');

  // A waiter.
  await owner.getByRole('tab', { name: 'Staff' }).click();
  await owner.getByRole('button', { name: 'Add Staff' }).click();
  const staff = owner.getByRole('dialog', { name: /^Add / });
  await staff.getByLabel('Name', { exact: true }).fill('Marco Bianchi');
  await staff.getByLabel('Username').fill(`marco-${stamp}`);
  await staff.getByLabel('Password').fill('marco-pass-1');
  await staff.getByLabel('Role').selectOption('waiter');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff).toBeHidden();
  await expect(owner.getByRole('heading', { name: 'Marco Bianchi' })).toBeVisible();

  // The admin's overview follows along live: open it now, before the guest orders.
  await owner.goto('/admin');
  await expectStep(owner, 'Add tables and print their QR codes', 'done');
  await expectStep(owner, 'Add your staff', 'done');
  await expectStep(owner, 'Place a test order from your own phone', 'to do');

  // The owner's own phone scans table 1's code and orders a beer.
  const phone = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await phone.goto(orderUrl);
  await expect(phone.getByRole('heading', { name: 'Menu' })).toBeVisible();
  // The header names the table in words a guest can tell the waiter.
  await expect(phone.getByRole('banner').getByText('Table 1', { exact: true })).toBeVisible();
  await phone.getByRole('tab', { name: 'Bevande' }).click();
  await phone.getByRole('button', { name: 'Add Birra Moretti' }).click();
  await phone.getByRole('button', { name: 'Place Order' }).click();
  await expect(phone.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();

  // The checklist ticks itself off without a reload, and can be put away.
  await expectStep(owner, 'Place a test order from your own phone', 'done');
  await expect(checklist.getByRole('status')).toHaveText(
    'All done: your restaurant is ready for guests.',
  );

  // The beer is at the bar, not in the kitchen.
  const bar = await owner.context().newPage();
  await bar.goto('/bar');
  await expect(bar.getByText('Birra Moretti')).toBeVisible();
  const kitchen = await owner.context().newPage();
  await kitchen.goto('/kitchen');
  await expect(kitchen.getByText('New Orders').first()).toBeVisible();
  await expect(kitchen.getByText('Birra Moretti')).toHaveCount(0);

  await checklist.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByRole('region', { name: 'Total Orders' })).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Set up your restaurant' })).toHaveCount(0);
});
