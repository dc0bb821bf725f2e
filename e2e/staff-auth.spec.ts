import { expect, test } from './fixtures';
import { signInWithDemoCard } from './helpers';

const LANDINGS = [
  ['waiter1', '/waiter', 'Waiter Dashboard'],
  ['kitchen1', '/kitchen', 'Kitchen Display'],
  ['bar1', '/bar', 'Bar Display'],
  ['manager1', '/manager', 'Manager Dashboard'],
  ['admin1', '/admin', 'Admin Panel'],
  ['team1', '/team', 'Platform Team Dashboard'],
] as const;

test.describe('staff login', () => {
  for (const [username, path, heading] of LANDINGS) {
    test(`${username} signs in from the demo card and lands on ${path}`, async ({ page }) => {
      await signInWithDemoCard(page, username);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    });
  }

  test('shows the demo passwords, roles and links', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('waiter1 / waiter123')).toBeVisible();
    await expect(page.getByText('team1 / team123')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System Roles' })).toBeVisible();
    await expect(page.getByText('Staff accounts are created by the manager.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Customer Demo' })).toHaveAttribute(
      'href',
      '/order?token=QR-T1',
    );
    await expect(page.getByRole('link', { name: 'Platform team login' })).toHaveAttribute(
      'href',
      '/team/login',
    );
  });

  test('asks for both fields, then rejects a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
    await page.getByLabel('Username').fill('waiter1');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL('/login');
  });

  test('a reload keeps the session, and logout ends it', async ({ page }) => {
    await signInWithDemoCard(page, 'kitchen1');
    await expect(page).toHaveURL('/kitchen');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('tavola_session'));
    expect(JSON.parse(stored ?? '{}').user.username).toBe('kitchen1');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/kitchen');
    await expect(page).toHaveURL('/login');
  });

  test('a revoked stored session is cleared by the profile refresh', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'tavola_session',
        JSON.stringify({
          token: 'forged-token',
          user: {
            id: 'x',
            username: 'admin1',
            role: 'admin',
            restaurant_id: 'x',
            permissions: ['full_access'],
            name: 'Forged',
            status: 'active',
          },
        }),
      ),
    );
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('tavola_session'))).toBeNull();
  });
});

test.describe('route guards', () => {
  test('a waiter opening /admin is sent to /login', async ({ page }) => {
    await signInWithDemoCard(page, 'waiter1');
    await expect(page).toHaveURL('/waiter');
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
  });

  test('nobody signed in is sent from /team to /team/login', async ({ page }) => {
    await page.goto('/team');
    await expect(page).toHaveURL('/team/login');
  });

  test('a manager may open the kitchen and bar screens', async ({ page }) => {
    await signInWithDemoCard(page, 'manager1');
    await expect(page).toHaveURL('/manager');
    await page.goto('/kitchen');
    await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
    await page.goto('/bar');
    await expect(page.getByRole('heading', { name: 'Bar Display' })).toBeVisible();
  });
});

test.describe('team login', () => {
  test('manager1 on /team/login is told the portal is for team members', async ({ page }) => {
    await page.goto('/team/login');
    await page.getByLabel('Username').fill('manager1');
    await page.getByLabel('Password').fill('manager123');
    await page.getByRole('button', { name: 'Access Team Portal' }).click();
    await expect(page.getByRole('alert')).toContainText('This login is for team members only');
    await expect(page).toHaveURL('/team/login');
  });

  test("a restaurant's admin on /team/login is pointed to the staff login, where they get in", async ({
    page,
  }) => {
    await page.goto('/team/login');
    await expect(
      page.getByText('Restaurant admins, managers and staff sign in at the staff login.'),
    ).toBeVisible();
    await page.getByLabel('Username').fill('admin1');
    await page.getByLabel('Password').fill('admin123');
    await page.getByRole('button', { name: 'Access Team Portal' }).click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('This login is for team members only');
    await refusal.getByRole('link', { name: 'Go to the staff login' }).click();
    await expect(page).toHaveURL('/login');
    // The staff login is a lazily loaded screen: fill its fields, not the team login's still shown.
    await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
    await page.getByLabel('Username').fill('admin1');
    await page.getByLabel('Password').fill('admin123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin');
  });

  test('bad credentials and empty fields have their messages', async ({ page }) => {
    await page.goto('/team/login');
    await page.getByRole('button', { name: 'Access Team Portal' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
    await page.getByLabel('Username').fill('team1');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Access Team Portal' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid credentials or insufficient permissions',
    );
  });

  test('the demo button signs team1 in, and a signed-in team member skips the form', async ({
    page,
  }) => {
    await page.goto('/team/login');
    await page.getByRole('button', { name: /Use demo team account/ }).click();
    await page.getByRole('button', { name: 'Access Team Portal' }).click();
    await expect(page).toHaveURL('/team');
    await page.goto('/team/login');
    await expect(page).toHaveURL('/team');
  });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});
