import { z } from 'zod';
import { ORDER_TYPES } from '../orders/order-types.js';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { multiLine } from '../common/text.js';
import { refusalText } from '../i18n/messages.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';

/**
 * End of day. A business day is a date of the restaurant's, and it is not the calendar date: it
 * runs from the restaurant's closing time (`dayClosesAt`, midnight by default; 04:00 for a bar
 * open past midnight) on that local date to the closing time on the next, in the restaurant's own
 * time zone. A manager closes it: its Z report is kept as it was then, and the next business day
 * begins at once (before its closing time if the close comes early). Every change (an order, a
 * payment, a void) is dated in the business day open when it happens, and keeps that date: so
 * nothing is ever refused for the day, nothing is ever dated in a closed day, and a later change
 * of time zone or closing time never moves a change from one day to another. A manager may
 * reopen a closed day with a reason; while it is the latest day closed and open again, changes
 * are dated in it until it is closed again.
 *
 * What a day's Z report counts (the bills settled that day, as POS Z reports do; a bill still
 * open at the close is listed apart and counts on the day it is settled):
 * - orders: every order on the bills settled that day (paid, or closed with everything voided),
 *   as they were placed, at their frozen tax and service charge;
 * - voids: what managers took off them (whole orders and lines);
 * - discounts and comps: what staff took off what was left, by reason and by who gave them;
 * - bills: what the tables were charged, orders − voids − discounts;
 * - payments: the payments taken that day, by method, with their tips: bills + tips = payments;
 * - refunds: the money given back that day, whichever day its payment was taken.
 * Every part (net, service charge, tax, total) is a sum of lines rounded by the one bill rule, so
 * the identities hold to the cent.
 */
export const BUSINESS_DAY_STATUSES = ['open', 'closed'] as const;

export type BusinessDayStatus = (typeof BUSINESS_DAY_STATUSES)[number];

export const REOPEN_REASON_MAX = 500;

/** The latest a business day may end: noon (a restaurant's night ends before its next lunch). */
export const DAY_CLOSES_AT_MAX_MINUTES = 12 * 60;

/** Minutes after midnight as the settings show them: 120 is "02:00". */
export const dayClosesAtText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "02:00" as minutes after midnight (the text is checked by `dayClosesAtSchema`). */
export const dayClosesAtMinutes = (text: string) => {
  const [h, m] = text.split(':').map(Number);
  return h! * 60 + m!;
};

const DAY_CLOSES_AT_RANGE = `Business day ends at must be a time between 00:00 and ${dayClosesAtText(DAY_CLOSES_AT_MAX_MINUTES)}`;

/** The restaurant's closing time, "HH:MM" from 00:00 to 12:00. */
export const dayClosesAtSchema = z
  .string({ error: DAY_CLOSES_AT_RANGE })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DAY_CLOSES_AT_RANGE)
  .refine((v) => dayClosesAtMinutes(v) <= DAY_CLOSES_AT_MAX_MINUTES, DAY_CLOSES_AT_RANGE);

export const DAY_REFUSALS = {
  alreadyClosed: (date: string) => refusalText('DAY_CLOSED', { date }),
  notClosed: (date: string) => refusalText('DAY_NOT_CLOSED', { date }),
  notBegun: (date: string) => refusalText('DAY_NOT_BEGUN', { date }),
  reasonRequired: refusalText('DAY_REOPEN_REASON_REQUIRED'),
} as const;

