import { expect, test, type APIRequestContext } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

async function tableIdOf(request: APIRequestContext, number: number) {
  const headers = await staffHeaders(request, 'waiter1', 'waiter123');
  const floor = (await (await request.get('/api/tables/floor', { headers })).json()).data;
  return {
    headers,
    id: floor.tables.find((t: { number: number }) => t.number === number).id as string,
  };
}

test('a guest asks for the bill: the waiter takes payment in one tap from the card, unserved orders a warning, not a wall', async ({
  browser,
  request,
}) => {
  const { number, token } = await newTable(request);
  const guest = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await guest.goto(`/order?token=${token}`);
  await guest.getByRole('button', { name: 'Add Classic Burger' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  const placed = guest.getByText(/^Order \d+ placed successfully!$/);
  await expect(placed).toBeVisible();
  const orderNumber = /Order (\d+)/.exec((await placed.textContent()) ?? '')![1]!;
  const { headers, id } = await tableIdOf(request, number);
  expect((await request.post(`/api/tables/${id}/claim`, { headers })).status()).toBe(200);

  // The waiter's phone is on the floor; the burger is still in the kitchen.
  const waiter = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await signInWithDemoCard(waiter, 'waiter1');
  await expect(waiter).toHaveURL('/waiter');
  await expect(waiter.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const card = waiter.getByRole('article', { name: `Table ${number}`, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Take payment' })).toHaveCount(0);

  await guest.getByRole('button', { name: 'Request Payment' }).click();
  await expect(guest.getByText('Payment request sent.')).toBeVisible();

  // One tap, on the card as it is (not expanded): the pay dialog.
  const take = card.getByRole('button', { name: 'Take payment' });
  await expect(take).toBeVisible({ timeout: 2000 });
  await waiter.screenshot({ path: 'test-results/take-payment-card-390.png' });
  await take.click();
  const dialog = waiter.getByRole('dialog', { name: `Take payment: table ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Not served yet' })).toContainText(
    `#${orderNumber}`,
  );
  await waiter.screenshot({ path: 'test-results/take-payment-dialog-390.png' });
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiter.getByText(`Table ${number} paid`)).toBeVisible();
  await expect(guest.getByText('Payment Completed')).toBeVisible({ timeout: 5000 });
});

test("a new order's badge goes by itself once its tickets are ready", async ({
  browser,
  request,
}) => {
  const { number, token } = await newTable(request);
  const menu = (await (await request.get(`/api/menu/public?token=${token}`)).json()).data.menu;
  const espresso = menu.drinks.find((i: { name: string }) => i.name === 'Espresso').id;
  const placed = await request.post('/api/orders/public', {
    data: { token, items: [{ menuItemId: espresso, quantity: 1 }], currency: 'EUR' },
  });
  expect(placed.status()).toBe(201);
  const { order_number: orderNumber } = (await placed.json()).data as { order_number: number };

  const waiter = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await signInWithDemoCard(waiter, 'waiter1');
  await expect(waiter.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await waiter.getByRole('tab', { name: 'All Active' }).click();
  const card = waiter.getByRole('article', { name: `Table ${number}`, exact: true });
  await expect(card.getByText('New order', { exact: true })).toBeVisible();

  // The bar makes it: ready, and nobody had to tap the badge away.
  const bar = await staffHeaders(request, 'bar1', 'bar123');
  const list = (await (await request.get('/api/tickets?station=bar', { headers: bar })).json()).data
    .tickets as { id: string; orderNumber: number }[];
  const ticket = list.find((t) => t.orderNumber === orderNumber)!;
  for (const action of ['start', 'ready']) {
    const res = await request.post(`/api/tickets/${ticket.id}/transition`, {
      headers: bar,
      data: { action },
    });
    expect(res.status(), action).toBe(200);
  }
  await expect(card.getByText('ready', { exact: true })).toBeVisible({ timeout: 2000 });
  await expect(card.getByText('New order', { exact: true })).toHaveCount(0);
});
