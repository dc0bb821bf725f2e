import type { ManagerMenuItem, MenuImportResult } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const espresso: ManagerMenuItem = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Espresso',
  category: 'drinks',
  price: 2.2,
  tags: [],
  currency: 'EUR',
  available: true,
  special: false,
  station: null,
  categoryStation: 'bar',
  sample: false,
  allergens: [],
  traces: [],
  diets: [],
};

const IMPORT = 'POST /api/menu/import';
const clean: MenuImportResult = {
  dryRun: true,
  items: { created: 3, updated: 1 },
  groups: { created: 1, updated: 0 },
  errors: [],
};

beforeEach(() => FakeWebSocket.install());

async function openImport(answer: (call: ApiCall) => { data: MenuImportResult }) {
  const api = fakeApi({
    'GET /api/menu': { data: [espresso] },
    'GET /api/menu/categories': { data: [] },
    [IMPORT]: answer,
  });
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Menu' }));
  await view.user.click(await screen.findByRole('button', { name: 'Import / export' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Import or export the menu' }));
  const file = new File(['type,name\nitem,Fries'], 'menu.csv', { type: 'text/csv' });
  await view.user.upload(dialog.getByLabelText('CSV file to import'), file);
  return { ...view, api, dialog };
}

describe("manager's menu CSV import", () => {
  it('checks the chosen file first, then imports it in one tap', async () => {
    const { user, api, dialog } = await openImport((call) => ({
      data: { ...clean, dryRun: (call.body as { dryRun: boolean }).dryRun },
    }));
    expect(await dialog.findByText(/menu\.csv is ready/)).toHaveTextContent(
      'Adds 3 items and updates 1 item; adds 1 option group.',
    );
    expect(api.callsTo(IMPORT).map((c) => c.body)).toEqual([
      { csv: 'type,name\nitem,Fries', dryRun: true },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Menu imported')).toBeInTheDocument();
    expect(api.callsTo(IMPORT)[1]?.body).toEqual({ csv: 'type,name\nitem,Fries', dryRun: false });
  });

  it('lists every mistake by row and offers no import', async () => {
    const { api, dialog } = await openImport(() => ({
      data: {
        ...clean,
        errors: [
          {
            row: 2,
            column: 'price',
            code: 'MENU_IMPORT_NOT_A_NUMBER',
            message: 'price must be a number, not "five"',
          },
          {
            row: 4,
            column: 'group',
            code: 'MENU_IMPORT_UNKNOWN_GROUP',
            message: 'There is no option group "Dips" in the file or on the menu',
          },
        ],
      },
    }));
    const table = await dialog.findByRole('table', { name: 'Mistakes by row' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '2priceprice must be a number, not "five"',
      '4groupThere is no option group "Dips" in the file or on the menu',
    ]);
    expect(dialog.getByRole('alert')).toHaveTextContent('2 mistakes in menu.csv');
    expect(dialog.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(api.callsTo(IMPORT)).toHaveLength(1);
  });
});
