import { countNoun, type ZReport } from '@tavola/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedUnicodeFonts } from '../../core/lib/pdf-fonts.js';

const METHOD_LABELS = { cash: 'Cash', card: 'Card' } as const;

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount);
}

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

/**
 * The Z report as a PDF (A4): the same sections as the screen, with both reconciliation
 * identities spelled out. Drawn on a worker thread (z-report-pdf-worker.ts).
 */
export async function renderZReportPdf(z: ZReport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${z.restaurantName} Z report ${z.date}`);
  const { regular, bold, printable } = await embedUnicodeFonts(pdf);
  const m = (amount: number) => money(amount, z.currency);
  const A4: [number, number] = [595.28, 841.89];
  const left = 48;
  let page: PDFPage = pdf.addPage(A4);
  let y = 790;

  const ensure = (space: number) => {
    if (y - space < 50) {
      page = pdf.addPage(A4);
      y = 790;
    }
  };
  const text = (s: string, x: number, size = 9, font: PDFFont = regular) =>
    page.drawText(printable(s), { x, y, size, font });
  const rightText = (s: string, xRight: number, size = 9, font: PDFFont = regular) => {
    const t = printable(s);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y, size, font });
  };
  const heading = (s: string) => {
    ensure(40);
    y -= 10;
    text(s, left, 11, bold);
    y -= 6;
    page.drawLine({
      start: { x: left, y },
      end: { x: 547, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= 13;
  };
  /** A table row: a label, then right-aligned cells ending at the given x positions. */
  const row = (cells: string[], xs: number[], font: PDFFont = regular) => {
    ensure(14);
    text(cells[0] ?? '', left, 9, font);
    cells.slice(1).forEach((c, i) => rightText(c, xs[i]!, 9, font));
    y -= 13;
  };

  text(`Z report · ${z.restaurantName}`, left, 16, bold);
  y -= 20;
  text(`Business day ${z.date} (${z.timezone}) · ${z.currency.toUpperCase()}`, left, 10);
  y -= 14;
  const status =
    z.status === 'closed'
      ? `Closed ${z.closedAt ? localDateTime(z.closedAt, z.timezone) : ''}${z.closedBy ? ` by ${z.closedBy}` : ''}`
      : `Open · figures as of ${localDateTime(z.generatedAt, z.timezone)}`;
  text(status, left, 10, bold);
  y -= 14;
  if (z.reopenedAt) {
    text(
      `Reopened ${localDateTime(z.reopenedAt, z.timezone)}${z.reopenedBy ? ` by ${z.reopenedBy}` : ''}: ${z.reopenReason ?? ''}`,
      left,
      9,
    );
    y -= 14;
  }

  const partCols = [300, 370, 440, 510, 547];
  heading('Sales (bills settled this day)');
  row(['', 'Count', 'Net', 'Service', 'Tax', 'Total'], [250, ...partCols.slice(0, 4)], bold);
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
  parts('Bills', z.bills.count, z.bills);

  heading('Payments by method');
  row(['', 'Count', 'Bills', 'Tips', 'Total'], [300, 370, 440, 510], bold);
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
    bold,
  );

  heading('Tax and service charge by tax rate');
  row(['Tax rate', 'Net', 'Service', 'Tax', 'Total'], [300, 370, 440, 510], bold);
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
        `Table ${b.tableNumber} · since ${localDateTime(b.openedAt, z.timezone)} · ${b.orders} orders`,
        m(b.total),
      ],
      [510],
    );
  }
  if (z.openBills.count === 0) row(['None'], []);
  else row(['Open bills total', m(z.openBills.total)], [510], bold);

  const r = z.reconciliation;
  heading('Reconciliation');
  const mark = (ok: boolean) => (ok ? '✓' : '✗ does not reconcile');
  const billsOk = r.ordersLessVoids === r.bills;
  const paymentsOk = r.billsPlusTips === r.payments;
  row(
    [
      `Orders − voids = bills: ${m(z.orders.total)} − ${m(z.voids.total)} = ${m(r.ordersLessVoids)}`,
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
  row([r.balanced ? 'Balanced to the cent.' : 'NOT BALANCED'], [], bold);

  return pdf.save();
}
