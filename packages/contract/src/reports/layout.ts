import { mailsEn } from '../i18n/catalogs/mail-en.js';
import { REPORT_LABEL_CATALOGS, REPORT_TITLE_CATALOGS } from '../i18n/catalogs/reports.js';
import type { ReportLabelKey } from '../i18n/catalogs/reports-en.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.js';
import { formatMessage, type MessageParams } from '../i18n/message-format.js';
import { stationLabel } from '../menu/categories.js';
import { optionLabel } from '../orders/line-labels.js';
import { type ReportData, type ReportKind, type ReportParts } from './period-reports.js';
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

/** A report's word in the reader's language, from the report catalog by key. */
type Label = (key: ReportLabelKey, params?: MessageParams) => string;

const labelsIn =
  (locale: Locale): Label =>
  (key, params) =>
    formatMessage(REPORT_LABEL_CATALOGS[locale][key], params, locale);

const partsColumns = (l: Label) => [l('NET'), l('SERVICE_CHARGE'), l('TAX'), l('TOTAL')];
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

function header(
  kind: ReportKind,
  range: ReportRange,
  restaurant: string,
  l: Label,
  locale: Locale,
) {
  const dates =
    range.from === range.to ? range.from : l('PERIOD_RANGE', { from: range.from, to: range.to });
  return {
    kind,
    title: REPORT_TITLE_CATALOGS[locale][kind],
    restaurant,
    period: l('PERIOD', { dates, timezone: range.timezone }),
    currency: range.currency.toUpperCase(),
    generatedAt: reportLocalTime(range.generatedAt, range.timezone),
  };
}

type Layout<K extends ReportKind> = (
  data: ReportData[K],
  l: Label,
) => Pick<ReportDocument, 'summary' | 'charts' | 'tables'>;

