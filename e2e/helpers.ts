import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Signs in from the login page by tapping the demo account card, as a person would. */
export async function signInWithDemoCard(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: `Use demo account ${username}` }).click();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A staff member's bearer header, signed in through the API. */
export async function staffHeaders(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).data.token as string}` };
}

/**
 * A new table of the demo restaurant, added by its manager: a table no other test has used, so a
 * test that runs after others on the same server still starts from an empty bill.
 */
export async function newTable(request: APIRequestContext) {
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  for (;;) {
    const number = 100 + Math.floor(Math.random() * 9000);
    const created = await request.post('/api/tables', { headers, data: { number, capacity: 4 } });
    if (created.status() === 409) continue;
    expect(created.status()).toBe(201);
    const tables = (await (await request.get('/api/tables', { headers })).json()).data as {
      number: number;
      qrToken: string;
    }[];
    return { number, token: tables.find((t) => t.number === number)!.qrToken };
  }
}
