import { expect, test } from './fixtures';
import { signInWithDemoCard } from './helpers';

test('a waiter hears about a new order and a call within a second, without reloading', async ({
  page,
  request,
}) => {
  await signInWithDemoCard(page, 'waiter1');
  await expect(page).toHaveURL('/waiter');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  // Wait until the server says the socket is attached before the guest acts.
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  const menu = (await (await request.get('/api/menu/public?token=QR-T9')).json()).data.menu;
  const tiramisu = menu.food.find((i: { name: string }) => i.name === 'Tiramisu');
  const placed = await request.post('/api/orders/public', {
    data: { token: 'QR-T9', items: [{ menuItemId: tiramisu.id, quantity: 1 }], currency: 'EUR' },
  });
  expect(placed.status()).toBe(201);
  const orderNumber = (await placed.json()).data.order_number;
  await request.post('/api/tables/public/call-waiter', { data: { token: 'QR-T9' } });

  await expect(bell).toHaveAccessibleName(/Notifications \(\d+ unread\)/, { timeout: 2000 });
  await bell.click();
  await expect(page.getByText(`New order #${orderNumber} from table 9 (EUR 7.00)`)).toBeVisible();
  await expect(page.getByText('Table 9 is asking for a waiter')).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');

  // The switch is remembered.
  await page.getByLabel('Enable notifications').uncheck();
  expect(await page.evaluate(() => localStorage.getItem('tavola_notifications_enabled'))).toBe(
    'false',
  );
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('No notifications')).toBeVisible();
});