const LAYOUTS: { [K in ReportKind]: Layout<K> } = {
  sales: (d, l) => {
    const long = d.days.length > 1;
    return {
      summary: [
        { label: l('ORDERS'), value: count(d.orders) },
        { label: l('ITEMS_SOLD'), value: count(d.itemsSold) },
        { label: l('AT_MENU_PRICES'), value: reportMoney(d.menu) },
        { label: l('NET'), value: reportMoney(d.parts.net) },
        { label: l('SERVICE_CHARGE'), value: reportMoney(d.parts.service) },
        { label: l('TAX'), value: reportMoney(d.parts.tax) },
        { label: l('TOTAL'), value: reportMoney(d.parts.total) },
        { label: l('AVERAGE_ORDER'), value: reportMoney(d.averageOrder) },
        { label: l('VOIDED_ORDERS'), value: count(d.voids.orderVoids) },
        { label: l('VOIDED_LINES'), value: count(d.voids.lineVoids) },
        { label: l('VOIDED_AMOUNT'), value: reportMoney(d.voids.amount) },
        { label: l('PAYMENTS'), value: count(d.payments.count) },
        { label: l('PAID'), value: reportMoney(d.payments.amount) },
        { label: l('TIPS'), value: reportMoney(d.payments.tips) },
      ],
      charts: [
        long
          ? {
              title: l('SALES_BY_DAY'),
              kind: d.days.length > 31 ? 'line' : 'bars',
              labels: d.days.map((x) => x.date.slice(5)),
              values: d.days.map((x) => x.total),
            }
          : {
              title: l('SALES_BY_HOUR'),
              kind: 'bars',
              labels: d.hours.map((h) => String(h.hour)),
              values: d.hours.map((h) => h.total),
            },
      ],
      tables: [
        long
          ? {
              title: l('BY_DAY'),
              columns: [l('DATE'), l('ORDERS'), l('TOTAL')],
              numeric: figures(3, 1),
              rows: d.days.map((x) => [x.date, count(x.orders), reportMoney(x.total)]),
              totals: [l('TOTAL'), count(d.orders), reportMoney(d.parts.total)],
            }
          : {
              title: l('BY_HOUR'),
              columns: [l('HOUR'), l('ORDERS'), l('TOTAL')],
              numeric: figures(3, 1),
              rows: d.hours
                .filter((h) => h.orders > 0)
                .map((h) => [
                  `${String(h.hour).padStart(2, '0')}:00`,
                  count(h.orders),
                  reportMoney(h.total),
                ]),
              totals: [l('TOTAL'), count(d.orders), reportMoney(d.parts.total)],
            },
      ],
    };
  },
  items: (d, l) => ({
    summary: [
      { label: l('ITEMS_SOLD'), value: count(d.totals.quantity) },
      { label: l('NET'), value: reportMoney(d.totals.net) },
      { label: l('TAX'), value: reportMoney(d.totals.tax) },
      { label: l('TOTAL'), value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: l('BEST_SELLERS_BY_TOTAL'),
        kind: 'bars',
        labels: d.items.slice(0, 10).map((i) => i.name),
        values: d.items.slice(0, 10).map((i) => i.total),
      },
    ],
    tables: [
      {
        title: l('CATEGORIES'),
        columns: [l('CATEGORY'), l('QUANTITY'), ...partsColumns(l)],
        numeric: figures(6, 1),
        rows: d.categories.map((c) => [c.category, count(c.quantity), ...partsCells(c)]),
        totals: [l('TOTAL'), count(d.totals.quantity), ...partsCells(d.totals)],
      },
      {
        title: l('ITEMS'),
        columns: [l('ITEM'), l('CATEGORY'), l('QUANTITY'), ...partsColumns(l)],
        numeric: figures(7, 2),
        rows: d.items.map((i) => [i.name, i.category, count(i.quantity), ...partsCells(i)]),
        totals: [l('TOTAL'), '', count(d.totals.quantity), ...partsCells(d.totals)],
      },
      // A menu without options keeps the report it always had.
      ...(d.options?.length
        ? [
            {
              title: l('OPTIONS'),
              columns: [l('OPTION_GROUP'), l('OPTION'), l('QUANTITY'), l('AT_MENU_PRICES')],
              numeric: figures(4, 2),
              rows: d.options.map((o) => [
                o.group,
                optionLabel({ option: o.option, group: o.group, preModifier: o.preModifier }),
                count(o.quantity),
                reportMoney(o.amount),
              ]),
            },
          ]
        : []),
    ],
  }),
  staff: (d, l) => ({
    summary: [
      { label: l('ORDERS'), value: count(d.waiters.reduce((s, w) => s + w.orders, 0)) },
      { label: l('SALES'), value: reportMoney(d.waiters.reduce((s, w) => s + w.sales, 0)) },
      {
        label: l('VOIDS'),
        value: count(d.voids.reduce((s, v) => s + v.orderVoids + v.lineVoids, 0)),
      },
    ],
    charts: [
      {
        title: l('SALES_PER_WAITER'),
        kind: 'bars',
        labels: d.waiters.map((w) => w.name),
        values: d.waiters.map((w) => w.sales),
      },
    ],
    tables: [
      {
        title: l('WAITERS'),
        columns: [l('WAITER'), l('ORDERS'), l('SERVED'), l('SALES')],
        numeric: figures(4, 1),
        rows: d.waiters.map((w) => [
          w.name,
          count(w.orders),
          count(w.ordersServed),
          reportMoney(w.sales),
        ]),
      },
      {
        title: l('STATIONS'),
        columns: [l('STATION'), l('TICKETS_READY'), l('AVERAGE_MINUTES_TO_READY')],
        numeric: figures(3, 1),
        rows: d.stations.map((s) => [
          stationLabel(s.station),
          count(s.tickets),
          minutes(s.averageMinutesToReady),
        ]),
      },
      {
        title: l('VOIDS_BY_USER'),
        columns: [l('USER'), l('ORDERS_VOIDED'), l('LINES_VOIDED'), l('AMOUNT')],
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
  tables: (d, l) => ({
    summary: [
      { label: l('SITTINGS'), value: count(d.totals.sittings) },
      { label: l('GUESTS'), value: count(d.totals.guests) },
      { label: l('AVERAGE_MINUTES_SEATED'), value: minutes(d.totals.averageMinutes) || '—' },
      { label: l('TURNOVER_PER_TABLE_A_DAY'), value: d.totals.turnover.toFixed(2) },
      { label: l('TOTAL'), value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: l('SITTINGS_PER_TABLE'),
        kind: 'bars',
        labels: d.tables.map((t) => String(t.tableNumber)),
        values: d.tables.map((t) => t.sittings),
      },
    ],
    tables: [
      {
        title: l('TABLES'),
        columns: [l('TABLE'), l('SITTINGS'), l('GUESTS'), l('AVERAGE_MINUTES'), l('TOTAL')],
        numeric: figures(5, 0),
        rows: d.tables.map((t) => [
          String(t.tableNumber),
          count(t.sittings),
          count(t.guests),
          minutes(t.averageMinutes),
          reportMoney(t.total),
        ]),
        totals: [
          l('TOTAL'),
          count(d.totals.sittings),
          count(d.totals.guests),
          minutes(d.totals.averageMinutes),
          reportMoney(d.totals.total),
        ],
      },
    ],
  }),
  payments: (d, l) => ({
    summary: [
      { label: l('PAYMENTS'), value: count(d.totals.count) },
      { label: l('BILLS_SETTLED'), value: reportMoney(d.totals.amount) },
      { label: l('TIPS'), value: reportMoney(d.totals.tips) },
      { label: l('TAKEN_IN'), value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: l('TAKEN_IN_BY_METHOD'),
        kind: 'bars',
        labels: d.methods.map((m) => (m.method === 'card' ? l('CARD') : l('CASH'))),
        values: d.methods.map((m) => m.total),
      },
    ],
    tables: [
      {
        title: l('BY_METHOD'),
        columns: [l('METHOD'), l('PAYMENTS'), l('BILLS_SETTLED'), l('TIPS'), l('TAKEN_IN')],
        numeric: figures(5, 1),
        rows: d.methods.map((m) => [
          m.method === 'card' ? l('CARD') : l('CASH'),
          count(m.count),
          reportMoney(m.amount),
          reportMoney(m.tips),
          reportMoney(m.total),
        ]),
        totals: [
          l('TOTAL'),
          count(d.totals.count),
          reportMoney(d.totals.amount),
          reportMoney(d.totals.tips),
          reportMoney(d.totals.total),
        ],
      },
    ],
  }),
  tax: (d, l) => ({
    summary: [
      { label: l('ORDERS'), value: count(d.totals.orders) },
      { label: l('NET'), value: reportMoney(d.totals.net) },
      { label: l('SERVICE_CHARGE'), value: reportMoney(d.totals.service) },
      { label: l('TAX'), value: reportMoney(d.totals.tax) },
      { label: l('TOTAL'), value: reportMoney(d.totals.total) },
    ],
    charts: [
      {
        title: l('TAX_BY_RATE'),
        kind: 'bars',
        labels: d.rates.map((r) => `${r.taxRate}%`),
        values: d.rates.map((r) => r.tax),
      },
    ],
    tables: [
      {
        title: l('BY_RATE'),
        columns: [
          l('TAX_RATE'),
          l('SERVICE_CHARGE_RATE'),
          l('PRICES'),
          l('ORDERS'),
          ...partsColumns(l),
        ],
        numeric: figures(8, 3),
        rows: d.rates.map((r) => [
          `${r.taxRate}%`,
          `${r.serviceCharge}%`,
          r.pricesIncludeTax ? l('INCLUDE_TAX') : l('EXCLUDE_TAX'),
          count(r.orders),
          ...partsCells(r),
        ]),
        totals: [l('TOTAL'), '', '', count(d.totals.orders), ...partsCells(d.totals)],
      },
    ],
  }),
  voids: (d, l) => ({
    summary: [
      { label: l('ORDERS_VOIDED'), value: count(d.totals.orderVoids) },
      { label: l('LINES_VOIDED'), value: count(d.totals.lineVoids) },
      { label: l('AMOUNT'), value: reportMoney(d.totals.amount) },
    ],
    charts: [],
    tables: [
      {
        title: l('VOIDS'),
        columns: [
          l('TIME'),
          l('ORDER_NUMBER'),
          l('TABLE'),
          l('WHAT'),
          l('ITEMS'),
          l('AMOUNT'),
          l('BY'),
          l('REASON'),
        ],
        numeric: [false, true, true, false, false, true, false, false],
        rows: d.voids.map((v) => [
          reportLocalTime(v.time, d.range.timezone),
          v.orderNumber === null ? '' : String(v.orderNumber),
          v.tableNumber === null ? '' : String(v.tableNumber),
          v.whole ? l('ORDER') : l('LINE'),
          v.items,
          reportMoney(v.amount),
          v.by ?? '',
          v.reason,
        ]),
        totals: [l('TOTAL'), '', '', '', '', reportMoney(d.totals.amount), '', ''],
      },
    ],
  }),
};

export function reportDocument<K extends ReportKind>(
  kind: K,
  data: ReportData[K],
  restaurant: string,
  locale: Locale = DEFAULT_LOCALE,
): ReportDocument {
  const l = labelsIn(locale);
  return { ...header(kind, data.range, restaurant, l, locale), ...LAYOUTS[kind](data, l) };
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
