import { expect, test } from './fixtures';
import { newTable, signInWithDemoCard } from './helpers';

/** Spec: the manager's screens follow the restaurant within a second; 2 s leaves room for a busy CI. */
const LIVE = { timeout: 2000 };

test("a guest's review reaches the manager's open Analytics tab live (issue 13, item 9)", async ({
  page,
  browser,
  request,
}) => {
  const table = await newTable(request);
  const comment = `Lovely evening at table ${table.number}, ${Date.now()}`;

  // The manager watches the Analytics tab, live.
  const manager = await (await browser.newContext()).newPage();
  await signInWithDemoCard(manager, 'manager1');
  await expect(manager).toHaveURL('/manager');
  await expect(manager.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await manager.getByRole('tab', { name: 'Analytics' }).click();
  const reviews = manager.getByRole('region', { name: 'Guest reviews (30 days)' });
  await expect(reviews.getByText(/average rating · \d+ reviews?/)).toBeVisible();

  // The guest orders, then reviews the visit.
  await page.goto(`/order?token=${table.token}`);
  await page.getByRole('button', { name: 'Add Classic Burger' }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/^Order \d+ placed successfully!$/)).toBeVisible();
  await page.getByRole('button', { name: 'Leave Review' }).click();
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();

  const row = reviews.getByRole('listitem').filter({ hasText: comment });
  await expect(row).toBeVisible(LIVE);
  await expect(row).toContainText(`Table ${table.number}`);
  await expect(row.getByLabel('5 stars')).toBeVisible();

  // A second review of the same visit is refused, in words.
  await page.reload();
  await page.getByRole('button', { name: 'Leave Review' }).click();
  await page.getByRole('radio', { name: '3 stars' }).check();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This visit has already been reviewed. Thank you!',
  );
});
