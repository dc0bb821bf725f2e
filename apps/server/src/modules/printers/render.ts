import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  formatMoney,
  ORDER_TYPE_LABELS,
  optionLabel,
  type PrinterCodePage,
  type PrinterCommandSet,
  type Receipt,
  type Ticket,
  type ZReport,
} from '@tavola/contract';

/**
 * What a print job prints, kept on the job (jsonb) and rendered for the printer that takes it:
 * a backup may speak another command set or code page than the main printer.
 */
export type PrintDocument =
  | {
      kind: 'ticket';
      ticket: Ticket;
      stationName: string;
      timezone: string;
      reprint: boolean;
    }
  | { kind: 'receipt'; receipt: Receipt; copy: boolean }
  | { kind: 'z_report'; report: ZReport }
  | { kind: 'test'; printerName: string; restaurantName: string; at: string; timezone: string };

/** How one printer wants its bytes. */
export interface PrinterFormat {
  commandSet: PrinterCommandSet;
  codePage: PrinterCodePage;
  columns: number;
}

function encoderFor(format: PrinterFormat): ReceiptPrinterEncoder {
  const encoder = new ReceiptPrinterEncoder({
    language: format.commandSet === 'star' ? 'star-line' : 'esc-pos',
    codepageMapping: format.commandSet === 'star' ? 'star' : 'epson',
    columns: format.columns,
    // A character the code page lacks prints as "?" rather than refusing the whole job.
    errors: 'relaxed',
  });
  // One fixed table: every character of the job in the code page the printer is set to.
  return encoder.initialize().codepage(format.codePage);
}

function clock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

function dateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Where the ticket goes, as the displays name it: "Table 4", "Bar tab · Anna". */
function ticketPlace(t: Ticket): string {
  if (!t.orderType || t.orderType === 'dine_in' || !t.tab) return `Table ${t.tableNumber ?? '?'}`;
  return `${ORDER_TYPE_LABELS[t.orderType]} · ${t.tab.name}`;
}

/** Two columns on one line: the left text cut to fit, the right kept whole. */
function twoColumns(left: string, right: string, columns: number): string {
  const room = Math.max(1, columns - right.length - 1);
  const cut = left.length > room ? left.slice(0, room) : left;
  return `${cut}${' '.repeat(columns - cut.length - right.length)}${right}`;
}

/**
 * A station's ticket: order number, place, order type and time large at the top, each line
 * with its quantity; options under it emphasised, removals ("NO Onion"), notes and the allergy
 * note LARGE, then a cut.
 */
function renderTicket(
  e: ReceiptPrinterEncoder,
  doc: Extract<PrintDocument, { kind: 'ticket' }>,
  columns: number,
): void {
  const t = doc.ticket;
  e.align('center').bold(true).line(doc.stationName.toUpperCase()).bold(false);
  if (doc.reprint) e.invert(true).line(' REPRINT ').invert(false);
  e.size(2, 2).bold(true).line(`#${t.orderNumber}`).line(ticketPlace(t)).size(1, 1).bold(false);
  const type = ORDER_TYPE_LABELS[t.orderType ?? 'dine_in'];
  e.line(`${type} · ${clock(t.orderTime, doc.timezone)}`);
  if (t.tab?.pickupAt)
    e.bold(true)
      .line(`Pickup ${clock(t.tab.pickupAt, doc.timezone)}`)
      .bold(false);
  if (t.waiter) e.line(t.waiter);
  if (t.priority !== 'normal') e.bold(true).line(t.priority.toUpperCase()).bold(false);
  e.align('left').rule();
  for (const item of t.items) {
    e.size(1, 2)
      .bold(true)
      .line(`${item.quantity} x ${item.itemName ?? item.name}`)
      .bold(false);
    for (const o of item.options ?? []) {
      if (o.preModifier === 'no') {
        // A removal is what a cook must not miss: double width and height, bold.
        e.size(2, 2)
          .bold(true)
          .line(`  ${optionLabel(o)}`)
          .bold(false)
          .size(1, 2);
      } else {
        e.bold(true)
          .line(`  + ${optionLabel(o)}`)
          .bold(false);
      }
    }
    if (item.notes) e.size(2, 2).bold(true).line(`  ! ${item.notes}`).bold(false);
    e.size(1, 1);
  }
  e.rule();
  if (t.allergyNote) {
    e.size(2, 2).bold(true).invert(true).line(`ALLERGY: ${t.allergyNote}`).invert(false);
    e.bold(false).size(1, 1).rule();
  }
  e.line(twoColumns(`Order #${t.orderNumber}`, dateTime(t.orderTime, doc.timezone), columns));
}

