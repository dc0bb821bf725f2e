import fs from 'node:fs';
import { expect, test, type APIRequestContext } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

/** Moves a table's bar ticket through to served, as the bar would (the test is about paying). */
async function serveDrinks(request: APIRequestContext, orderNumber: number) {
  const bar = await staffHeaders(request, 'bar1', 'bar123');
  const list = (await (await request.get('/api/tickets?station=bar', { headers: bar })).json()).data
    .tickets as { id: string; orderNumber: number }[];
  const ticket = list.find((t) => t.orderNumber === orderNumber)!;
  for (const action of ['start', 'ready', 'served']) {
    const moved = await request.post(`/api/tickets/${ticket.id}/transition`, {
      headers: bar,
      data: { action },
    });
    expect(moved.status(), action).toBe(200);
  }
}

async function tableIdOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  number: number,
) {
  const floor = (await (await request.get('/api/tables/floor', { headers })).json()).data;
  return floor.tables.find((t: { number: number }) => t.number === number).id as string;
}

test('a guest pays (the waiter marks it paid), sees the receipt and opens its PDF', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { number, token } = await newTable(request);

  const guest = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await guest.goto(`/order?token=${token}`);
  await guest.getByRole('tab', { name: 'Drinks' }).click();
  await guest.getByRole('button', { name: 'Add Espresso' }).click();
  await guest.getByRole('button', { name: 'Add Espresso' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  const placed = guest.getByText(/^Order \d+ placed successfully!$/);
  await expect(placed).toBeVisible();
  const orderNumber = Number(/Order (\d+)/.exec((await placed.textContent()) ?? '')![1]);
  await serveDrinks(request, orderNumber);
  const waiterApi = await staffHeaders(request, 'waiter1', 'waiter123');
  const claimed = await request.post(
    `/api/tables/${await tableIdOf(request, waiterApi, number)}/claim`,
    { headers: waiterApi },
  );
  expect(claimed.status()).toBe(200);

  // The waiter marks it paid, by card with a tip.
  const waiter = await (await browser.newContext()).newPage();
  await signInWithDemoCard(waiter, 'waiter1');
  await expect(waiter).toHaveURL('/waiter');
  const table = waiter.getByRole('article', { name: `Table ${number}`, exact: true });
  await expect(table).toBeVisible();
  if (!(await table.getByRole('button', { name: 'Mark Paid' }).isVisible())) {
    await table.getByRole('button').first().click();
  }
  await table.getByRole('button', { name: 'Mark Paid' }).click();
  await waiter.getByLabel('Tip (optional)').fill('1');
  await waiter.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiter.getByText(`Table ${number} paid`)).toBeVisible();

  // The guest's page turns paid and shows the receipt, numbered, with the two espressos.
  await expect(guest.getByText('Payment Completed')).toBeVisible({ timeout: 5000 });
  const receipt = guest.getByRole('region', { name: /^Receipt No\. \d+$/ });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(`Table ${number}`);
  await expect(receipt.getByRole('list', { name: 'Receipt lines' })).toContainText('2 × Espresso');
  await expect(receipt).toContainText('Tip€1.00');
  await expect(receipt).toContainText('Paid (Card)');

  // Its PDF opens from the link, and is a PDF.
  const link = receipt.getByRole('link', { name: 'Receipt PDF' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toContain(`token=${token}`);
  const [popup] = await Promise.all([guest.waitForEvent('popup'), link.click()]);
  expect(popup.url()).toContain('/api/receipts/public?');
  const pdf = await guest.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The manager reprints it from the order history.
  const manager = await (await browser.newContext()).newPage();
  await signInWithDemoCard(manager, 'manager1');
  await expect(manager).toHaveURL('/manager');
  await manager.getByRole('tab', { name: 'Orders' }).click();
  const [copy] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('button', { name: `Receipt for order #${orderNumber}` }).click(),
  ]);
  expect(copy.suggestedFilename()).toBe(`receipt-order-${orderNumber}.pdf`);
  expect(
    fs
      .readFileSync(await copy.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('the manager closes the day, downloads the Z report, and the open bill carries on into the next day', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const manager = await staffHeaders(request, 'manager1', 'manager123');
  // An open bill, still open at the close.
  const { token } = await newTable(request);
  const menu = (await (await request.get(`/api/menu/public?token=${token}`)).json()).data.menu;
  const espresso = menu.drinks.find((i: { name: string }) => i.name === 'Espresso');
  const placed = await request.post('/api/orders/public', {
    data: { token, items: [{ menuItemId: espresso.id, quantity: 1 }], currency: 'EUR' },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = (await placed.json()).data as { orderId: string };

  const today = (
    await (await request.get('/api/business-days/report', { headers: manager })).json()
  ).data.date as string;
  try {
    await signInWithDemoCard(page, 'manager1');
    await expect(page).toHaveURL('/manager');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const day = page.getByRole('region', { name: /End of Day/ });
    await expect(day.getByText('Open', { exact: true })).toBeVisible();
    await expect(day.getByRole('list', { name: 'Reconciliation' })).toContainText(
      'Bills + tips = payments',
    );
    await expect(
      day.getByRole('list', { name: 'Reconciliation' }).getByLabel('reconciles'),
    ).toHaveCount(2);

    await day.getByRole('button', { name: 'Close day' }).click();
    const dialog = page.getByRole('dialog', { name: `Close ${today}?` });
    await dialog.getByRole('button', { name: 'Close day' }).click();
    await expect(page.getByText('Day closed')).toBeVisible();
    await expect(day.getByText('Closed', { exact: true })).toBeVisible();
    await expect(day.getByRole('button', { name: 'Reopen day' })).toBeVisible();

    // The Z report downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      day.getByRole('button', { name: 'Z report PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`z-report-${today}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // The open bill carries on: a void after the close goes through (nothing is refused for
    // the day any more), and the closed day's report does not move.
    const kept = (
      await (
        await request.get(`/api/business-days/report?date=${today}`, { headers: manager })
      ).json()
    ).data;
    const voided = await request.post(`/api/orders/${orderId}/void`, {
      headers: manager,
      data: { reason: 'Wrong table' },
    });
    expect(voided.status()).toBe(200);
    const again = (
      await (
        await request.get(`/api/business-days/report?date=${today}`, { headers: manager })
      ).json()
    ).data;
    expect(again).toEqual(kept);
  } finally {
    // Reopen the day (audited), so later tests on this server can take orders and payments.
    const reopened = await request.post('/api/business-days/reopen', {
      headers: manager,
      data: { date: today, reason: 'End-to-end test: the day goes on' },
    });
    expect([200, 409]).toContain(reopened.status());
    await request.post(`/api/orders/${orderId}/void`, {
      headers: manager,
      data: { reason: 'End-to-end test: clean up' },
    });
  }
});
