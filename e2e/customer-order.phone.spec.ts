import { expect, test } from './fixtures';

test.describe('guest ordering on a phone', () => {
  test('orders, calls the waiter, asks for the bill and sees it paid', async ({
    page,
    request,
  }) => {
    await page.goto('/order?token=QR-T3');
    await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Table 3', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Food' })).toHaveAttribute('aria-selected', 'true');

    const burger = page.getByRole('listitem').filter({ hasText: 'Classic Burger' });
    await expect(burger.getByText('€12.50')).toBeVisible();
    await page.getByRole('button', { name: 'USD' }).click();
    await expect(burger.getByText('$13.50')).toBeVisible();
    await page.getByRole('button', { name: 'EUR' }).click();

    // The unavailable item cannot be added.
    const lobster = page.getByRole('listitem').filter({ hasText: 'Lobster Risotto' });
    await expect(lobster.getByText('Unavailable')).toBeVisible();
    await expect(lobster.getByRole('button', { name: 'Add Lobster Risotto' })).toBeDisabled();

    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await expect(page.getByText('Session Active')).toBeVisible();
    await page.getByRole('tab', { name: 'Drinks' }).click();
    await page.getByRole('button', { name: 'Add Craft Beer' }).click();
    await page.getByRole('button', { name: 'Remove one Classic Burger from your order' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('€18.00');
    await expect(page.getByLabel('Cart total €18.00')).toBeVisible();

    // Place Order: one tap, one order, even if tapped again while in flight.
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await placeOrder.click();
    await expect(page.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('€0.00');
    await expect(page.getByTestId('bill-total')).toHaveText('€18.00');
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Call Waiter' }).click();
    await expect(page.getByText('Waiter notified.')).toBeVisible();
    await page.getByRole('button', { name: 'Request Payment' }).click();
    await expect(page.getByText('Payment request sent.')).toBeVisible();

    // The order is in the database, correct to the cent.
    const summary = await request.get('/api/sessions/public/summary?token=QR-T3');
    const bill = (await summary.json()).data;
    expect(bill).toMatchObject({
      totalAmount: 18,
      paymentStatus: 'pending',
      hasActiveSession: true,
    });
    expect(bill.orders).toHaveLength(1);
    expect(bill.orders[0].items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Classic Burger', quantity: 1 }),
        expect.objectContaining({ name: 'Craft Beer', quantity: 1 }),
      ]),
    );

    // A manager settles the bill on the server; the guest's page notices on its next poll.
    const login = await request.post('/api/auth/login', {
      data: { username: 'manager1', password: 'manager123' },
    });
    const { token } = (await login.json()).data;
    const paid = await request.post(`/api/sessions/${bill.sessionId}/payments`, {
      data: { method: 'card' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(paid.status()).toBe(201);
    await expect(page.getByText('Payment Completed')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('bill-total')).toHaveText('€0.00');
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Payment' })).toBeDisabled();
    expect(await page.evaluate(() => localStorage.getItem('tavola_QR-T3'))).toBeNull();
  });

  test('a double tap on Place Order makes one order', async ({ page, request }) => {
    await page.goto('/order?token=QR-T4');
    await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await expect(page.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
    const summary = await (await request.get('/api/sessions/public/summary?token=QR-T4')).json();
    expect(summary.data.orders).toHaveLength(1);
  });

  test('says so when the table code is unknown, rather than showing a menu', async ({ page }) => {
    await page.goto('/order?token=QR-UNKNOWN-TABLE');
    await expect(page.getByRole('alert')).toHaveText(
      'Table not found. Please scan the QR code on your table again.',
    );
    await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toHaveCount(0);
  });

  test('uses the demo menu, with the amber notice, when the menu cannot be loaded', async ({
    page,
  }) => {
    // The network fails on the way to the server (no answer at all), as on a dead café Wi-Fi.
    await page.route('**/api/menu/public**', (route) => route.abort('internetdisconnected'));
    await page.goto('/order?token=QR-T12');
    await expect(page.getByText('Loading demo menu')).toBeVisible();
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order DEMO-1 placed successfully!')).toBeVisible();
    await expect(page.getByTestId('bill-total')).toHaveText('€12.50');
    await page.getByRole('button', { name: 'Call Waiter' }).click();
    await expect(
      page.getByText('Waiter has been notified and will be with you shortly!'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Request Payment' }).click();
    await expect(page.getByText('Payment request sent to staff!')).toBeVisible();
  });

  test('defaults to table QR-T1 and fits a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/order');
    await expect(page.getByRole('banner').getByText('Table 1', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBe(innerWidth);
    // Touch targets are at least 44 px.
    for (const name of ['Add Classic Burger', 'Place Order', 'Call Waiter', 'EUR']) {
      const box = await page.getByRole('button', { name }).first().boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
    }
  });
});
