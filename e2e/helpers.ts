import { expect, type Page } from '@playwright/test';

/** Signs in from the login page by tapping the demo account card, as a person would. */
export async function signInWithDemoCard(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: `Use demo account ${username}` }).click();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
