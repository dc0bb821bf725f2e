import { expect, test, type Browser } from './fixtures';
import { newTable, signInWithDemoCard } from './helpers';

/** The kitchen's wall screen at desktop width. */
async function kitchenScreen(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signInWithDemoCard(page, 'kitchen1');
  await expect(page).toHaveURL('/kitchen');
  await expect(page.getByRole('heading', { name: 'New Orders', level: 2 })).toBeVisible();
  return page;
}

test('a guest orders a medium burger with extra cheese and no onion and a large pizza; the kitchen card shows the options', async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  const kitchen = await kitchenScreen(browser);
  await page.goto(`/order?token=${table.token}`);

  await page.getByRole('button', { name: 'Add Tavola Burger' }).click();
  let sheet = page.getByRole('dialog', { name: 'Tavola Burger' });
  const add = sheet.getByRole('button', { name: 'Add to order' });
  await expect(add).toBeDisabled();
  await expect(sheet.getByText('Cooking: choose at least 1')).toBeVisible();
  await sheet.getByRole('radio', { name: 'Medium' }).check();
  await sheet.getByRole('checkbox', { name: /Cheese/ }).check();
  await sheet.getByRole('button', { name: 'No Onion' }).click();
  await expect(sheet.getByTestId('chooser-price')).toHaveText('€15.00');
  await add.click();
  await expect(sheet).toBeHidden();

  await page.getByRole('button', { name: 'Add Pizza Diavola' }).click();
  sheet = page.getByRole('dialog', { name: 'Pizza Diavola' });
  await sheet.getByRole('radio', { name: /Large/ }).check();
  await sheet.getByRole('button', { name: 'Add to order' }).click();

  const lines = page.getByRole('list', { name: 'Order lines' });
  await expect(lines.getByText('Remove: NO Onion')).toBeVisible();
  await expect(lines.getByText('Size: Large')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('€29.00');

  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = page.getByText(/^Order \d+ placed successfully!$/);
  await expect(placed).toBeVisible();
  const orderNumber = (await placed.textContent())!.match(/\d+/)![0];

  const card = kitchen.getByRole('article', {
    name: `Order ${orderNumber}, table ${table.number}`,
  });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Cooking: Medium')).toBeVisible();
  await expect(card.getByText('Extras: Cheese')).toBeVisible();
  await expect(card.getByText('NO Onion')).toBeVisible();
  await expect(card.getByText('Size: Large')).toBeVisible();
});
