import { expect, test, type APIRequestContext, type Page } from './fixtures';

const placedMessage = /^Order \d+ placed successfully!$/;

async function managerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'manager1', password: 'manager123' },
  });
  return (await login.json()).data.token as string;
}

async function bill(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/sessions/public/summary?token=${token}`);
  return (await res.json()).data as { sessionId: string; orders: { orderNumber: number }[] };
}

const orderLines = (page: Page) => page.getByRole('list', { name: 'Order lines' });

test.describe("the guest's cart", () => {
  test('survives a reload, each table its own, until the order is placed', async ({
    page,
    request,
  }) => {
    await page.goto('/order?token=QR-T5');
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await page.getByRole('tab', { name: 'Drinks' }).click();
    await page.getByRole('button', { name: 'Add Craft Beer' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('€30.50');

    await page.reload();
    await expect(page.getByTestId('order-total')).toHaveText('€30.50');
    await expect(orderLines(page).getByText('Classic Burger')).toBeVisible();
    await expect(orderLines(page).getByText('Craft Beer')).toBeVisible();

    // Another table on the same phone has a cart of its own.
    await page.goto('/order?token=QR-T7');
    await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toBeEnabled();
    await expect(page.getByText('Your order is empty. Add something from the menu.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('€10.90');

    await page.goto('/order?token=QR-T5');
    await expect(page.getByTestId('order-total')).toHaveText('€30.50');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(placedMessage)).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('€0.00');

    // Placed: a reload starts from an empty cart, and the order is on the bill once.
    await page.reload();
    await expect(page.getByTestId('bill-total')).toHaveText('€30.50');
    await expect(page.getByTestId('order-total')).toHaveText('€0.00');
    expect((await bill(request, 'QR-T5')).orders).toHaveLength(1);

    await page.goto('/order?token=QR-T7');
    await expect(page.getByTestId('order-total')).toHaveText('€10.90');
  });

  test('a retry after a reload replays the order it lost the answer to, not a second one', async ({
    page,
    request,
  }) => {
    await page.goto('/order?token=QR-T2');
    await page.getByRole('button', { name: 'Add Caesar Salad' }).click();

    // The order reaches the server, but the answer never reaches the phone.
    let placed = 0;
    await page.route('**/api/orders/public', async (route) => {
      const response = await route.fetch();
      placed = (await response.json()).data.order_number;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(/^Failed to place order: /)).toBeVisible();
    expect(placed).toBeGreaterThan(0);
    await page.unroute('**/api/orders/public');

    await page.reload();
    await expect(orderLines(page).getByText('Caesar Salad')).toBeVisible();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(`Order ${placed} placed successfully!`)).toBeVisible();
    const orders = (await bill(request, 'QR-T2')).orders;
    expect(orders.map((o) => o.orderNumber)).toEqual([placed]);
  });

  test("the paid view does not keep 'Payment request sent.'", async ({ page, request }) => {
    const staff = await managerToken(request);
    await page.goto('/order?token=QR-T7');
    await page.getByRole('button', { name: 'Add Tiramisu' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(placedMessage)).toBeVisible();
    await page.getByRole('button', { name: 'Request Payment' }).click();
    await expect(page.getByText('Payment request sent.')).toBeVisible();

    const { sessionId } = await bill(request, 'QR-T7');
    const paid = await request.post(`/api/sessions/${sessionId}/payments`, {
      data: { method: 'card' },
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(paid.status()).toBe(201);
    await expect(page.getByText('Payment Completed')).toBeVisible();
    // Taken away with the paid view itself (the message would otherwise stay for six seconds).
    expect(await page.getByText('Payment request sent.').count()).toBe(0);
  });
});
