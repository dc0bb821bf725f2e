import { createHmac } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { signInWithDemoCard, staffHeaders } from './helpers';

/**
 * An authenticator app, written here from RFC 6238 and RFC 4648 rather than taken from the
 * server, so the test checks the server against the standard, not against itself.
 */
function authenticatorCode(secretBase32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/\s|=/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function openSecurityTab(page: Page) {
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('admin turns on two-factor sign-in, then signs in with the password and a code', async ({
  page,
}) => {
  await signInWithDemoCard(page, 'admin1');
  await openSecurityTab(page);

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = Date.now();
  await page.getByLabel('Code from the app').fill(authenticatorCode(secret, enrolledAt));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recovery = await codes.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  try {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Username').fill('admin1');
    await page.getByLabel('Password').fill('admin123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // The password alone opened no session.
    expect(await page.evaluate(() => localStorage.getItem('tavola_session'))).toBeNull();

    // The code the set-up used is spent; the app's next code (one step ahead) is accepted.
    await page.getByLabel('Authentication code').fill(authenticatorCode(secret, enrolledAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code has already been used. Wait for the next one.',
    );
    await page
      .getByLabel('Authentication code')
      .fill(authenticatorCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  } finally {
    // Later tests sign admin1 in with the password alone: turn it off with a recovery code.
    if (!page.url().endsWith('/admin')) await signInWithCode(page, recovery[0]!);
    await openSecurityTab(page);
    await page.getByLabel('Code to turn it off').fill(recovery[1]!);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  }
});

/** Signs admin1 in when the test stopped half-way, with a recovery code. */
async function signInWithCode(page: Page, code: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin1');
  await page.getByLabel('Password').fill('admin123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/admin');
}

test('admin revokes a waiter’s session and that browser is signed out at once', async ({
  page,
  browser,
  request,
}) => {
  // A waiter of tonight's shift, added by the manager, signed in on their own device.
  const manager = await staffHeaders(request, 'manager1', 'manager123');
  const username = `sergio-${Date.now().toString(36)}`;
  const created = await request.post('/api/staff', {
    headers: manager,
    data: { name: 'Sergio Sessions', username, password: 'sergio-secret-1', role: 'waiter' },
  });
  expect(created.status()).toBe(201);
  const waiter = await (await browser.newContext()).newPage();
  await waiter.goto('/login');
  await waiter.getByLabel('Username').fill(username);
  await waiter.getByLabel('Password').fill('sergio-secret-1');
  await waiter.getByRole('button', { name: 'Sign In' }).click();
  await expect(waiter).toHaveURL('/waiter');
  await expect(waiter.locator('html')).toHaveAttribute('data-realtime', 'connected');

  await signInWithDemoCard(page, 'admin1');
  await openSecurityTab(page);
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  const row = sessions.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Waiter');
  await expect(row).toContainText('127.0.0.1');
  // The admin's own session is marked, not revocable.
  await expect(
    sessions.getByRole('row').filter({ hasText: 'This session' }).getByRole('button'),
  ).toHaveCount(0);

  await row.getByRole('button', { name: /^Revoke Sergio Sessions's session on / }).click();
  await expect(page.getByText('Session revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  // The waiter's screen is closed by the server at once and goes back to the login.
  await expect(waiter).toHaveURL('/login', { timeout: 3000 });
  await waiter.context().close();
});
