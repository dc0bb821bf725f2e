import type { Receipt } from '@tavola/contract';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedUnicodeFonts } from '../../core/lib/pdf-fonts.js';

/** What a receipt PDF is drawn from: the receipt, and whether it is a staff reprint (a copy). */
export interface ReceiptPdfJob {
  receipt: Receipt;
  copy: boolean;
}

const METHOD_LABELS = { cash: 'Cash', card: 'Card' } as const;

/** Money as the screens show it (spec §9: an Indian-English locale), e.g. €12.50. */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount);
}

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
    ...(copy ? [{ kind: 'center' as const, text: 'COPY' }] : []),
    { kind: 'center', text: `Receipt No. ${r.number}` },
    { kind: 'center', text: `Table ${r.tableNumber} · ${localDateTime(r.issuedAt, r.timezone)}` },
    {
      kind: 'center',
      text: `Order${r.orderNumbers.length === 1 ? '' : 's'} ${r.orderNumbers.map((n) => `#${n}`).join(', ')}`,
    },
    { kind: 'rule' },
    ...r.lines.map((l): ReceiptRow => ({
      kind: 'pair',
      left: `${l.quantity} × ${l.name}${l.quantity > 1 ? ` @ ${m(l.unitPrice)}` : ''}`,
      right: m(l.lineTotal),
    })),
    { kind: 'rule' },
    { kind: 'pair', left: 'Items', right: m(r.itemsTotal) },
  ];
  if (r.serviceAdded !== 0 || r.service !== 0) {
    const rate = r.serviceChargeRate === null ? '' : ` ${percent(r.serviceChargeRate)}`;
    rows.push({ kind: 'pair', left: `Service charge${rate}`, right: m(r.serviceAdded) });
  }
  if (!r.pricesIncludeTax) {
    for (const t of r.taxes)
      rows.push({ kind: 'pair', left: `Tax ${percent(t.rate)}`, right: m(t.tax) });
  }
  rows.push({ kind: 'pair', left: 'Total', right: m(r.total), strong: true });
  if (r.tip > 0) rows.push({ kind: 'pair', left: 'Tip', right: m(r.tip) });
  rows.push(
    { kind: 'pair', left: `Paid (${METHOD_LABELS[r.method]})`, right: m(r.paid), strong: true },
    { kind: 'rule' },
  );
  if (r.pricesIncludeTax) {
    for (const t of r.taxes) {
      rows.push({
        kind: 'pair',
        left: `Incl. tax ${percent(t.rate)} on ${m(t.base)}`,
        right: m(t.tax),
        small: true,
      });
    }
  }
  rows.push(
    { kind: 'pair', left: 'Net', right: m(r.net), small: true },
    { kind: 'pair', left: 'Service charge (net)', right: m(r.service), small: true },
  );
  // Each rate's tax is listed above (added, or included); a total only adds something when
  // there are several rates. Listing it again for one rate printed the same tax twice.
  if (r.taxes.length > 1)
    rows.push({ kind: 'pair', left: 'Tax total', right: m(r.tax), small: true });
  else if (r.taxes.length === 0 && r.tax !== 0)
    rows.push({ kind: 'pair', left: 'Tax', right: m(r.tax), small: true });
  if (r.servedBy) rows.push({ kind: 'gap' }, { kind: 'center', text: `Served by ${r.servedBy}` });
  rows.push({ kind: 'gap' }, { kind: 'center', text: 'Thank you!' });
  return rows;
}

/**
 * A till-roll receipt (80 mm wide, as long as it needs): restaurant, receipt number, table, time,
 * the lines, the service charge and tax as the bill charged them, the total, the tip, what was
 * paid and how. Drawn with the embedded DejaVu Sans, so any menu item's name prints.
 */
export async function renderReceiptPdf({ receipt: r, copy }: ReceiptPdfJob): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${r.restaurantName} receipt ${r.number}`);
  const { regular, bold, printable } = await embedUnicodeFonts(pdf);
  const rows = receiptRows({ receipt: r, copy });

  const width = 226.77; // 80 mm
  const margin = 12;
  const heightOf = (row: ReceiptRow) =>
    row.kind === 'title' ? 20 : row.kind === 'rule' ? 8 : row.kind === 'gap' ? 6 : 12;
  const height = rows.reduce((h, row) => h + heightOf(row), 0) + 2 * margin + 10;
  const page = pdf.addPage([width, height]);
  let y = height - margin - 12;

  /** Cuts text to fit `max` points, with an ellipsis. */
  const fit = (text: string, size: number, font = regular, max = width - 2 * margin) => {
    let t = printable(text);
    if (font.widthOfTextAtSize(t, size) <= max) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > max) t = t.slice(0, -1);
    return `${t}…`;
  };
  const center = (text: string, size: number, font = regular) => {
    const t = fit(text, size, font);
    page.drawText(t, { x: (width - font.widthOfTextAtSize(t, size)) / 2, y, size, font });
  };

  for (const row of rows) {
    if (row.kind === 'title') center(row.text ?? '', 13, bold);
    else if (row.kind === 'center') center(row.text ?? '', 8);
    else if (row.kind === 'rule') {
      page.drawLine({
        start: { x: margin, y: y + 6 },
        end: { x: width - margin, y: y + 6 },
        thickness: 0.5,
        color: rgb(0.4, 0.4, 0.4),
      });
    } else if (row.kind === 'pair') {
      const size = row.small ? 7 : 8;
      const font = row.strong ? bold : regular;
      const right = printable(row.right);
      const rightWidth = font.widthOfTextAtSize(right, size);
      page.drawText(fit(row.left, size, font, width - 2 * margin - rightWidth - 6), {
        x: margin,
        y,
        size,
        font,
      });
      page.drawText(right, { x: width - margin - rightWidth, y, size, font });
    }
    y -= heightOf(row);
  }
  return pdf.save();
}
