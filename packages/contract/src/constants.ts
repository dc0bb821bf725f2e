/** Business constants of spec §9: the one place the landing page, limits and billing read them. */

export const PRODUCT_NAME = 'Tavola';
export const STORAGE_PREFIX = 'tavola_';
export const SESSION_STORAGE_KEY = `${STORAGE_PREFIX}session`;
export const NOTIFICATIONS_ENABLED_KEY = `${STORAGE_PREFIX}notifications_enabled`;

export const DEFAULT_TABLE_TOKEN = 'QR-T1';
export const CURRENCIES = ['eur', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'eur';

/**
 * The domain's closed vocabularies, spelled once: the database columns, the API schemas and the
 * screens all take them from here.
 */
export const RESTAURANT_STATUSES = ['active', 'trial', 'suspended'] as const;
export const STATIONS = ['kitchen', 'bar'] as const;
export type Station = (typeof STATIONS)[number];
export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const TABLE_STATUSES = [
  'available',
  'active',
  'waiting_payment',
  'needs_attention',
  'maintenance',
] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
export const ORDER_STATUSES = ['new', 'preparing', 'ready', 'served', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const DINING_SESSION_STATUSES = ['open', 'closed'] as const;
export const BILL_PAYMENT_STATUSES = ['none', 'pending', 'paid'] as const;
export const REQUEST_KINDS = ['call_waiter', 'payment'] as const;
export const REQUEST_STATUSES = ['open', 'resolved'] as const;

export const SUMMARY_POLL_MS = 8000;
export const STATION_CLOCK_TICK_MS = 60_000;
export const NOTIFICATION_LIST_CAP = 50;
export const NOTIFICATION_DROPDOWN_SIZE = 10;
export const DEMO_EVENT_DELAYS_MS = [3000, 8000, 12000, 18000] as const;
export const DEMO_CUSTOMER_COUNT = 1;
export const MENU_PAGE_SIZE = 500;

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
    savingsCents: 39_800,
    features: [
      '50 tables included',
      'Extra tables EUR 2.90 each',
      'White-label',
      'Custom integrations',
    ],
  },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Order lines and quantities a guest may send in one order. */
export const ORDER_MAX_LINES = 100;
export const ORDER_MAX_QUANTITY = 99;
/**
 * The most one guest order may cost (50,000.00 in the restaurant's currency), and the most a
 * table's open bill may reach (200,000.00) before staff settle it: a phone cannot run up a bill
 * no restaurant would serve.
 */
export const ORDER_MAX_TOTAL_CENTS = 5_000_000;
export const SESSION_MAX_TOTAL_CENTS = 20_000_000;

/** Staff bearer tokens live this long (spec §9 security display: 24 hours). */
export const SESSION_TTL_HOURS = 24;

// Here, not beside the public schemas: the guest page imports it, and this module has no zod.
const CATEGORY_LABELS = new Map([
  ['food', 'Food'],
  ['drinks', 'Drinks'],
  ['specials', 'Specials'],
]);

/**
 * A category key as the guest page labels its tab (spec §2: Food, Drinks, Specials; any other
 * category capitalised). A Map, since the key is the manager's own word (`constructor`, `__proto__`).
 */
export function categoryLabel(key: string): string {
  return CATEGORY_LABELS.get(key) ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/**
 * The table's status machine (spec §4): each move a table's status makes during service, and the
 * statuses it may make it from. A manager's edit in the Tables tab sets a status directly.
 */
export const TABLE_MOVES = {
  /** Guests sit down: a session opens at a free table. */
  seated: { from: ['available'], to: 'active' },
  /** A guest calls a waiter (a table waiting for payment keeps waiting). */
  calledWaiter: { from: ['available', 'active', 'needs_attention'], to: 'needs_attention' },
  /** A waiter answers the call. */
  answered: { from: ['needs_attention'], to: 'active' },
  /** The guests ask for the bill. */
  billRequested: { from: ['available', 'active', 'needs_attention'], to: 'waiting_payment' },
  /** Everything the table ordered has been served. */
  allServed: { from: ['available', 'active', 'needs_attention'], to: 'waiting_payment' },
  /** The bill is paid: the table is free again (a closed table stays closed). */
  paid: { from: ['active', 'needs_attention', 'waiting_payment', 'available'], to: 'available' },
} as const satisfies Record<string, { from: readonly TableStatus[]; to: TableStatus }>;
export type TableMove = keyof typeof TABLE_MOVES;
