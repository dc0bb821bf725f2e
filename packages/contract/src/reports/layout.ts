import { mailsEn } from '../i18n/catalogs/mail-en.js';
import { formatMessage } from '../i18n/message-format.js';
import { STATION_LABELS } from '../menu/categories.js';
import {
  REPORT_TITLES,
  type ReportData,
  type ReportKind,
  type ReportParts,
} from './period-reports.js';
import type { ReportRange } from './period.js';

/**
 * A report laid out once for everything it becomes: the screen, the CSV, the PDF and the email's
 * text: a title block, the headline figures, charts and tables. Plain
 * data (strings), so the server's PDF worker can draw it and the web can show it as it is.
 */
export interface ReportTable {
  title: string;
  columns: string[];
  /** Which columns are figures (right-aligned in the PDF). */
  numeric: boolean[];
  rows: string[][];
  totals?: string[];
}

export interface ReportChart {
  title: string;
  /** Bars for categories and few points; a line for a long run of days. */
  kind: 'bars' | 'line';
  labels: string[];
  values: number[];
}

export interface ReportDocument {
  kind: ReportKind;
  title: string;
  restaurant: string;
  /** "2024-03-01 to 2024-03-07 (Europe/Rome)". */
  period: string;
  currency: string;
  /** Local time the figures were read. */
  generatedAt: string;
  summary: { label: string; value: string }[];
  charts: ReportChart[];
  tables: ReportTable[];
}

