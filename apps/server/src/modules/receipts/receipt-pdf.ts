import { formatMoney, placeLabel, receiptLabel as t, type Receipt } from '@tavola/contract';
import {
  addPage,
  createPdf,
  lineAt,
  pdfBytes,
  textAt,
  textWidth,
} from '../../core/pdf/document.js';
import { BOLD, type FontName, printable, REGULAR, useUnicodeFonts } from '../../core/pdf/fonts.js';

/** What a receipt PDF is drawn from: the receipt, and whether it is a staff reprint (a copy). */
export interface ReceiptPdfJob {
  receipt: Receipt;
  copy: boolean;
}

const method = (m: 'cash' | 'card') => t(m === 'cash' ? 'CASH' : 'CARD');

/** Money as the screens show it, e.g. €12.50. */
export const money = (amount: number, currency: string): string => formatMoney(amount, currency);

/** `YYYY-MM-DD HH:MM` on the restaurant's clock. */
export function localDateTime(iso: string, timeZone: string): string {
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

const percent = (p: number) => `${Number(p.toFixed(2))}%`;

/** One line of the till roll. */
export type ReceiptRow =
  | { kind: 'title' | 'center' | 'rule' | 'gap'; text?: string }
  | { kind: 'pair'; left: string; right: string; strong?: boolean; small?: boolean };

/** What the receipt prints, line by line (drawn by `renderReceiptPdf`). */
export function receiptRows({ receipt: r, copy }: ReceiptPdfJob): ReceiptRow[] {
  const m = (amount: number) => money(amount, r.currency);
  const rows: ReceiptRow[] = [
    { kind: 'title', text: r.restaurantName },
    ...(copy ? [{ kind: 'center' as const, text: t('COPY') }] : []),
    { kind: 'center', text: t('NUMBER', { number: r.number }) },
    {
      kind: 'center',
      text: `${placeLabel(r)} · ${localDateTime(r.issuedAt, r.timezone)}`,
    },
    {
      kind: 'center',
      text: t('ORDERS', {
        count: r.orderNumbers.length,
        numbers: r.orderNumbers.map((n) => `#${n}`).join(', '),
      }),
    },
    { kind: 'rule' },
    ...r.lines.map((l): ReceiptRow => ({
      kind: 'pair',
      left:
        l.quantity > 1
          ? t('LINE_AT', { quantity: l.quantity, name: l.name, price: m(l.unitPrice) })
          : t('LINE', { quantity: l.quantity, name: l.name }),
      right: m(l.lineTotal),
    })),
    { kind: 'rule' },
    { kind: 'pair', left: t('ITEMS'), right: m(r.itemsTotal) },
    // Each discount or comp under the items, with what it took off them and why.
    ...(r.discounts ?? []).map((d): ReceiptRow => ({
      kind: 'pair',
      left: d.lineName
        ? t('DISCOUNT_ON_LINE', { label: d.label, line: d.lineName, reason: d.reason })
        : t('DISCOUNT', { label: d.label, reason: d.reason }),
      right: m(-d.amount),
    })),
  ];
  if (r.serviceAdded !== 0 || r.service !== 0) {
    const left =
      r.serviceChargeRate === null
        ? t('SERVICE_CHARGE')
        : t('SERVICE_CHARGE_RATE', { rate: percent(r.serviceChargeRate) });
    rows.push({ kind: 'pair', left, right: m(r.serviceAdded) });
  }
  if (!r.pricesIncludeTax) {
    for (const x of r.taxes)
      rows.push({ kind: 'pair', left: t('TAX_RATE', { rate: percent(x.rate) }), right: m(x.tax) });
  }
  rows.push({ kind: 'pair', left: t('TOTAL'), right: m(r.total), strong: true });
  if (r.tip > 0) rows.push({ kind: 'pair', left: t('TIP'), right: m(r.tip) });
  rows.push(
    r.payments
      ? { kind: 'pair', left: t('PAID'), right: m(r.paid), strong: true }
      : {
          kind: 'pair',
          left: t('PAID_BY', { method: method(r.method) }),
          right: m(r.paid),
          strong: true,
        },
  );
  // A bill paid in parts lists each payment (with its tip) under the total paid.
  for (const p of r.payments ?? []) {
    rows.push({
      kind: 'pair',
      left: `  ${method(p.method)}`,
      right: m(p.amount + p.tip),
      small: true,
    });
  }
  // A part payment's receipt: what the bill still owed after it.
  if (r.remaining !== undefined) {
    rows.push({ kind: 'pair', left: t('LEFT_TO_PAY'), right: m(r.remaining), strong: true });
  }
  // Money given back since the bill was paid: each refund on the day it was given, then what
  // the guest paid less it.
  const refunds = r.refunds ?? [];
  for (const g of refunds) {
    rows.push({
      kind: 'pair',
      left: t('REFUNDED', { method: method(g.method), date: g.date }),
      right: m(-(g.amount + g.tip)),
    });
  }
  if (refunds.length > 0) {
    const back = refunds.reduce((sum, g) => sum + Math.round((g.amount + g.tip) * 100), 0);
    rows.push({
      kind: 'pair',
      left: t('PAID_LESS_REFUNDS'),
      right: m((Math.round(r.paid * 100) - back) / 100),
      strong: true,
    });
  }
  rows.push({ kind: 'rule' });
  if (r.pricesIncludeTax) {
    for (const x of r.taxes) {
      rows.push({
        kind: 'pair',
        left: t('INCLUDED_TAX', { rate: percent(x.rate), base: m(x.base) }),
        right: m(x.tax),
        small: true,
      });
    }
  }
  rows.push(
    { kind: 'pair', left: t('NET'), right: m(r.net), small: true },
    { kind: 'pair', left: t('SERVICE_NET'), right: m(r.service), small: true },
  );
  // Each rate's tax is listed above (added, or included); a total only adds something when
  // there are several rates. Listing it again for one rate printed the same tax twice.
  if (r.taxes.length > 1)
    rows.push({ kind: 'pair', left: t('TAX_TOTAL'), right: m(r.tax), small: true });
  else if (r.taxes.length === 0 && r.tax !== 0)
    rows.push({ kind: 'pair', left: t('TAX'), right: m(r.tax), small: true });
  if (r.servedBy) {
    rows.push({ kind: 'gap' }, { kind: 'center', text: t('SERVED_BY', { name: r.servedBy }) });
  }
  rows.push({ kind: 'gap' }, { kind: 'center', text: t('THANKS') });
  return rows;
}

/**
 * A till-roll receipt (80 mm wide, as long as it needs): restaurant, receipt number, table, time,
 * the lines, the service charge and tax as the bill charged them, the total, the tip, what was
 * paid and how. Drawn with the embedded DejaVu Sans, so any menu item's name prints.
 */
export function renderReceiptPdf({ receipt: r, copy }: ReceiptPdfJob): Promise<Uint8Array> {
  const pdf = createPdf({
    title: t('PDF_TITLE', { restaurant: r.restaurantName, number: r.number }),
  });
  useUnicodeFonts(pdf);
  const rows = receiptRows({ receipt: r, copy });

  const width = 226.77; // 80 mm
  const margin = 12;
  const heightOf = (row: ReceiptRow) =>
    row.kind === 'title' ? 20 : row.kind === 'rule' ? 8 : row.kind === 'gap' ? 6 : 12;
  const height = rows.reduce((h, row) => h + heightOf(row), 0) + 2 * margin + 10;
  addPage(pdf, [width, height]);
  // The baseline of the row being drawn, from the top.
  let y = margin + 12;

  /** Cuts text to fit `max` points, with an ellipsis. */
  const fit = (text: string, size: number, font: FontName = REGULAR, max = width - 2 * margin) => {
    let t = printable(text);
    if (textWidth(pdf, t, font, size) <= max) return t;
    while (t.length > 1 && textWidth(pdf, `${t}…`, font, size) > max) t = t.slice(0, -1);
    return `${t}…`;
  };
  const center = (text: string, size: number, font: FontName = REGULAR) => {
    const t = fit(text, size, font);
    textAt(pdf, t, (width - textWidth(pdf, t, font, size)) / 2, y, { font, size });
  };

  for (const row of rows) {
    if (row.kind === 'title') center(row.text ?? '', 13, BOLD);
    else if (row.kind === 'center') center(row.text ?? '', 8);
    else if (row.kind === 'rule') {
      lineAt(pdf, [margin, y - 6], [width - margin, y - 6], { width: 0.5, color: '#666666' });
    } else if (row.kind === 'pair') {
      const size = row.small ? 7 : 8;
      const font = row.strong ? BOLD : REGULAR;
      const right = printable(row.right);
      const rightWidth = textWidth(pdf, right, font, size);
      textAt(pdf, fit(row.left, size, font, width - 2 * margin - rightWidth - 6), margin, y, {
        font,
        size,
      });
      textAt(pdf, right, width - margin - rightWidth, y, { font, size });
    }
    y += heightOf(row);
  }
  return pdfBytes(pdf);
}
