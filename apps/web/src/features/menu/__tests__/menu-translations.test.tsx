import type { MenuTranslations } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const ID = '00000000-0000-4000-8000-000000000001';
const TEXTS: MenuTranslations = {
  items: [
    {
      id: ID,
      name: 'Truffle Fries',
      description: 'Hand-cut fries',
      category: 'food',
      translations: { it: { name: 'Patatine al tartufo' } },
    },
  ],
  categories: [{ category: 'food', translations: {} }],
  optionGroups: [],
};

beforeEach(() => FakeWebSocket.install());

describe("manager's menu translations", () => {
  it('shows each text beside its translation and saves what changed for the chosen language', async () => {
    const api = fakeApi({
      'GET /api/menu': { data: [] },
      'GET /api/menu/categories': { data: [] },
      'GET /api/menu/translations': { data: TEXTS },
      'PUT /api/menu/translations/de': { data: TEXTS },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    await user.click(await screen.findByRole('tab', { name: 'Menu' }));
    await user.click(await screen.findByRole('button', { name: 'Translations' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Menu translations' }));
    expect(await dialog.findByLabelText('Name “Truffle Fries” in Italiano')).toHaveValue(
      'Patatine al tartufo',
    );
    // A missing translation is blank, the original as its placeholder.
    const description = dialog.getByLabelText('Description “Hand-cut fries” in Italiano');
    expect(description).toHaveValue('');
    expect(description).toHaveAttribute('placeholder', 'Hand-cut fries');

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Language' }), 'de');
    await user.type(dialog.getByLabelText('Name “Truffle Fries” in Deutsch'), 'Trüffel-Pommes');
    await user.type(dialog.getByLabelText('Category “food” in Deutsch'), 'Speisen');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Deutsch translations saved')).toBeInTheDocument();
    const [put] = api.callsTo('PUT /api/menu/translations/de');
    expect(put?.path).toBe('/api/menu/translations/de');
    expect(put?.body).toEqual({
      items: [{ id: ID, name: 'Trüffel-Pommes' }],
      categories: [{ category: 'food', name: 'Speisen' }],
      optionGroups: [],
      options: [],
    });
  });
});
