/** The plans, prices and fee: the one place the landing page, limits and billing read them. */

/** A restaurant's standing on the platform. */
export const RESTAURANT_STATUSES = ['active', 'trial', 'suspended'] as const;

/** Transaction fee on every plan, in basis points (1.9%). */
export const TRANSACTION_FEE_BPS = 190;

export const PLAN_IDS = ['starter', 'growth', 'enterprise'] as const;

export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price in euro cents for one billing period. */
  priceCents: number;
  period: 'trial' | 'month' | 'year';
  trialDays?: number;
  /** Tables included; `null` means no limit beyond paying for extras. */
  includedTables: number;
  /** Whether tables beyond the included number may be added, and at what price per table (cents). */
  extraTableCents: number | null;
  /** Staff accounts allowed; `null` means unlimited. */
  staffAccounts: number | null;
  /** The restaurant's own brand on its guest page, staff screens and QR codes. */
  whiteLabel: boolean;
  /** Connections to the restaurant's own systems (API keys, webhooks). */
  customIntegrations: boolean;
  features: string[];
  savingsCents?: number;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter Feast',
    priceCents: 0,
    period: 'trial',
    trialDays: 14,
    includedTables: 5,
    extraTableCents: null,
    staffAccounts: 2,
    whiteLabel: false,
    customIntegrations: false,
    features: [
      '14-day trial',
      'Up to 5 tables',
      'Basic analytics',
      '2 staff accounts',
      'Email support',
    ],
  },
  {
    id: 'growth',
    name: 'Growth Grill',
    priceCents: 19_900,
    period: 'month',
    includedTables: 35,
    extraTableCents: 350,
    staffAccounts: null,
    whiteLabel: false,
    customIntegrations: false,
    features: [
      '35 tables included',
      'Extra tables EUR 3.50 each',
      'Unlimited staff',
      'Priority support',
      'Real-time alerts',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise Empire',
    priceCents: 199_000,
    period: 'year',
    includedTables: 50,
    extraTableCents: 290,
    staffAccounts: null,
    whiteLabel: true,
    customIntegrations: true,
    savingsCents: 39_800,
    features: [
      '50 tables included',
      'Extra tables EUR 2.90 each',
      'White-label',
      'Custom integrations',
    ],
  },
];

/**
 * Plans from the least to the most: moving right is an upgrade (a restaurant's admin may do it),
 * moving left a downgrade (the team only, and only when current usage fits the smaller plan).
 */
export function planRank(id: PlanId): number {
  return PLAN_IDS.indexOf(id);
}

export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return planRank(to) > planRank(from);
}

/** How many months one billing period of the plan covers (0 for the free trial). */
export function planPeriodMonths(plan: Plan): number {
  return plan.period === 'year' ? 12 : plan.period === 'month' ? 1 : 0;
}

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}
