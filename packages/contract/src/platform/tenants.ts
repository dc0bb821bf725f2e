import { z } from 'zod';
import { accountEmailSchema, EMAIL_VERIFICATION_OUTCOMES } from '../auth/account-email.js';
import { checkNewPassword } from '../auth/password-rules.js';
import { userSchema } from '../auth/schemas.js';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { percent } from '../settings/schemas.js';
import { PLAN_IDS, RESTAURANT_STATUSES } from './plans.js';

/**
 * The platform team's view of tenants and the
 * ways a restaurant comes onto Tavola: created by the team, or signed up for a trial by its owner.
 */

const restaurantName = z
  .string({ error: 'Restaurant name is required' })
  .trim()
  .min(1, 'Restaurant name is required')
  .max(120, 'Restaurant name must be at most 120 characters')
  .check(singleLine('Restaurant name'));

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .check(singleLine(label));

/** Usernames are unique across the whole platform (the staff form uses the same rules). */
export const platformUsernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore');

export const platformPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long')
  .superRefine(checkNewPassword);

/** Whether the runtime knows `zone` as an IANA time zone (Europe/Rome, America/New_York...). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone; the server stores its canonical spelling. */
export const timeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Time zone is too long')
  .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Rome');

/** A restaurant's address name (in links and exports): lowercase letters, digits and dashes. */
export const slugSchema = z
  .string()
  .trim()
  .min(2, 'Slug must be at least 2 characters')
  .max(60, 'Slug must be at most 60 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may use lowercase letters, digits and single dashes');

/** The slug a restaurant's name gives when none is chosen ("Trattoria Bella!" → trattoria-bella). */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug.length >= 2 ? slug : `restaurant-${slug || 'new'}`;
}

/** POST /api/platform/restaurants: the team onboards a restaurant with its first admin. */
export const restaurantCreateSchema = z.object({
  name: restaurantName,
  /** Left out, it is made from the name. */
  slug: slugSchema.optional(),
  currency: z.enum(CURRENCIES, { error: 'Currency must be eur or usd' }),
  timezone: timeZoneSchema,
  plan: z.enum(PLAN_IDS, { error: 'Plan must be starter, growth or enterprise' }),
  admin: z.object(
    {
      name: personName("Admin's name"),
      username: platformUsernameSchema,
      password: platformPasswordSchema,
    },
    { error: 'The first admin (name, username, password) is required' },
  ),
});

export type RestaurantCreateInput = z.input<typeof restaurantCreateSchema>;

/** POST /api/signup: an owner starts a free trial (public, rate limited). */
export const signupSchema = z.object({
  restaurantName,
  ownerName: personName("Owner's name"),
  username: platformUsernameSchema,
  password: platformPasswordSchema,
  /** The restaurant's time zone (the sign-up page sends the device's); Europe/Rome when left out. */
  timezone: timeZoneSchema.optional(),
  currency: z.enum(CURRENCIES, { error: 'Currency must be eur or usd' }).optional(),
  /** Percent, at most two decimals (0 when left out). */
  taxRate: percent('Tax rate').optional(),
  /** Whether menu prices include the tax; by the currency's custom when left out (EUR yes). */
  pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }).optional(),
  /** Percent added to bills (0 when left out). */
  serviceCharge: percent('Service charge').optional(),
  /** The owner's address for password recovery and trial reminders, verified by a link. */
  email: accountEmailSchema.optional(),
  /** Start with a small sample menu to edit (default), or an empty one. */
  sampleMenu: z.boolean({ error: 'sampleMenu must be true or false' }).default(true),
});

export type SignupInput = z.input<typeof signupSchema>;

/** POST /api/platform/restaurants/{id}/suspend and …/activate: always with a reason. */
export const restaurantStatusChangeSchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(500, 'Reason must be at most 500 characters')
    .check(singleLine('Reason')),
});

export type RestaurantStatusChangeInput = z.input<typeof restaurantStatusChangeSchema>;

/** The tenant subscription words, from the plan's billing period. */
export const SUBSCRIPTION_KINDS = ['trial', 'monthly', 'yearly'] as const;

export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/** One row of the team's Restaurants tab (from live data). */
export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(RESTAURANT_STATUSES),
  plan: z.enum(PLAN_IDS),
  subscription: z.enum(SUBSCRIPTION_KINDS),
  /** When a trial ends (null when not on a trial). */
  trialEndsAt: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  timezone: z.string(),
  isDemo: z.boolean(),
  /** The first administrator (the owner of a signed-up restaurant), or null when it has none. */
  admin: z.object({ name: z.string(), username: z.string() }).nullable(),
  /** Payments received this calendar month (restaurant's local time), in its currency, decimal. */
  monthlyRevenue: z.number(),
  /** Tables in use (removed tables not counted). */
  tablesCount: z.number().int(),
  /** Staff accounts as the plan counts them: not deactivated, administrators excepted. */
  staffCount: z.number().int(),
  /** Emails it sent (UTC days): reports and confirmations today and over the last 7 days. */
  emails: z.object({
    today: z.number().int(),
    last7Days: z.number().int(),
    /** Of those 7 days', the recipients' confirmation emails. */
    confirmationsLast7Days: z.number().int(),
    /** Emails not sent over the last 7 days because the daily limit was reached. */
    refusedLast7Days: z.number().int(),
  }),
  /** The latest thing that happened there (an event, a sign-in), or null. */
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
});

export type Tenant = z.infer<typeof tenantSchema>;

/** GET /api/platform/restaurants?search=&status= */
export const tenantListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search is too long').check(singleLine('Search')).optional(),
  status: z
    .enum(RESTAURANT_STATUSES, { error: 'Status must be active, trial or suspended' })
    .optional(),
});

export const tenantListResponseSchema = successResponseSchema(
  z.object({
    restaurants: z.array(tenantSchema),
    /** How many match (the list shows at most 500, newest first). */
    total: z.number().int(),
  }),
);

export const tenantResponseSchema = successResponseSchema(tenantSchema);

/** POST /api/platform/restaurants (201): the restaurant and its first admin's username. */
export const restaurantCreatedResponseSchema = successResponseSchema(
  z.object({ restaurant: tenantSchema, adminUsername: z.string() }),
);

/** POST /api/signup (201): the owner is signed in at once. */
export const signupResponseSchema = successResponseSchema(
  z.object({
    token: z.string(),
    user: userSchema,
    expiresAt: z.string(),
    restaurant: z.object({ id: z.string(), name: z.string(), trialEndsAt: z.string() }),
    /** What became of the owner's email verification link (null: no address was given). */
    emailVerification: z.enum(EMAIL_VERIFICATION_OUTCOMES).nullable(),
  }),
);

/** GET /api/platform/overview: the team's Overview cards. */
export const platformOverviewSchema = z.object({
  restaurants: z.object({
    total: z.number().int(),
    active: z.number().int(),
    trial: z.number().int(),
    suspended: z.number().int(),
  }),
  /** Trials that end within the next 7 days (and have not ended yet). */
  trialsEndingIn7Days: z.number().int(),
  /** Orders placed today across every restaurant, each counted by its own local day. */
  ordersToday: z.number().int(),
});

export type PlatformOverview = z.infer<typeof platformOverviewSchema>;

export const platformOverviewResponseSchema = successResponseSchema(platformOverviewSchema);

// Kept in a module without schemas: the guest's page reads it, and stays small.
export { RESTAURANT_UNAVAILABLE_FOR_GUESTS } from './guest-notices.js';
