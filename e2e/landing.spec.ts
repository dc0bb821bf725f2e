import { PLANS, TRANSACTION_FEE_BPS } from '@tavola/contract';
import { expect, test } from './fixtures';

test.describe('landing page', () => {
  test('every navigation link and anchor goes where it should', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Stories', 'testimonials'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    await nav.getByRole('link', { name: 'Product' }).first().click();
    await expect(page.locator('#product')).toBeInViewport();
    for (const id of ['features', 'product', 'details', 'pricing', 'testimonials']) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await nav.getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    // Admin is the platform team's door: it says so, and sends a restaurant's admin to Staff.
    const admin = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin', exact: true });
    await expect(admin).toContainText('Platform team');
    await expect(admin).toHaveAccessibleDescription(/Restaurant admins sign in with Staff/);
    await admin.click();
    await expect(page).toHaveURL('/team/login');
    await expect(page.getByRole('link', { name: 'staff login' })).toHaveAttribute('href', '/login');
    await page.goto('/');
    await page.getByRole('link', { name: 'Staff Demo Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test("shows the contract's plans and fee, each card leading to /login", async ({ page }) => {
    await page.goto('/#pricing');
    await expect(
      page.getByText(
        `A ${(TRANSACTION_FEE_BPS / 100).toFixed(1)}% transaction fee applies on all plans.`,
      ),
    ).toBeVisible();
    for (const plan of PLANS) {
      const card = page.getByRole('article', { name: plan.name });
      await expect(card).toBeVisible();
      const price = `EUR ${(plan.priceCents / 100).toLocaleString('en-US')}`;
      await expect(card.getByTestId(`price-${plan.id}`)).toHaveText(price);
      for (const feature of plan.features) await expect(card.getByText(feature)).toBeVisible();
      await expect(card.getByRole('link', { name: `Choose ${plan.name}` })).toHaveAttribute(
        'href',
        '/login',
      );
    }
    await expect(
      page.getByRole('article', { name: 'Enterprise Empire' }).getByText('Saves EUR 398'),
    ).toBeVisible();
  });

  test('the demo tabs show real screens and their sample data', async ({ page }) => {
    await page.goto('/#product');
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    await expect(page.getByText('Kitchen capacity: 4 stations, 3 active.')).toBeVisible();
    await expect(page.getByRole('img', { name: /kitchen display/ }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Manager' }).click();
    await expect(page.getByText(/124 orders/)).toBeVisible();
    for (const img of await page.locator('img').all()) {
      expect(await img.getAttribute('width')).toBeTruthy();
      expect(await img.getAttribute('height')).toBeTruthy();
      expect(await img.getAttribute('alt')).toBeTruthy();
    }
  });

  test('every demo tab shows its screenshot, the Customer tab a table QR code too', async ({
    page,
  }) => {
    await page.goto('/#product');
    for (const [tab, names] of [
      ['Customer', [/QR code/, /guest menu on a phone/]],
      ['Waiter', [/waiter dashboard/]],
      ['Kitchen', [/kitchen display/, /bar display/]],
      ['Manager', [/manager overview/]],
      ['Analytics', [/manager analytics/]],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      for (const name of names) {
        const img = panel.getByRole('img', { name });
        await expect(img).toBeVisible();
        // Loaded, not a broken image.
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth))
          .toBeGreaterThan(0);
      }
    }
  });

  test("the sample menu's Add buttons fill a sample order right there", async ({ page }) => {
    await page.goto('/#product');
    const order = page.getByRole('tabpanel', { name: 'Customer' }).getByRole('status');
    await expect(order).toContainText('Your sample order is empty');
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await expect(order).toContainText('Sample order: 1 item · €12.50');
    await page.getByRole('button', { name: 'Add Classic Burger' }).click();
    await page.getByRole('button', { name: 'Add Aperol Spritz' }).click();
    await expect(order).toContainText('Sample order: 3 items · €33.00');
    await expect(page).toHaveURL(/\/#product$/);
  });

  test("'Try Customer Demo' opens a working ordering page", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Try Customer Demo' }).click();
    await expect(page).toHaveURL('/order?token=QR-T1');
    await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toBeEnabled();
    await expect(page.getByText('Loading demo menu')).toHaveCount(0);
  });

  test('nothing overflows horizontally at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    for (const tab of ['Customer', 'Waiter', 'Kitchen', 'Manager', 'Analytics']) {
      await page.getByRole('tab', { name: tab }).click();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, tab).toBe(innerWidth);
    }
  });
});
