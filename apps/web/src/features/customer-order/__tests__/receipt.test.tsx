import type { PublicSummary, Receipt } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { billOrder, menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const MENU = publicMenu([
  menuItem({ id: 'm1', name: 'Margherita', price: { eur: 9.5, usd: 10.5 } }),
]);

const receipt: Receipt = {
  number: 128,
  restaurantName: 'Trattoria Test',
  tableNumber: 7,
  sessionId: 's1',
  orderNumbers: [41],
  issuedAt: '2026-03-14T19:30:00.000Z',
  timezone: 'Europe/Rome',
  currency: 'eur',
  lines: [{ name: 'Margherita', quantity: 2, unitPrice: 9.5, lineTotal: 19 }],
  itemsTotal: 19,
  pricesIncludeTax: false,
  serviceChargeRate: 10,
  serviceAdded: 1.9,
  net: 19,
  service: 1.9,
  tax: 2.09,
  taxes: [{ rate: 10, base: 20.9, tax: 2.09 }],
  total: 22.99,
  tip: 2,
  paid: 24.99,
  method: 'card',
  servedBy: 'Test waiter',
};

beforeEach(() => FakeWebSocket.install());

describe('guest order page: the receipt after payment (issue 16, item 2)', () => {
  it("shows the visit's itemised receipt and links its PDF by the table's code and session", async () => {
    let bill: PublicSummary = summary({
      sessionId: 's1',
      hasActiveSession: true,
      paymentStatus: 'pending',
      totals: { eur: 22.99, usd: 24.8 },
      totalAmount: 22.99,
      orders: [billOrder({ orderNumber: 41, status: 'served' })],
    });
    const api = fakeApi({
      'GET /api/menu/public': { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: false } },
      'GET /api/sessions/public/summary': () => ({ data: bill }),
      'GET /api/receipts/public': { data: receipt },
    });
    renderRoute('/order?token=QR-T7');
    expect(await screen.findByText('Order 41')).toBeInTheDocument();
    // No receipt before the bill is paid.
    expect(screen.queryByRole('region', { name: /Receipt No\./ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/receipts/public')).toHaveLength(0);

    bill = summary({ sessionId: 's1', paymentStatus: 'paid', totals: { eur: 22.99, usd: 24.8 } });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverSend(
      serverEvent('payment_completed', {
        tableId: 't7',
        tableNumber: 7,
        sessionId: 's1',
        amount: 22.99,
        tip: 2,
        method: 'card',
        currency: 'eur',
      }),
    );

    const card = await screen.findByRole('region', { name: 'Receipt No. 128' });
    expect(card).toHaveTextContent('Trattoria Test · Table 7');
    const lines = within(card).getByRole('list', { name: 'Receipt lines' });
    expect(lines).toHaveTextContent(`2 × Margherita${formatMoney(19, 'eur')}`);
    expect(card).toHaveTextContent(`Service charge 10%${formatMoney(1.9, 'eur')}`);
    expect(card).toHaveTextContent(`Tax 10%${formatMoney(2.09, 'eur')}`);
    expect(card).toHaveTextContent(`Total${formatMoney(22.99, 'eur')}`);
    expect(card).toHaveTextContent(`Tip${formatMoney(2, 'eur')}`);
    expect(card).toHaveTextContent(`Paid (Card)${formatMoney(24.99, 'eur')}`);
    expect(api.callsTo('GET /api/receipts/public')[0]?.path).toBe(
      '/api/receipts/public?token=QR-T7&sessionId=s1&format=json',
    );
    expect(within(card).getByRole('link', { name: 'Receipt PDF' })).toHaveAttribute(
      'href',
      '/api/receipts/public?token=QR-T7&sessionId=s1&format=pdf',
    );
  });

  it('says what was given back of a refunded bill, and when', async () => {
    fakeApi({
      'GET /api/menu/public': { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: false } },
      'GET /api/sessions/public/summary': {
        data: summary({
          sessionId: 's1',
          paymentStatus: 'paid',
          totals: { eur: 22.99, usd: 24.8 },
        }),
      },
      'GET /api/receipts/public': {
        data: { ...receipt, refunds: [{ method: 'card', amount: 3, tip: 2, date: '2026-03-15' }] },
      },
    });
    renderRoute('/order?token=QR-T7');
    const card = await screen.findByRole('region', { name: 'Receipt No. 128' });
    expect(card).toHaveTextContent(`Paid (Card)${formatMoney(24.99, 'eur')}`);
    expect(card).toHaveTextContent(`Refunded (Card) 2026-03-15${formatMoney(-5, 'eur')}`);
  });
});
