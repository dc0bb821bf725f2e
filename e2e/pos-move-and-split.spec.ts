import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { newTable, signInWithDemoCard, staffHeaders } from './helpers';

interface FloorTable {
  id: string;
  number: number;
  sessionId: string | null;
  billTotal: number;
  checks: { checkNumber: number; billTotal: number }[];
}

async function floorTable(request: APIRequestContext, number: number): Promise<FloorTable> {
  const headers = await staffHeaders(request, 'waiter1', 'waiter123');
  const floor = (await (await request.get('/api/tables/floor', { headers })).json()).data as {
    tables: FloorTable[];
  };
  return floor.tables.find((t) => t.number === number)!;
}

/** The waiter rings an order up at a new table (it becomes the waiter's), through the API. */
async function ringUp(request: APIRequestContext, lines: [string, number][]) {
  const { number, token } = await newTable(request);
  const menu = (await (await request.get(`/api/menu/public?token=${token}`)).json()).data
    .menu as Record<string, { id: string; name: string }[]>;
  const items = Object.values(menu).flat();
  const table = await floorTable(request, number);
  const headers = await staffHeaders(request, 'waiter1', 'waiter123');
  const placed = await request.post(`/api/tables/${table.id}/orders`, {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      guests: 2,
      items: lines.map(([name, quantity]) => ({
        menuItemId: items.find((i) => i.name === name)!.id,
        quantity,
      })),
    },
  });
  expect(placed.status()).toBe(201);
  const { order_number: orderNumber } = (await placed.json()).data as { order_number: number };
  return { number, token, id: table.id, orderNumber };
}

/** The kitchen and the bar make and serve every ticket of a table, through the API. */
async function serveAll(request: APIRequestContext, number: number) {
  for (const [station, user, password] of [
    ['kitchen', 'kitchen1', 'kitchen123'],
    ['bar', 'bar1', 'bar123'],
  ] as const) {
    const headers = await staffHeaders(request, user, password);
    const board = (await (await request.get(`/api/tickets?station=${station}`, { headers })).json())
      .data as { tickets: { id: string; tableNumber: number | null; status: string }[] };
    for (const ticket of board.tickets.filter((x) => x.tableNumber === number)) {
      const steps = { new: ['start', 'ready', 'served'], preparing: ['ready', 'served'] };
      for (const action of steps[ticket.status as keyof typeof steps] ?? ['served']) {
        const moved = await request.post(`/api/tickets/${ticket.id}/transition`, {
          headers,
          data: { action },
        });
        expect(moved.status()).toBe(200);
      }
    }
  }
}

async function signedIn(browser: Browser, username: string) {
  const page = await (await browser.newContext()).newPage();
  await signInWithDemoCard(page, username);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  return page;
}

test('a waiter moves 2 of 3 beers to another table: the bar card says where they went, the new table’s card where they came from', async ({
  browser,
  request,
}) => {
  const from = await ringUp(request, [
    ['Craft Beer', 3],
    ['Classic Burger', 1],
  ]);
  const to = await newTable(request);
  const whole = (await floorTable(request, from.number)).billTotal;
  const bar = await signedIn(browser, 'bar1');
  await expect(bar).toHaveURL('/bar');
  const before = bar.getByRole('article', {
    name: `Order ${from.orderNumber}, table ${from.number}`,
  });
  await expect(before).toBeVisible();

  const waiter = await signedIn(browser, 'waiter1');
  await waiter.getByRole('tab', { name: 'All Active' }).click();
  const card = waiter.getByRole('article', { name: `Table ${from.number}`, exact: true });
  await card.getByRole('button', { expanded: false }).first().click();
  await card.getByRole('button', { name: 'Move table' }).click();
  const dialog = waiter.getByRole('dialog', { name: `Move table ${from.number}` });
  await dialog.getByText('Move only some lines').click();
  const lines = dialog.getByRole('list', { name: 'Lines to move' });
  await lines.getByRole('button', { name: 'More Craft Beer' }).click();
  await lines.getByRole('button', { name: 'More Craft Beer' }).click();
  await dialog.getByRole('button', { name: `Table ${to.number}, free`, exact: true }).click();
  await expect(
    waiter.getByText(`Lines of table ${from.number} moved to table ${to.number}`),
  ).toBeVisible();

  // The bar: the ticket left at the first table marks what went, the twin says where from.
  const left = before.getByRole('region', { name: 'Changed by the waiter' });
  await expect(left).toContainText(`Craft Beer: 2 moved to table ${to.number}, 1 stay`);
  const twin = bar
    .getByRole('article', { name: new RegExp(`^Order \\d+, table ${to.number}$`) })
    .first();
  await expect(twin).toBeVisible();
  await expect(twin.getByRole('region', { name: 'Changed by the waiter' })).toContainText(
    `Craft Beer: 2 moved here from table ${from.number}`,
  );

  const [a, b] = [await floorTable(request, from.number), await floorTable(request, to.number)];
  expect(b.sessionId).not.toBeNull();
  // 3 beers and a burger, before and after, to the cent (no line lost or billed twice).
  expect(Math.round((a.billTotal + b.billTotal) * 100)).toBe(Math.round(whole * 100));
});

