import { expect, test, type Page } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

/** Adds one item and places the order; returns the order's number. */
async function order(guest: Page, item: string, after?: number) {
  await guest.getByRole('button', { name: `Add ${item}` }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  const all = guest.getByText(/^Order \d+ placed successfully!$/);
  const placed = after === undefined ? all : all.filter({ hasNotText: `Order ${after} ` });
  await expect(placed).toBeVisible();
  return Number(/Order (\d+)/.exec((await placed.textContent()) ?? '')![1]);
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

test("the night's end: the day closes with a table still seated; it orders dessert and pays without a refusal, and the next day's Z report holds it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const manager = await staffHeaders(request, 'manager1', 'manager123');
  const { number, token } = await newTable(request);

  // A guest on a phone orders the main course.
  const guest = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await guest.goto(`/order?token=${token}`);
  const main = await order(guest, 'Classic Burger');

  const today = (
    await (await request.get('/api/business-days/report', { headers: manager })).json()
  ).data.date as string;
  try {
    // The manager closes the day; the dialog says the table is still seated, its bill unpaid.
    await signInWithDemoCard(page, 'manager1');
    await expect(page).toHaveURL('/manager');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const day = page.getByRole('region', { name: /End of Day/ });
    await day.getByRole('button', { name: 'Close day' }).click();
    const dialog = page.getByRole('dialog', { name: `Close ${today}?` });
    const stillOpen = dialog.getByRole('group', { name: 'Still open' });
    await expect(stillOpen).toContainText(`Table ${number}`);
    await expect(stillOpen).toContainText(`Unpaid bill · Table ${number} · 1 order`);
    await expect(stillOpen).toContainText('counts on the next business day');
    await dialog.getByRole('button', { name: 'Close day' }).click();
    await expect(
      page.getByText(
        `The Z report for ${today} is kept. Business day ${nextDay(today)} has begun.`,
      ),
    ).toBeVisible();
    await expect(day.getByText('Closed', { exact: true })).toBeVisible();
    const kept = (
      await (
        await request.get(`/api/business-days/report?date=${today}`, { headers: manager })
      ).json()
    ).data;
    expect(kept).toMatchObject({ status: 'closed', openBills: { count: expect.any(Number) } });
    expect(kept.openBills.bills.map((b: { tableNumber: number }) => b.tableNumber)).toContain(
      number,
    );

    // After the close, the table orders dessert and asks for the bill: no refusal, no day.
    await order(guest, 'Tiramisu', main);
    await guest.getByRole('button', { name: 'Request Payment' }).click();
    await expect(guest.getByText('Payment request sent.')).toBeVisible();
    const bill = (await (await request.get(`/api/sessions/public/summary?token=${token}`)).json())
      .data;
    expect(bill.orders).toHaveLength(2);
    const paid = await request.post(`/api/sessions/${bill.sessionId}/payments`, {
      headers: manager,
      data: { method: 'card', tip: 2 },
    });
    expect(paid.status()).toBe(201);
    await expect(guest.getByText('Payment Completed')).toBeVisible({ timeout: 15_000 });
    await expect(guest.locator('body')).not.toContainText(/business day|is closed|reopen/i);

    // The closed day's Z report is as it was kept; the next day's holds the table's bill.
    const again = (
      await (
        await request.get(`/api/business-days/report?date=${today}`, { headers: manager })
      ).json()
    ).data;
    expect(again).toEqual({ ...kept, today: nextDay(today) });
    await day.getByLabel('Business day').fill(nextDay(today));
    await expect(day.getByText('Open', { exact: true })).toBeVisible();
    const sales = day.getByRole('table', { name: 'Sales' });
    await expect(sales.getByRole('row', { name: /^Orders 2 / })).toBeVisible();
    await expect(sales.getByRole('row', { name: /^Bills 1 / })).toBeVisible();
    const byMethod = day.getByRole('table', { name: 'Payments by method' });
    await expect(byMethod.getByRole('row', { name: /^All 1 / })).toBeVisible();
    await expect(
      day.getByRole('list', { name: 'Reconciliation' }).getByLabel('reconciles'),
    ).toHaveCount(2);
  } finally {
    // Today is the calendar day again for later tests on this server (the bill stays where it is).
    const reopened = await request.post('/api/business-days/reopen', {
      headers: manager,
      data: { date: today, reason: 'End-to-end test: the night goes on' },
    });
    expect([200, 409]).toContain(reopened.status());
  }
});
