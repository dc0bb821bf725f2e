import type { BillDiscount, DiscountResult, Floor, FloorTable } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floor, floorTable, orderMenu, orderMenuItem } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const sofia = staffUser('waiter', { id: 'w1', name: 'Sofia' });
const granted = staffUser('waiter', {
  id: 'w1',
  name: 'Sofia',
  permissions: [...sofia.permissions, 'apply_discounts', 'comp_items'],
});
const manager = staffUser('manager', { name: 'Marco' });

const menu = orderMenu([orderMenuItem({ id: 'm-fries', name: 'Truffle Fries', price: 6 })]);

const reasons = [
  { id: 'a0000000-0000-4000-8000-000000000001', name: 'Kitchen mistake' },
  { id: 'a0000000-0000-4000-8000-000000000002', name: 'Regular guest' },
];

/** Table 6, Sofia's: fries (6.00) and a wine (28.00) on the bill. */
const table6 = (overrides: Partial<FloorTable> = {}): FloorTable =>
  floorTable({
    id: 't6',
    number: 6,
    sessionId: 's6',
    assignedWaiter: { id: 'w1', name: 'Sofia' },
    billTotal: 34,
    orders: [
      {
        id: 'o1',
        orderNumber: 1041,
        status: 'served',
        priority: 'normal',
        total: 34,
        createdAt: new Date().toISOString(),
        items: [
          { id: 'i1', name: 'Truffle Fries', quantity: 1, lineTotal: 6, discount: 0 },
          { id: 'i2', name: 'House Red Wine', quantity: 1, lineTotal: 28, discount: 0 },
        ],
      },
    ],
    ...overrides,
  });

const comp: BillDiscount = {
  id: 'd1',
  scope: 'line',
  kind: 'comp',
  percent: null,
  orderItemId: 'i1',
  lineName: 'Truffle Fries',
  label: 'On the house',
  reason: 'Kitchen mistake',
  by: 'Sofia',
  createdAt: new Date().toISOString(),
  amount: { eur: 6, usd: 6.48 },
  total: { eur: 6, usd: 6.48 },
};

const result = (discount: BillDiscount, billTotal: number): DiscountResult => ({
  discount,
  sessionId: 's6',
  currency: 'eur',
  billTotal,
  discounts: [discount],
});

beforeAll(() => preloadRoute('/waiter'));
beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});

function serve(overrides: Parameters<typeof fakeApi>[0] = {}, data: () => Floor) {
  return fakeApi({
    'GET /api/tables/floor': () => ({ data: data() }),
    'GET /api/menu/order-entry': { data: menu },
    'GET /api/discount-reasons': { data: reasons },
    ...overrides,
  });
}

async function openTable6(user = granted) {
  const view = renderRoute('/waiter/tables/t6', { user });
  await screen.findByRole('heading', { name: 'Table 6', level: 1 });
  return view;
}

describe('discounts and comps on the order screen', () => {
  it('shows Discount and Comp only to someone with the permission', async () => {
    serve({}, () => floor([table6()]));
    await openTable6(sofia);
    await screen.findByRole('list', { name: 'Order #1041' });
    expect(screen.queryByRole('button', { name: 'Discount the bill' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Discount / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Comp / })).not.toBeInTheDocument();
  });

  it('a waiter granted only comps sees Comp on each line and no Discount', async () => {
    serve({}, () => floor([table6()]));
    await openTable6(
      staffUser('waiter', {
        id: 'w1',
        name: 'Sofia',
        permissions: [...sofia.permissions, 'comp_items'],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Comp Truffle Fries' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comp House Red Wine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discount the bill' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Discount Truffle Fries' }),
    ).not.toBeInTheDocument();
  });

  it('comps a line with a reason from the list; the bill shows the comp and the new total', async () => {
    let current = table6();
    const api = serve(
      {
        'POST /api/sessions/s6/discounts': () => {
          current = table6({
            billTotal: 28,
            discounts: [comp],
            orders: [
              {
                ...table6().orders[0]!,
                total: 28,
                items: [
                  { id: 'i1', name: 'Truffle Fries', quantity: 1, lineTotal: 6, discount: 6 },
                  { id: 'i2', name: 'House Red Wine', quantity: 1, lineTotal: 28, discount: 0 },
                ],
              },
            ],
          });
          return { status: 201, data: result(comp, 28) };
        },
      },
      () => floor([current]),
    );
    const { user } = await openTable6();
    await user.click(await screen.findByRole('button', { name: 'Comp Truffle Fries' }));
    const dialog = await screen.findByRole('dialog', { name: 'On the house: Truffle Fries' });
    // No reason chosen: refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Comp it' }));
    expect(await within(dialog).findByText('Choose a reason for the discount')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s6/discounts')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Kitchen mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Comp it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/sessions/s6/discounts')[0]!.body).toEqual({
      kind: 'comp',
      orderItemId: 'i1',
      reasonId: reasons[0]!.id,
    });
    // The bill read again: the comp listed with its reason and who gave it, the line's −6.00.
    const list = await screen.findByRole('list', { name: 'Discounts and comps' });
    expect(within(list).getByText('On the house: Truffle Fries')).toBeInTheDocument();
    expect(within(list).getByText('Kitchen mistake · by Sofia')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /On the bill/ })).toHaveTextContent('28.00');
  });

  it('gives a percentage off the bill, and shows a refusal as the server words it', async () => {
    const api = serve(
      {
        'POST /api/sessions/s6/discounts': {
          status: 403,
          error: 'This discount is above your limit of 10%; ask a manager',
          code: 'DISCOUNT_ABOVE_PERCENT_LIMIT',
          params: { max: '10' },
        },
      },
      () => floor([table6()]),
    );
    const { user } = await openTable6();
    await user.click(await screen.findByRole('button', { name: 'Discount the bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount the bill' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Regular guest');
    await user.type(within(dialog).getByLabelText('Percent off'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText('This discount is above your limit of 10%; ask a manager'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s6/discounts')[0]!.body).toEqual({
      kind: 'percent',
      percent: 15,
      reasonId: reasons[1]!.id,
    });
  });

  it('a manager gives an amount off one line, and takes a discount back', async () => {
    let current = table6({ discounts: [comp] });
    const api = serve(
      {
        'POST /api/sessions/s6/discounts': {
          status: 201,
          data: result({ ...comp, id: 'd2', kind: 'amount', label: 'Discount on the item' }, 30),
        },
        'DELETE /api/discounts/d1': () => {
          current = table6();
          return { data: result(comp, 34) };
        },
      },
      () => floor([current]),
    );
    const { user } = await openTable6(manager);
    await user.click(await screen.findByRole('button', { name: 'Discount House Red Wine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount: House Red Wine' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Regular guest');
    await user.click(within(dialog).getByRole('radio', { name: 'Amount' }));
    await user.type(within(dialog).getByLabelText('Amount off (EUR)'), '4,50');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/sessions/s6/discounts')[0]!.body).toEqual({
      kind: 'amount',
      amount: 4.5,
      orderItemId: 'i2',
      reasonId: reasons[1]!.id,
    });

    await user.click(screen.getByRole('button', { name: 'Take back On the house: Truffle Fries' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Discounts and comps' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('DELETE /api/discounts/d1')).toHaveLength(1);
  });
});
