import type { ManagerMenuItem } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

/** The server's answer to a save: the item as sent, with its id. */
const saved = (call: ApiCall): ManagerMenuItem => ({
  id: 'm9',
  tags: [],
  currency: 'EUR',
  available: true,
  special: false,
  station: null,
  categoryStation: 'kitchen',
  sample: false,
  allergens: null,
  traces: [],
  diets: [],
  ...(call.body as Partial<ManagerMenuItem> & Pick<ManagerMenuItem, 'name' | 'category' | 'price'>),
});

async function openAddDialog() {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Menu' }));
  await screen.findByText('No menu items found. Adjust filters or add a new item.');
  await view.user.click(screen.getByRole('button', { name: 'Add Menu Item' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Menu Item' });
  const fill = async (label: string, text: string) => {
    const input = within(dialog).getByLabelText(label);
    await view.user.clear(input);
    if (text) await view.user.type(input, text);
  };
  const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { ...view, dialog, fill, save };
}

beforeEach(() => FakeWebSocket.install());

describe("manager's menu form", () => {
  it('refuses a missing name or category, and a price that is not above zero', async () => {
    const api = fakeApi({
      'GET /api/menu': { data: [] },
      'GET /api/menu/categories': { data: [] },
    });
    const { dialog, fill, save } = await openAddDialog();

    await fill('Name', '   ');
    await fill('Category', 'food');
    await fill('Price', '9');
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Missing information: Name and category are required',
    );
    // The toast says the same, outside the dialog.
    expect(await screen.findByText('Name and category are required')).toBeInTheDocument();

    await fill('Name', 'Risotto');
    await fill('Category', '  ');
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Missing information: Name and category are required',
    );

    await fill('Category', 'food');
    for (const price of ['', '0', '-2']) {
      await fill('Price', price);
      await save();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Invalid price: Price must be greater than zero',
      );
    }
    expect(api.callsTo('POST /api/menu')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add Menu Item' })).toBeInTheDocument();
  });

  it('sends a valid item trimmed, with its switches, and closes', async () => {
    const api = fakeApi({
      'GET /api/menu': { data: [] },
      'GET /api/menu/categories': { data: [{ category: 'food', station: 'kitchen' }] },
      'POST /api/menu': (call) => ({ status: 201, data: saved(call) }),
    });
    const { user, dialog, fill, save } = await openAddDialog();

    await fill('Name', '  Risotto ai funghi ');
    await fill('Category', 'food');
    await fill('Price', '14.5');
    await fill('Tags (comma separated)', 'vegetarian, , house ');
    const special = within(dialog).getByRole('switch', { name: 'Mark as special' });
    expect(special).not.toBeChecked();
    await user.click(special);
    expect(special).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Available for orders' })).toBeChecked();
    await save();

    expect(await screen.findByText('Risotto ai funghi is now available')).toBeInTheDocument();
    expect(screen.getByText('Menu item added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/menu').map((c) => c.body)).toEqual([
      {
        name: 'Risotto ai funghi',
        category: 'food',
        price: 14.5,
        currency: 'EUR',
        available: true,
        special: true,
        tags: ['vegetarian', 'house'],
      },
    ]);
  });

  it("keeps the dialog open with the server's reason when the save is refused", async () => {
    const api = fakeApi({
      'GET /api/menu': { data: [] },
      'GET /api/menu/categories': { data: [] },
      'POST /api/menu': { status: 409, error: 'A menu item named Risotto already exists' },
    });
    const { dialog, fill, save } = await openAddDialog();

    await fill('Name', 'Risotto');
    await fill('Category', 'food');
    await fill('Price', '14');
    await save();

    const toast = await screen.findByText('Unable to save');
    expect(toast.closest('[role="alert"]')).toHaveTextContent(
      'A menu item named Risotto already exists',
    );
    expect(api.callsTo('POST /api/menu')).toHaveLength(1);
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Risotto');
  });

  it("refuses what the contract's menu schema refuses before asking the server", async () => {
    const api = fakeApi({
      'GET /api/menu': { data: [] },
      'GET /api/menu/categories': { data: [] },
    });
    const { dialog, fill, save } = await openAddDialog();

    await fill('Name', 'Risotto');
    await fill('Category', 'food');
    await fill('Price', '14');
    await fill('Image URL', 'http://example.com/risotto.jpg');
    await save();

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Unable to save: Image URL must be an https:// address',
    );
    await fill('Image URL', '');
    await fill('Preparation Time (minutes)', '900');
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Unable to save: Preparation time must be between 1 and 480 minutes',
    );
    expect(api.callsTo('POST /api/menu')).toHaveLength(0);
  });

  it('names a category the same way in the filter and the table', async () => {
    const item = (id: string, name: string, category: string): ManagerMenuItem => ({
      id,
      name,
      category,
      price: 9,
      currency: 'EUR',
      available: true,
      special: false,
      tags: [],
      station: null,
      categoryStation: category === 'drinks' ? 'bar' : 'kitchen',
      sample: false,
      allergens: [],
      traces: [],
      diets: [],
    });
    fakeApi({
      'GET /api/menu': {
        data: [item('m1', 'Risotto', 'main course'), item('m2', 'Negroni', 'drinks')],
      },
      'GET /api/menu/categories': {
        data: [
          { category: 'drinks', station: 'bar' },
          { category: 'main course', station: 'kitchen' },
        ],
      },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    const risotto = (await screen.findByText('Risotto')).closest('tr') as HTMLElement;
    const filter = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'Drinks', 'Main course']),
    );
    // The row says it as the filter does (and as the guest's tabs do), not in CSS title case.
    const cell = within(risotto).getByRole('cell', { name: 'Main course' });
    expect(cell).not.toHaveClass('capitalize');

    await user.selectOptions(filter, 'Main course');
    expect(screen.queryByText('Negroni')).not.toBeInTheDocument();
    expect(screen.getByText('Risotto')).toBeInTheDocument();
  });

  const menuItem = (over: Partial<ManagerMenuItem> & Pick<ManagerMenuItem, 'id' | 'name'>) => ({
    category: 'bevande',
    price: 4.5,
    currency: 'EUR',
    available: true,
    special: false,
    tags: [],
    station: null,
    categoryStation: 'bar' as const,
    sample: false,
    allergens: [] as ManagerMenuItem['allergens'],
    traces: [],
    diets: [],
    ...over,
  });

  it('lists the items without an allergen declaration as a to-do, and declares them in the form', async () => {
    const api = fakeApi({
      'GET /api/menu': {
        data: [
          menuItem({ id: 'm1', name: 'Pesto', category: 'food', allergens: null }),
          menuItem({ id: 'm2', name: 'Water', allergens: [] }),
        ],
      },
      'GET /api/menu/categories': { data: [] },
      'PUT /api/menu/m1': (call: ApiCall) => ({ data: { ...saved(call), id: 'm1' } }),
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    const todo = await screen.findByRole('region', { name: 'No allergen declaration' });
    // An explicit "none" (Water) is a declaration: only Pesto is to do.
    expect(todo).toHaveTextContent('To do: 1 item has no allergen declaration');
    expect(within(todo).getAllByRole('button')).toHaveLength(1);

    await user.click(within(todo).getByRole('button', { name: /Pesto/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Menu Item' }));
    expect(dialog.getByText('Not declared yet: guests are told to ask staff.')).toBeVisible();
    await user.click(dialog.getByRole('checkbox', { name: /Allergens declared/ }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Nuts in Pesto' }), 'contains');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Milk in Pesto' }), 'contains');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Peanuts in Pesto' }), 'trace');
    await user.click(dialog.getByRole('checkbox', { name: 'Vegetarian' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Menu item updated');
    expect(api.callsTo('PUT /api/menu/m1')[0]!.body).toMatchObject({
      allergens: ['milk', 'nuts'],
      traces: ['peanuts'],
      diets: ['vegetarian'],
    });
  });

  it("shows and saves an item's station: its own, or its category's", async () => {
    const api = fakeApi({
      'GET /api/menu': {
        data: [
          menuItem({ id: 'm1', name: 'Birra Moretti', station: 'bar', categoryStation: 'kitchen' }),
        ],
      },
      'GET /api/menu/categories': { data: [{ category: 'bevande', station: 'kitchen' }] },
      'PUT /api/menu/m1': (call) => ({ data: { ...saved(call), id: 'm1' } }),
      'POST /api/menu': (call) => ({ status: 201, data: saved(call) }),
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    const row = (await screen.findByText('Birra Moretti')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Station: Bar');

    await user.click(within(row).getByRole('button', { name: 'Edit Birra Moretti' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    const station = within(dialog).getByLabelText('Station');
    expect(station).toHaveValue('bar');
    // Its category sends items to the kitchen: "From category" says so.
    expect(within(station).getByRole('option', { name: 'From category (Kitchen)' })).toBeVisible();
    await user.selectOptions(station, 'From category (Kitchen)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/menu/m1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/menu/m1')[0]!.body).toMatchObject({
      name: 'Birra Moretti',
      station: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add Menu Item' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Menu Item' });
    await user.type(within(dialog).getByLabelText('Name'), 'Aperol Spritz');
    await user.type(within(dialog).getByLabelText('Category'), 'Aperitivi');
    await user.type(within(dialog).getByLabelText('Price'), '7');
    // A new category goes to the kitchen until someone says otherwise.
    expect(within(dialog).getByLabelText('Station')).toHaveValue('');
    expect(within(dialog).getByRole('option', { name: 'From category (Kitchen)' })).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText('Station'), 'Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/menu')).toHaveLength(1));
    expect(api.callsTo('POST /api/menu')[0]!.body).toMatchObject({
      name: 'Aperol Spritz',
      category: 'Aperitivi',
      station: 'bar',
    });
  });

  it("shows and saves a category's station", async () => {
    let station = 'kitchen';
    const api = fakeApi({
      'GET /api/menu': {
        data: [menuItem({ id: 'm1', name: 'Birra Moretti', categoryStation: 'kitchen' })],
      },
      'GET /api/menu/categories': () => ({ data: [{ category: 'bevande', station }] }),
      'PUT /api/menu/categories': (call) => {
        station = (call.body as { station: string }).station;
        return { data: call.body };
      },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    await screen.findByText('Birra Moretti');
    await user.click(screen.getByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu categories' });
    const select = await within(dialog).findByRole('combobox', { name: 'Station for Bevande' });
    expect(select).toHaveValue('kitchen');
    await user.selectOptions(select, 'Bar');
    await waitFor(() => expect(api.callsTo('PUT /api/menu/categories')).toHaveLength(1));
    expect(api.callsTo('PUT /api/menu/categories')[0]!.body).toEqual({
      category: 'bevande',
      station: 'bar',
    });
    expect(await screen.findByText('Bevande items go to the bar')).toBeInTheDocument();
    // The list is read again and shows what the server keeps.
    await waitFor(() => expect(select).toHaveValue('bar'));
  });

  it('removes all sample items in one tap', async () => {
    let items = [
      menuItem({ id: 's1', name: 'Espresso', category: 'drinks', sample: true }),
      menuItem({ id: 's2', name: 'Tiramisu', category: 'specials', sample: true }),
      menuItem({ id: 'm1', name: 'Birra Moretti' }),
    ];
    const api = fakeApi({
      'GET /api/menu': () => ({ data: items }),
      'GET /api/menu/categories': { data: [] },
      'DELETE /api/menu/samples': () => {
        items = items.filter((i) => !i.sample);
        return { data: { removed: 2 } };
      },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    const espresso = (await screen.findByText('Espresso')).closest('tr') as HTMLElement;
    expect(within(espresso).getByText('Sample')).toBeVisible();
    expect(screen.getByText(/2 sample items from sign-up are on your menu/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove all sample items' }));
    expect(await screen.findByText('2 sample items left the menu')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/menu/samples')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Espresso')).not.toBeInTheDocument());
    expect(screen.getByText('Birra Moretti')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove all sample items' })).toBeNull();
  });

  it('warns, without refusing, when a name is already on the menu', async () => {
    const api = fakeApi({
      'GET /api/menu': {
        data: [menuItem({ id: 's1', name: 'Espresso', category: 'drinks', sample: true })],
      },
      'GET /api/menu/categories': { data: [{ category: 'drinks', station: 'bar' }] },
      'POST /api/menu': (call) => ({ status: 201, data: saved(call) }),
      'PUT /api/menu/s1': (call) => ({ data: { ...saved(call), id: 's1' } }),
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    await screen.findByText('Espresso');
    await user.click(screen.getByRole('button', { name: 'Add Menu Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Menu Item' });
    await user.type(within(dialog).getByLabelText('Name'), ' espresso ');
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'A sample item is already called “Espresso”. You can still save both.',
    );
    await user.type(within(dialog).getByLabelText('Category'), 'drinks');
    await user.type(within(dialog).getByLabelText('Price'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/menu')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Editing an item never warns about itself.
    await user.click(screen.getByRole('button', { name: 'Edit Espresso' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    expect(within(edit).getByLabelText('Name')).not.toHaveAccessibleDescription(/already called/);
  });
});
