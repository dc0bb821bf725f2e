import {
  countNoun,
  formatMoney,
  ORDER_TYPE_LABELS,
  placeLabel,
  type ZReport,
} from '@tavola/contract';
import {
  A4,
  addPage,
  createPdf,
  lineAt,
  pdfBytes,
  textAt,
  textWidth,
} from '../../core/pdf/document.js';
import { BOLD, type FontName, printable, REGULAR, useUnicodeFonts } from '../../core/pdf/fonts.js';

const METHOD_LABELS = { cash: 'Cash', card: 'Card' } as const;

function localDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');
}

/** The Z report's voids line: the items taken off and the whole orders among them. */
export function voidsLabel(voids: Pick<ZReport['voids'], 'items' | 'wholeOrders'>): string {
  return `Voids (${countNoun(voids.items, 'item')}, ${countNoun(voids.wholeOrders, 'whole order')})`;
}

/** The Z report's line for what staff took off the bills. */
export const DISCOUNTS_LABEL = 'Discounts and comps';

/**
 * The Z report as a PDF (A4): the same sections as the screen, with both reconciliation
 * identities spelled out. Drawn on a worker thread (z-report-pdf-worker.ts).
 */
export function renderZReportPdf(z: ZReport): Promise<Uint8Array> {
  const pdf = createPdf({ title: `${z.restaurantName} Z report ${z.date}` });
  useUnicodeFonts(pdf);
  const m = (amount: number) => formatMoney(amount, z.currency);
  const left = 48;
  const top = A4[1] - 790;
  const bottom = A4[1] - 50;
  addPage(pdf);
  // The baseline of the line being drawn, from the top of the page.
  let y = top;

  const ensure = (space: number) => {
    if (y + space > bottom) {
      addPage(pdf);
      y = top;
    }
  };
  const text = (s: string, x: number, size = 9, font: FontName = REGULAR) =>
    textAt(pdf, printable(s), x, y, { font, size });
  const rightText = (s: string, xRight: number, size = 9, font: FontName = REGULAR) => {
    const t = printable(s);
    textAt(pdf, t, xRight - textWidth(pdf, t, font, size), y, { font, size });
  };
  const heading = (s: string) => {
    ensure(40);
    y += 10;
    text(s, left, 11, BOLD);
    y += 6;
    lineAt(pdf, [left, y], [547, y], { width: 0.5, color: '#999999' });
    y += 13;
  };
  /** A table row: a label, then right-aligned cells ending at the given x positions. */
  const row = (cells: string[], xs: number[], font: FontName = REGULAR) => {
    ensure(14);
    text(cells[0] ?? '', left, 9, font);
    cells.slice(1).forEach((c, i) => rightText(c, xs[i]!, 9, font));
    y += 13;
  };

  text(`Z report · ${z.restaurantName}`, left, 16, BOLD);
  y += 20;
  text(`Business day ${z.date} (${z.timezone}) · ${z.currency.toUpperCase()}`, left, 10);
  y += 14;
  const status =
    z.status === 'closed'
      ? `Closed ${z.closedAt ? localDateTime(z.closedAt, z.timezone) : ''}${z.closedBy ? ` by ${z.closedBy}` : ''}`
      : `Open · figures as of ${localDateTime(z.generatedAt, z.timezone)}`;
  text(status, left, 10, BOLD);
  y += 14;
  if (z.reopenedAt) {
    text(
      `Reopened ${localDateTime(z.reopenedAt, z.timezone)}${z.reopenedBy ? ` by ${z.reopenedBy}` : ''}: ${z.reopenReason ?? ''}`,
      left,
      9,
    );
    y += 14;
  }

  const partCols = [300, 370, 440, 510, 547];
  heading('Sales (bills settled this day)');
  row(['', 'Count', 'Net', 'Service', 'Tax', 'Total'], [250, ...partCols.slice(0, 4)], BOLD);
  const parts = (
    label: string,
    count: number,
    p: { net: number; service: number; tax: number; total: number },
  ) =>
    row(
      [label, String(count), m(p.net), m(p.service), m(p.tax), m(p.total)],
      [250, ...partCols.slice(0, 4)],
    );
  parts('Orders', z.orders.count, z.orders);
  parts(voidsLabel(z.voids), z.voids.wholeOrders, z.voids);
  const d = z.discounts;
  if (d) parts(DISCOUNTS_LABEL, d.count, d);
  parts('Bills', z.bills.count, z.bills);
  // Sales by order type, once a day has more than dine-in (reports kept before tabs have none).
  if (z.byOrderType && z.byOrderType.some((t) => t.orderType !== 'dine_in')) {
    for (const t of z.byOrderType) parts(`  ${ORDER_TYPE_LABELS[t.orderType]}`, t.count, t);
  }

  // The discounts and comps by reason and by who gave them: at menu prices, and off the bills.
  if (d && d.count > 0) {
    heading(
      `${DISCOUNTS_LABEL} (${countNoun(d.count, 'discount')}, ${countNoun(d.comps, 'comp')})`,
    );
    const cols = [370, 440, 510];
    row(['By reason', 'Count', 'Menu prices', 'Off bills'], cols, BOLD);
    for (const g of d.byReason) row([g.reason, String(g.count), m(g.amount), m(g.total)], cols);
    row(['By member of staff', 'Count', 'Menu prices', 'Off bills'], cols, BOLD);
    for (const g of d.byUser) row([g.name, String(g.count), m(g.amount), m(g.total)], cols);
  }

  heading('Payments by method');
  row(['', 'Count', 'Bills', 'Tips', 'Total'], [300, 370, 440, 510], BOLD);
  for (const p of z.payments.byMethod) {
    row(
      [METHOD_LABELS[p.method], String(p.count), m(p.amount), m(p.tips), m(p.total)],
      [300, 370, 440, 510],
    );
  }
  row(
    [
      'All payments',
      String(z.payments.count),
      m(z.payments.amount),
      m(z.payments.tips),
      m(z.payments.total),
    ],
    [300, 370, 440, 510],
    BOLD,
  );
  // Money given back this day (of this day's payments or an earlier day's): only a day with
  // refunds shows them.
  if (z.refunds && z.refunds.count > 0) {
    for (const p of z.refunds.byMethod) {
      row(
        [
          `Refunded (${METHOD_LABELS[p.method]})`,
          String(p.count),
          m(-p.amount),
          m(-p.tips),
          m(-p.total),
        ],
        [300, 370, 440, 510],
      );
    }
  }

  heading('Tax and service charge by tax rate');
  row(['Tax rate', 'Net', 'Service', 'Tax', 'Total'], [300, 370, 440, 510], BOLD);
  for (const r of z.taxRates) {
    row([`${r.taxRate}%`, m(r.net), m(r.service), m(r.tax), m(r.total)], [300, 370, 440, 510]);
  }
  if (z.taxRates.length === 0) row(['No sales'], []);
  row(
    [
      `Transaction fee ${z.transactionFee.rate}% of ${m(z.transactionFee.base)}`,
      m(z.transactionFee.fee),
    ],
    [510],
  );

  heading(`Open bills (${z.openBills.count})`);
  for (const b of z.openBills.bills) {
    row(
      [
        `${placeLabel(b)} · since ${localDateTime(b.openedAt, z.timezone)} · ${b.orders} orders`,
        m(b.total),
      ],
      [510],
    );
  }
  if (z.openBills.count === 0) row(['None'], []);
  else row(['Open bills total', m(z.openBills.total)], [510], BOLD);

  const r = z.reconciliation;
  heading('Reconciliation');
  const mark = (ok: boolean) => (ok ? '✓' : '✗ does not reconcile');
  const charged = r.ordersLessVoidsAndDiscounts ?? r.ordersLessVoids;
  const billsOk = charged === r.bills;
  const paymentsOk = r.billsPlusTips === r.payments;
  row(
    [
      d
        ? `Orders − voids − discounts = bills: ${m(z.orders.total)} − ${m(z.voids.total)} − ${m(d.total)} = ${m(charged)}`
        : `Orders − voids = bills: ${m(z.orders.total)} − ${m(z.voids.total)} = ${m(charged)}`,
      `${m(r.bills)} ${mark(billsOk)}`,
    ],
    [547],
  );
  row(
    [
      `Bills + tips = payments: ${m(r.bills)} + ${m(z.payments.tips)} = ${m(r.billsPlusTips)}`,
      `${m(r.payments)} ${mark(paymentsOk)}`,
    ],
    [547],
  );
  row([r.balanced ? 'Balanced to the cent.' : 'NOT BALANCED'], [], BOLD);

  return pdfBytes(pdf);
}
