import { expect, test } from './fixtures';
import { signInWithDemoCard } from './helpers';

test('admin creates an API key (shown once) that reads the public API, registers a webhook, sends it a test event and removes both', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  await signInWithDemoCard(page, 'admin1');
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL('/admin?tab=integrations');
  await expect(page.getByRole('link', { name: '/api/v1/openapi.json' })).toBeVisible();
  await expect(page.getByText('Limits per key: 20 requests a second')).toBeVisible();

  // A key: its secret once, and it answers on /api/v1.
  await page.getByLabel('Key name').fill(`e2e key ${suffix}`);
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.locator('code', { hasText: 'tvk_live_' }).textContent())!.trim();
  expect(secret).toMatch(/^tvk_live_/);
  const orders = await request.get('/api/v1/orders', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(orders.status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('code', { hasText: 'tvk_live_' })).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(`e2e key ${suffix}`) });
  await expect(row).toContainText('orders:read');

  // A webhook (a documentation address: the test event fails, and the log says why).
  await page.getByLabel('Endpoint URL').fill(`https://192.0.2.10/hook-${suffix}`);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByRole('alert')).toContainText('public internet');
  await page.getByLabel('Endpoint URL').fill(`https://example.invalid/hook-${suffix}`);
  await page.getByLabel('order.created').check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.locator('code', { hasText: 'whsec_' })).toBeVisible();
  const endpoint = page.getByRole('listitem').filter({ hasText: `hook-${suffix}` });
  await expect(endpoint).toContainText('order.created');
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event not delivered')).toBeVisible();
  await endpoint.getByRole('button', { name: 'Deliveries' }).click();
  await expect(endpoint.getByRole('table')).toContainText('webhook.test');

  await page.screenshot({ path: 'test-results/integrations-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/integrations-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Leave nothing behind: the webhook goes, the key is revoked.
  await endpoint.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `hook-${suffix}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Revoke e2e key ${suffix}` }).click();
  await expect(row).toContainText('Revoked');
  const after = await request.get('/api/v1/orders', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(after.status()).toBe(401);
});
