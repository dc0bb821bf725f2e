import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { billPartsSchema } from '../dining-sessions/schemas.js';
import { ORDER_TYPES } from '../orders/order-types.js';
import { ORDER_STATUSES } from '../orders/status.js';

/**
 * The most orders one order-history PDF holds (about 85 pages); a longer period is exported as
 * CSV, or in parts.
 */
export const HISTORY_PDF_MAX_ROWS = 5_000;

/** The most orders one order-history CSV holds; above it, a shorter period. */
export const HISTORY_CSV_MAX_ROWS = 100_000;

export const orderHistoryQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});

/** One order of the history, in the restaurant's currency (voided quantities left out). */
export const historyRowSchema = z.object({
  orderNumber: z.number().int(),
  /** Null for a tab's order (a bill without a table). */
  tableNumber: z.number().int().nullable(),
  orderType: z.enum(ORDER_TYPES).optional(),
  /** The tab's name; null at a table. */
  tabName: z.string().nullable().optional(),
  /** What was sold, e.g. "2× Espresso, 1× Tiramisu". */
  items: z.string(),
  /** The order's share of its bill by the contract's rule: net + service + tax = total. */
  net: z.number(),
  service: z.number(),
  tax: z.number(),
  total: z.number(),
  waiter: z.string().nullable(),
  time: z.string(),
  status: z.enum(ORDER_STATUSES),
});

export type HistoryRow = z.infer<typeof historyRowSchema>;

/** GET /api/orders/history (format=json): one page of orders, newest first. */
export const historyPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The restaurant's timezone: times are shown as the restaurant lives them. */
  timezone: z.string(),
  rows: z.array(historyRowSchema),
});

export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyPageResponseSchema = successResponseSchema(historyPageSchema);

/**
 * GET /api/reports/overview: the manager's cards for today, the restaurant's local calendar day.
 * The two measures are the waiter's floor's too.
 */
export const overviewSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Ordered today: the orders placed today, voids excluded. The card "Today's Revenue". */
  todaysRevenue: z.number(),
  /** Paid today: the payments received today. */
  paidToday: z.number(),
  /** Orders placed today, voided ones left out. */
  ordersToday: z.number().int(),
  activeStaff: z.number().int(),
  /** Percent of tables with an open dining session. */
  tableUtilization: z.number(),
  tablesOccupied: z.number().int(),
  tablesTotal: z.number().int(),
});

export type Overview = z.infer<typeof overviewSchema>;

export const overviewResponseSchema = successResponseSchema(overviewSchema);

const bestSellerSchema = z.object({ name: z.string(), quantity: z.number(), revenue: z.number() });

/** GET /api/reports/analytics: revenue windows, order statistics and best sellers. */
export const analyticsSchema = z.object({
  currency: z.enum(CURRENCIES),
  timezone: z.string(),
  /**
   * Ordered (orders placed, voids excluded) today, this week and this month, local time: gross,
   * what the bills charge for them with tax and service charge.
   */
  revenue: z.object({ today: z.number(), week: z.number(), month: z.number() }),
  /** The same windows split into net, service charge and tax (their total is `revenue`). */
  revenueParts: z.object({
    today: billPartsSchema,
    week: billPartsSchema,
    month: billPartsSchema,
  }),
  orders: z.object({
    count: z.number().int(),
    averageValue: z.number(),
    averageMinutesToReady: z.number().nullable(),
  }),
  bestSellersByQuantity: z.array(bestSellerSchema),
  bestSellersByRevenue: z.array(bestSellerSchema),
  revenueByHour: z.array(z.object({ hour: z.number().int(), revenue: z.number() })),
  revenueByDay: z.array(
    z.object({ day: z.string(), revenue: z.number(), orders: z.number().int() }),
  ),
});

export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsResponseSchema = successResponseSchema(analyticsSchema);
