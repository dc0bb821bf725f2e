import { historyLabel as h } from '@tavola/contract';
import { A4, addPage, createPdf, pdfBytes, textAt } from '../../core/pdf/document.js';

/** One order of the history as exported (CSV, PDF). */
export interface HistoryRow {
  orderNumber: number;
  /** Null for a tab's order. */
  tableNumber: number | null;
  orderType: 'dine_in' | 'bar_tab' | 'counter' | 'takeaway';
  tabName: string | null;
  /**
   * What the Table column shows for a tab ("Takeaway · Ben"), named on the main thread
   * (`placeCell`): the PDF's worker thread loads pdf-lib alone, not the contract.
   */
  place?: string;
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
export function renderHistoryPdf(
  rows: HistoryRow[],
  r: HistoryTenant,
  range: string,
): Promise<Uint8Array> {
  const pdf = createPdf({ title: h('PDF_TITLE', { restaurant: r.name }) });
  const columns = [
    { title: h('ORDER_NUMBER'), x: 40 },
    { title: h('TABLE'), x: 80 },
    { title: h('ITEMS'), x: 110 },
    { title: h('NET'), x: 262 },
    { title: h('SERVICE'), x: 304 },
    { title: h('TAX'), x: 346 },
    { title: h('TOTAL'), x: 388 },
    { title: h('WAITER'), x: 436 },
    { title: h('TIME'), x: 500 },
  ];
  // Helvetica (a PDF's standard font, not embedded: quick for thousands of rows) speaks WinAnsi
  // only; anything else is shown as '?'.
  const safe = (s: string, max: number) => {
    const text = s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, (c) => (c === '×' ? 'x' : '?'));
    return text.length > max ? `${text.slice(0, max - 1)}…`.replace('…', '.') : text;
  };
  const top = A4[1] - 800;
  const bottom = A4[1] - 50;
  // The baseline of the line being drawn, from the top of the page.
  let y = top;
  const header = () => {
    textAt(pdf, safe(h('HEADING', { restaurant: r.name, range }), 80), 40, y, {
      font: 'Helvetica-Bold',
      size: 14,
    });
    y += 24;
    for (const c of columns) textAt(pdf, c.title, c.x, y, { font: 'Helvetica-Bold', size: 9 });
    y += 14;
  };
  addPage(pdf);
  header();
  for (const row of rows) {
    if (y > bottom) {
      addPage(pdf);
      y = top;
      header();
    }
    const values = [
      String(row.orderNumber),
      safe(row.place ?? String(row.tableNumber ?? ''), 14),
      safe(row.items, 34),
      row.net.toFixed(2),
      row.service.toFixed(2),
      row.tax.toFixed(2),
      row.total.toFixed(2),
      safe(row.waiter ?? '', 14),
      localTime(row.time, r.timezone).slice(5),
    ];
    values.forEach((v, i) => textAt(pdf, v, columns[i]!.x, y, { font: 'Helvetica', size: 8 }));
    y += 12;
  }
  if (rows.length === 0) {
    textAt(pdf, h('EMPTY'), 40, y, { font: 'Helvetica', size: 10 });
  }
  return pdfBytes(pdf);
}
