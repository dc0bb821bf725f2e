import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

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

/**
 * A wall screen (a station's display, the expo, a dashboard) signed in in a browser context of
 * its own, as a separate device would be, and opened at `path`.
 */
export async function signInWallScreen(
  browser: Browser,
  username: string,
  password: string,
  path: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  if (!page.url().endsWith(path)) await page.goto(path);
  return page;
}

/** A ticket card on a station's display, by its order number and table. */
export const ticketCard = (page: Page, orderNumber: string, table: number) =>
  page.getByRole('article', { name: `Order ${orderNumber}, table ${table}`, exact: true });

type ItemSetup = { station?: string; course?: number | null };

/**
 * Sets up a station through the API: adds it unless it is there already (another spec may have
 * added it), and sends demo menu items to it or gives them a course. Resolves to a function that
 * puts those items back as they were, for the specs that run after.
 */
export async function setUpStation(
  request: APIRequestContext,
  station: { slug: string; name: string } | null,
  items: Record<string, ItemSetup>,
): Promise<() => Promise<void>> {
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  if (station) {
    const added = await request.post('/api/stations', { headers, data: station });
    expect([201, 409]).toContain(added.status());
  }
  const menu = (await (await request.get('/api/menu?limit=500', { headers })).json()).data as {
    id: string;
    name: string;
    station: string | null;
    course?: number | null;
  }[];
  const before = Object.keys(items).map((name) => menu.find((m) => m.name === name)!);
  for (const item of before) {
    const res = await request.put(`/api/menu/${item.id}`, {
      headers,
      data: { ...item, ...items[item.name] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return async () => {
    for (const item of before) {
      await request.put(`/api/menu/${item.id}`, {
        headers,
        data: { ...item, station: item.station, course: item.course ?? null },
      });
    }
  };
}

/**
 * A guest at the table of `token` orders, on a phone, the Chef’s Tasting Plate, a large Pizza
 * Diavola and an Iced Tea. Resolves to the order's number.
 */
export async function guestOrdersPlatePizzaAndTea(browser: Browser, token: string) {
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/order?token=${token}`);
  await guest.getByRole('tab', { name: 'Specials' }).click();
  await guest.getByRole('button', { name: 'Add Chef’s Tasting Plate' }).click();
  await guest.getByRole('tab', { name: 'Food' }).click();
  await guest.getByRole('button', { name: 'Add Pizza Diavola' }).click();
  const pizza = guest.getByRole('dialog', { name: 'Pizza Diavola' });
  await pizza.getByRole('radio', { name: /Large/ }).check();
  await pizza.getByRole('button', { name: 'Add to order' }).click();
  await expect(pizza).toBeHidden();
  await guest.getByRole('tab', { name: 'Drinks' }).click();
  await guest.getByRole('button', { name: 'Add Iced Tea' }).click();
  const tea = guest.getByRole('dialog', { name: 'Iced Tea' });
  await tea.getByRole('button', { name: 'Add to order' }).click();
  await expect(tea).toBeHidden();
  await guest.getByRole('button', { name: 'Place Order' }).click();
  const placed = guest.getByText(/^Order \d+ placed successfully!$/);
  await expect(placed).toBeVisible();
  return /Order (\d+)/.exec((await placed.textContent()) ?? '')![1]!;
}

/** The manager closes a table's bill (what is unpaid voided), so later specs find it free. */
export async function closeTable(request: APIRequestContext, number: number, reason: string) {
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  const tables = (await (await request.get('/api/tables', { headers })).json()).data as {
    id: string;
    number: number;
  }[];
  const table = tables.find((x) => x.number === number)!;
  const closed = await request.post(`/api/tables/${table.id}/close`, {
    headers,
    data: { reason, unpaid: 'void' },
  });
  expect(closed.status(), await closed.text()).toBe(200);
}
