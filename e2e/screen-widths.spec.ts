import { expect, test, type Locator, type Page } from './fixtures';
import { staffHeaders } from './helpers';

/**
 * Every staff screen works on a waiter's phone (390 px) and on a 1920 px wall
 * screen: the page never scrolls sideways, and the screen's title and its tabs show in full
 * (not cut by the edge, an ellipsis or their own scrolling bar).
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1920, height: 1080 },
];

const PASSWORDS: Record<string, string> = {
  waiter1: 'waiter123',
  kitchen1: 'kitchen123',
  bar1: 'bar123',
  manager1: 'manager123',
  admin1: 'admin123',
  team1: 'team123',
};

async function signIn(page: Page, username: string, path: string) {
  await page.goto(username === 'team1' ? '/team/login' : '/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORDS[username]!);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(path);
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: page width`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Each element is shown in full: inside the window, not clipped by a scrolling or hidden-overflow
 * ancestor (a tab bar that scrolls hides its last tabs), and its own text is not cut short.
 */
async function expectFullyShown(elements: Locator, where: string) {
  const count = await elements.count();
  expect(count, `${where}: elements to check`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const problem = await elements.nth(i).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const name = `'${(el.textContent ?? '').trim().slice(0, 40)}'`;
      if (box.width === 0) return `${name} has no width`;
      if (box.left < 0 || box.right > window.innerWidth + 0.5)
        return `${name} runs off the window (${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth})`;
      if (el.scrollWidth > el.clientWidth + 1)
        return `${name} is cut short (${el.scrollWidth} px of text in ${el.clientWidth} px)`;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          return `${name} is clipped by its container (${Math.round(box.left)}–${Math.round(box.right)} inside ${Math.round(clip.left)}–${Math.round(clip.right)})`;
      }
      return null;
    });
    expect(problem, where).toBeNull();
  }
}

async function expectScreenFits(page: Page, where: string, tabs?: Locator) {
  await expectNoSidewaysScroll(page, where);
  await expectFullyShown(page.getByRole('heading', { level: 1 }), `${where}: title`);
  if (tabs) await expectFullyShown(tabs, `${where}: tabs`);
}

/** An open dialog or dropdown sits inside the window and leaves the page its width. */
async function expectOverlayFits(page: Page, overlay: Locator, where: string) {
  await expect(overlay).toBeVisible();
  await expectFullyShown(overlay, where);
  await expectNoSidewaysScroll(page, where);
}

/** Table 8's bill, paid once the widths are seen: the service-flow spec serves its own order there. */
let besideSessionId = '';

test.beforeAll(async ({ request }) => {
  // A seated table with two orders, so the waiter's cards and each station's New Orders column
  // have content (two tickets, to see them share a row on a wall screen).
  const menu = (await (await request.get('/api/menu/public?token=QR-T7')).json()).data.menu;
  const food = menu.food.find((i: { name: string }) => i.name === 'Spaghetti Carbonara');
  const drink = menu.drinks.find((i: { name: string }) => i.name === 'Aperol Spritz');
  for (let i = 0; i < 2; i++) {
    const placed = await request.post('/api/orders/public', {
      data: {
        token: 'QR-T7',
        currency: 'EUR',
        items: [
          { menuItemId: food.id, quantity: 2, notes: 'No pecorino on one, extra pepper on both' },
          { menuItemId: drink.id, quantity: 3 },
        ],
      },
    });
    expect(placed.status()).toBe(201);
  }
  // A second seated table, beside table 7 on a wide screen.
  const beside = await request.post('/api/orders/public', {
    data: { token: 'QR-T8', currency: 'EUR', items: [{ menuItemId: drink.id, quantity: 1 }] },
  });
  expect(beside.status()).toBe(201);
  besideSessionId = ((await beside.json()) as { data: { sessionId: string } }).data.sessionId;
});

