import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { PLAN_IDS, RESTAURANT_STATUSES } from './plans.js';

/**
 * Plans in use: a restaurant's plan and its changes (by the team; its admin requests upgrades),
 * the team's Subscriptions tab (plan cards and each restaurant's invoice preview) and the
 * platform's Analytics tab. Money is in euro cents (integers) throughout.
 */

/**
 * PUT /api/platform/restaurants/{id}/plan (the team: the billing path) and POST
 * /api/restaurant/plan/upgrade-request (the admin asks the team for a bigger plan).
 */
export const planChangeSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Plan must be starter, growth or enterprise' }),
});

/** The admin's upgrade request: the support ticket the team answers it on. */
export const upgradeRequestSchema = z.object({
  plan: z.enum(PLAN_IDS),
  ticketId: z.string(),
  /** An open request for this plan was already with the team (nothing new was sent). */
  alreadyRequested: z.boolean(),
});

export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;

export const upgradeRequestResponseSchema = successResponseSchema(upgradeRequestSchema);

export type PlanChangeInput = z.input<typeof planChangeSchema>;

/** A restaurant's plan, trial and what it uses of its plan now. */
export const restaurantPlanSchema = z.object({
  restaurantId: z.string(),
  name: z.string(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(RESTAURANT_STATUSES),
  /** When the free trial ends or ended (null once a paid plan is set). */
  trialEndsAt: z.string().nullable(),
  /** The trial is over and no plan is set yet: guests cannot order until one is. */
  trialEnded: z.boolean(),
  usage: z.object({
    tables: z.number().int(),
    /** Accounts counted against the staff limit (not deactivated, administrators excepted). */
    staff: z.number().int(),
    whiteLabel: z.boolean(),
    integrations: z.number().int(),
  }),
  /** The latest plan change, or null when the plan has not changed since the restaurant began. */
  planChangedAt: z.string().nullable(),
  /**
   * How many tables and staff accounts the plan allows now (null: no limit; the paid plans bill
   * extra tables). The free trial's are the team's settings.
   */
  limits: z.object({ tables: z.number().int().nullable(), staff: z.number().int().nullable() }),
});

export type RestaurantPlan = z.infer<typeof restaurantPlanSchema>;

export const restaurantPlanResponseSchema = successResponseSchema(restaurantPlanSchema);

/** One plan's stretch of the month on an invoice. */
export const invoicePlanLineSchema = z.object({
  plan: z.enum(PLAN_IDS),
  from: z.string(),
  to: z.string(),
  planCents: z.number().int(),
  extraTables: z.number().int(),
  extraTableUnitCents: z.number().int(),
  extraTablesCents: z.number().int(),
});

/** A restaurant's invoice for the current month so far (plan to the month's end). */
export const invoicePreviewSchema = z.object({
  restaurantId: z.string(),
  name: z.string(),
  status: z.enum(RESTAURANT_STATUSES),
  plan: z.enum(PLAN_IDS),
  tables: z.number().int(),
  lines: z.array(invoicePlanLineSchema),
  planCents: z.number().int(),
  extraTablesCents: z.number().int(),
  /** The month's payments in the restaurant's own currency (tips excluded). */
  payments: z.object({ currency: z.enum(CURRENCIES), cents: z.number().int() }),
  /** The same in euros: the transaction fee's base. */
  paymentsEurCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
});

export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

/** A plan card of the Subscriptions tab: the contract's plan with its real customers. */
export const planCardSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  priceCents: z.number().int(),
  period: z.enum(['trial', 'month', 'year']),
  trialDays: z.number().int().nullable(),
  features: z.array(z.string()),
  /** Restaurants on the plan now (suspended ones included). */
  customers: z.number().int(),
  /** This month's invoices of those restaurants, added up (plan, extra tables and fees). */
  revenueCents: z.number().int(),
});

export type PlanCard = z.infer<typeof planCardSchema>;

/** GET /api/platform/subscriptions */
export const subscriptionsSchema = z.object({
  /** The month invoiced, in UTC (YYYY-MM), and its bounds. */
  month: z.string(),
  monthStart: z.string(),
  monthEnd: z.string(),
  plans: z.array(planCardSchema),
  /** Highest total first, at most 500; `total` says how many restaurants there are. */
  invoices: z.array(invoicePreviewSchema),
  total: z.number().int(),
});

export type Subscriptions = z.infer<typeof subscriptionsSchema>;

export const subscriptionsResponseSchema = successResponseSchema(subscriptionsSchema);

/** One UTC day of the Analytics tab's series. */
export const platformDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  orders: z.number().int(),
  gmvCents: z.number().int(),
  feeCents: z.number().int(),
});

/** GET /api/platform/analytics: the platform's figures from live data. */
export const platformAnalyticsSchema = z.object({
  generatedAt: z.string(),
  /** The last 30 UTC days, today included: [from, to). */
  window: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  /** Monthly recurring revenue of the active restaurants on paid plans (extra tables included). */
  mrrCents: z.number().int(),
  arrCents: z.number().int(),
  /** Payments received in the window, in euros (tips excluded). */
  gmvCents: z.number().int(),
  /** 1.9% of that. */
  feeCents: z.number().int(),
  /** Orders placed in the window (voided orders excluded). */
  orders: z.number().int(),
  restaurants: z.object({
    total: z.number().int(),
    /** On a paid plan and not suspended. */
    active: z.number().int(),
    /** On the free trial, ended or not. */
    trials: z.number().int(),
    trialsEndingIn7Days: z.number().int(),
    /** Suspended, or their trial ended without a plan. */
    churned: z.number().int(),
    suspended: z.number().int(),
    trialsExpired: z.number().int(),
  }),
  daily: z.array(platformDaySchema),
});

export type PlatformAnalytics = z.infer<typeof platformAnalyticsSchema>;

export const platformAnalyticsResponseSchema = successResponseSchema(platformAnalyticsSchema);
