import type { PlacedOrder } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { burgerGroups, floor, floorTable, orderMenu, orderMenuItem } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const sofia = staffUser('waiter', { id: 'w1', name: 'Sofia' });

const menu = orderMenu(
  [
    orderMenuItem({
      id: 'm-burger',
      name: 'Tavola Burger',
      price: 14,
      pricing: { priceCents: 1400, currency: 'eur' },
      optionGroups: burgerGroups(),
    }),
    orderMenuItem({ id: 'm-espresso', name: 'Espresso', category: 'drinks', price: 2.5 }),
  ],
  ['m-burger', 'm-espresso'],
);

const placed: PlacedOrder = {
  order_number: 1050,
  orderId: 'o-1050',
  sessionId: 's6',
  status: 'new',
  currency: 'eur',
  total: { eur: 30, usd: 33 },
  replayed: false,
};

beforeAll(() => preloadRoute('/waiter'));
beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});

describe("the waiter's order screen: items with options", () => {
  it('opens the chooser, keeps other options on another line, shows and sends them', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': {
        data: floor([
          floorTable({
            id: 't6',
            number: 6,
            sessionId: 's6',
            customerCount: 2,
            assignedWaiter: { id: 'w1', name: 'Sofia' },
          }),
        ]),
      },
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/tables/t6/orders': { status: 201, data: placed },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    const card = await screen.findByRole('article', { name: 'Table 6' });
    await user.click(within(card).getByRole('button', { name: 'Order' }));

    const choose = async (cooking: string, removeOnion: boolean) => {
      await user.click(await screen.findByRole('button', { name: 'Add Tavola Burger' }));
      const sheet = within(await screen.findByRole('dialog', { name: 'Tavola Burger' }));
      expect(sheet.getByRole('button', { name: 'Add to order' })).toBeDisabled();
      await user.click(sheet.getByRole('radio', { name: cooking }));
      await user.click(sheet.getByRole('checkbox', { name: /Cheese/ }));
      if (removeOnion) await user.click(sheet.getByRole('button', { name: 'No Onion' }));
      await user.click(sheet.getByRole('button', { name: 'Add to order' }));
    };
    await choose('Medium', true);
    await choose('Well done', false);
    await choose('Medium', true);

    const pending = screen.getByRole('list', { name: 'Not sent yet (3)' });
    const [first, second] = within(pending).getAllByRole('list', {
      name: 'Options of Tavola Burger',
    });
    expect(
      within(first!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cooking: Medium', 'Extras: Cheese', 'Remove: NO Onion']);
    expect(within(second!).getByText('Cooking: Well done')).toBeInTheDocument();
    expect(within(pending).getByText('2 × €15.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send (3)' }));
    expect(await screen.findByText('Order #1050 sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t6/orders')[0]!.body).toEqual({
      items: [
        {
          menuItemId: 'm-burger',
          quantity: 2,
          key: expect.any(String),
          options: [
            { optionId: 'o-medium' },
            { optionId: 'o-cheese' },
            { optionId: 'o-onion', preModifier: 'no' },
          ],
        },
        {
          menuItemId: 'm-burger',
          quantity: 1,
          key: expect.any(String),
          options: [{ optionId: 'o-well' }, { optionId: 'o-cheese' }],
        },
      ],
    });
  });
});
