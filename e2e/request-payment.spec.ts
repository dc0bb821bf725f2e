import { expect, test } from '@playwright/test';
import { newTable, signInWithDemoCard } from './helpers';

test('a guest asks for the bill right after an add, with nothing ordered; the waiter hears it (issue 13, item 8)', async ({
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

  await page.goto(`/order?token=${table.token}`);
  const add = page.getByRole('button', { name: 'Add Classic Burger' });
  const requestPayment = page.getByRole('button', { name: 'Request Payment' });
  await expect(add).toBeVisible();
  // Before the session is active the button is off, and says why.
  await expect(requestPayment).toBeDisabled();
  await expect(page.getByText('Add an item to your order to start your session.')).toBeVisible();
  await expect(page.getByText('Nothing ordered through the app yet.')).toBeVisible();

  // The first add makes the session active (spec §4); the table may have ordered by voice.
  await add.click();
  await expect(requestPayment).toBeEnabled();
  await requestPayment.click();
  await expect(page.getByText('Payment request sent.')).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing ordered through the app yet.')).toBeVisible();

  await waiter.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    waiter.getByText(`Table ${table.number} asks for the bill (nothing ordered in the app)`),
  ).toBeVisible();
});
