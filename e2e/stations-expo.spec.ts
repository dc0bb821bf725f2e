import { expect, test } from './fixtures';
import {
  closeTable,
  guestOrdersPlatePizzaAndTea,
  newTable,
  setUpStation,
  signInWallScreen,
  ticketCard as ticket,
} from './helpers';

test('a starter goes to the new Grill display, the drink to the bar, and the expo sends the whole order on', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // The manager adds the Grill station from the Menu tab's Stations section.
  const manager = await signInWallScreen(browser, 'manager1', 'manager123', '/manager');
  await manager.goto('/manager?tab=menu&section=stations');
  const form = manager.getByRole('form', { name: 'Add station' });
  await form.getByLabel('Name').fill('Grill');
  await form.getByRole('button', { name: 'Add station' }).click();
  const row = manager.getByRole('row', { name: /Grill/ });
  await expect(row.getByRole('link', { name: '/station/grill' })).toBeVisible();

  // One item of the specials is sent to the grill (its own station beats its category's).
  const restoreMenu = await setUpStation(request, null, {
    'Chef’s Tasting Plate': { station: 'grill' },
  });

  const grill = await signInWallScreen(browser, 'kitchen1', 'kitchen123', '/station/grill');
  await expect(grill.getByRole('heading', { name: 'Grill Display' })).toBeVisible();
  const bar = await signInWallScreen(browser, 'bar1', 'bar123', '/bar');

  const expo = await signInWallScreen(browser, 'kitchen1', 'kitchen123', '/expo');
  await expect(expo.getByRole('heading', { name: 'Expo' })).toBeVisible();
  // The grill's cook turns on the all-day counts (kept on this screen).
  await grill.getByRole('button', { name: 'All day' }).click();

  // A guest at a table of their own orders the plate (a starter), a pizza with options (a
  // main) and an iced tea.
  const table = await newTable(request);
  const orderNumber = await guestOrdersPlatePizzaAndTea(browser, table.token);

  // The grill's display shows the plate, live, and counts it; the bar has the tea.
  const onGrill = ticket(grill, orderNumber, table.number);
  await expect(onGrill).toBeVisible({ timeout: 5000 });
  await expect(onGrill.getByText('Chef’s Tasting Plate')).toBeVisible();
  await expect(onGrill.getByText('Iced Tea')).toHaveCount(0);
  await expect(onGrill.getByText('Pizza Diavola')).toHaveCount(0);
  const allDay = grill.getByRole('list', { name: 'All-day counts' });
  await expect(allDay.getByRole('listitem').filter({ hasText: 'Chef’s Tasting Plate' })).toHaveText(
    /^\d+ Chef’s Tasting Plate$/,
  );
  const onBar = ticket(bar, orderNumber, table.number);
  await expect(onBar).toBeVisible({ timeout: 5000 });
  await expect(onBar.getByText('Iced Tea')).toBeVisible();

  // The expo sees the whole order across its three stations, none ready yet.
  const pass = expo.getByRole('article', {
    name: `Expo order ${orderNumber}, table ${table.number}`,
    exact: true,
  });
  await expect(pass).toBeVisible({ timeout: 12_000 });
  await expect(pass.getByRole('listitem', { name: 'Kitchen: Waiting' })).toContainText(
    'Pizza Diavola',
  );
  await expect(pass.getByRole('listitem', { name: 'Bar: Waiting' })).toContainText('Iced Tea');
  await expect(pass.getByRole('listitem', { name: 'Grill: Waiting' })).toContainText(
    'Chef’s Tasting Plate',
  );
  await expect(pass.getByRole('button', { name: 'Send to waiter' })).toBeDisabled();
  await grill.screenshot({ path: 'test-results/station-grill.png', fullPage: true });

  // Each station makes its part; the all-day count of the grill drops as its plate is ready.
  await onGrill.getByRole('button', { name: 'Start' }).click();
  await onGrill.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(onGrill.getByRole('button', { name: 'Served' })).toBeVisible();
  await expect(
    allDay.getByRole('listitem').filter({ hasText: 'Chef’s Tasting Plate' }),
  ).toHaveCount(0);
  await expect(pass.getByRole('listitem', { name: 'Grill: Ready' })).toBeVisible({
    timeout: 12_000,
  });
  await expect(pass.getByText('Still cooking: Kitchen, Bar')).toBeVisible();
  await onBar.getByRole('button', { name: 'Start Making' }).click();
  await onBar.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(onBar.getByRole('button', { name: 'Served' })).toBeVisible();
  const kitchen = await signInWallScreen(browser, 'kitchen1', 'kitchen123', '/kitchen');
  const onKitchen = ticket(kitchen, orderNumber, table.number);
  await expect(onKitchen.getByText('Size: Large')).toBeVisible();
  await onKitchen.getByRole('button', { name: 'Start Cooking' }).click();
  await onKitchen.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(onKitchen.getByRole('button', { name: 'Served' })).toBeVisible();

  // Every station is ready: the expo sends it to the waiter and it leaves the pass.
  await expect(pass.getByText('Every station is ready')).toBeVisible({ timeout: 12_000 });
  await expo.screenshot({ path: 'test-results/expo.png', fullPage: true });
  await pass.getByRole('button', { name: 'Send to waiter' }).click();
  await expect(pass).toBeHidden();

  // Put things back as they were for the specs after this one: the plate where it was, the
  // table's bill closed.
  await restoreMenu();
  await closeTable(request, table.number, 'End of the stations test');
});
