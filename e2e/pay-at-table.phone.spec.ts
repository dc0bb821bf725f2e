import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

/** Every phone follows the table's payments live; 5 s leaves room for a busy machine. */
const LIVE = { timeout: 5000 };
const PHONE = { viewport: { width: 390, height: 844 } };

interface Bill {
  sessionId: string;
  remaining: number;
  total: number;
  status: string;
}

const billOf = async (request: APIRequestContext, token: string): Promise<Bill> =>
  (await (await request.get(`/api/sessions/public/bill?token=${token}`)).json()).data as Bill;

async function orderDish(page: Page, dish: string, category?: string) {
  if (category) await page.getByRole('tab', { name: category }).click();
  await page.getByRole('button', { name: `Add ${dish}` }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
}

const openPay = async (page: Page) => {
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Pay the bill' })).toBeVisible();
};

const leftToPay = (page: Page) =>
  page.getByRole('dialog', { name: 'Pay the bill' }).getByTestId('left-to-pay');

async function payNow(page: Page) {
  const sheet = page.getByRole('dialog', { name: 'Pay the bill' });
  await sheet.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText(/^Paid €[\d.]+\. Thank you!/)).toBeVisible();
}

test('four guests at one table: own items with a tip, a shared bottle, equal parts, cash to the waiter', async ({
  browser,
  request,
}) => {
  // Four phones, eight payments and a waiter: longer than one guest's test.
  test.setTimeout(120_000);
  const table = await newTable(request);
  const phones = await Promise.all(
    [0, 1, 2, 3].map(async () => (await browser.newContext(PHONE)).newPage()),
  );
  const [ana, ben, cai, dev] = phones as [Page, Page, Page, Page];
  for (const p of phones) await p.goto(`/order?token=${table.token}`);

  // Each orders from their own phone; Ben orders the bottle the two of them share.
  await orderDish(ana, 'Classic Burger');
  await orderDish(ben, 'House Red Wine', 'Drinks');
  await orderDish(cai, 'Caesar Salad');
  await orderDish(dev, 'Margherita Pizza');
  const start = await billOf(request, table.token);
  const manager = await staffHeaders(request, 'manager1', 'manager123');
  const zReport = async () =>
    (await (await request.get('/api/business-days/report', { headers: manager })).json()).data as {
      date: string;
      payments: { count: number; amount: number; tips: number };
    };
  const zBefore = await zReport();
  for (const p of phones) {
    await openPay(p);
    await expect(leftToPay(p)).toHaveText(`€${start.total.toFixed(2)}`, LIVE);
  }

  const everyPhoneShows = async () => {
    const now = await billOf(request, table.token);
    for (const p of phones) {
      await expect(leftToPay(p)).toHaveText(`€${now.remaining.toFixed(2)}`, LIVE);
    }
    return now;
  };

  // Ana pays her items (her burger is preselected) with a 10 % tip on the goods.
  const anaSheet = ana.getByRole('dialog', { name: 'Pay the bill' });
  await expect(anaSheet.getByRole('radio', { name: 'My items' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(anaSheet.getByRole('checkbox', { name: /Classic Burger/ })).toBeChecked();
  await expect(anaSheet.getByRole('checkbox', { name: /Caesar Salad/ })).not.toBeChecked();
  await anaSheet.getByRole('radio', { name: '10%' }).click();
  await ana.screenshot({ path: 'test-results/pay-at-table-items-390.png' });
  await payNow(ana);
  await everyPhoneShows();

  // Ben and Cai share the bottle, each paying half.
  for (const p of [ben, cai]) {
    const sheet = p.getByRole('dialog', { name: 'Pay the bill' });
    await sheet.getByRole('radio', { name: 'Share an item' }).click();
    const wine = await sheet.locator('option', { hasText: 'House Red Wine' }).getAttribute('value');
    await sheet.getByLabel('Item to share').selectOption(wine);
    await payNow(p);
    await everyPhoneShows();
  }

  // The rest split equally three ways: Ben and Cai pay their parts here...
  for (const p of [ben, cai]) {
    const sheet = p.getByRole('dialog', { name: 'Pay the bill' });
    await sheet.getByRole('radio', { name: 'Split equally' }).click();
    await sheet.getByRole('button', { name: 'One person more' }).click();
    if (p === cai) await cai.screenshot({ path: 'test-results/pay-at-table-equal-390.png' });
    await payNow(p);
    await everyPhoneShows();
  }

  // ...and Dev asks to pay his in cash: the waiter takes it on his phone, with the change he gave.
  await dev
    .getByRole('dialog', { name: 'Pay the bill' })
    .getByRole('button', { name: 'In cash' })
    .click();
  const rest = await billOf(request, table.token);
  expect(rest.remaining).toBeGreaterThan(0);
  const headers = manager;
  const waiterApi = await staffHeaders(request, 'waiter1', 'waiter123');
  const ids = (await (await request.get('/api/tables', { headers })).json()).data as {
    id: string;
    number: number;
  }[];
  const tableId = ids.find((t) => t.number === table.number)!.id;
  expect(
    (await request.post(`/api/tables/${tableId}/claim`, { headers: waiterApi })).status(),
  ).toBe(200);
  const waiter = await (await browser.newContext(PHONE)).newPage();
  await signInWithDemoCard(waiter, 'waiter1');
  const card = waiter.getByRole('article', { name: `Table ${table.number}`, exact: true });
  if (!(await card.getByRole('button', { name: 'Take payment' }).isVisible())) {
    await card.getByRole('button').first().click();
  }
  await card.getByRole('button', { name: 'Take payment' }).click();
  const till = waiter.getByRole('dialog', { name: `Take payment: table ${table.number}` });
  await expect(till.getByTestId('left-to-pay')).toHaveText(`€${rest.remaining.toFixed(2)}`, LIVE);
  await till.locator('label', { hasText: /^cash$/ }).click();
  await till.getByLabel('Amount received').fill(String(Math.ceil(rest.remaining) + 5));
  await expect(till.getByText(/^Change due:/)).toBeVisible();
  await waiter.screenshot({ path: 'test-results/pay-at-table-waiter-390.png' });
  await till.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiter.getByText(`Table ${table.number} paid`)).toBeVisible();

  // Every phone reads the bill paid, and the table is free.
  for (const p of phones) {
    await expect(p.getByText('Payment Completed')).toBeVisible({ timeout: 15_000 });
  }
  const tables = (await (await request.get('/api/tables', { headers })).json()).data as {
    number: number;
    status: string;
  }[];
  expect(tables.find((t) => t.number === table.number)!.status).toBe('available');
  const paid = (
    await (
      await request.get(
        `/api/sessions/public/bill?token=${table.token}&sessionId=${rest.sessionId}`,
      )
    ).json()
  ).data as Bill & { payments: { split: string; tip: number }[] };
  expect(paid.status).toBe('paid');
  expect(paid.payments.map((p) => p.split)).toEqual([
    'items',
    'share',
    'share',
    'equal',
    'equal',
    'staff',
  ]);
  expect(paid.payments[0]!.tip).toBeGreaterThan(0);

  // The day's Z report took the six payments, the bill to the cent and every tip; its journal
  // is one hledger accepts as balanced (strict check).
  const zAfter = await zReport();
  const cents = (n: number) => Math.round(n * 100);
  expect(zAfter.payments.count - zBefore.payments.count).toBe(6);
  expect(cents(zAfter.payments.amount) - cents(zBefore.payments.amount)).toBe(cents(start.total));
  expect(cents(zAfter.payments.tips) - cents(zBefore.payments.tips)).toBe(
    paid.payments.reduce((sum, p) => sum + cents(p.tip), 0),
  );
  const journal = await (
    await request.get(`/api/business-days/journal?date=${zAfter.date}&format=hledger`, {
      headers: manager,
    })
  ).text();
  const file = path.join(test.info().outputDir, 'day.journal');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, journal);
  const hledger = spawnSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' });
  if (hledger.error) test.info().annotations.push({ type: 'skipped', description: 'no hledger' });
  else expect(hledger.status, hledger.stderr).toBe(0);
});
