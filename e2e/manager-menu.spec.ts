import { expect, test } from './fixtures';
import { signInWithDemoCard } from './helpers';

test('manager1 runs the menu; an open guest page follows availability live', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInWithDemoCard(page, 'manager1');
  await expect(page).toHaveURL('/manager');
  await page.getByRole('tab', { name: 'Menu' }).click();
  await expect(page.getByRole('columnheader', { name: 'Item' })).toBeVisible();

  // Validation messages come as toasts, word for word.
  await page.getByRole('button', { name: 'Add Menu Item' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Missing information: Name and category are required',
  );
  await page.getByLabel('Name', { exact: true }).fill('Burrata Salad');
  await dialog.getByLabel('Category').fill('food');
  await page.getByLabel('Price').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Invalid price: Price must be greater than zero',
  );

  await page.getByLabel('Price').fill('11.50');
  await page.getByLabel('Currency').fill('eur');
  await page.getByLabel('Description').fill('Creamy burrata, heirloom tomatoes, basil oil');
  await page.getByLabel('Preparation Time (minutes)').fill('7');
  await page.getByLabel('Image URL').fill('https://images.example.com/burrata.jpg');
  await page.getByLabel('Tags (comma separated)').fill('vegetarian, , fresh ');
  await page.getByRole('switch', { name: 'Mark as special' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu item added' })).toContainText(
    'Burrata Salad is now available',
  );

  await page.getByRole('searchbox', { name: 'Search menu items' }).fill('burrata');
  const row = page.getByRole('row', { name: /Burrata Salad/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('vegetarian')).toBeVisible();
  await expect(row.getByText('fresh')).toBeVisible();
  await expect(row.getByText('Special')).toBeVisible();

  // A guest has the menu open on their phone.
  const guest = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await guest.goto('/order?token=QR-T11');
  const guestCard = guest.getByRole('listitem').filter({ hasText: 'Burrata Salad' });
  await expect(guestCard.getByRole('button', { name: 'Add Burrata Salad' })).toBeEnabled();

  await row.getByRole('button', { name: 'Remove special from Burrata Salad' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Special removed' })).toBeVisible();
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item disabled' })).toBeVisible();
  await expect(guestCard.getByText('Unavailable')).toBeVisible({ timeout: 3000 });
  await expect(guestCard.getByRole('button', { name: 'Add Burrata Salad' })).toBeDisabled();
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item enabled' })).toBeVisible();
  await expect(guestCard.getByRole('button', { name: 'Add Burrata Salad' })).toBeEnabled({
    timeout: 3000,
  });

  await row.getByRole('button', { name: 'Edit Burrata Salad' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Menu Item' })).toBeVisible();
  await expect(page.getByLabel('Tags (comma separated)')).toHaveValue('vegetarian, fresh');
  await page.getByLabel('Price').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu item updated' })).toContainText(
    'Burrata Salad changes saved',
  );
  await expect(row.getByText('€12.00')).toBeVisible();

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Remove Burrata Salad from the menu?');
    void dialog.accept();
  });
  await row.getByRole('button', { name: 'Delete Burrata Salad' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu item removed' })).toBeVisible();
  await expect(
    page.getByText('No menu items found. Adjust filters or add a new item.'),
  ).toBeVisible();
  await expect(guestCard).toHaveCount(0, { timeout: 3000 });
});

test('the manager overview shows real figures and its quick actions work', async ({ page }) => {
  await signInWithDemoCard(page, 'manager1');
  await expect(page.getByText("Today's Revenue")).toBeVisible();
  await expect(page.getByText('Table Utilization')).toBeVisible();
  await page.getByRole('button', { name: 'Add Staff' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Staff' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Chiara Neri');
  await page.getByLabel('Username').fill('chiara');
  await page.getByLabel('Password').fill('chiara-secret-1');
  await page.getByLabel('Role').selectOption('bar');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Staff member added' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chiara Neri' })).toBeVisible();

  await page.getByRole('tab', { name: 'Tables' }).click();
  await page.getByRole('button', { name: 'Generate QR' }).first().click();
  await expect(page.getByRole('img', { name: /QR code for table/ })).toBeVisible();
  await page.keyboard.press('Escape');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download All QR Codes' }).click();
  expect((await download).suggestedFilename()).toBe('table-qr-codes.pdf');

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Order History (Last 30 Days)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByText('Average order value')).toBeVisible();
});