test.afterAll(async ({ request }) => {
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const paid = await request.post(`/api/sessions/${besideSessionId}/payments`, {
    headers,
    data: { method: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
});

for (const viewport of WIDTHS) {
  const at = `${viewport.width} px`;

  test.describe(`at ${at}`, () => {
    test.use({ viewport });

    test('staff login and team login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Staff Login', level: 1 })).toBeVisible();
      await expectScreenFits(page, `/login at ${at}`);
      await page.goto('/team/login');
      await expect(page.getByRole('heading', { name: 'Team Portal', level: 1 })).toBeVisible();
      await expectScreenFits(page, `/team/login at ${at}`);
    });

    test('waiter dashboard, each tab and the notifications', async ({ page }) => {
      await signIn(page, 'waiter1', '/waiter');
      await expect(page.getByRole('heading', { name: 'Waiter Dashboard' })).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'Tables' }).getByRole('tab');
      await expect(tabs).toHaveCount(3);
      for (const name of ['My Tables', 'Unassigned', 'All Active']) {
        await page.getByRole('tab', { name }).click();
        await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
        await expectScreenFits(page, `/waiter ${name} at ${at}`, tabs);
      }
      // All Active: the seated table's card, opened, fits too.
      const table = page.getByRole('article', { name: 'Table 7', exact: true });
      await table.getByRole('button').first().click();
      await expect(table.getByRole('button', { name: 'Claim Table' })).toBeVisible();
      await expectFullyShown(table, `/waiter table card at ${at}`);
      await expectNoSidewaysScroll(page, `/waiter open table card at ${at}`);
      if (viewport.width === 1920) {
        // An opened card grows alone: table 8 beside it keeps its own height.
        const neighbour = page.getByRole('article', { name: 'Table 8', exact: true });
        const toggle = table.getByRole('button').first();
        await toggle.click();
        await expect(table.getByRole('button', { name: 'Claim Table' })).toBeHidden();
        const before = (await neighbour.boundingBox())!;
        await toggle.click();
        await expect(table.getByRole('button', { name: 'Claim Table' })).toBeVisible();
        const opened = (await table.boundingBox())!;
        const after = (await neighbour.boundingBox())!;
        expect(after.y, 'table 8 shares the row of table 7').toBe(opened.y);
        expect(opened.height).toBeGreaterThan(before.height);
        expect(after.height, 'the neighbour of an opened card').toBe(before.height);
      }

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expectOverlayFits(page, page.getByRole('dialog'), `/waiter notifications at ${at}`);
    });

    for (const [user, path, title] of [
      ['kitchen1', '/kitchen', 'Kitchen Display'],
      ['bar1', '/bar', 'Bar Display'],
    ] as const) {
      test(`${title.toLowerCase()}`, async ({ page }) => {
        await signIn(page, user, path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expect(page.getByRole('article', { name: /, table 7$/ }).first()).toBeVisible();
        await expectScreenFits(page, `${path} at ${at}`);
        // The three columns and their counts read in full.
        await expectFullyShown(page.getByRole('heading', { level: 2 }), `${path} columns at ${at}`);
        await expectFullyShown(
          page.locator('[data-testid^="count-"]').locator('xpath=..').locator('p'),
          `${path} counts at ${at}`,
        );
        await expectFullyShown(page.getByRole('article'), `${path} tickets at ${at}`);
        if (viewport.width === 1920) {
          // A wall screen's column is wide enough for tickets side by side, not one narrow stack.
          const tickets = page.getByRole('region', { name: 'New Orders' }).getByRole('article');
          const first = (await tickets.nth(0).boundingBox())!;
          const second = (await tickets.nth(1).boundingBox())!;
          expect(second.y, `${path}: second ticket beside the first`).toBe(first.y);
          expect(second.x).toBeGreaterThan(first.x + first.width);
        }
      });
    }

    test('manager dashboard, every tab and its dialogs', async ({ page }) => {
      test.setTimeout(60_000);
      await signIn(page, 'manager1', '/manager');
      await expect(page.getByRole('heading', { name: 'Manager Dashboard' })).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'Manager sections' }).getByRole('tab');
      await expect(tabs).toHaveCount(6);

      const open = async (name: string, ready: Locator) => {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(ready).toBeVisible();
        await expectScreenFits(page, `/manager ${name} at ${at}`, tabs);
      };
      const dialog = async (button: string, title: string) => {
        await page.getByRole('button', { name: button, exact: true }).click();
        const box = page.getByRole('dialog', { name: title });
        await expectOverlayFits(page, box, `/manager ${title} dialog at ${at}`);
        await box.getByRole('button', { name: 'Close' }).click();
        await expect(box).toBeHidden();
      };

      await open('Overview', page.getByRole('heading', { name: 'Quick actions' }));
      await dialog('Settings', 'Restaurant settings');
      await open('Tables', page.getByText('QR: QR-T12'));
      await dialog('Add Table', 'Add Table');
      await open('Menu', page.getByRole('row').filter({ hasText: 'Spaghetti Carbonara' }));
      await dialog('Add Menu Item', 'Add Menu Item');
      await open('Staff', page.getByText('waiter1', { exact: true }));
      await dialog('Add Staff', 'Add Staff');
      await open('Orders', page.getByRole('cell', { name: /Spaghetti Carbonara/ }).first());
      // The End of Day's figures show in full, none cut off or behind a sideways scroll. The list
      // of the day's payments under them is a list like the others: on a phone it scrolls
      // sideways inside its own frame (the page itself still fits, checked by open()).
      const endOfDay = page.getByRole('region', { name: /End of Day/ });
      await expect(endOfDay.getByRole('table', { name: 'Sales' })).toBeVisible();
      const figures = endOfDay.locator('table').filter({ hasNotText: 'Payments taken this day' });
      await expectFullyShown(figures.getByRole('cell'), `/manager End of Day figures at ${at}`);
      await expectFullyShown(
        figures.getByRole('rowheader'),
        `/manager End of Day row names at ${at}`,
      );
      await open('Analytics', page.getByRole('heading', { name: 'Best sellers by quantity' }));
    });

    test('admin panel and platform team dashboard', async ({ page }) => {
      await signIn(page, 'admin1', '/admin');
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      await expectScreenFits(page, `/admin at ${at}`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/login');

      await signIn(page, 'team1', '/team');
      await expect(
        page.getByRole('heading', { name: 'Platform Team Dashboard', level: 1 }),
      ).toBeVisible();
      await expectScreenFits(page, `/team at ${at}`, page.getByRole('tab'));
      // The Restaurants table scrolls inside its card; the page and the onboarding dialog fit.
      await page.getByRole('tab', { name: 'Restaurants' }).click();
      await expect(page.getByRole('rowheader', { name: /Tavola Demo Bistro/ })).toBeVisible();
      await expectNoSidewaysScroll(page, `/team Restaurants at ${at}`);
      await page.getByRole('button', { name: 'Add Restaurant' }).click();
      await expectOverlayFits(
        page,
        page.getByRole('dialog', { name: 'Add Restaurant' }),
        `/team Add Restaurant at ${at}`,
      );
    });
  });
}