const dateField = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` });

/** Net, service charge, tax and total: net + service + tax = total. */
export const dayPartsSchema = z.object({
  net: z.number(),
  service: z.number(),
  tax: z.number(),
  total: z.number(),
});

export type DayParts = z.infer<typeof dayPartsSchema>;

export const zReportPaymentMethodSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  /** The bills they settled. */
  amount: z.number(),
  tips: z.number(),
  /** amount + tips: what was taken in. */
  total: z.number(),
});

export const zReportTaxRateSchema = dayPartsSchema.extend({
  /** Percent (8.5). */
  taxRate: z.number(),
});

/** Discounts and comps by reason, or by who gave them. */
export const zReportDiscountGroupSchema = z.object({
  count: z.number().int(),
  /** What they took off the lines, at menu prices. */
  amount: z.number(),
  /** What they took off the bills (tax and service charge in). */
  total: z.number(),
});

/**
 * The day's discounts and comps: what they took off the bills settled that day, split by the one
 * bill rule (each line's parts without and with its discounts), by reason, by member of staff and
 * by tax rate.
 */
export const zReportDiscountsSchema = dayPartsSchema.extend({
  count: z.number().int(),
  /** Of `count`, the comps (lines on the house). */
  comps: z.number().int(),
  /** What they took off the lines, at menu prices. */
  amount: z.number(),
  byReason: z.array(zReportDiscountGroupSchema.extend({ reason: z.string() })),
  byUser: z.array(
    zReportDiscountGroupSchema.extend({ userId: z.string().nullable(), name: z.string() }),
  ),
  byTaxRate: z.array(dayPartsSchema.extend({ taxRate: z.number() })),
});

export type ZReportDiscounts = z.infer<typeof zReportDiscountsSchema>;

export const zReportOpenBillSchema = z.object({
  /** Null for a tab (a bill without a table). */
  tableNumber: z.number().int().nullable(),
  orderType: z.enum(ORDER_TYPES).optional(),
  /** The tab's name; null at a table. */
  tabName: z.string().nullable().optional(),
  openedAt: z.string(),
  orders: z.number().int(),
  total: z.number(),
});

/** The figures of a day: what is kept when it is closed. */
export const zReportFiguresSchema = z.object({
  orders: dayPartsSchema.extend({ count: z.number().int() }),
  voids: dayPartsSchema.extend({
    /** Orders voided whole. */
    wholeOrders: z.number().int(),
    /** Items taken off (quantities, whole orders included). */
    items: z.number().int(),
  }),
  /**
   * Discounts and comps on the day's bills: orders − voids − discounts = bills. Absent from
   * reports kept before discounts existed.
   */
  discounts: zReportDiscountsSchema.optional(),
  bills: dayPartsSchema.extend({ count: z.number().int() }),
  /**
   * The orders of the day's settled bills by order type (dine-in, bar tab, counter, takeaway),
   * voids and discounts left out: they add up to the bills. Absent from reports kept before tabs existed.
   */
  byOrderType: z
    .array(dayPartsSchema.extend({ orderType: z.enum(ORDER_TYPES), count: z.number().int() }))
    .optional(),
  payments: z.object({
    count: z.number().int(),
    amount: z.number(),
    tips: z.number(),
    total: z.number(),
    byMethod: z.array(zReportPaymentMethodSchema),
  }),
  /**
   * Money given back that day (positive amounts), from payments taken that day or any earlier
   * one: refunds are dated on the day they happen, so a closed day's figures never change. Apart
   * from the payments, so bills + tips = payments still holds for the bills settled that day.
   * Absent from reports kept before refunds existed.
   */
  refunds: z
    .object({
      count: z.number().int(),
      amount: z.number(),
      tips: z.number(),
      total: z.number(),
      byMethod: z.array(zReportPaymentMethodSchema),
      /**
       * The bill part given back (`amount`, tips apart) by tax rate, split as the sale was: each
       * refund's net, service charge and tax are its share of its bill (`refundParts`). Rates
       * with nothing given back are left out. Absent from reports kept before it was counted.
       */
      taxRates: z.array(zReportTaxRateSchema).optional(),
    })
    .optional(),
  /** Sales by tax rate (the bills' parts, by each order's frozen rate). */
  taxRates: z.array(zReportTaxRateSchema),
  /** Tavola's 1.9% of the day's payments (tips excluded), rounded once for the day. */
  transactionFee: z.object({ rate: z.number(), base: z.number(), fee: z.number() }),
  openBills: z.object({
    count: z.number().int(),
    total: z.number(),
    bills: z.array(zReportOpenBillSchema),
  }),
  reconciliation: z.object({
    /** orders − voids */
    ordersLessVoids: z.number(),
    /** The discounts and comps (absent from reports kept before they existed). */
    discounts: z.number().optional(),
    /** orders − voids − discounts */
    ordersLessVoidsAndDiscounts: z.number().optional(),
    bills: z.number(),
    /** bills + tips */
    billsPlusTips: z.number(),
    payments: z.number(),
    /** orders − voids − discounts = bills and bills + tips = payments, to the cent. */
    balanced: z.boolean(),
  }),
});

export type ZReportFigures = z.infer<typeof zReportFiguresSchema>;

/** GET /api/business-days/report: a day's Z report (kept as closed, or live while open). */
export const zReportSchema = zReportFiguresSchema.extend({
  date: z.string(),
  /** When the restaurant's business day ends ("02:00"). */
  dayClosesAt: z.string(),
  /**
   * The tables seated now (an open dining session), by number, whether or not they ordered:
   * what a close leaves open. Their later orders and payments count on the next business day.
   */
  seatedTables: z.array(z.number().int()),
  restaurantName: z.string(),
  timezone: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(BUSINESS_DAY_STATUSES),
  /** Today's business day, so a screen can tell today from another day. */
  today: z.string(),
  /** When the figures were taken: the close for a closed day, now for an open one. */
  generatedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** The last reopening, if the day was ever reopened. */
  reopenedAt: z.string().nullable(),
  reopenedBy: z.string().nullable(),
  reopenReason: z.string().nullable(),
});

export type ZReport = z.infer<typeof zReportSchema>;

export const zReportResponseSchema = successResponseSchema(zReportSchema);

export const zReportQuerySchema = z.object({
  /** The local date; today when absent. */
  date: dateField('date').optional(),
  format: z.enum(['json', 'pdf']).default('json'),
});

export const JOURNAL_FORMATS = ['hledger', 'xero', 'quickbooks'] as const;

export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

/** GET /api/business-days/journal: the day's accounting journal as a file. */
export const journalQuerySchema = z.object({
  date: dateField('date').optional(),
  format: z.enum(JOURNAL_FORMATS, { error: 'format must be hledger, xero or quickbooks' }),
});

/** POST /api/business-days/close. */
export const closeDayInputSchema = z.object({
  date: dateField('date'),
});

export type CloseDayInput = z.infer<typeof closeDayInputSchema>;

/** POST /api/business-days/reopen. */
export const reopenDayInputSchema = z.object({
  date: dateField('date'),
  reason: z
    .string({ error: DAY_REFUSALS.reasonRequired })
    .trim()
    .min(1, DAY_REFUSALS.reasonRequired)
    .max(REOPEN_REASON_MAX, `reason must be at most ${REOPEN_REASON_MAX} characters`)
    .check(multiLine('reason')),
});

export type ReopenDayInput = z.infer<typeof reopenDayInputSchema>;

/** The file names of a day's documents. */
export const DAY_FILE_NAMES = {
  pdf: (date: string) => `z-report-${date}.pdf`,
  hledger: (date: string) => `journal-${date}.journal`,
  xero: (date: string) => `xero-journal-${date}.csv`,
  quickbooks: (date: string) => `quickbooks-journal-${date}.csv`,
} as const;
