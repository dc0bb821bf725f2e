import type { PlacedOrder } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import {
  burgerGroups,
  menuItem,
  option,
  optionGroup,
  publicMenu,
  summary,
} from '@/testing/builders';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const BURGER = menuItem({
  id: 'b1',
  name: 'Tavola Burger',
  price: { eur: 14, usd: 15.4 },
  pricing: { priceCents: 1400, currency: 'eur' },
  optionGroups: burgerGroups(),
});

const PIZZA = menuItem({
  id: 'p1',
  name: 'Pizza Diavola',
  price: { eur: 11, usd: 12.1 },
  pricing: { priceCents: 1100, currency: 'eur' },
  optionGroups: [
    optionGroup({
      id: 'g-size',
      name: 'Size',
      min: 1,
      max: 1,
      options: [
        option({ id: 'o-small', name: 'Small', priceCents: -200 }),
        option({ id: 'o-regular', name: 'Regular', default: true }),
        option({ id: 'o-large', name: 'Large', priceCents: 300 }),
      ],
    }),
    optionGroup({
      id: 'g-dip',
      name: 'Dip',
      max: 1,
      options: [
        option({ id: 'o-garlic', name: 'Garlic', priceCents: 50 }),
        option({ id: 'o-chili', name: 'Chili oil', priceCents: 50 }),
        option({ id: 'o-truffle', name: 'Truffle', priceCents: 200, available: false }),
      ],
    }),
  ],
});

const MENU = publicMenu([
  BURGER,
  PIZZA,
  menuItem({ id: 'm2', name: 'Tiramisu', price: { eur: 6, usd: 6.6 } }),
]);

const placed: PlacedOrder = {
  order_number: 61,
  orderId: 'o61',
  sessionId: 's1',
  status: 'new',
  currency: 'eur',
  total: { eur: 30, usd: 33 },
  replayed: false,
};

function guestServer() {
  return fakeApi({
    'GET /api/menu/public': { data: MENU },
    'GET /api/sessions/public/summary': { data: summary() },
    'POST /api/orders/public': { data: placed },
  });
}

const CART = 'tavola_cart_QR-T8';
const stored = () => JSON.parse(localStorage.getItem(CART) ?? 'null');
const rows = () =>
  within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem', {
    // The rows, not the option lines listed inside them.
    name: (_n, el) => el.parentElement?.getAttribute('aria-label') === 'Order lines',
  });
// Lines with options are priced by a module loaded once the cart holds one.
const findRows = async () => {
  await screen.findByRole('list', { name: 'Order lines' });
  return rows();
};
type SentLine = { menuItemId: string; quantity: number; options?: unknown[] };
const sentLines = (call: ApiCall | undefined) => (call?.body as { items: SentLine[] }).items;

beforeEach(() => FakeWebSocket.install());

