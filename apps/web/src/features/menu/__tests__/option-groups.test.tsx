import type { ManagerMenuItem, ManagerOptionGroup } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const burger: ManagerMenuItem = {
  id: ID(1),
  name: 'Tavola Burger',
  category: 'food',
  price: 14,
  tags: [],
  currency: 'EUR',
  available: true,
  special: false,
  station: null,
  categoryStation: 'kitchen',
  sample: false,
  allergens: ['gluten'],
  traces: [],
  diets: [],
};

const extras: ManagerOptionGroup = {
  id: ID(10),
  name: 'Extras',
  min: 0,
  max: 3,
  allowRepeat: false,
  maxPerOption: 1,
  preModifiers: [],
  options: [
    {
      id: ID(11),
      name: 'Bacon',
      priceCents: 150,
      extraPriceCents: 0,
      available: true,
      default: false,
      allergens: [],
      traces: [],
    },
    {
      id: ID(12),
      name: 'Cheese',
      priceCents: 100,
      extraPriceCents: 0,
      available: true,
      default: false,
      allergens: [],
      traces: [],
    },
  ],
  itemIds: [ID(1)],
};

const cooking: ManagerOptionGroup = {
  id: ID(20),
  name: 'Cooking',
  min: 1,
  max: 1,
  allowRepeat: false,
  maxPerOption: 1,
  preModifiers: [],
  options: [
    {
      id: ID(21),
      name: 'Medium',
      priceCents: 0,
      extraPriceCents: 0,
      available: true,
      default: false,
      allergens: [],
      traces: [],
    },
  ],
  itemIds: [],
};

const TOGGLE = `PUT /api/menu/option-groups/${ID(10)}/options/${ID(11)}/toggle`;
const ATTACH = `PUT /api/menu/${ID(1)}/option-groups`;

beforeEach(() => FakeWebSocket.install());

async function openGroups(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/menu': { data: [burger] },
    'GET /api/menu/categories': { data: [] },
    'GET /api/menu/option-groups': { data: [cooking, extras] },
    ...overrides,
  });
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Menu' }));
  await view.user.click(await screen.findByRole('button', { name: 'Option groups' }));
  const table = await screen.findByRole('table', { name: 'Option groups' });
  return { ...view, api, table };
}

describe("manager's option groups", () => {
  it('lists the groups with their rules and items, and 86es an option in one tap', async () => {
    const { user, api, table } = await openGroups({
      [TOGGLE]: {
        data: { ...extras.options[0]!, available: false },
      },
    });
    const row = within(table).getByRole('row', { name: /Extras/ });
    expect(row).toHaveTextContent('Optional · up to 3');
    expect(row).toHaveTextContent('Tavola Burger');
    expect(within(table).getByRole('row', { name: /Cooking/ })).toHaveTextContent(
      'Required · choose 1',
    );
    await user.click(within(row).getByRole('switch', { name: 'Available: Bacon' }));
    expect(await screen.findByText('Option unavailable')).toBeInTheDocument();
    expect(api.callsTo(TOGGLE)).toHaveLength(1);
  });

  it('creates a group with its rules and options, and refuses one that breaks them', async () => {
    const created = (call: ApiCall) => {
      const body = call.body as Omit<ManagerOptionGroup, 'id' | 'itemIds'>;
      return {
        status: 201,
        data: {
          ...body,
          id: ID(30),
          itemIds: [],
          options: body.options.map((o, i) => ({ ...o, id: ID(31 + i) })),
        },
      };
    };
    const { user, api } = await openGroups({ 'POST /api/menu/option-groups': created });
    await user.click(screen.getByRole('button', { name: 'New option group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New option group' }));
    await user.type(dialog.getByLabelText('Name'), 'Remove');
    await user.clear(dialog.getByLabelText('Max'));
    await user.type(dialog.getByLabelText('Max'), '2');
    await user.click(dialog.getByRole('checkbox', { name: 'No' }));
    await user.type(dialog.getByLabelText('Option 1 name'), 'Onion');
    await user.click(dialog.getByRole('button', { name: 'Add option' }));
    await user.type(dialog.getByLabelText('Option 2 name'), 'Onion');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Each option needs its own name');
    expect(api.callsTo('POST /api/menu/option-groups')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Option 2 name'));
    await user.type(dialog.getByLabelText('Option 2 name'), 'Pickles');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Option group added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/menu/option-groups')[0]?.body).toEqual({
      name: 'Remove',
      min: 0,
      max: 2,
      allowRepeat: false,
      maxPerOption: 1,
      preModifiers: ['no'],
      options: [
        {
          name: 'Onion',
          priceCents: 0,
          extraPriceCents: 0,
          available: true,
          default: false,
          allergens: [],
          traces: [],
        },
        {
          name: 'Pickles',
          priceCents: 0,
          extraPriceCents: 0,
          available: true,
          default: false,
          allergens: [],
          traces: [],
        },
      ],
    });
  });

  it("sets an item's groups in order", async () => {
    const { user, api } = await openGroups({
      [ATTACH]: { data: { itemId: ID(1), groupIds: [ID(20), ID(10)] } },
    });
    await user.selectOptions(screen.getByLabelText('Options of an item'), 'Tavola Burger');
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Option groups of Tavola Burger' }),
    );
    await user.selectOptions(dialog.getByLabelText('Add a group'), 'Cooking');
    await user.click(dialog.getByRole('button', { name: 'Move Cooking up' }));
    expect(
      within(dialog.getByRole('list', { name: 'Groups of Tavola Burger, in order' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Cooking', '2.Extras']);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Option groups saved')).toBeInTheDocument();
    expect(api.callsTo(ATTACH)[0]?.body).toEqual({
      groupIds: [ID(20), ID(10)],
    });
  });
});
