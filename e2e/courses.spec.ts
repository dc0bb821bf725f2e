import { type APIRequestContext } from '@playwright/test';
import {
  startPrinterEmulator,
  type PrinterEmulator,
} from '../apps/server/src/testing/printer-emulator';
import { expect, test } from './fixtures';
import {
  closeTable,
  guestOrdersPlatePizzaAndTea,
  newTable,
  setUpStation,
  signInWallScreen,
  staffHeaders,
  ticketCard as ticket,
} from './helpers';

/**
 * The grill's printer: a local TCP printer started by the test, which answers its status
 * requests and decodes the ESC/POS it is sent back into lines. Resolves to a way to give it back.
 */
async function grillPrinter(request: APIRequestContext) {
  const headers = await staffHeaders(request, 'manager1', 'manager123');
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

test('the starter goes to the grill, the main is held until the expo fires it, the drink to the bar', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A grill; the plate is a starter made there, the pizza a main.
  const restoreMenu = await setUpStation(
    request,
    { slug: 'grill', name: 'Grill' },
    {
      'Chef’s Tasting Plate': { station: 'grill', course: 1 },
      'Pizza Diavola': { course: 2 },
    },
  );

  const grillPrints = await grillPrinter(request);
  try {
    const grill = await signInWallScreen(browser, 'kitchen1', 'kitchen123', '/station/grill');
    const kitchen = await signInWallScreen(browser, 'kitchen1', 'kitchen123', '/kitchen');
    const bar = await signInWallScreen(browser, 'bar1', 'bar123', '/bar');
    const expo = await signInWallScreen(browser, 'kitchen1', 'kitchen123', '/expo');
    await kitchen.getByRole('button', { name: 'All day' }).click();

    const table = await newTable(request);
    const orderNumber = await guestOrdersPlatePizzaAndTea(browser, table.token);

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
    // The line names its course as the restaurant does.
    await expect(onKitchen.getByText('Mains', { exact: true })).toBeVisible();
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

    await closeTable(request, table.number, 'End of the courses test');
    // Firing, cooking and closing printed nothing more for it on the grill.
    expect(printedFor(printer, orderNumber)).toHaveLength(1);
  } finally {
    await grillPrints.remove();
    // Put the menu back for the specs after this one.
    await restoreMenu();
  }
});
