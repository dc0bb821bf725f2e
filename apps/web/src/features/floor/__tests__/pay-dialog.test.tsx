import type { Floor, StaffBill } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { floorTable, recordedPayment } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const waiter = staffUser('waiter', { id: 'w1', name: 'Sofia' });

/** Table 8 is Sofia's, with one served order of 23.50 on its bill. */
const floor: Floor = {
  tables: [
    floorTable({
      id: 't8',
      number: 8,
      sessionId: 's8',
      assignedWaiter: { id: 'w1', name: 'Sofia' },
      billTotal: 23.5,
      orders: [
        {
          id: 'o1',
          orderNumber: 41,
          status: 'served',
          priority: 'normal',
          total: 23.5,
          createdAt: new Date().toISOString(),
          items: [{ id: 'i1', name: 'Risotto', quantity: 1, lineTotal: 12, discount: 0 }],
        },
      ],
    }),
  ],
  stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 1 },
};

async function openPayDialog() {
  const view = renderRoute('/waiter', { user: waiter });
  const table = await screen.findByRole('article', { name: 'Table 8' });
  await view.user.click(within(table).getAllByRole('button')[0]!);
  await view.user.click(within(table).getByRole('button', { name: 'Mark Paid' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark Paid: table 8' });
  return { ...view, dialog };
}

const money = (amount: number) => formatMoney(amount, 'eur');

beforeEach(() => FakeWebSocket.install());

// The route's code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => preloadRoute('/waiter'), 120_000);

describe("waiter's payment dialog", () => {
  it('follows the bill and tip until an amount is typed, then shows the change due', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/sessions/s8/payments': { data: recordedPayment() },
    });
    const { user, dialog } = await openPayDialog();
    const amount = within(dialog).getByLabelText('Amount received');
    const tip = within(dialog).getByLabelText('Tip (optional)');

    expect(within(dialog).getByText(`Bill ${money(23.5)}`)).toBeInTheDocument();
    expect(amount).toHaveValue('23.50');
    expect(within(dialog).queryByText(/Change due/)).not.toBeInTheDocument();

    await user.type(tip, '2');
    expect(amount).toHaveValue('25.50');
    expect(within(dialog).queryByText(/Change due/)).not.toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '30');
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Change due: ${money(4.5)}`);

    // Once typed, the amount stays what the waiter counted when the tip changes.
    await user.clear(tip);
    await user.type(tip, '1.5');
    expect(amount).toHaveValue('30');
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Change due: ${money(5)}`);

    await user.click(within(dialog).getByRole('radio', { name: 'cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Table 8 paid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s8/payments').map((c) => c.body)).toEqual([
      { method: 'cash', amount: 30, tip: 1.5 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows no change due for an exact amount, and refuses one that does not cover the bill and tip', async () => {
    const api = fakeApi({ 'GET /api/tables/floor': { data: floor } });
    const { user, dialog } = await openPayDialog();
    const amount = within(dialog).getByLabelText('Amount received');

    await user.type(within(dialog).getByLabelText('Tip (optional)'), '1');
    await user.clear(amount);
    await user.type(amount, '24.50');
    expect(within(dialog).queryByText(/Change due/)).not.toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '24.49');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(
      within(dialog).getByText(`The amount received must cover the bill and tip (${money(24.5)})`),
    ).toBeInTheDocument();

    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(within(dialog).getByText('Enter the amount received')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s8/payments')).toHaveLength(0);
  });

  it('takes a refusal away once the tip or the amount is corrected', async () => {
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'POST /api/sessions/s8/payments': { data: recordedPayment() },
    });
    const { user, dialog } = await openPayDialog();
    const tip = within(dialog).getByLabelText('Tip (optional)');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm payment' });

    await user.type(tip, '-2');
    await user.click(confirm);
    expect(within(dialog).getByText('The tip cannot be negative')).toBeInTheDocument();
    await user.clear(tip);
    await user.type(tip, '2');
    expect(within(dialog).queryByText('The tip cannot be negative')).not.toBeInTheDocument();

    const amount = within(dialog).getByLabelText('Amount received');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(confirm);
    const short = `The amount received must cover the bill and tip (${money(25.5)})`;
    expect(within(dialog).getByText(short)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '25.50');
    expect(within(dialog).queryByText(short)).not.toBeInTheDocument();

    await user.click(confirm);
    expect(await screen.findByText('Table 8 paid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s8/payments').map((c) => c.body)).toEqual([
      { method: 'card', amount: 25.5, tip: 2 },
    ]);
  });

  it("shows the bill's net, service charge, tax and total, and starts from the total", async () => {
    // 20.00 of menu prices with 15% service and 8.5% tax added: 3.00 service, 1.96 tax.
    const charged: Floor = {
      ...floor,
      tables: [
        {
          ...floor.tables[0]!,
          billTotal: 24.96,
          bill: { net: 20, service: 3, tax: 1.96, total: 24.96 },
          charges: { taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false },
        },
      ],
    };
    const api = fakeApi({
      'GET /api/tables/floor': { data: charged },
      'POST /api/sessions/s8/payments': { data: recordedPayment() },
    });
    const { user, dialog } = await openPayDialog();
    const breakdown = within(dialog).getByLabelText('Bill breakdown');
    const row = (label: string) =>
      within(breakdown).getByText(label).nextElementSibling?.textContent ?? null;
    expect(row('Net')).toBe(money(20));
    expect(row('Service charge (15%)')).toBe(money(3));
    expect(row('Tax (8.5%)')).toBe(money(1.96));
    expect(row('Total')).toBe(money(24.96));
    expect(within(dialog).getByText(`Bill ${money(24.96)}`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount received')).toHaveValue('24.96');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Table 8 paid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s8/payments').map((c) => c.body)).toEqual([
      { method: 'card', amount: 24.96, tip: 0 },
    ]);
  });
});

