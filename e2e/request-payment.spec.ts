import { expect, test } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

test('asking for the bill with nothing ordered is refused with words the guest can act on; once ordered, the waiter hears it', async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  // The waiter's screen is open and live.
  const waiter = await (await browser.newContext()).newPage();
  await signInWithDemoCard(waiter, 'waiter1');
  await expect(waiter).toHaveURL('/waiter');
  await expect(waiter.locator('html')).toHaveAttribute('data-realtime', 'connected');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/order?token=${table.token}`);
  const add = page.getByRole('button', { name: 'Add Classic Burger' });
  const requestPayment = page.getByRole('button', { name: 'Request Payment' });
  await expect(add).toBeVisible();
  // Before the session is active the button is off, and says why.
  await expect(requestPayment).toBeDisabled();
  await expect(page.getByText('Add an item to your order to start your session.')).toBeVisible();
  await expect(page.getByText('Nothing ordered through the app yet.')).toBeVisible();

  // The first add makes the session active, but there is no bill yet: refused, and no
  // waiter is sent to a table with nothing to pay.
  await add.click();
  await expect(requestPayment).toBeEnabled();
  await requestPayment.click();
  await expect(
    page.getByText(
      'Failed to request payment: Nothing has been ordered yet. Place your order first, or call the waiter.',
    ),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/request-payment-refused-390.png' });
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const floor = (await (await request.get('/api/tables/floor', { headers })).json()).data;
  const row = floor.tables.find((t: { number: number }) => t.number === table.number);
  expect(row.sessionId).toBeNull();
  expect(row.notifications).toEqual([]);

  // Placed, the same tap reaches the waiter.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
  await requestPayment.click();
  await expect(page.getByText('Payment request sent.')).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await waiter.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    waiter.getByText(`Table ${table.number} asks for the bill (EUR 12.50)`),
  ).toBeVisible();
});
