import type { PlacedOrder, PublicSummary } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { billOrder, menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const MENU = publicMenu([
  menuItem({ id: 'm1', name: 'Margherita', price: { eur: 9.5, usd: 10.5 } }),
  menuItem({ id: 'm2', name: 'Tiramisu', price: { eur: 6, usd: 6.5 } }),
  menuItem({ id: 'd1', name: 'Negroni', category: 'drinks', price: { eur: 8, usd: 9 } }),
]);

const placed = (orderNumber: number): PlacedOrder => ({
  order_number: orderNumber,
  orderId: `o${orderNumber}`,
  sessionId: 's1',
  status: 'new',
  currency: 'eur',
  total: { eur: 9.5, usd: 10.5 },
  replayed: false,
});

/** The guest's page with a menu, a session and an empty bill; `orders` answers each order POST. */
function guestServer(orders: (call: ApiCall) => { data: PlacedOrder } | Error) {
  return fakeApi({
    'GET /api/menu/public': { data: MENU },
    'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
    'GET /api/sessions/public/summary': { data: summary() },
    'POST /api/orders/public': orders,
  });
}

const keyOf = (call: ApiCall | undefined) => call?.headers['idempotency-key'];

beforeEach(() => FakeWebSocket.install());

describe('guest order page: cart and idempotency key', () => {
  it('retries a failed order with the same key and takes a new key after it succeeds', async () => {
    const answers = [new TypeError('Failed to fetch'), { data: placed(41) }, { data: placed(42) }];
    const api = guestServer(() => answers.shift() ?? new Error('unexpected order'));
    const { user } = renderRoute('/order?token=QR-T7');

    await user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Failed to place order: Failed to fetch')).toBeInTheDocument();
    // The cart survives the failure, so the tap can be repeated.
    expect(
      within(screen.getByRole('list', { name: 'Order lines' })).getByText('Margherita'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order 41 placed successfully!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order 42 placed successfully!')).toBeInTheDocument();

    const [failed, retried, next] = api.callsTo('POST /api/orders/public');
    expect(keyOf(failed)).toMatch(/\S{8,}/);
    expect(keyOf(retried)).toBe(keyOf(failed));
    expect(retried?.body).toEqual(failed?.body);
    expect(keyOf(next)).not.toBe(keyOf(retried));
    expect(next?.body).toMatchObject({
      token: 'QR-T7',
      items: [{ menuItemId: 'm1', quantity: 1 }],
      currency: 'EUR',
    });
  });

  it('takes a new key when the cart changes after a failed attempt', async () => {
    const answers = [new TypeError('Failed to fetch'), { data: placed(43) }];
    const api = guestServer(() => answers.shift() ?? new Error('unexpected order'));
    const { user } = renderRoute('/order?token=QR-T7');

    await user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Failed to place order: Failed to fetch');

    await user.click(screen.getByRole('button', { name: 'Add Tiramisu' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 43 placed successfully!');

    const [failed, changed] = api.callsTo('POST /api/orders/public');
    expect(keyOf(changed)).not.toBe(keyOf(failed));
    expect(changed?.body).toMatchObject({
      items: [
        { menuItemId: 'm1', quantity: 1 },
        { menuItemId: 'm2', quantity: 1 },
      ],
    });
  });

  it('removes a line when its last one is taken out, and totals the cart', async () => {
    guestServer(() => new Error('no order expected'));
    const { user } = renderRoute('/order?token=QR-T7');

    await user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Add one Margherita to your order' }));
    await user.click(screen.getByRole('button', { name: 'Add Tiramisu' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(25, 'eur'));

    await user.click(screen.getByRole('button', { name: 'Remove one Tiramisu from your order' }));
    const lines = screen.getByRole('list', { name: 'Order lines' });
    expect(within(lines).queryByText('Tiramisu')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(19, 'eur'));
  });
});

describe('guest order page: the cart survives a reload', () => {
  const linesOf = () => within(screen.getByRole('list', { name: 'Order lines' }));

  it('keeps each table its own cart until the order is placed', async () => {
    guestServer(() => ({ data: placed(44) }));
    const first = renderRoute('/order?token=QR-T7');
    await first.user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await first.user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    first.unmount();

    // Another table's page starts with an empty cart.
    const other = renderRoute('/order?token=QR-T8');
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(screen.getByText('Your order is empty. Add something from the menu.')).toBeVisible();
    other.unmount();

    const again = renderRoute('/order?token=QR-T7');
    // The restored lines show once the menu has loaded (their names and prices are the menu's).
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(19, 'eur'));
    expect(linesOf().getByText('Margherita')).toBeVisible();
    await again.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 44 placed successfully!');
    again.unmount();

    renderRoute('/order?token=QR-T7');
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(screen.getByText('Your order is empty. Add something from the menu.')).toBeVisible();
    expect(localStorage.getItem('tavola_cart_QR-T7')).toBeNull();
  });

  it('retries after a reload with the key of the attempt before it', async () => {
    const answers = [new TypeError('Failed to fetch'), { data: placed(45) }];
    const api = guestServer(() => answers.shift() ?? new Error('unexpected order'));
    const first = renderRoute('/order?token=QR-T7');
    await first.user.click(await screen.findByRole('button', { name: 'Add Tiramisu' }));
    await first.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Failed to place order: Failed to fetch');
    first.unmount();

    const again = renderRoute('/order?token=QR-T7');
    const lines = await screen.findByRole('list', { name: 'Order lines' });
    expect(within(lines).getByText('Tiramisu')).toBeVisible();
    await again.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 45 placed successfully!');

    const [failed, retried] = api.callsTo('POST /api/orders/public');
    expect(keyOf(failed)).toMatch(/\S{8,}/);
    expect(keyOf(retried)).toBe(keyOf(failed));
    expect(retried?.body).toEqual(failed?.body);
  });

  it('drops a restored line that is no longer available, says so, and takes a new key', async () => {
    let menu = MENU;
    const answers = [new TypeError('Failed to fetch'), { data: placed(46) }];
    const api = fakeApi({
      'GET /api/menu/public': () => ({ data: menu }),
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': { data: summary() },
      'POST /api/orders/public': () => answers.shift() ?? new Error('unexpected order'),
    });
    const first = renderRoute('/order?token=QR-T7');
    await first.user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await first.user.click(screen.getByRole('button', { name: 'Add Tiramisu' }));
    await first.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Failed to place order: Failed to fetch');
    first.unmount();

    // Meanwhile the kitchen ran out of tiramisu.
    menu = publicMenu([
      menuItem({ id: 'm1', name: 'Margherita', price: { eur: 9.5, usd: 10.5 } }),
      menuItem({ id: 'm2', name: 'Tiramisu', price: { eur: 6, usd: 6.5 }, available: false }),
    ]);
    const again = renderRoute('/order?token=QR-T7');
    expect(
      await screen.findByText('Removed from your order, no longer available: Tiramisu'),
    ).toBeVisible();
    expect(linesOf().getByText('Margherita')).toBeVisible();
    expect(linesOf().queryByText('Tiramisu')).not.toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 46 placed successfully!');

    const [failed, changed] = api.callsTo('POST /api/orders/public');
    expect(changed?.body).toMatchObject({ items: [{ menuItemId: 'm1', quantity: 1 }] });
    expect(keyOf(changed)).not.toBe(keyOf(failed));
  });
});

describe('guest order page: categories', () => {
  it('shows one category at a time, chosen with the tabs', async () => {
    guestServer(() => new Error('no order expected'));
    const { user } = renderRoute('/order?token=QR-T7');

    const food = await screen.findByRole('tab', { name: 'Food' });
    expect(food).toHaveAttribute('aria-selected', 'true');
    // The tabs show while the menu loads; its items follow.
    const foodPanel = screen.getByRole('tabpanel', { name: 'Food' });
    expect(await within(foodPanel).findByText('Margherita')).toBeInTheDocument();
    expect(screen.queryByText('Negroni')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Drinks' }));
    expect(screen.getByRole('tab', { name: 'Drinks' })).toHaveAttribute('aria-selected', 'true');
    expect(food).toHaveAttribute('aria-selected', 'false');
    const drinks = screen.getByRole('tabpanel', { name: 'Drinks' });
    expect(drinks).toHaveTextContent('Negroni');
    expect(drinks).not.toHaveTextContent('Margherita');

    // The arrow keys move between tabs (one tab stop for the list).
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Specials' })).toHaveFocus();
    expect(await screen.findByText('Nothing in this category right now.')).toBeInTheDocument();
    // Home and End reach the ends; the arrows wrap around.
    await user.keyboard('{Home}');
    expect(food).toHaveFocus();
    expect(food).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Specials' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(food).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Food' })).toHaveTextContent('Margherita');
    // One tab stop: only the chosen tab is in the page's tab order.
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });
});

describe('guest order page: the bill turns paid', () => {
  it('shows Payment Completed and a zero bill once the waiter records the payment', async () => {
    let bill: PublicSummary = summary({
      sessionId: 's1',
      hasActiveSession: true,
      paymentStatus: 'pending',
      totals: { eur: 19, usd: 21 },
      totalAmount: 19,
      orders: [billOrder({ orderNumber: 41, status: 'served' })],
    });
    fakeApi({
      'GET /api/menu/public': { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: false } },
      'GET /api/sessions/public/summary': () => ({ data: bill }),
    });
    renderRoute('/order?token=QR-T7');

    expect(await screen.findByText('Order 41')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('bill-total')).toHaveTextContent(formatMoney(19, 'eur')),
    );
    expect(screen.getByText('Session Active')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(localStorage.getItem('tavola_QR-T7')).toContain('"sessionActive":true');

    // The waiter records the payment: the server now answers paid and tells the table's socket.
    bill = summary({ sessionId: 's1', paymentStatus: 'paid', totals: { eur: 19, usd: 21 } });
    const socket = FakeWebSocket.latest();
    expect(socket.params.get('tableToken')).toBe('QR-T7');
    socket.serverOpen();
    socket.serverSend(
      serverEvent('payment_completed', {
        tableId: 't7',
        tableNumber: 7,
        sessionId: 's1',
        amount: 19,
        tip: 0,
        method: 'card',
        currency: 'eur',
      }),
    );

    expect(await screen.findByText('Payment Completed. Thank you!')).toBeInTheDocument();
    expect(screen.getByTestId('bill-total')).toHaveTextContent(formatMoney(0, 'eur'));
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText('Session Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Order 41')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Payment' })).toBeDisabled();
    // The stored running bill is cleared with the session.
    expect(localStorage.getItem('tavola_QR-T7')).toBeNull();
  });

  it("takes 'Payment request sent.' away when the bill turns paid", async () => {
    let bill: PublicSummary = summary({
      sessionId: 's1',
      hasActiveSession: true,
      paymentStatus: 'pending',
      totals: { eur: 19, usd: 21 },
      totalAmount: 19,
      orders: [billOrder({ orderNumber: 41, status: 'served' })],
    });
    fakeApi({
      'GET /api/menu/public': { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: false } },
      'GET /api/sessions/public/summary': () => ({ data: bill }),
      'POST /api/tables/public/request-payment': {
        data: { requestId: 'q1', alreadyRequested: false },
      },
    });
    const { user } = renderRoute('/order?token=QR-T7');
    const requestPayment = await screen.findByRole('button', { name: 'Request Payment' });
    await waitFor(() => expect(requestPayment).toBeEnabled());
    await user.click(requestPayment);
    expect(await screen.findByText('Payment request sent.')).toBeVisible();

    bill = summary({ sessionId: 's1', paymentStatus: 'paid', totals: { eur: 19, usd: 21 } });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverSend(
      serverEvent('payment_completed', {
        tableId: 't7',
        tableNumber: 7,
        sessionId: 's1',
        amount: 19,
        tip: 0,
        method: 'card',
        currency: 'eur',
      }),
    );
    // Gone with the same update that shows the paid view, not when its timer runs out.
    expect(await screen.findByText('Payment Completed. Thank you!')).toBeVisible();
    expect(screen.queryByText('Payment request sent.')).not.toBeInTheDocument();
  });
});

describe('guest order page: a restaurant suspended while the menu is open', () => {
  it('replaces the menu with the server’s reason as soon as the table’s socket is refused', async () => {
    let suspended = false;
    fakeApi({
      'GET /api/menu/public': () =>
        suspended
          ? {
              status: 403,
              error:
                'This restaurant is temporarily unavailable online. Please ask a member of staff.',
            }
          : { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': { data: summary() },
    });
    renderRoute('/order?token=QR-T7');
    expect(await screen.findByRole('button', { name: 'Add Margherita' })).toBeInTheDocument();
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    suspended = true;
    socket.serverClose(4403, 'This restaurant is suspended. Contact Tavola support.');
    expect(
      await screen.findByText(
        'This restaurant is temporarily unavailable online. Please ask a member of staff.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Margherita' })).not.toBeInTheDocument();
  });
});