function renderReceipt(
  e: ReceiptPrinterEncoder,
  doc: Extract<PrintDocument, { kind: 'receipt' }>,
  columns: number,
): void {
  const r = doc.receipt;
  const money = (amount: number) => formatMoney(amount, r.currency);
  e.align('center').size(2, 2).bold(true).line(r.restaurantName).size(1, 1).bold(false);
  if (doc.copy) e.bold(true).line('COPY').bold(false);
  e.line(`Receipt #${r.number}`);
  e.line(dateTime(r.issuedAt, r.timezone));
  const place =
    r.tableNumber !== null
      ? `Table ${r.tableNumber}`
      : `${ORDER_TYPE_LABELS[r.orderType ?? 'dine_in']}${r.tabName ? ` · ${r.tabName}` : ''}`;
  e.line(`${place} · Orders ${r.orderNumbers.map((n) => `#${n}`).join(', ')}`);
  e.align('left').rule();
  for (const line of r.lines) {
    e.line(twoColumns(`${line.quantity} x ${line.name}`, money(line.lineTotal), columns));
  }
  e.rule();
  e.line(twoColumns('Items', money(r.itemsTotal), columns));
  for (const d of r.discounts ?? []) e.line(twoColumns(d.label, `-${money(d.amount)}`, columns));
  if (r.serviceAdded) e.line(twoColumns('Service', money(r.serviceAdded), columns));
  for (const tax of r.taxes) {
    const label = r.pricesIncludeTax ? `incl. tax ${tax.rate}%` : `Tax ${tax.rate}%`;
    e.line(twoColumns(label, money(tax.tax), columns));
  }
  e.size(1, 2)
    .bold(true)
    .line(twoColumns('TOTAL', money(r.total), columns))
    .bold(false)
    .size(1, 1);
  if (r.tip) e.line(twoColumns('Tip', money(r.tip), columns));
  e.line(twoColumns(`Paid (${r.method})`, money(r.paid), columns));
  if (r.servedBy) e.line(`Served by ${r.servedBy}`);
  e.align('center').newline();
  e.qrcode(`tavola:receipt:${r.number}:${r.sessionId}`, { model: 2, size: 6, errorlevel: 'm' });
  e.line('Thank you!');
}

function renderZReport(
  e: ReceiptPrinterEncoder,
  doc: Extract<PrintDocument, { kind: 'z_report' }>,
  columns: number,
): void {
  const z = doc.report;
  const money = (amount: number) => formatMoney(amount, z.currency);
  const row = (label: string, amount: number) => e.line(twoColumns(label, money(amount), columns));
  e.align('center').size(2, 2).bold(true).line('Z REPORT').size(1, 1).line(z.restaurantName);
  e.bold(false).line(`${z.date} · ${z.status === 'closed' ? 'closed' : 'open'}`);
  e.line(dateTime(z.generatedAt, z.timezone)).align('left').rule();
  e.line(twoColumns('Orders', String(z.orders.count), columns));
  row('Orders total', z.orders.total);
  row('Voids', z.voids.total);
  if (z.discounts) row('Discounts', z.discounts.total);
  e.line(twoColumns('Bills', String(z.bills.count), columns));
  row('Net', z.bills.net);
  row('Service', z.bills.service);
  row('Tax', z.bills.tax);
  e.bold(true);
  row('Bills total', z.bills.total);
  e.bold(false).rule();
  for (const m of z.payments.byMethod) {
    row(`${m.method} (${m.count})`, m.total);
  }
  row('Tips', z.payments.tips);
  e.bold(true);
  row('Payments', z.payments.total);
  e.bold(false);
  if (z.refunds) row('Refunds', z.refunds.total);
  e.rule();
  for (const t of z.taxRates) row(`Tax ${t.taxRate}% on ${money(t.net)}`, t.tax);
  e.line(twoColumns('Open bills', String(z.openBills.count), columns));
  e.line(twoColumns('Balanced', z.reconciliation.balanced ? 'yes' : 'NO', columns));
}

function renderTest(e: ReceiptPrinterEncoder, doc: Extract<PrintDocument, { kind: 'test' }>) {
  e.align('center').size(2, 2).bold(true).line('TEST').size(1, 1).line(doc.printerName);
  e.bold(false).line(doc.restaurantName).line(dateTime(doc.at, doc.timezone));
  e.line('€ 12,50 · àèéìòù ÄÖÜß ñç');
  e.qrcode('tavola:test', { model: 2, size: 6, errorlevel: 'm' });
}

/** The bytes one printer is sent for a document: initialise, code page, content, feed and cut. */
export function renderDocument(doc: PrintDocument, format: PrinterFormat): Uint8Array {
  const e = encoderFor(format);
  switch (doc.kind) {
    case 'ticket':
      renderTicket(e, doc, format.columns);
      break;
    case 'receipt':
      renderReceipt(e, doc, format.columns);
      break;
    case 'z_report':
      renderZReport(e, doc, format.columns);
      break;
    case 'test':
      renderTest(e, doc);
      break;
  }
  return e.cut('partial').encode();
}

/** A document's title, as the jobs list and the alerts name it. */
export function documentTitle(doc: PrintDocument): string {
  switch (doc.kind) {
    case 'ticket':
      return `Order #${doc.ticket.orderNumber} · ${ticketPlace(doc.ticket)}`;
    case 'receipt':
      return `Receipt #${doc.receipt.number}`;
    case 'z_report':
      return `Z report ${doc.report.date}`;
    case 'test':
      return `Test page · ${doc.printerName}`;
  }
}
