import { expect, test, type APIRequestContext } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

interface OptionSales {
  group: string;
  option: string;
  quantity: number;
}

/** How often each option has been sold today, by `group: option`, from the items report. */
async function optionSales(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/reports/items?period=day', { headers });
  expect(res.status()).toBe(200);
  const options = ((await res.json()).data.options ?? []) as OptionSales[];
  return new Map(options.map((o) => [`${o.group}: ${o.option}`, o.quantity]));
}

// A guest whose phone speaks German: the page and the menu in German, the kitchen's card in the
// restaurant's own words.
test.use({ locale: 'de-DE' });

test('a guest orders in German a medium burger with extra cheese and no onion and a large pizza; the kitchen reads it in English, the bill and receipt are right in EUR and USD, the items report counts the options', async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  const manager = await staffHeaders(request, 'manager1', 'manager123');
  const soldBefore = await optionSales(request, manager);
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

  // The bill in EUR, then in USD: each unit with its extras converted and rounded, then multiplied
  // (burger 15.00 EUR = 16.20 USD, large pizza 14.00 EUR = 15.12 USD).
  await expect(page.getByTestId('bill-total')).toHaveText(/29,00\s€/);
  await page.getByRole('button', { name: 'USD' }).click();
  await expect(page.getByTestId('bill-total')).toHaveText(/31,32\s\$/);
  await page.getByRole('button', { name: 'EUR' }).click();

  // Settled by the staff: the guest's receipt lists the lines with their options, in German.
  const floor = (await (await request.get('/api/tables/floor', { headers: manager })).json()).data
    .tables as { number: number; sessionId: string }[];
  const sessionId = floor.find((t) => t.number === table.number)!.sessionId;
  const paid = await request.post(`/api/sessions/${sessionId}/payments`, {
    headers: manager,
    data: { method: 'cash' },
  });
  expect(paid.status()).toBe(201);
  const receipt = page.getByRole('region', { name: /^Beleg Nr\. \d+$/ });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  const lines = receipt.getByRole('list', { name: 'Belegpositionen' });
  await expect(lines).toContainText('Medium');
  await expect(lines).toContainText('15,00');
  await expect(lines).toContainText('14,00');
  await expect(receipt).toContainText('29,00');

  // The items report counts this order's options once each.
  const soldAfter = await optionSales(request, manager);
  for (const key of ['Cooking: Medium', 'Extras: Cheese', 'Remove: Onion', 'Size: Large']) {
    expect(soldAfter.get(key) ?? 0, key).toBe((soldBefore.get(key) ?? 0) + 1);
  }
});
