import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One order of the history as exported (CSV, PDF). */
export interface HistoryRow {
  orderNumber: number;
  tableNumber: number;
  items: string;
  /** The order's share of its bill: net + service + tax = total (the contract's rule). */
  net: number;
  service: number;
  tax: number;
  total: number;
  waiter: string | null;
  time: string;
  status: string;
}

/** What a history PDF needs of its restaurant. */
export interface HistoryTenant {
  name: string;
  timezone: string;
}

// Building an Intl formatter costs far more than formatting with one (a 26 s stall for 100,000
// CSV rows when built per row): one per timezone, kept.
const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM` in the restaurant's timezone. */
export function localTime(iso: string, tz: string): string {
  let format = localTimeFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localTimeFormats.set(tz, format);
  }
  return format.format(new Date(iso)).replace(',', '');
}

/**
 * The order-history PDF: one line per order, A4 pages with the column titles repeated. Drawing is
 * synchronous work (seconds for thousands of rows), so it runs on a worker thread
 * (history-pdf-worker.ts), never on the thread that answers requests.
 */
export async function renderHistoryPdf(
  rows: HistoryRow[],
  r: HistoryTenant,
  range: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${r.name} order history`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const columns = [
    { title: 'Order #', x: 40 },
    { title: 'Table', x: 80 },
    { title: 'Items', x: 110 },
    { title: 'Net', x: 262 },
    { title: 'Service', x: 304 },
    { title: 'Tax', x: 346 },
    { title: 'Total', x: 388 },
    { title: 'Waiter', x: 436 },
    { title: 'Time', x: 500 },
  ];
  // Helvetica in pdf-lib speaks WinAnsi only; anything else is shown as '?'.
  const safe = (s: string, max: number) => {
    const text = s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, (c) => (c === '×' ? 'x' : '?'));
    return text.length > max ? `${text.slice(0, max - 1)}…`.replace('…', '.') : text;
  };
  let page = pdf.addPage([595.28, 841.89]);
  let y = 800;
  const header = () => {
    page.drawText(safe(`${r.name}: order history ${range}`, 80), {
      x: 40,
      y,
      size: 14,
      font: bold,
    });
    y -= 24;
    for (const c of columns) page.drawText(c.title, { x: c.x, y, size: 9, font: bold });
    y -= 14;
  };
  header();
  for (const row of rows) {
    if (y < 50) {
      page = pdf.addPage([595.28, 841.89]);
      y = 800;
      header();
    }
    const values = [
      String(row.orderNumber),
      String(row.tableNumber),
      safe(row.items, 34),
      row.net.toFixed(2),
      row.service.toFixed(2),
      row.tax.toFixed(2),
      row.total.toFixed(2),
      safe(row.waiter ?? '', 14),
      localTime(row.time, r.timezone).slice(5),
    ];
    values.forEach((v, i) => page.drawText(v, { x: columns[i]!.x, y, size: 8, font }));
    y -= 12;
  }
  if (rows.length === 0) page.drawText('No orders in this period.', { x: 40, y, size: 10, font });
  return pdf.save();
}