test('a waiter splits a bill on the order screen, takes an order onto check 2, and pays each check by itself', async ({
  browser,
  request,
}) => {
  const table = await ringUp(request, [
    ['Craft Beer', 2],
    ['Classic Burger', 2],
  ]);
  const whole = (await floorTable(request, table.number)).billTotal;

  const waiter = await signedIn(browser, 'waiter1');
  await waiter.goto(`/waiter/tables/${table.id}`);
  await expect(
    waiter.getByRole('heading', { name: `Table ${table.number}`, level: 1 }),
  ).toBeVisible();
  await waiter.getByRole('button', { name: 'Split or move lines' }).click();
  const dialog = waiter.getByRole('dialog', { name: `Split the bill of table ${table.number}` });
  await dialog.getByRole('button', { name: 'More Craft Beer' }).click();
  await dialog.getByRole('button', { name: 'More Craft Beer' }).click();
  await dialog.getByRole('button', { name: 'Split bill' }).click();
  await expect(waiter.getByText(`Check 2 split off table ${table.number}`)).toBeVisible();

  // Both checks on the order screen, with totals that add up to the bill.
  const checks = waiter.getByRole('region', { name: 'Checks of the table' });
  await expect(checks.getByRole('button', { name: /^Check 2 · / })).toBeVisible();
  const split = await floorTable(request, table.number);
  expect(split.checks).toHaveLength(1);
  expect(Math.round((split.billTotal + split.checks[0]!.billTotal) * 100)).toBe(
    Math.round(whole * 100),
  );

  // An espresso onto check 2.
  await checks.getByRole('button', { name: /^Check 2 · / }).click();
  await expect(
    waiter.getByRole('heading', { name: `Table ${table.number} · check 2`, level: 1 }),
  ).toBeVisible();
  const espresso = waiter.getByRole('button', { name: 'Add Espresso' });
  if (!(await espresso.isVisible()))
    await waiter.getByRole('button', { name: 'Drinks', exact: true }).click();
  await espresso.click();
  await waiter.getByRole('button', { name: 'Send (1)' }).click();
  await expect(waiter.getByText(/^Order #\d+ sent$/)).toBeVisible();
  await expect
    .poll(async () => (await floorTable(request, table.number)).checks[0]?.billTotal)
    .toBeGreaterThan(split.checks[0]!.billTotal);

  // The kitchen and the bar serve everything: each check may be paid.
  await serveAll(request, table.number);

  // Check 2 paid by itself; the table stays seated with check 1.
  await waiter.getByRole('button', { name: 'Take payment' }).click();
  const payTwo = waiter.getByRole('dialog', {
    name: `Take payment: table ${table.number}, check 2`,
  });
  await payTwo.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(payTwo).toHaveCount(0);
  await expect.poll(async () => (await floorTable(request, table.number)).checks).toEqual([]);
  expect((await floorTable(request, table.number)).sessionId).not.toBeNull();

  // Check 1, then the table is free.
  await expect(
    waiter.getByRole('heading', { name: `Table ${table.number}`, level: 1 }),
  ).toBeVisible();
  await waiter.getByRole('button', { name: 'Take payment' }).click();
  const payOne = waiter.getByRole('dialog', { name: `Take payment: table ${table.number}` });
  await payOne.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiter).toHaveURL('/waiter');
  await expect.poll(async () => (await floorTable(request, table.number)).sessionId).toBeNull();
});
