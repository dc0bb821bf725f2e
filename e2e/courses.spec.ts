import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  startPrinterEmulator,
  type PrinterEmulator,
} from '../apps/server/src/testing/printer-emulator';
import { expect, test } from './fixtures';
import { newTable, staffHeaders } from './helpers';

async function signedIn(browser: Browser, username: string, password: string, path: string) {
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

/**
 * The grill's printer: a local TCP printer started by the test, which answers its status
 * requests and decodes the ESC/POS it is sent back into lines. Resolves to a way to give it back.
 */
async function grillPrinter(request: APIRequestContext, headers: Record<string, string>) {
  const printer = await startPrinterEmulator();
  const created = await request.post('/api/printers', {
    headers,
    data: { name: 'Grill printer', host: printer.host, port: printer.port },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  const set = await request.put('/api/printers/stations/grill', {
    headers,
    data: { printerId: id, backupPrinterId: null },
  });
  expect(set.status(), await set.text()).toBe(200);
  return {
    printer,
    async remove() {
      await request.put('/api/printers/stations/grill', {
        headers,
        data: { printerId: null, backupPrinterId: null },
      });
      await request.delete(`/api/printers/${id}`, { headers });
      await printer.close();
    },
  };
}

/** The jobs a printer printed for one order (its number stands alone on a line, "#12"). */
const printedFor = (printer: PrinterEmulator, orderNumber: string) =>
  printer.printed.filter((job) => job.text.includes(`#${orderNumber}`));

const ticket = (page: Page, orderNumber: string, table: number) =>
  page.getByRole('article', { name: `Order ${orderNumber}, table ${table}`, exact: true });

test('the starter goes to the grill, the main is held until the expo fires it, the drink to the bar', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await staffHeaders(request, 'manager1', 'manager123');
  // A grill (another spec may have added it already).
  const grillAdded = await request.post('/api/stations', {
    headers,
    data: { slug: 'grill', name: 'Grill' },
  });
  expect([201, 409]).toContain(grillAdded.status());
  const menu = (await (await request.get('/api/menu?limit=500', { headers })).json()).data as {
    id: string;
    name: string;
  }[];
  const plate = menu.find((m) => m.name === 'Chef’s Tasting Plate')!;
  const pizza = menu.find((m) => m.name === 'Pizza Diavola')!;
  // The plate is a starter made at the grill; the pizza a main.
  for (const [item, data] of [
    [plate, { station: 'grill', course: 1 }],
    [pizza, { course: 2 }],
  ] as const) {
    const res = await request.put(`/api/menu/${item.id}`, { headers, data: { ...item, ...data } });
    expect(res.status(), await res.text()).toBe(200);
  }

  const grillPrints = await grillPrinter(request, headers);
  try {
    const grill = await signedIn(browser, 'kitchen1', 'kitchen123', '/station/grill');
    const kitchen = await signedIn(browser, 'kitchen1', 'kitchen123', '/kitchen');
    const bar = await signedIn(browser, 'bar1', 'bar123', '/bar');
    const expo = await signedIn(browser, 'kitchen1', 'kitchen123', '/expo');
    await kitchen.getByRole('button', { name: 'All day' }).click();

    const table = await newTable(request);
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    await guest.goto(`/order?token=${table.token}`);
    await guest.getByRole('tab', { name: 'Specials' }).click();
    await guest.getByRole('button', { name: 'Add Chef’s Tasting Plate' }).click();
    await guest.getByRole('tab', { name: 'Food' }).click();
    await guest.getByRole('button', { name: 'Add Pizza Diavola' }).click();
    const options = guest.getByRole('dialog', { name: 'Pizza Diavola' });
    await options.getByRole('radio', { name: /Large/ }).check();
    await options.getByRole('button', { name: 'Add to order' }).click();
    await expect(options).toBeHidden();
    await guest.getByRole('tab', { name: 'Drinks' }).click();
    await guest.getByRole('button', { name: 'Add Iced Tea' }).click();
    const tea = guest.getByRole('dialog', { name: 'Iced Tea' });
    await tea.getByRole('button', { name: 'Add to order' }).click();
    await expect(tea).toBeHidden();
    await guest.getByRole('button', { name: 'Place Order' }).click();
    const placed = guest.getByText(/^Order \d+ placed successfully!$/);
    await expect(placed).toBeVisible();
    const orderNumber = /Order (\d+)/.exec((await placed.textContent()) ?? '')![1]!;

    // The starter is live on the grill, the drink on the bar.
    const onGrill = ticket(grill, orderNumber, table.number);
    await expect(onGrill.getByText('Chef’s Tasting Plate')).toBeVisible({ timeout: 5000 });
    await expect(onGrill.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(ticket(bar, orderNumber, table.number).getByText('Iced Tea')).toBeVisible({
      timeout: 5000,
    });
    // The main is held on the kitchen: greyed, "held", nothing to press, not in the all-day.
    const onKitchen = ticket(kitchen, orderNumber, table.number);
    await expect(onKitchen.getByText('Held until fired')).toBeVisible({ timeout: 5000 });
    await expect(onKitchen.getByText('Size: Large')).toBeVisible();
    await expect(onKitchen.getByRole('button')).toHaveCount(0);
    const allDay = kitchen.getByRole('list', { name: 'All-day counts' });
    await expect(allDay.getByRole('listitem').filter({ hasText: 'Pizza Diavola' })).toHaveCount(0);

    // The expo sees the whole order, the kitchen held, and fires the mains.
    const pass = expo.getByRole('article', {
      name: `Expo order ${orderNumber}, table ${table.number}`,
      exact: true,
    });
    await expect(pass).toBeVisible({ timeout: 12_000 });
    await expect(pass.getByRole('listitem', { name: 'Kitchen: Held' })).toContainText(
      'Pizza Diavola',
    );
    await expect(pass.getByRole('listitem', { name: 'Grill: Waiting' })).toContainText(
      'Chef’s Tasting Plate',
    );
    await expect(pass.getByRole('listitem', { name: 'Bar: Waiting' })).toContainText('Iced Tea');
    await pass.getByRole('button', { name: 'Fire Mains' }).click();

    // Live on the kitchen's display at once, and counted all day.
    await expect(onKitchen.getByText('Held until fired')).toBeHidden({ timeout: 5000 });
    await expect(onKitchen.getByRole('button', { name: 'Start Cooking' })).toBeVisible();
    await expect(allDay.getByRole('listitem').filter({ hasText: 'Pizza Diavola' })).toHaveCount(1);
    await expect(pass.getByRole('listitem', { name: 'Kitchen: Waiting' })).toBeVisible({
      timeout: 12_000,
    });
    // The starter's ticket printed on the grill's printer, once; the held main and the drink
    // did not print there.
    const { printer } = grillPrints;
    await expect.poll(() => printedFor(printer, orderNumber).length, { timeout: 12_000 }).toBe(1);
    const [grillTicket] = printedFor(printer, orderNumber);
    // The printer's code page has no ’: it prints "?" in its place.
    expect(grillTicket!.text.some((l) => /1 x Chef.s Tasting Plate/.test(l))).toBe(true);
    expect(grillTicket!.text.join('\n')).not.toMatch(/Pizza Diavola|Iced Tea/);
    expect(grillTicket!.cuts).toBe(1);

    const tables = (await (await request.get('/api/tables', { headers })).json()).data as {
      id: string;
      number: number;
    }[];
    const mine = tables.find((x) => x.number === table.number)!;
    const closed = await request.post(`/api/tables/${mine.id}/close`, {
      headers,
      data: { reason: 'End of the courses test', unpaid: 'void' },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    // Firing, cooking and closing printed nothing more for it on the grill.
    expect(printedFor(printer, orderNumber)).toHaveLength(1);
  } finally {
    await grillPrints.remove();
    // Put the menu back for the specs after this one.
    for (const [item, data] of [
      [plate, { station: 'kitchen', course: null }],
      [pizza, { course: null }],
    ] as const) {
      await request.put(`/api/menu/${item.id}`, { headers, data: { ...item, ...data } });
    }
  }
});