const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM` in a time zone. */
export function reportLocalTime(iso: string, timezone: string): string {
  let format = localTimeFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localTimeFormats.set(timezone, format);
  }
  return format.format(new Date(iso)).replace(',', '');
}

/** Amounts as spreadsheets read them: two decimals, no currency sign (the header names it). */
export const reportMoney = (n: number) => n.toFixed(2);
const count = (n: number) => String(n);
const minutes = (n: number | null) => (n === null ? '' : n.toFixed(1));

const PARTS_COLUMNS = ['Net', 'Service charge', 'Tax', 'Total'];
const partsCells = (p: ReportParts) => [
  reportMoney(p.net),
  reportMoney(p.service),
  reportMoney(p.tax),
  reportMoney(p.total),
];
const figures = (n: number, text: number) => [
  ...Array<boolean>(text).fill(false),
  ...Array<boolean>(n - text).fill(true),
];

function header(kind: ReportKind, range: ReportRange, restaurant: string) {
  const dates = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  return {
    kind,
    title: REPORT_TITLES[kind],
    restaurant,
    period: `${dates} (${range.timezone})`,
    currency: range.currency.toUpperCase(),
    generatedAt: reportLocalTime(range.generatedAt, range.timezone),
  };
}

type Layout<K extends ReportKind> = (
  data: ReportData[K],
) => Pick<ReportDocument, 'summary' | 'charts' | 'tables'>;

const LAYOUTS: { [K in ReportKind]: Layout<K> } = {
  sales: (d) => {
    const long = d.days.length > 1;
    return {
      summary: [
        { label: 'Orders', value: count(d.orders) },
        { label: 'Items sold', value: count(d.itemsSold) },
        { label: 'At menu prices', value: reportMoney(d.menu) },
        { label: 'Net', value: reportMoney(d.parts.net) },
        { label: 'Service charge', value: reportMoney(d.parts.service) },
        { label: 'Tax', value: reportMoney(d.parts.tax) },
        { label: 'Total', value: reportMoney(d.parts.total) },
        { label: 'Average order', value: reportMoney(d.averageOrder) },
        { label: 'Voided orders', value: count(d.voids.orderVoids) },
        { label: 'Voided lines', value: count(d.voids.lineVoids) },
        { label: 'Voided amount', value: reportMoney(d.voids.amount) },
        { label: 'Payments', value: count(d.payments.count) },
        { label: 'Paid', value: reportMoney(d.payments.amount) },
        { label: 'Tips', value: reportMoney(d.payments.tips) },
      ],
      charts: [
        long
          ? {
              title: 'Sales by day',
              kind: d.days.length > 31 ? 'line' : 'bars',
              labels: d.days.map((x) => x.date.slice(5)),
              values: d.days.map((x) => x.total),
            }
          : {
              title: 'Sales by hour',
              kind: 'bars',
              labels: d.hours.map((h) => String(h.hour)),
              values: d.hours.map((h) => h.total),
            },
      ],
      tables: [
        long
          ? {
              title: 'By day',
              columns: ['Date', 'Orders', 'Total'],
              numeric: figures(3, 1),
              rows: d.days.map((x) => [x.date, count(x.orders), reportMoney(x.total)]),
              totals: ['Total', count(d.orders), reportMoney(d.parts.total)],
            }
          : {
              title: 'By hour',
              columns: ['Hour', 'Orders', 'Total'],
              numeric: figures(3, 1),
              rows: d.hours
                .filter((h) => h.orders > 0)
                .map((h) => [
                  `${String(h.hour).padStart(2, '0')}:00`,
                  count(h.orders),
                  reportMoney(h.total),
                ]),
              totals: ['Total', count(d.orders), reportMoney(d.parts.total)],
            },
      ],
    };
  },
  items: (d) => ({
    summary: [
      { label: 'Items sold', value: count(d.totals.quantity) },
      { label: 'Net', value: reportMoney(d.totals.net) },
      { label: 'Tax', value: reportMoney(d.totals.tax) },
      { label: 'Total', value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: 'Best sellers by total',
        kind: 'bars',
        labels: d.items.slice(0, 10).map((i) => i.name),
        values: d.items.slice(0, 10).map((i) => i.total),
      },
    ],
    tables: [
      {
        title: 'Categories',
        columns: ['Category', 'Quantity', ...PARTS_COLUMNS],
        numeric: figures(6, 1),
        rows: d.categories.map((c) => [c.category, count(c.quantity), ...partsCells(c)]),
        totals: ['Total', count(d.totals.quantity), ...partsCells(d.totals)],
      },
      {
        title: 'Items',
        columns: ['Item', 'Category', 'Quantity', ...PARTS_COLUMNS],
        numeric: figures(7, 2),
        rows: d.items.map((i) => [i.name, i.category, count(i.quantity), ...partsCells(i)]),
        totals: ['Total', '', count(d.totals.quantity), ...partsCells(d.totals)],
      },
    ],
  }),
  staff: (d) => ({
    summary: [
      { label: 'Orders', value: count(d.waiters.reduce((s, w) => s + w.orders, 0)) },
      { label: 'Sales', value: reportMoney(d.waiters.reduce((s, w) => s + w.sales, 0)) },
      { label: 'Voids', value: count(d.voids.reduce((s, v) => s + v.orderVoids + v.lineVoids, 0)) },
    ],
    charts: [
      {
        title: 'Sales per waiter',
        kind: 'bars',
        labels: d.waiters.map((w) => w.name),
        values: d.waiters.map((w) => w.sales),
      },
    ],
    tables: [
      {
        title: 'Waiters',
        columns: ['Waiter', 'Orders', 'Served', 'Sales'],
        numeric: figures(4, 1),
        rows: d.waiters.map((w) => [
          w.name,
          count(w.orders),
          count(w.ordersServed),
          reportMoney(w.sales),
        ]),
      },
      {
        title: 'Stations',
        columns: ['Station', 'Tickets ready', 'Average minutes to ready'],
        numeric: figures(3, 1),
        rows: d.stations.map((s) => [
          STATION_LABELS[s.station],
          count(s.tickets),
          minutes(s.averageMinutesToReady),
        ]),
      },
      {
        title: 'Voids by user',
        columns: ['User', 'Orders voided', 'Lines voided', 'Amount'],
        numeric: figures(4, 1),
        rows: d.voids.map((v) => [
          v.name,
          count(v.orderVoids),
          count(v.lineVoids),
          reportMoney(v.amount),
        ]),
      },
    ],
  }),
  tables: (d) => ({
    summary: [
      { label: 'Sittings', value: count(d.totals.sittings) },
      { label: 'Guests', value: count(d.totals.guests) },
      { label: 'Average minutes seated', value: minutes(d.totals.averageMinutes) || '—' },
      { label: 'Turnover per table a day', value: d.totals.turnover.toFixed(2) },
      { label: 'Total', value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: 'Sittings per table',
        kind: 'bars',
        labels: d.tables.map((t) => String(t.tableNumber)),
        values: d.tables.map((t) => t.sittings),
      },
    ],
    tables: [
      {
        title: 'Tables',
        columns: ['Table', 'Sittings', 'Guests', 'Average minutes', 'Total'],
        numeric: figures(5, 0),
        rows: d.tables.map((t) => [
          String(t.tableNumber),
          count(t.sittings),
          count(t.guests),
          minutes(t.averageMinutes),
          reportMoney(t.total),
        ]),
        totals: [
          'Total',
          count(d.totals.sittings),
          count(d.totals.guests),
          minutes(d.totals.averageMinutes),
          reportMoney(d.totals.total),
        ],
      },
    ],
  }),
  payments: (d) => ({
    summary: [
      { label: 'Payments', value: count(d.totals.count) },
      { label: 'Bills settled', value: reportMoney(d.totals.amount) },
      { label: 'Tips', value: reportMoney(d.totals.tips) },
      { label: 'Taken in', value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: 'Taken in by method',
        kind: 'bars',
        labels: d.methods.map((m) => (m.method === 'card' ? 'Card' : 'Cash')),
        values: d.methods.map((m) => m.total),
      },
    ],
    tables: [
      {
        title: 'By method',
        columns: ['Method', 'Payments', 'Bills settled', 'Tips', 'Taken in'],
        numeric: figures(5, 1),
        rows: d.methods.map((m) => [
          m.method === 'card' ? 'Card' : 'Cash',
          count(m.count),
          reportMoney(m.amount),
          reportMoney(m.tips),
          reportMoney(m.total),
        ]),
        totals: [
          'Total',
          count(d.totals.count),
          reportMoney(d.totals.amount),
          reportMoney(d.totals.tips),
          reportMoney(d.totals.total),
        ],
      },
    ],
  }),
  tax: (d) => ({
    summary: [
      { label: 'Orders', value: count(d.totals.orders) },
      { label: 'Net', value: reportMoney(d.totals.net) },
      { label: 'Service charge', value: reportMoney(d.totals.service) },
      { label: 'Tax', value: reportMoney(d.totals.tax) },
      { label: 'Total', value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: 'Tax by rate',
        kind: 'bars',
        labels: d.rates.map((r) => `${r.taxRate}%`),
        values: d.rates.map((r) => r.tax),
      },
    ],
    tables: [
      {
        title: 'By rate',
        columns: ['Tax rate', 'Service charge rate', 'Prices', 'Orders', ...PARTS_COLUMNS],
        numeric: figures(8, 3),
        rows: d.rates.map((r) => [
          `${r.taxRate}%`,
          `${r.serviceCharge}%`,
          r.pricesIncludeTax ? 'include tax' : 'exclude tax',
          count(r.orders),
          ...partsCells(r),
        ]),
        totals: ['Total', '', '', count(d.totals.orders), ...partsCells(d.totals)],
      },
    ],
  }),
  voids: (d) => ({
    summary: [
      { label: 'Orders voided', value: count(d.totals.orderVoids) },
      { label: 'Lines voided', value: count(d.totals.lineVoids) },
      { label: 'Amount', value: reportMoney(d.totals.amount) },
    ],
    charts: [],
    tables: [
      {
        title: 'Voids',
        columns: ['Time', 'Order #', 'Table', 'What', 'Items', 'Amount', 'By', 'Reason'],
        numeric: [false, true, true, false, false, true, false, false],
        rows: d.voids.map((v) => [
          reportLocalTime(v.time, d.range.timezone),
          v.orderNumber === null ? '' : String(v.orderNumber),
          v.tableNumber === null ? '' : String(v.tableNumber),
          v.whole ? 'Order' : 'Line',
          v.items,
          reportMoney(v.amount),
          v.by ?? '',
          v.reason,
        ]),
        totals: ['Total', '', '', '', '', reportMoney(d.totals.amount), '', ''],
      },
    ],
  }),
};

export function reportDocument<K extends ReportKind>(
  kind: K,
  data: ReportData[K],
  restaurant: string,
): ReportDocument {
  return { ...header(kind, data.range, restaurant), ...LAYOUTS[kind](data) };
}

/** The email's text: the title block and the headline figures. */
export function reportText(doc: ReportDocument): string {
  return [
    formatMessage(mailsEn.REPORT_HEADER, {
      title: doc.title,
      restaurant: doc.restaurant,
      period: doc.period,
      currency: doc.currency,
    }),
    '',
    ...doc.summary.map((s) => `${s.label}: ${s.value}`),
    '',
    formatMessage(mailsEn.REPORT_GENERATED, { at: doc.generatedAt }),
  ].join('\n');
}
