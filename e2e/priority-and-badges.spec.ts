import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';

// A waiter's raised priority reaches the kitchen live, and a table's
// badges show what is open now.

async function signedIn(browser: Browser, username: string, password: string, path: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(path);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  return page;
}

async function staff(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return { headers: { authorization: `Bearer ${(await res.json()).data.token}` } };
}

async function guestOrder(request: APIRequestContext, token: string, dish: string) {
  const menu = (await (await request.get(`/api/menu/public?token=${token}`)).json()).data.menu;
  const item = menu.food.find((i: { name: string }) => i.name === dish);
  const placed = await request.post('/api/orders/public', {
    data: { token, items: [{ menuItemId: item.id, quantity: 1 }], currency: 'EUR' },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).data as { order_number: number; orderId: string; sessionId: string };
}

/** The kitchen makes a table's open tickets (through its API, as another cook would). */
async function kitchenReadies(request: APIRequestContext, orderId: string) {
  const kitchen = await staff(request, 'kitchen1', 'kitchen123');
  const board = (await (await request.get('/api/tickets?station=kitchen', kitchen)).json()).data;
  for (const ticket of board.tickets.filter((t: { orderId: string }) => t.orderId === orderId)) {
    for (const action of ['start', 'ready']) {
      const moved = await request.post(`/api/tickets/${ticket.id}/transition`, {
        ...kitchen,
        data: { action },
      });
      expect(moved.status()).toBe(200);
    }
  }
}

/** Leaves the table as the other specs expect it: everything served and paid. */
async function settle(request: APIRequestContext, orderIds: string[], sessionId: string) {
  const waiter = await staff(request, 'waiter1', 'waiter123');
  for (const orderId of orderIds) {
    await kitchenReadies(request, orderId);
    await request.post(`/api/orders/${orderId}/serve`, waiter);
  }
  const paid = await request.post(`/api/sessions/${sessionId}/payments`, {
    ...waiter,
    data: { method: 'cash' },
  });
  expect(paid.status()).toBe(201);
}

/** The waiter's card for a table, opened from All Active and claimed. */
async function claimedCard(waiter: Page, number: number) {
  await waiter.getByRole('tab', { name: 'All Active' }).click();
  const card = waiter.getByRole('article', { name: `Table ${number}`, exact: true });
  await card.getByRole('button').first().click();
  await card.getByRole('button', { name: 'Claim Table' }).click();
  await expect(waiter.getByText(`Table ${number} is yours`)).toBeVisible();
  return card;
}

test('a waiter raises an order to urgent: the kitchen shows it first, marked and announced', async ({
  browser,
  request,
}) => {
  const kitchen = await signedIn(browser, 'kitchen1', 'kitchen123', '/kitchen');
  const older = await guestOrder(request, 'QR-T12', 'Classic Burger');
  const raised = await guestOrder(request, 'QR-T12', 'Margherita Pizza');
  const column = kitchen.getByRole('region', { name: 'New Orders' });
  const ticketOf = (n: number) =>
    column.getByRole('article', { name: `Order ${n}, table 12`, exact: true });
  await expect(ticketOf(raised.order_number)).toBeVisible();
  await expect(ticketOf(raised.order_number).getByText('Normal', { exact: true })).toBeVisible();

  const waiter = await signedIn(browser, 'waiter1', 'waiter123', '/waiter');
  const card = await claimedCard(waiter, 12);
  await card
    .getByLabel(`Priority of order #${raised.order_number}`)
    .selectOption({ label: 'Urgent' });
  await expect(waiter.getByText(`Order #${raised.order_number} is now Urgent`)).toBeVisible();

  // The kitchen, without a reload: the raised ticket leads the column, marked, and is announced.
  const first = column.getByRole('article').first();
  await expect(first).toHaveAccessibleName(`Order ${raised.order_number}, table 12`);
  await expect(first.getByText('Urgent', { exact: true })).toBeVisible();
  await expect(
    kitchen.getByText(`Urgent: order #${raised.order_number}, table 12`, { exact: true }),
  ).toBeVisible();
  // The older order, still normal, comes after it.
  await expect(ticketOf(older.order_number).getByText('Normal', { exact: true })).toBeVisible();

  await settle(request, [older.orderId, raised.orderId], raised.sessionId);
});

test("a table's new orders are one counted badge that goes once they are served", async ({
  browser,
  request,
}) => {
  const waiter = await signedIn(browser, 'waiter1', 'waiter123', '/waiter');
  const first = await guestOrder(request, 'QR-T11', 'Classic Burger');
  const second = await guestOrder(request, 'QR-T11', 'Classic Burger');
  const card = await claimedCard(waiter, 11);
  const badges = card.getByRole('button').first();
  await expect(badges.getByText('2 new orders', { exact: true })).toBeVisible();

  // Made and served, one at a time: the count follows, then the badge goes.
  await kitchenReadies(request, first.orderId);
  await card.getByRole('button', { name: `Mark Served #${first.order_number}` }).click();
  await expect(badges.getByText('New order', { exact: true })).toBeVisible();
  await expect(badges.getByText('2 new orders', { exact: true })).toHaveCount(0);

  await kitchenReadies(request, second.orderId);
  await card.getByRole('button', { name: `Mark Served #${second.order_number}` }).click();
  await expect(card.getByText('Waiting payment')).toBeVisible();
  await expect(badges.getByText(/new order/i)).toHaveCount(0);

  await settle(request, [], second.sessionId);
});
