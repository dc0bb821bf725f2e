import { expect, test } from './fixtures';
import { newTable, signInWithDemoCard } from './helpers';

// A guest whose phone speaks German: the page and the menu in German, the kitchen's card in the
// restaurant's own words.
test.use({ locale: 'de-DE' });

test('a guest orders in German a medium burger with extra cheese and no onion and a large pizza; the kitchen reads it in English', async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  const kitchen = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signInWithDemoCard(kitchen, 'kitchen1');
  await expect(kitchen).toHaveURL('/kitchen');
  await page.goto(`/order?token=${table.token}`);

  await expect(page.getByRole('heading', { name: 'Speisekarte' })).toBeVisible();
  await page.getByRole('button', { name: 'Tavola-Burger hinzufügen' }).click();
  let sheet = page.getByRole('dialog', { name: 'Tavola-Burger' });
  const add = sheet.getByRole('button', { name: 'Zur Bestellung hinzufügen' });
  await expect(add).toBeDisabled();
  await sheet.getByRole('radio', { name: 'Medium' }).check();
  await sheet.getByRole('checkbox', { name: /Käse/ }).check();
  await sheet
    .getByRole('button', { name: /Zwiebel/ })
    .first()
    .click();
  await expect(sheet.getByTestId('chooser-price')).toHaveText(/15,00/);
  await add.click();
  await expect(sheet).toBeHidden();

  await page.getByRole('button', { name: 'Pizza Diavola hinzufügen' }).click();
  sheet = page.getByRole('dialog', { name: 'Pizza Diavola' });
  await sheet.getByRole('radio', { name: /Groß/ }).check();
  await sheet.getByRole('button', { name: 'Zur Bestellung hinzufügen' }).click();

  await expect(page.getByTestId('order-total')).toHaveText(/29,00/);
  await page.getByRole('button', { name: 'Bestellen' }).click();
  const placed = page.getByText(/^Bestellung \d+ erfolgreich aufgegeben!$/);
  await expect(placed).toBeVisible();
  const orderNumber = (await placed.textContent())!.match(/\d+/)![0];

  const card = kitchen.getByRole('article', {
    name: `Order ${orderNumber}, table ${table.number}`,
  });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Tavola Burger')).toBeVisible();
  await expect(card.getByText('Cooking: Medium')).toBeVisible();
  await expect(card.getByText('Extras: Cheese')).toBeVisible();
  await expect(card.getByText('NO Onion')).toBeVisible();
  await expect(card.getByText('Size: Large')).toBeVisible();
});
