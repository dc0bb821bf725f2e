import type { PlacedOrder, Tab } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderMenu, orderMenuItem, recordedPayment, tab } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const sofia = staffUser('waiter', { id: 'w1', name: 'Sofia' });
const menu = orderMenu(
  [
    orderMenuItem({ id: 'm-beer', name: 'Craft Beer', category: 'drinks', price: 6 }),
    orderMenuItem({ id: 'm-fries', name: 'Truffle Fries', price: 6 }),
  ],
  ['m-beer'],
);

const placed = (orderNumber: number): PlacedOrder => ({
  order_number: orderNumber,
  orderId: `o-${orderNumber}`,
  sessionId: 'tab-1',
  status: 'new',
  currency: 'eur',
  total: { eur: 6, usd: 6.6 },
  replayed: false,
});

beforeAll(() => preloadRoute('/waiter'));
beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});

describe('tabs: bills without a table', () => {
  it('are a tap away from the floor', async () => {
    fakeApi({
      'GET /api/tables/floor': {
        data: {
          tables: [],
          stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 0 },
        },
      },
      'GET /api/tabs': { data: [] },
      'GET /api/menu/order-entry': { data: menu },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    await user.click(await screen.findByRole('link', { name: /^Tabs/ }));
    expect(await screen.findByRole('heading', { name: 'Tabs', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No open tabs.')).toBeInTheDocument();
  });

  it('opens a bar tab by name, straight onto its order screen, and adds a round', async () => {
    let tabs: Tab[] = [];
    const api = fakeApi({
      'GET /api/tabs': () => ({ data: tabs }),
      'GET /api/tabs/tab-1': () => ({ data: tabs[0] }),
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/tabs': () => {
        tabs = [tab({ id: 'tab-1', name: 'Anna', waiter: { id: 'w1', name: 'Sofia' } })];
        return { status: 201, data: tabs[0] };
      },
      'POST /api/tabs/tab-1/orders': { status: 201, data: placed(2001) },
    });
    const { user } = renderRoute('/waiter/tabs', { user: sofia });
    const form = await screen.findByRole('form', { name: 'Open a tab' });
    expect(within(form).getByRole('radio', { name: 'Bar tab' })).toBeChecked();
    await user.type(within(form).getByLabelText('Name or number'), 'Anna');
    await user.click(within(form).getByRole('button', { name: 'Open' }));

    expect(
      await screen.findByRole('heading', { name: 'Bar tab · Anna', level: 1 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/tabs').map((c) => c.body)).toEqual([
      { type: 'bar_tab', name: 'Anna' },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add Craft Beer' }));
    await user.click(screen.getByRole('button', { name: 'Send (1)' }));
    expect(await screen.findByText('Order #2001 sent')).toBeInTheDocument();
    const [round] = api.callsTo('POST /api/tabs/tab-1/orders');
    expect(round!.body).toEqual({
      items: [{ menuItemId: 'm-beer', quantity: 1, key: expect.any(String) }],
    });
    expect(round!.headers['idempotency-key']).toBeTruthy();
  });

  it('opens a takeaway with a phone and the pickup time promised', async () => {
    const api = fakeApi({
      'GET /api/tabs': { data: [] },
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/tabs': (c) => ({
        status: 201,
        data: tab({
          id: 'tab-2',
          type: 'takeaway',
          name: 'Ben',
          phone: '+39 333 1234567',
          pickupAt: (c.body as { pickupAt: string }).pickupAt,
        }),
      }),
    });
    const { user } = renderRoute('/waiter/tabs', { user: sofia });
    const form = await screen.findByRole('form', { name: 'Open a tab' });
    await user.click(within(form).getByRole('radio', { name: 'Takeaway' }));
    await user.type(within(form).getByLabelText('Pickup name'), 'Ben');
    await user.type(within(form).getByLabelText(/^Phone/), '+39 333 1234567');
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    expect(await within(form).findByText('Give the pickup time')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tabs')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Pickup time'), '19:30');
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    await screen.findByRole('heading', { name: 'Takeaway · Ben', level: 1 });
    const body = api.callsTo('POST /api/tabs')[0]!.body as { pickupAt: string };
    expect(body).toEqual({
      type: 'takeaway',
      name: 'Ben',
      phone: '+39 333 1234567',
      pickupAt: expect.any(String),
    });
    const pickup = new Date(body.pickupAt);
    expect([pickup.getHours(), pickup.getMinutes()]).toEqual([19, 30]);
  });

  it('takes payment for a tab through the payment dialog', async () => {
    const anna = tab({
      id: 'tab-1',
      name: 'Anna',
      billTotal: 18,
      orders: [
        {
          id: 'o1',
          orderNumber: 2001,
          status: 'served',
          priority: 'normal',
          total: 18,
          createdAt: new Date().toISOString(),
          items: [
            {
              id: 'i1',
              name: 'Craft Beer',
              quantity: 3,
              notes: null,
              seat: null,
              course: null,
              enteredBy: { id: 'w1', name: 'Sofia' },
            },
          ],
        },
      ],
    });
    let open = [anna];
    const api = fakeApi({
      'GET /api/tabs': () => ({ data: open }),
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/sessions/tab-1/payments': () => {
        open = [];
        return { data: recordedPayment() };
      },
    });
    const { user } = renderRoute('/waiter/tabs', { user: sofia });
    const card = await screen.findByRole('article', { name: 'Bar tab · Anna' });
    await user.click(within(card).getByRole('button', { name: 'Take payment: Bar tab · Anna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment: Bar tab · Anna' });
    expect(within(dialog).getByLabelText('Amount received')).toHaveValue('18.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));

    expect(await screen.findByText('Bar tab · Anna paid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/tab-1/payments').map((c) => c.body)).toEqual([
      { method: 'card', amount: 18, tip: 0 },
    ]);
    await waitFor(() => expect(screen.getByText('No open tabs.')).toBeInTheDocument());
  });
  it('closes a tab with nothing on it, and pays one comped in full at zero', async () => {
    const served = (status: 'served' | 'cancelled') => ({
      id: `o-${status}`,
      orderNumber: status === 'served' ? 2002 : 2003,
      status,
      priority: 'normal' as const,
      total: 0,
      createdAt: new Date().toISOString(),
      items: [],
    });
    let open = [
      tab({ id: 'tab-1', name: 'Anna' }),
      tab({ id: 'tab-2', name: 'Ben', orders: [served('cancelled')] }),
      tab({ id: 'tab-3', name: 'Carla', orders: [served('served')] }),
    ];
    const api = fakeApi({
      'GET /api/tabs': () => ({ data: open }),
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/tabs/tab-1/close': () => {
        open = open.filter((x) => x.id !== 'tab-1');
        return { data: { id: 'tab-1', type: 'bar_tab', name: 'Anna', voidedOrders: 0 } };
      },
    });
    const { user } = renderRoute('/waiter/tabs', { user: sofia });
    const anna = await screen.findByRole('article', { name: 'Bar tab · Anna' });
    // Nothing ordered, or every order voided: closed, not paid.
    expect(within(anna).queryByRole('button', { name: /^Take payment/ })).toBeNull();
    const ben = screen.getByRole('article', { name: 'Bar tab · Ben' });
    expect(within(ben).getByRole('button', { name: 'Close tab: Bar tab · Ben' })).toBeEnabled();
    // Comped in full: there is an order to pay, at zero, for its receipt.
    const carla = screen.getByRole('article', { name: 'Bar tab · Carla' });
    expect(
      within(carla).getByRole('button', { name: 'Take payment: Bar tab · Carla' }),
    ).toBeEnabled();
    expect(within(carla).queryByRole('button', { name: /^Close tab/ })).toBeNull();

    await user.click(within(anna).getByRole('button', { name: 'Close tab: Bar tab · Anna' }));
    expect(await screen.findByText('Bar tab · Anna closed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tabs/tab-1/close')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Bar tab · Anna' })).toBeNull(),
    );
  });
});
