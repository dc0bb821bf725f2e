import { expect, test, type Browser, type Page } from './fixtures';

async function signedIn(browser: Browser, username: string, password: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(path);
  return page;
}

const ticket = (page: Page, orderNumber: string) =>
  page.getByRole('article', { name: new RegExp(`^Order ${orderNumber}, table 8$`) });

test('guest, kitchen, bar and waiter work one order through to payment, live', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const kitchen = await signedIn(browser, 'kitchen1', 'kitchen123', '/kitchen');
  const bar = await signedIn(browser, 'bar1', 'bar123', '/bar');
  const waiter = await signedIn(browser, 'waiter1', 'waiter123', '/waiter');
  await expect(kitchen.getByRole('heading', { name: 'New Orders', level: 2 })).toBeVisible();
  await expect(bar.getByRole('heading', { name: 'New Orders', level: 2 })).toBeVisible();

  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto('/order?token=QR-T8');
  await guest.getByRole('button', { name: 'Add Classic Burger' }).click();
  await guest.getByRole('tab', { name: 'Drinks' }).click();
  await guest.getByRole('button', { name: 'Add Craft Beer' }).click();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  const placed = guest.getByText(/^Order \d+ placed successfully!$/);
  await expect(placed).toBeVisible();
  const orderNumber = /Order (\d+)/.exec((await placed.textContent()) ?? '')![1]!;

  // The kitchen sees the burger and the bar the beer, without a reload.
  const food = ticket(kitchen, orderNumber);
  await expect(food).toBeVisible({ timeout: 3000 });
  await expect(food.getByText('Classic Burger')).toBeVisible();
  await expect(food.getByText('Craft Beer')).toHaveCount(0);
  const drink = ticket(bar, orderNumber);
  await expect(drink).toBeVisible({ timeout: 3000 });
  await expect(drink.getByText('Craft Beer')).toBeVisible();

  await food.getByRole('button', { name: 'Start Cooking' }).click();
  await expect(food.getByRole('button', { name: 'Mark Ready' })).toBeVisible();
  await food.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(food.getByRole('button', { name: 'Served' })).toBeVisible();
  await drink.getByRole('button', { name: 'Start Making' }).click();
  await drink.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(drink.getByRole('button', { name: 'Served' })).toBeVisible();

  // The waiter claims the table, sees the order ready, serves it and takes payment.
  await waiter.getByRole('tab', { name: 'All Active' }).click();
  const table = waiter.getByRole('article', { name: 'Table 8', exact: true });
  await expect(table.getByText('ready')).toBeVisible({ timeout: 3000 });
  await table.getByRole('button').first().click();
  await table.getByRole('button', { name: 'Claim Table' }).click();
  // The kitchen's ticket now names the waiter, without a reload.
  await expect(food.getByText('Marco Rossi')).toBeVisible({ timeout: 5000 });
  await waiter.getByRole('tab', { name: 'My Tables' }).click();
  await expect(table).toBeVisible();
  if (
    !(await table
      .getByRole('button', { name: new RegExp(`Mark Served #${orderNumber}`) })
      .isVisible())
  ) {
    await table.getByRole('button').first().click();
  }
  await table.getByRole('button', { name: `Mark Served #${orderNumber}` }).click();
  await expect(table.getByText('Waiting payment')).toBeVisible();
  // Served tickets leave the kitchen's columns.
  await expect(food).toHaveCount(0, { timeout: 3000 });

  await table.getByRole('button', { name: 'Mark Paid' }).click();
  await waiter.getByLabel('Tip (optional)').fill('2');
  await waiter.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiter.getByText('Table 8 paid')).toBeVisible();

  await expect(guest.getByText('Payment Completed')).toBeVisible({ timeout: 3000 });
  await expect(guest.getByTestId('bill-total')).toHaveText('€0.00');
});

test('a ticket that runs past its estimate says so on the display', async ({
  browser,
  request,
}) => {
  const menu = (await (await request.get('/api/menu/public?token=QR-T10')).json()).data.menu;
  const espresso = menu.drinks.find((i: { name: string }) => i.name === 'Espresso');
  const placed = await request.post('/api/orders/public', {
    data: { token: 'QR-T10', items: [{ menuItemId: espresso.id, quantity: 1 }] },
  });
  const orderNumber = ((await placed.json()) as { data: { order_number: number } }).data
    .order_number;
  const bar = await signedIn(browser, 'bar1', 'bar123', '/bar');
  // Five minutes later (the espresso is estimated at 2): the clock ticks and the ticket is overdue.
  // Other specs leave their own bar tickets on the shared server: only this order's card counts.
  await bar.clock.install();
  await bar.reload();
  const card = bar.getByRole('article', { name: `Order ${orderNumber}, table 10` });
  await expect(card.getByText('1 × Espresso')).toBeVisible();
  await expect(card.getByText(/Order overdue/)).toHaveCount(0);
  await bar.clock.fastForward('05:00');
  await expect(card.getByText(/Order overdue by \d+ minutes?/)).toBeVisible();
});
