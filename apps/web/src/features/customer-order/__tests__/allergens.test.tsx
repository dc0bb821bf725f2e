import type { PlacedOrder } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuItem, option, optionGroup, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const PESTO_PASTA = menuItem({
  id: 'p1',
  name: 'Trofie',
  price: { eur: 12, usd: 13.2 },
  allergens: ['gluten'],
  pricing: { priceCents: 1200, currency: 'eur' },
  optionGroups: [
    optionGroup({
      id: 'g-sauce',
      name: 'Sauce',
      min: 1,
      max: 1,
      options: [
        option({ id: 'o-tomato', name: 'Tomato' }),
        option({ id: 'o-walnut', name: 'Walnut pesto', allergens: ['milk', 'nuts'] }),
      ],
    }),
  ],
});

const MENU = publicMenu([
  PESTO_PASTA,
  menuItem({ id: 'm1', name: 'Baklava', allergens: ['gluten', 'nuts'], diets: ['vegetarian'] }),
  menuItem({ id: 'm2', name: 'Panna cotta', allergens: ['milk'], traces: ['nuts'] }),
  menuItem({ id: 'm3', name: 'Sorbet', allergens: [], diets: ['vegan', 'gluten_free'] }),
  menuItem({ id: 'm4', name: 'Daily soup', allergensDeclared: false }),
]);

const placed: PlacedOrder = {
  order_number: 62,
  orderId: 'o62',
  sessionId: 's1',
  status: 'new',
  currency: 'eur',
  total: { eur: 10, usd: 11 },
  replayed: false,
};

function guestServer() {
  return fakeApi({
    'GET /api/menu/public': { data: MENU },
    'GET /api/sessions/public/summary': { data: summary() },
    'POST /api/orders/public': { data: placed },
  });
}

const card = (name: string) =>
  screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});

describe('guest order page: allergens', () => {
  it('names each dish’s allergens, traces and diets in words, and says when none are declared', async () => {
    guestServer();
    renderRoute('/order?token=QR-T8');
    // The first render loads the page's code.
    await screen.findByRole('heading', { name: 'Baklava', level: 3 }, { timeout: 5000 });
    const baklava = within(card('Baklava')).getByRole('list', { name: 'Contains' });
    expect(
      within(baklava)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['🌾Gluten', '🌰Nuts', '🥕 Vegetarian']);
    expect(card('Panna cotta')).toHaveTextContent('May contain: Nuts');
    expect(card('Sorbet')).toHaveTextContent('Vegan');
    expect(card('Daily soup')).toHaveTextContent('Allergens not declared: ask a member of staff');
  });

  it('hides dishes containing what the guest ticks, says so, and remembers it on the device', async () => {
    guestServer();
    const { user, unmount } = renderRoute('/order?token=QR-T8');
    await user.click(await screen.findByRole('button', { name: 'Allergens' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Hide dishes containing…' }));
    await user.click(sheet.getByRole('checkbox', { name: /Nuts/ }));
    await user.click(sheet.getByRole('button', { name: 'Done' }));

    expect(screen.queryByRole('heading', { name: 'Baklava' })).not.toBeInTheDocument();
    expect(screen.getByText('1 dish is hidden: it contains Nuts.')).toBeVisible();
    // A trace stays on the menu, said in words.
    expect(card('Panna cotta')).toHaveTextContent('May contain Nuts, which you hide');
    // An option that adds nuts does not hide the dish: the chooser warns instead.
    expect(card('Trofie')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('tavola.hideAllergens')!)).toEqual(['nuts']);

    unmount();
    renderRoute('/order?token=QR-T9');
    await screen.findByRole('heading', { name: 'Sorbet', level: 3 });
    expect(screen.queryByRole('heading', { name: 'Baklava' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hiding 1 allergen' })).toBeVisible();
  });

  it('warns in the chooser when the picked options add an allergen the guest hides', async () => {
    localStorage.setItem('tavola.hideAllergens', JSON.stringify(['nuts']));
    guestServer();
    const { user } = renderRoute('/order?token=QR-T8');
    await user.click(await screen.findByRole('button', { name: 'Add Trofie' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Trofie' }));
    // What each option adds is written beside it.
    expect(sheet.getByRole('radio', { name: /Walnut pesto/ }).closest('label')).toHaveTextContent(
      'adds Milk, Nuts',
    );

    await user.click(sheet.getByRole('radio', { name: /Tomato/ }));
    expect(sheet.queryByRole('alert')).not.toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'Add to order' })).toBeEnabled();

    await user.click(sheet.getByRole('radio', { name: /Walnut pesto/ }));
    const warning = sheet.getByRole('alert');
    expect(warning).toHaveTextContent('Contains Nuts');
    expect(warning).toHaveTextContent(
      'With these options this dish contains Nuts, which you asked to hide.',
    );
    const add = sheet.getByRole('button', { name: 'Add anyway' });
    expect(add).toHaveAccessibleDescription(/which you asked to hide/);
    await user.click(add);
    expect(await screen.findByRole('list', { name: 'Order lines' })).toHaveTextContent(
      'Walnut pesto',
    );
  });

  it('does not warn without a filter', async () => {
    guestServer();
    const { user } = renderRoute('/order?token=QR-T8');
    await user.click(await screen.findByRole('button', { name: 'Add Trofie' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Trofie' }));
    await user.click(sheet.getByRole('radio', { name: /Walnut pesto/ }));
    expect(sheet.queryByRole('alert')).not.toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'Add to order' })).toBeEnabled();
  });

  it('sends the guest’s allergy note with the order', async () => {
    const api = guestServer();
    const { user } = renderRoute('/order?token=QR-T8');
    await user.click(await screen.findByRole('button', { name: 'Add Sorbet' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Allergy note for the kitchen' }),
      '  Coeliac, please take care  ',
    );
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 62 placed successfully!');
    const sent = api.callsTo('POST /api/orders/public')[0]!.body as { allergyNote?: string };
    expect(sent.allergyNote).toBe('Coeliac, please take care');
  });
});
