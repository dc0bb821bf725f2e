import type { DayPayment, DayPayments, RefundedPayment } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { moneyParts as parts, zReport as report } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const history = {
  total: 0,
  page: 1,
  pageSize: 25,
  currency: 'eur',
  timezone: 'Europe/Rome',
  rows: [],
};

beforeEach(() => FakeWebSocket.install());

async function openOrders() {
  const view = renderRoute('/manager', { user: staffUser('manager') });
  await view.user.click(await screen.findByRole('tab', { name: 'Orders' }));
  return { ...view, section: await screen.findByRole('region', { name: /End of Day/ }) };
}

describe("the manager's End of Day (issue 16, item 3)", () => {
  it('says one voided item in the singular', async () => {
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: history },
      'GET /api/business-days/report': {
        data: report({ voids: { wholeOrders: 0, items: 1, ...parts(2, 0, 0.2) } }),
      },
    });
    const { section } = await openOrders();
    const sales = await within(section).findByRole('table', { name: 'Sales' });
    expect(within(sales).getByRole('rowheader', { name: 'Voids (1 item)' })).toBeVisible();
  });

  it('shows the Z report with both identities and closes the day after asking', async () => {
    let z = report();
    const api = fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: history },
      'GET /api/business-days/report': () => ({ data: z }),
      'POST /api/business-days/close': () => {
        z = report({
          status: 'closed',
          closedAt: '2026-03-14T22:00:00.000Z',
          closedBy: 'Test manager',
          today: '2026-03-15',
          seatedTables: [],
        });
        return { data: z };
      },
    });
    const { user, section } = await openOrders();
    await waitFor(() => expect(section).toHaveTextContent('Open'));
    const sales = within(section).getByRole('table', { name: 'Sales' });
    expect(within(sales).getByRole('row', { name: /^Bills 3 / })).toHaveTextContent(
      formatMoney(48.4, 'eur'),
    );
    // Two items voided, one whole order among them.
    expect(within(sales).getByRole('rowheader', { name: 'Voids (2 items)' })).toBeVisible();
    const checks = within(section).getByRole('list', { name: 'Reconciliation' });
    expect(checks).toHaveTextContent(
      `Orders − voids = bills: ${formatMoney(60.5, 'eur')} − ${formatMoney(12.1, 'eur')} = ${formatMoney(48.4, 'eur')}`,
    );
    expect(checks).toHaveTextContent(
      `Bills + tips = payments: ${formatMoney(48.4, 'eur')} + ${formatMoney(3, 'eur')} = ${formatMoney(51.4, 'eur')}`,
    );
    expect(within(checks).getAllByLabelText('reconciles')).toHaveLength(2);
    expect(section).toHaveTextContent('Open bills (1)');
    expect(section).toHaveTextContent('Table 4');

    await user.click(within(section).getByRole('button', { name: 'Close day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close 2026-03-14?' });
    // Before closing, the dialog says what stays open, and that guests carry on.
    const open = within(dialog).getByRole('group', { name: 'Still open' });
    expect(open).toHaveTextContent('2 seated tables: Table 2, Table 4');
    expect(open).toHaveTextContent(`Unpaid bill · Table 4 · 1 order${formatMoney(12.5, 'eur')}`);
    expect(open).toHaveTextContent('counts on the next business day');
    expect(dialog).toHaveTextContent('Guests are never turned away.');
    expect(dialog).not.toHaveTextContent(/refused/);
    expect(api.callsTo('POST /api/business-days/close')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close day' }));
    await waitFor(() => expect(api.callsTo('POST /api/business-days/close')).toHaveLength(1));
    expect(api.callsTo('POST /api/business-days/close')[0]?.body).toEqual({ date: '2026-03-14' });
    expect(await screen.findByText('Day closed')).toBeInTheDocument();
    expect(
      screen.getByText('The Z report for 2026-03-14 is kept. Business day 2026-03-15 has begun.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(section).toHaveTextContent('by Test manager'));
    expect(within(section).getByRole('button', { name: 'Reopen day' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Close day' })).not.toBeInTheDocument();
  });

  it('says when a day closed by itself at its closing time, and when the day ends', async () => {
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: history },
      'GET /api/business-days/report': {
        data: report({
          status: 'closed',
          closedAt: '2026-03-15T01:00:00.000Z',
          closedBy: null,
          today: '2026-03-15',
          seatedTables: [],
        }),
      },
    });
    const { section } = await openOrders();
    await waitFor(() => expect(section).toHaveTextContent('at the closing time'));
    expect(section).toHaveTextContent(
      'Orders and payments since then count on the next business day.',
    );
    expect(section).toHaveTextContent('The business day ends at 02:00 (set in Settings)');
    expect(section).not.toHaveTextContent(/ by /);
  });

  it('reopens a closed day only with a reason, and shows a refusal in the server’s words', async () => {
    const closed = report({
      status: 'closed',
      closedAt: '2026-03-14T22:00:00.000Z',
      closedBy: 'X',
    });
    const api = fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: history },
      'GET /api/business-days/report': { data: closed },
      'POST /api/business-days/reopen': {
        status: 409,
        error: 'The business day 2026-03-14 is not closed',
      },
    });
    const { user, section } = await openOrders();
    await user.click(await within(section).findByRole('button', { name: 'Reopen day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen 2026-03-14' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen day' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Give a reason for reopening the day',
    );
    expect(api.callsTo('POST /api/business-days/reopen')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Card payment recorded twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen day' }));
    await waitFor(() => expect(api.callsTo('POST /api/business-days/reopen')).toHaveLength(1));
    expect(api.callsTo('POST /api/business-days/reopen')[0]?.body).toEqual({
      date: '2026-03-14',
      reason: 'Card payment recorded twice',
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The business day 2026-03-14 is not closed',
    );
  });

  it("lists the day's payments and refunds part of one with a reason: its own line in the Z report", async () => {
    const paid: DayPayment = {
      id: 'p1',
      tableNumber: 3,
      receiptNumber: 12,
      method: 'card',
      status: 'captured',
      capturedAt: '2026-03-14T20:15:00.000Z',
      amount: 30,
      tip: 3,
      refundable: { amount: 30, tip: 3 },
      refunds: [],
    };
    let list: DayPayments = {
      date: '2026-03-14',
      today: '2026-03-14',
      currency: 'eur',
      timezone: 'Europe/Rome',
      payments: [paid],
    };
    let z = report();
    const api = fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: history },
      'GET /api/business-days/report': () => ({ data: z }),
      'GET /api/payments': () => ({ data: list }),
      'POST /api/payments/p1/refunds': (call) => {
        const body = call.body as { amount: number; tip: number; reason: string };
        const data: RefundedPayment = {
          refundId: 'rf1',
          paymentId: 'p1',
          status: 'partially_refunded',
          amount: body.amount,
          tip: body.tip,
          businessDate: '2026-03-14',
        };
        list = {
          ...list,
          payments: [
            {
              ...paid,
              status: 'partially_refunded',
              refundable: { amount: 30 - body.amount, tip: 3 - body.tip },
              refunds: [
                {
                  id: 'rf1',
                  amount: body.amount,
                  tip: body.tip,
                  reason: body.reason,
                  businessDate: '2026-03-14',
                  at: '2026-03-14T21:00:00.000Z',
                  by: 'Test manager',
                },
              ],
            },
          ],
        };
        z = report({
          refunds: {
            count: 1,
            amount: 10,
            tips: 0,
            total: 10,
            byMethod: [{ method: 'card', count: 1, amount: 10, tips: 0, total: 10 }],
            taxRates: [{ taxRate: 10, ...parts(8, 1.09, 0.91) }],
          },
        });
        return { status: 201, data };
      },
    });
    const { user, section } = await openOrders();
    const table = await within(section).findByRole('table', { name: 'Payments taken this day' });
    const row = within(table).getByRole('row', { name: /Table 3/ });
    expect(row).toHaveTextContent('No. 12');
    expect(row).toHaveTextContent(formatMoney(30, 'eur'));
    expect(within(row).getByText('Paid')).toBeVisible();

    await user.click(
      within(row).getByRole('button', {
        name: `Refund the card payment of table 3 (${formatMoney(33, 'eur')})`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund: table 3' });
    // It starts from all that is left; more than that is refused before anything is sent.
    const amount = within(dialog).getByLabelText('Bill part');
    expect(amount).toHaveValue('30.00');
    expect(within(dialog).getByLabelText('Tip')).toHaveValue('3.00');
    await user.clear(amount);
    await user.type(amount, '31');
    await user.type(within(dialog).getByLabelText('Reason'), 'Cold pizza');
    await user.click(within(dialog).getByRole('button', { name: 'Give back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A refund cannot give back more than is left of the payment',
    );
    // A reason is required, as the server requires it.
    await user.clear(amount);
    await user.type(amount, '10');
    await user.clear(within(dialog).getByLabelText('Tip'));
    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.click(within(dialog).getByRole('button', { name: 'Give back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('reason is required');
    expect(api.callsTo('POST /api/payments/p1/refunds')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Cold pizza');
    await user.click(within(dialog).getByRole('button', { name: 'Give back' }));
    await waitFor(() => expect(api.callsTo('POST /api/payments/p1/refunds')).toHaveLength(1));
    expect(api.callsTo('POST /api/payments/p1/refunds')[0]?.body).toEqual({
      amount: 10,
      tip: 0,
      reason: 'Cold pizza',
    });
    expect(await screen.findByText('Refund recorded')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund: table 3' })).not.toBeInTheDocument(),
    );

    // The list says what was given back, why and by whom; the Z report has its own line.
    await waitFor(() =>
      expect(within(section).getByRole('row', { name: /Table 3/ })).toHaveTextContent(
        `${formatMoney(-10, 'eur')} on 2026-03-14: Cold pizza (Test manager)`,
      ),
    );
    expect(within(section).getByText('Part refunded')).toBeVisible();
    const payments = within(section).getByRole('table', { name: 'Payments by method' });
    const refunded = await within(payments).findByRole('row', { name: /^Refunded \(Card\)/ });
    expect(refunded).toHaveTextContent(`1${formatMoney(-10, 'eur')}`);
    expect(within(section).getByRole('list', { name: 'Reconciliation' })).toHaveTextContent(
      `Given back this day, apart from the bills above: ${formatMoney(10, 'eur')} (1 refund), of which tax ${formatMoney(0.91, 'eur')}`,
    );
  });

  it('offers no refund to someone who may not give money back', async () => {
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: history },
      'GET /api/business-days/report': { data: report() },
      'GET /api/payments': {
        data: {
          date: '2026-03-14',
          today: '2026-03-14',
          currency: 'eur',
          timezone: 'Europe/Rome',
          payments: [
            {
              id: 'p1',
              tableNumber: 3,
              receiptNumber: 12,
              method: 'cash',
              status: 'captured',
              capturedAt: '2026-03-14T20:15:00.000Z',
              amount: 30,
              tip: 0,
              refundable: { amount: 30, tip: 0 },
              refunds: [],
            },
          ],
        },
      },
    });
    const { user } = renderRoute('/manager', {
      user: staffUser('manager', { permissions: ['view_reports', 'manage_orders'] }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Orders' }));
    const table = await screen.findByRole('table', { name: 'Payments taken this day' });
    expect(within(table).getByRole('row', { name: /Table 3/ })).toBeVisible();
    expect(within(table).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });
});
