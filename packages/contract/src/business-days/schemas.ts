import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { multiLine } from '../common/text.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';

/**
 * End of day (issue 16, item 3). A business day is the restaurant's local calendar day, in its
 * own time zone (the same "today" as every screen). A manager closes it: its Z report is kept as
 * it was then, and the day is locked (a payment, a void or an order dated in it is refused) until
 * a manager reopens it with a reason.
 *
 * What a day's Z report counts (the bills settled that day, as POS Z reports do; a bill still
 * open at the close is listed apart and counts on the day it is settled):
 * - orders: every order on the bills settled that day (paid, or closed with everything voided),
 *   as they were placed, at their frozen tax and service charge;
 * - voids: what managers took off them (whole orders and lines);
 * - bills: what the tables were charged, orders − voids;
 * - payments: the payments recorded that day, by method, with their tips: bills + tips = payments.
 * Every part (net, service charge, tax, total) is a sum of lines rounded by the one bill rule, so
 * the identities hold to the cent.
 */
export const BUSINESS_DAY_STATUSES = ['open', 'closed'] as const;

export type BusinessDayStatus = (typeof BUSINESS_DAY_STATUSES)[number];

export const REOPEN_REASON_MAX = 500;

/** What a closed day's lock says when a change dated in it is refused (409). */
export const dayClosedRefusal = (date: string) =>
  `The business day ${date} is closed. A manager can reopen it with a reason.`;

export const DAY_REFUSALS = {
  alreadyClosed: (date: string) => `The business day ${date} is already closed`,
  notClosed: (date: string) => `The business day ${date} is not closed`,
  notBegun: (date: string) => `The business day ${date} has not begun yet`,
  reasonRequired: 'Give a reason for reopening the day',
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

export const zReportOpenBillSchema = z.object({
  tableNumber: z.number().int(),
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
  bills: dayPartsSchema.extend({ count: z.number().int() }),
  payments: z.object({
    count: z.number().int(),
    amount: z.number(),
    tips: z.number(),
    total: z.number(),
    byMethod: z.array(zReportPaymentMethodSchema),
  }),
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
    bills: z.number(),
    /** bills + tips */
    billsPlusTips: z.number(),
    payments: z.number(),
    /** orders − voids = bills and bills + tips = payments, to the cent. */
    balanced: z.boolean(),
  }),
});

export type ZReportFigures = z.infer<typeof zReportFiguresSchema>;

/** GET /api/business-days/report: a day's Z report (kept as closed, or live while open). */
export const zReportSchema = zReportFiguresSchema.extend({
  date: z.string(),
  restaurantName: z.string(),
  timezone: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(BUSINESS_DAY_STATUSES),
  /** Today in the restaurant's zone, so a screen can tell today from another day. */
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
