import { PRE_MODIFIERS } from '../menu/options.js';
import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { staffPerformanceSchema } from './performance.js';
import { reportRangeQuerySchema, reportRangeSchema } from './period.js';
import { reportTitlesEn } from '../i18n/catalogs/reports-en.js';

/**
 * The reports a manager reads on screen, downloads (CSV, PDF) and has emailed,
 * each over a period of local dates (period.ts). Amounts are in the restaurant's currency,
 * in units (12.5 for 12.50). What each counts:
 *
 * - sales: the orders placed in the period, voids excluded (a voided order counts nothing, a
 *   voided line leaves its order), with their parts by the contract's bill rule as frozen on each
 *   order (dining-sessions/charges.ts): net + service + tax = total, what the tables were charged;
 *   `menu` is the same orders at menu prices. Voids are those made in the period; payments those
 *   received in it (tips apart).
 * - items: the same orders' lines by item and by category: quantity sold and each line's parts
 *   (the rule rounds per line, so items add up to the sales summary to the cent).
 * - staff: staff performance (performance.ts) over the period.
 * - tables: the sittings (dining sessions) opened in the period with at least one order still
 *   counted, per table: guests, average minutes seated (sittings that ended), what they were
 *   charged; turnover is sittings per table per day.
 * - payments: the payments received in the period by method: the bills they settled, the tips,
 *   and amount + tips, what was taken in; and beside them the refunds given back in the period
 *   (dated on the day they were given, whichever day their payment was taken).
 * - tax: the sales summary's orders by the tax rate, service charge and pricing they were placed
 *   with: the sums of the orders' own tax and service columns.
 * - voids: every void made in the period (a whole order, or part of a line), at menu prices, with
 *   who made it and why (the audit log's record).
 */
export const REPORT_KINDS = [
  'sales',
  'items',
  'staff',
  'tables',
  'payments',
  'tax',
  'voids',
] as const;

export type ReportKind = (typeof REPORT_KINDS)[number];

/** Each report's title in English, as screens, files and emails name it (the report catalog's). */
export const REPORT_TITLES: Record<ReportKind, string> = reportTitlesEn;

export const REPORT_FORMATS = ['csv', 'pdf'] as const;

export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** GET /api/reports/{kind}: the period, and json (default), csv or pdf. */
export const reportQuerySchema = reportRangeQuerySchema.extend({
  format: z.enum(['json', ...REPORT_FORMATS]).default('json'),
});

export type ReportQuery = z.input<typeof reportQuerySchema>;

/** Net + service + tax = total. */
export const reportPartsSchema = z.object({
  net: z.number(),
  service: z.number(),
  tax: z.number(),
  total: z.number(),
});

export type ReportParts = z.infer<typeof reportPartsSchema>;

export const salesReportSchema = z.object({
  range: reportRangeSchema,
  orders: z.number().int(),
  itemsSold: z.number().int(),
  /** The orders at menu prices. */
  menu: z.number(),
  parts: reportPartsSchema,
  /** parts.total / orders (0 with no order). */
  averageOrder: z.number(),
  voids: z.object({
    orderVoids: z.number().int(),
    lineVoids: z.number().int(),
    amount: z.number(),
  }),
  payments: z.object({ count: z.number().int(), amount: z.number(), tips: z.number() }),
  /** Every date of the period, in order (days with nothing show 0). */
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), total: z.number() })),
  /** The 24 local hours (summed over the period's days). */
  hours: z.array(z.object({ hour: z.number().int(), orders: z.number().int(), total: z.number() })),
});

export type SalesReport = z.infer<typeof salesReportSchema>;

const soldSchema = reportPartsSchema.extend({ quantity: z.number().int() });

export const itemsReportSchema = z.object({
  range: reportRangeSchema,
  /** Best selling first (by total, then name). */
  items: z.array(soldSchema.extend({ name: z.string(), category: z.string() })),
  categories: z.array(soldSchema.extend({ category: z.string() })),
  totals: soldSchema,
  /**
   * Sales by option (the server always sends it): how many times each option was chosen on
   * billed items (a pick of 2 on a line of 3 counts 6) and what it added at menu prices, in the
   * restaurant's currency; most chosen first.
   */
  options: z
    .array(
      z.object({
        group: z.string(),
        option: z.string(),
        preModifier: z.enum(PRE_MODIFIERS).nullable(),
        quantity: z.number().int(),
        amount: z.number(),
      }),
    )
    .optional(),
});

export type ItemsReport = z.infer<typeof itemsReportSchema>;

export const staffReportSchema = staffPerformanceSchema
  .pick({ waiters: true, stations: true, voids: true })
  .extend({ range: reportRangeSchema });

export type StaffReport = z.infer<typeof staffReportSchema>;

