import { lineKeySchema, type PlacedOrder } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const MENU = publicMenu([
  menuItem({ id: 'm1', name: 'Margherita', price: { eur: 9.5, usd: 10.5 } }),
  menuItem({ id: 'm2', name: 'Tiramisu', price: { eur: 6, usd: 6.5 } }),
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

function guestServer(orders: (call: ApiCall) => { data: PlacedOrder } | Error) {
  return fakeApi({
    'GET /api/menu/public': { data: MENU },
    'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
    'GET /api/sessions/public/summary': { data: summary() },
    'POST /api/orders/public': orders,
  });
}

const CART = 'tavola_cart_QR-T7';
const store = (cart: object) => localStorage.setItem(CART, JSON.stringify(cart));
const stored = () => JSON.parse(localStorage.getItem(CART) ?? 'null');
const rows = () =>
  within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
type SentLine = { menuItemId: string; quantity: number; notes?: string; key?: string };
const sentLines = (call: ApiCall | undefined) => (call?.body as { items: SentLine[] }).items;

beforeEach(() => FakeWebSocket.install());

describe('guest order page: the cart is keyed by line', () => {
  it('sends each line with its own key, and keeps adding to the same line', async () => {
    const api = guestServer(() => ({ data: placed(51) }));
    const { user } = renderRoute('/order?token=QR-T7');
    await user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Add Tiramisu' }));
    await user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 51 placed successfully!');

    const lines = sentLines(api.callsTo('POST /api/orders/public')[0]);
    expect(lines.map((l) => [l.menuItemId, l.quantity])).toEqual([
      ['m1', 2],
      ['m2', 1],
    ]);
    for (const l of lines) expect(lineKeySchema.safeParse(l.key).success).toBe(true);
    expect(lines[0]!.key).not.toBe(lines[1]!.key);
  });

  it('keeps the same item with different notes on two lines, each changed on its own', async () => {
    store({
      key: 'cart-key-1',
      lines: [
        { key: 'a1', id: 'm1', name: 'Margherita', quantity: 1, notes: 'no basil' },
        { key: 'b2', id: 'm1', name: 'Margherita', quantity: 2 },
      ],
    });
    const api = guestServer(() => ({ data: placed(52) }));
    const { user } = renderRoute('/order?token=QR-T7');
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(rows()).toHaveLength(2);
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(28.5, 'eur'));
    // The menu counts the item over both lines.
    expect(screen.getByText('3 in your order')).toBeInTheDocument();

    // Plus on the first row is one more of that line only; the menu's Add goes to the plain one.
    const [withNotes] = rows();
    await user.click(
      within(withNotes!).getByRole('button', { name: 'Add one Margherita to your order' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    expect(stored().lines).toEqual([
      { key: 'a1', id: 'm1', name: 'Margherita', quantity: 2, notes: 'no basil' },
      { key: 'b2', id: 'm1', name: 'Margherita', quantity: 3 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 52 placed successfully!');
    expect(sentLines(api.callsTo('POST /api/orders/public')[0])).toEqual([
      { menuItemId: 'm1', quantity: 2, notes: 'no basil', key: 'a1' },
      { menuItemId: 'm1', quantity: 3, key: 'b2' },
    ]);
  });

  it('restores a cart stored before lines had keys, and retries it as it was first sent', async () => {
    store({ key: 'old-cart-key', lines: [{ id: 'm1', name: 'Margherita', quantity: 2 }] });
    const answers = [new TypeError('Failed to fetch'), { data: placed(53) }, { data: placed(54) }];
    const api = guestServer(() => answers.shift() ?? new Error('unexpected order'));
    const first = renderRoute('/order?token=QR-T7');
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(rows()).toHaveLength(1);
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatMoney(19, 'eur'));
    // Its lines have keys now, and it is still the cart first sent without them.
    const migrated = stored();
    expect(migrated).toMatchObject({ key: 'old-cart-key', keyless: true });
    expect(lineKeySchema.safeParse(migrated.lines[0].key).success).toBe(true);

    await first.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Failed to place order: Failed to fetch');
    first.unmount();

    // After a reload too: the same key and the same body, so the server replays the first attempt.
    const again = renderRoute('/order?token=QR-T7');
    await screen.findByRole('button', { name: 'Add Margherita' });
    await again.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 53 placed successfully!');
    const [failed, retried] = api.callsTo('POST /api/orders/public');
    expect(retried?.headers['idempotency-key']).toBe('old-cart-key');
    expect(sentLines(retried)).toEqual([{ menuItemId: 'm1', quantity: 2 }]);
    expect(retried?.body).toEqual(failed?.body);

    // The next cart is keyed by line.
    await again.user.click(screen.getByRole('button', { name: 'Add Tiramisu' }));
    await again.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Order 54 placed successfully!');
    const next = sentLines(api.callsTo('POST /api/orders/public')[2]);
    expect(next).toEqual([{ menuItemId: 'm2', quantity: 1, key: expect.any(String) }]);
  });

  it('drops a stored cart edited by hand', async () => {
    store({
      key: 'k',
      lines: [
        { key: 'same', id: 'm1', name: 'Margherita', quantity: 1 },
        { key: 'same', id: 'm2', name: 'Tiramisu', quantity: 1 },
      ],
    });
    guestServer(() => new Error('no order expected'));
    renderRoute('/order?token=QR-T7');
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(screen.getByText('Your order is empty. Add something from the menu.')).toBeVisible();
  });
});
