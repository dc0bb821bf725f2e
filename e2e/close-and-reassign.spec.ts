import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { signInWithDemoCard } from './helpers';

/** Staff screens follow the restaurant within a second; 2 s leaves room for a busy machine. */
const LIVE = { timeout: 2000 };

async function staffToken(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()).data;
  return { headers: { authorization: `Bearer ${token}` }, id: user.id as string };
}

/** A table's id by its number, as the floor lists it. */
async function tableId(
  request: APIRequestContext,
  who: { headers: Record<string, string> },
  number: number,
) {
  const floor = (await (await request.get('/api/tables/floor', who)).json()).data;
  return floor.tables.find((t: { number: number }) => t.number === number).id as string;
}

async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

test('a waiter closes a table where the guests scanned and left without ordering', async ({
  page,
  request,
}) => {
  // Guests scan table 11's code, then leave.
  const scan = await request.post('/api/sessions/public/start', { data: { token: 'QR-T11' } });
  expect(scan.status()).toBe(200);

  await signInWithDemoCard(page, 'waiter1');
  await expect(page).toHaveURL('/waiter');
  await page.getByRole('tab', { name: 'Unassigned' }).click();
  const card = page.getByRole('article', { name: 'Table 11', exact: true });
  await card.getByRole('button', { expanded: false }).click();
  await expect(card.getByText('No orders yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Close table' }).click();

  const dialog = page.getByRole('dialog', { name: 'Close table 11' });
  await dialog.getByLabel('Reason (optional)').fill('Guests left');
  await dialog.getByRole('button', { name: 'Close table' }).click();
  await expect(page.getByText('Table 11 closed')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The table is free: the next guests open a new session.
  const waiter = await staffToken(request, 'waiter1', 'waiter123');
  const floor = (await (await request.get('/api/tables/floor', waiter)).json()).data;
  const t11 = floor.tables.find((t: { number: number }) => t.number === 11);
  expect(t11).toMatchObject({ status: 'available', sessionId: null, assignedWaiter: null });
});

test('a manager reassigns a table and the waiter taking it sees it live; deactivating its waiter hands it back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const manager = await staffToken(request, 'manager1', 'manager123');
  const marco = await staffToken(request, 'waiter1', 'waiter123');
  // A second waiter on tonight's shift, added by the manager.
  const username = `anna-${Date.now().toString(36)}`;
  const created = await request.post('/api/staff', {
    ...manager,
    data: { name: 'Anna Verdi', username, password: 'anna-secret-1', role: 'waiter' },
  });
  expect(created.status()).toBe(201);
  const annaId = (await created.json()).data.id as string;

  // Table 12 orders; Marco takes it.
  const menu = (await (await request.get('/api/menu/public?token=QR-T12')).json()).data.menu;
  const tiramisu = menu.food.find((i: { name: string }) => i.name === 'Tiramisu');
  const placed = await request.post('/api/orders/public', {
    data: { token: 'QR-T12', items: [{ menuItemId: tiramisu.id, quantity: 1 }], currency: 'EUR' },
  });
  expect(placed.status()).toBe(201);
  const t12 = await tableId(request, marco, 12);
  expect((await request.post(`/api/tables/${t12}/claim`, marco)).status()).toBe(200);

  // Anna's floor is open, with no table of hers.
  const anna = await (await browser.newContext()).newPage();
  await anna.goto('/login');
  await anna.getByLabel('Username').fill(username);
  await anna.getByLabel('Password').fill('anna-secret-1');
  await anna.getByRole('button', { name: 'Sign In' }).click();
  await expect(anna).toHaveURL('/waiter');
  await waitLive(anna);
  await expect(
    anna.getByText('No tables assigned to you. Claim one from Unassigned.'),
  ).toBeVisible();

  // The manager gives table 12 to Anna from the Tables tab.
  await signInWithDemoCard(page, 'manager1');
  await expect(page).toHaveURL('/manager');
  await page.getByRole('tab', { name: 'Tables' }).click();
  const tableCard = page.getByRole('listitem').filter({ hasText: 'Table 12' });
  await expect(tableCard.getByText(/Marco Rossi · 1 unpaid order/)).toBeVisible();
  await tableCard.getByRole('button', { name: 'Reassign table 12' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign table 12' });
  await dialog.getByLabel('Waiter').selectOption(annaId);
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText("Table 12 is now Anna Verdi's")).toBeVisible();
  await expect(tableCard.getByText(/Anna Verdi · 1 unpaid order/)).toBeVisible(LIVE);

  // Anna's screen shows it at once, with a notification, without a reload.
  await expect(anna.getByRole('article', { name: 'Table 12', exact: true })).toBeVisible(LIVE);
  await anna.getByRole('button', { name: /^Notifications \(\d+ unread\)/ }).click();
  await expect(
    anna
      .getByRole('list', { name: 'Latest notifications' })
      .getByText('Table 12 reassigned to Anna Verdi'),
  ).toBeVisible();

  // Anna goes home: deactivating her asks who takes her table, and Marco gets it back.
  await page.getByRole('tab', { name: 'Staff' }).click();
  const staffCard = page.getByRole('listitem').filter({ hasText: username });
  await expect(staffCard.getByText('Serving 1 table')).toBeVisible();
  await staffCard.getByRole('button', { name: 'Remove' }).click();
  const leave = page.getByRole('dialog', { name: 'Deactivate Anna Verdi' });
  await leave.getByLabel('Waiter').selectOption(marco.id);
  await leave.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Anna Verdi · 1 table handed to Marco Rossi')).toBeVisible();
  const floor = (await (await request.get('/api/tables/floor', marco)).json()).data;
  expect(floor.tables.find((t: { number: number }) => t.number === 12).assignedWaiter).toEqual({
    id: marco.id,
    name: 'Marco Rossi',
  });

  // Table 12 settles its bill, so the test can run again on the same server.
  const paid = await request.post(
    `/api/sessions/${(await placed.json()).data.sessionId}/payments`,
    {
      ...manager,
      data: { method: 'card' },
    },
  );
  expect(paid.status()).toBe(201);
});
