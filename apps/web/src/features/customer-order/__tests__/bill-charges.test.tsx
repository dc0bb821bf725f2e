import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { billOrder, menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';
import { chargesNote } from '../charges-note';

const MENU = publicMenu([menuItem({ id: 'm1', name: 'Margherita', price: { eur: 10, usd: 11 } })]);
const eur = (amount: number) => formatMoney(amount, 'eur');
const usd = (amount: number) => formatMoney(amount, 'usd');

beforeEach(() => FakeWebSocket.install());

describe("the guest's running bill with tax and service charge", () => {
  it('shows net, service charge, tax and total in the chosen currency, and the total as the bill', async () => {
    fakeApi({
      'GET /api/menu/public': {
        data: {
          ...MENU,
          restaurant: {
            ...MENU.restaurant,
            charges: { taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false },
          },
        },
      },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': {
        data: summary({
          sessionId: 's1',
          hasActiveSession: true,
          totalAmount: 12.48,
          totals: { eur: 12.48, usd: 13.73 },
          parts: {
            eur: { net: 10, service: 1.5, tax: 0.98, total: 12.48 },
            usd: { net: 11, service: 1.65, tax: 1.08, total: 13.73 },
          },
          charges: { taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false },
          orders: [billOrder({ total: { eur: 10, usd: 11 } })],
        }),
      },
    });
    const { user } = renderRoute('/order?token=QR-T7');
    const breakdown = await screen.findByLabelText('Bill breakdown');
    const row = (label: string) =>
      within(breakdown).getByText(label).nextElementSibling?.textContent ?? null;
    expect(row('Net')).toBe(eur(10));
    expect(row('Service charge (15%)')).toBe(eur(1.5));
    expect(row('Tax (8.5%)')).toBe(eur(0.98));
    expect(row('Total')).toBe(eur(12.48));
    expect(screen.getByTestId('bill-total')).toHaveTextContent(eur(12.48));
    // The cart says what the bill will add to the menu's prices.
    expect(
      screen.getByText('8.5% tax and a 15% service charge are added to the bill.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'USD' }));
    expect(row('Net')).toBe(usd(11));
    expect(row('Tax (8.5%)')).toBe(usd(1.08));
    expect(row('Total')).toBe(usd(13.73));
    expect(screen.getByTestId('bill-total')).toHaveTextContent(usd(13.73));
  });

  it('says tax is included where prices include it', async () => {
    fakeApi({
      'GET /api/menu/public': { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': {
        data: summary({
          sessionId: 's1',
          hasActiveSession: true,
          totals: { eur: 10, usd: 11 },
          parts: {
            eur: { net: 9.09, service: 0, tax: 0.91, total: 10 },
            usd: { net: 10, service: 0, tax: 1, total: 11 },
          },
          charges: { taxRate: 10, serviceCharge: 0, pricesIncludeTax: true },
          orders: [billOrder({ total: { eur: 10, usd: 11 } })],
        }),
      },
    });
    renderRoute('/order?token=QR-T7');
    const breakdown = await screen.findByLabelText('Bill breakdown');
    expect(within(breakdown).getByText('Tax included (10%)')).toBeInTheDocument();
    expect(within(breakdown).queryByText(/Service charge/)).not.toBeInTheDocument();
  });
});

describe('guests ordering paused', () => {
  it('shows the restaurant’s notice and does not let the guest place an order', async () => {
    const notice = 'Ordering from the table is paused right now. Please ask a member of staff.';
    const api = fakeApi({
      'GET /api/menu/public': {
        data: { ...MENU, restaurant: { ...MENU.restaurant, orderingPaused: notice } },
      },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': { data: summary() },
      'POST /api/orders/public': { data: {} },
    });
    const { user } = renderRoute('/order?token=QR-T7');
    // Above the menu, and beside Place Order.
    expect(await screen.findAllByText(notice)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeDisabled();
    await user.click(place);
    expect(api.callsTo('POST /api/orders/public')).toHaveLength(0);
  });
});

describe('chargesNote', () => {
  it.each([
    [
      { taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false },
      '8.5% tax and a 15% service charge are added to the bill.',
    ],
    [{ taxRate: 8.5, serviceCharge: 0, pricesIncludeTax: false }, '8.5% tax is added to the bill.'],
    [{ taxRate: 10, serviceCharge: 0, pricesIncludeTax: true }, 'Prices include 10% tax.'],
    [
      { taxRate: 10, serviceCharge: 12.5, pricesIncludeTax: true },
      'Prices include 10% tax. A 12.5% service charge is added to the bill.',
    ],
    [
      { taxRate: 0, serviceCharge: 10, pricesIncludeTax: false },
      'A 10% service charge is added to the bill.',
    ],
    [{ taxRate: 0, serviceCharge: 0, pricesIncludeTax: false }, null],
  ])('%j → %s', (charges, text) => {
    expect(chargesNote(charges)).toBe(text);
  });
});