async function openChooser(user: ReturnType<typeof renderRoute>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Add ${name}` }));
  return within(await screen.findByRole('dialog', { name }));
}

describe('guest order page: an item with options', () => {
  it('holds Add until the rules are met, says why, and runs the price in both currencies', async () => {
    guestServer();
    const { user } = renderRoute('/order?token=QR-T8');
    let sheet = await openChooser(user, 'Tavola Burger');

    expect(sheet.getByText('Cooking')).toBeVisible();
    expect(sheet.getAllByText('Required')).toHaveLength(1);
    const add = sheet.getByRole('button', { name: 'Add to order' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Cooking: choose at least 1');
    expect(sheet.getByTestId('chooser-price')).toHaveTextContent(formatMoney(14, 'eur'));

    await user.click(sheet.getByRole('radio', { name: 'Medium' }));
    await user.click(sheet.getByRole('checkbox', { name: /Cheese/ }));
    await user.click(sheet.getByRole('button', { name: 'No Onion' }));
    expect(sheet.getByRole('button', { name: 'No Onion' })).toHaveAttribute('aria-pressed', 'true');
    expect(sheet.getByTestId('chooser-price')).toHaveTextContent(formatMoney(15, 'eur'));
    expect(add).toBeEnabled();
    await user.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const [line] = await findRows();
    expect(line).toHaveTextContent('Tavola Burger');
    expect(within(line!).getByText('Cooking: Medium')).toBeVisible();
    expect(within(line!).getByText('Extras: Cheese')).toBeVisible();
    expect(within(line!).getByText('Remove: NO Onion')).toBeVisible();
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(15, 'eur'));

    // In dollars: the unit with its extras converted and rounded (15.00 × 1.1), then multiplied.
    await user.click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(16.5, 'usd'));
    sheet = await openChooser(user, 'Tavola Burger');
    await user.click(sheet.getByRole('radio', { name: 'Rare' }));
    await user.click(sheet.getByRole('checkbox', { name: /Egg/ }));
    // 15.20 EUR is 16.72 USD.
    expect(sheet.getByTestId('chooser-price')).toHaveTextContent(formatMoney(16.72, 'usd'));
  });

  it('keeps the same item with other options on another line, and the same options on one', async () => {
    const api = guestServer();
    const { user, unmount } = renderRoute('/order?token=QR-T8');
    const choose = async (cooking: string, extra?: string) => {
      const sheet = await openChooser(user, 'Tavola Burger');
      await user.click(sheet.getByRole('radio', { name: cooking }));
      if (extra) await user.click(sheet.getByRole('checkbox', { name: new RegExp(extra) }));
      await user.click(sheet.getByRole('button', { name: 'Add to order' }));
    };
    await choose('Medium', 'Cheese');
    await choose('Rare');
    await choose('Medium', 'Cheese');
    expect(await findRows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('2 ×');
    expect(screen.getByText('3 in your order')).toBeInTheDocument();
    // 2 × 15.00 + 14.00
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(44, 'eur'));

    // The stored cart keeps each line's options: a reload shows them.
    expect(stored().lines.map((l: { options: unknown }) => l.options)).toEqual([
      [{ optionId: 'o-medium' }, { optionId: 'o-cheese' }],
      [{ optionId: 'o-rare' }],
    ]);
    unmount();
    const again = renderRoute('/order?token=QR-T8');
    await screen.findByRole('button', { name: 'Add Tavola Burger' });
    expect(await findRows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('Extras: Cheese')).toBeVisible();

    await again.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 61 placed successfully!');
    expect(sentLines(api.callsTo('POST /api/orders/public')[0])).toEqual([
      {
        menuItemId: 'b1',
        quantity: 2,
        key: expect.any(String),
        options: [{ optionId: 'o-medium' }, { optionId: 'o-cheese' }],
      },
      { menuItemId: 'b1', quantity: 1, key: expect.any(String), options: [{ optionId: 'o-rare' }] },
    ]);
  });

  it('starts from the defaults, enforces a maximum and shows unavailable options disabled', async () => {
    guestServer();
    const { user } = renderRoute('/order?token=QR-T8');
    const sheet = await openChooser(user, 'Pizza Diavola');
    expect(sheet.getByRole('radio', { name: 'Regular' })).toBeChecked();
    expect(sheet.getByRole('button', { name: 'Add to order' })).toBeEnabled();

    const truffle = sheet.getByRole('checkbox', { name: /Truffle/ });
    expect(truffle).toBeDisabled();
    expect(within(truffle.closest('label')!).getByText('Unavailable')).toBeVisible();

    // Up to one dip: the other is disabled once one is picked.
    await user.click(sheet.getByRole('checkbox', { name: /Garlic/ }));
    expect(sheet.getByRole('checkbox', { name: /Chili oil/ })).toBeDisabled();
    await user.click(sheet.getByRole('radio', { name: /Large/ }));
    expect(sheet.getByTestId('chooser-price')).toHaveTextContent(formatMoney(14.5, 'eur'));
    await user.click(sheet.getByRole('button', { name: 'Add to order' }));
    expect(within((await findRows())[0]!).getByText('Size: Large')).toBeVisible();
    expect(within(rows()[0]!).getByText('Dip: Garlic')).toBeVisible();
  });

  it('drops a stored line whose option is no longer offered, and says so', async () => {
    localStorage.setItem(
      CART,
      JSON.stringify({
        key: 'cart-key-9',
        lines: [
          {
            key: 'a1',
            id: 'p1',
            name: 'Pizza Diavola',
            quantity: 1,
            options: [{ optionId: 'o-truffle' }],
          },
          { key: 'b2', id: 'm2', name: 'Tiramisu', quantity: 1 },
        ],
      }),
    );
    guestServer();
    renderRoute('/order?token=QR-T8');
    expect(
      await screen.findByText('Removed from your order, no longer available: Pizza Diavola'),
    ).toBeVisible();
    expect(rows()).toHaveLength(1);
  });
});