export const tablesReportSchema = z.object({
  range: reportRangeSchema,
  tables: z.array(
    z.object({
      tableNumber: z.number().int(),
      sittings: z.number().int(),
      guests: z.number().int(),
      /** Of the sittings that ended; null when none has. */
      averageMinutes: z.number().nullable(),
      total: z.number(),
    }),
  ),
  totals: z.object({
    /** The restaurant's tables now. */
    tables: z.number().int(),
    sittings: z.number().int(),
    guests: z.number().int(),
    averageMinutes: z.number().nullable(),
    total: z.number(),
    /** Sittings per table per day of the period, to two decimals. */
    turnover: z.number(),
  }),
});

export type TablesReport = z.infer<typeof tablesReportSchema>;

const takingsSchema = z.object({
  count: z.number().int(),
  /** The bills settled. */
  amount: z.number(),
  tips: z.number(),
  /** amount + tips. */
  total: z.number(),
});

/**
 * Money given back in the period (positive amounts), whichever day its payment was taken: a
 * refund is dated on its own day. Absent when nothing was refunded.
 */
const refundsSchema = z
  .object({ count: z.number().int(), amount: z.number(), tips: z.number(), total: z.number() })
  .optional();

export const paymentsReportSchema = z.object({
  range: reportRangeSchema,
  /** Every method, in PAYMENT_METHODS order. */
  methods: z.array(
    takingsSchema.extend({ method: z.enum(PAYMENT_METHODS), refunds: refundsSchema }),
  ),
  totals: takingsSchema.extend({ refunds: refundsSchema }),
});

export type PaymentsReport = z.infer<typeof paymentsReportSchema>;

export const taxReportSchema = z.object({
  range: reportRangeSchema,
  /** By rate, highest tax rate first. */
  rates: z.array(
    reportPartsSchema.extend({
      /** Percent (8.5). */
      taxRate: z.number(),
      serviceCharge: z.number(),
      pricesIncludeTax: z.boolean(),
      orders: z.number().int(),
    }),
  ),
  totals: reportPartsSchema.extend({ orders: z.number().int() }),
});

export type TaxReport = z.infer<typeof taxReportSchema>;

export const voidsReportSchema = z.object({
  range: reportRangeSchema,
  /** Newest first. */
  voids: z.array(
    z.object({
      time: z.string(),
      orderNumber: z.number().int().nullable(),
      tableNumber: z.number().int().nullable(),
      /** The whole order, or part of it. */
      whole: z.boolean(),
      /** What was taken off, e.g. "2× Espresso". */
      items: z.string(),
      amount: z.number(),
      by: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  totals: z.object({
    orderVoids: z.number().int(),
    lineVoids: z.number().int(),
    amount: z.number(),
  }),
});

export type VoidsReport = z.infer<typeof voidsReportSchema>;

export const REPORT_SCHEMAS = {
  sales: salesReportSchema,
  items: itemsReportSchema,
  staff: staffReportSchema,
  tables: tablesReportSchema,
  payments: paymentsReportSchema,
  tax: taxReportSchema,
  voids: voidsReportSchema,
} as const satisfies Record<ReportKind, z.ZodType>;

export interface ReportData {
  sales: SalesReport;
  items: ItemsReport;
  staff: StaffReport;
  tables: TablesReport;
  payments: PaymentsReport;
  tax: TaxReport;
  voids: VoidsReport;
}

export const salesReportResponseSchema = successResponseSchema(salesReportSchema);
export const itemsReportResponseSchema = successResponseSchema(itemsReportSchema);
export const staffReportResponseSchema = successResponseSchema(staffReportSchema);
export const tablesReportResponseSchema = successResponseSchema(tablesReportSchema);
export const paymentsReportResponseSchema = successResponseSchema(paymentsReportSchema);
export const taxReportResponseSchema = successResponseSchema(taxReportSchema);
export const voidsReportResponseSchema = successResponseSchema(voidsReportSchema);

export const REPORT_RESPONSE_SCHEMAS = {
  sales: salesReportResponseSchema,
  items: itemsReportResponseSchema,
  staff: staffReportResponseSchema,
  tables: tablesReportResponseSchema,
  payments: paymentsReportResponseSchema,
  tax: taxReportResponseSchema,
  voids: voidsReportResponseSchema,
} as const satisfies Record<ReportKind, z.ZodType>;

/** The file a report downloads as: `sales-2026-03-01.csv`, `tax-2026-03-01_2026-03-31.pdf`. */
export function reportFileName(
  kind: ReportKind,
  range: { from: string; to: string },
  format: ReportFormat,
): string {
  const dates = range.from === range.to ? range.from : `${range.from}_${range.to}`;
  return `${kind}-${dates}.${format}`;
}