describe("waiter's payment dialog on a bill paid in parts", () => {
  /** Table 8's bill of 23.50: a risotto (12.00) and two glasses of wine (11.50); 5.00 paid. */
  const itemised: StaffBill = {
    sessionId: 's8',
    tableNumber: 8,
    currency: 'eur',
    status: 'open',
    total: 23.5,
    paid: 5,
    remaining: 18.5,
    lines: [
      {
        lineId: '11111111-1111-4111-8111-111111111111',
        orderId: 'o1',
        orderNumber: 41,
        name: 'Risotto',
        quantity: 1,
        paidQuantity: 0,
        total: 12,
        tax: 1.09,
        service: 0,
        paid: 5,
        remaining: 7,
      },
      {
        lineId: '22222222-2222-4222-8222-222222222222',
        orderId: 'o1',
        orderNumber: 41,
        name: 'Wine',
        quantity: 2,
        paidQuantity: 0,
        total: 11.5,
        tax: 1.05,
        service: 0,
        paid: 0,
        remaining: 11.5,
      },
    ],
    payments: [
      {
        id: 'p0',
        split: 'amount',
        method: 'card',
        provider: 'demo',
        amount: 5,
        tip: 0,
        at: new Date().toISOString(),
      },
    ],
    equalParts: [],
  };

  it('shows what is left, takes one glass of wine in cash with change, and stays open for the rest', async () => {
    let paidWine = false;
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor },
      'GET /api/sessions/s8/bill': () => ({
        data: paidWine
          ? {
              ...itemised,
              paid: 10.75,
              remaining: 12.75,
              lines: [
                itemised.lines[0]!,
                { ...itemised.lines[1]!, paidQuantity: 1, paid: 5.75, remaining: 5.75 },
              ],
            }
          : itemised,
      }),
      'POST /api/sessions/s8/payments': (call) => {
        const part = (call.body as { split?: unknown }).split !== undefined;
        if (part) paidWine = true;
        return {
          data: part
            ? recordedPayment({ receiptNumber: 7, remaining: 12.75 })
            : recordedPayment({ receiptNumber: 8, remaining: 0 }),
        };
      },
    });
    const { user, dialog } = await openPayDialog();
    expect(await within(dialog).findByTestId('left-to-pay')).toHaveTextContent(money(18.5));
    const amount = within(dialog).getByLabelText('Amount received');
    expect(amount).toHaveValue('18.50');

    // One of the two glasses, in cash: 10 handed over.
    await user.click(within(dialog).getByRole('radio', { name: 'Items' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Wine/ }));
    await user.click(within(dialog).getByRole('button', { name: 'One fewer Wine' }));
    expect(within(dialog).getByTestId('this-payment')).toHaveTextContent(money(5.75));
    expect(amount).toHaveValue('5.75');
    await user.click(within(dialog).getByRole('radio', { name: 'cash' }));
    await user.clear(amount);
    await user.type(amount, '10');
    expect(within(dialog).getByText(/Change due/)).toHaveTextContent(money(4.25));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(
      await within(dialog).findByText(`Paid ${money(5.75)}. Left to pay: ${money(12.75)}`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByTestId('left-to-pay')).toHaveTextContent(money(12.75)),
    );

    // The rest by card settles the bill and closes the dialog (the method stays as last chosen).
    await user.click(within(dialog).getByRole('radio', { name: 'Everything' }));
    expect(within(dialog).getByRole('radio', { name: 'cash' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'card' }));
    await waitFor(() => expect(amount).toHaveValue('12.75'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Table 8 paid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/s8/payments').map((c) => c.body)).toEqual([
      {
        method: 'cash',
        amount: 10,
        tip: 0,
        split: {
          kind: 'items',
          lines: [{ lineId: '22222222-2222-4222-8222-222222222222', quantity: 1 }],
        },
      },
      { method: 'card', amount: 12.75, tip: 0 },
    ]);
  });

  it('refuses a part that the amount received does not cover', async () => {
    fakeApi({
      'GET /api/tables/floor': { data: floor },
      'GET /api/sessions/s8/bill': { data: itemised },
    });
    const { user, dialog } = await openPayDialog();
    await within(dialog).findByTestId('left-to-pay');
    await user.click(within(dialog).getByRole('radio', { name: 'Split equally' }));
    // 18.50 in two: 9.25.
    expect(within(dialog).getByTestId('this-payment')).toHaveTextContent(money(9.25));
    const amount = within(dialog).getByLabelText('Amount received');
    await user.clear(amount);
    await user.type(amount, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(
      await within(dialog).findByText(
        `The amount received must cover this part and the tip (${money(9.25)})`,
      ),
    ).toBeInTheDocument();
  });
});
