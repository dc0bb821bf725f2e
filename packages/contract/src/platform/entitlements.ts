import { refusalsEn } from '../i18n/catalogs/en.js';
import { refusalText } from '../i18n/messages.js';
import type { Refusal } from '../i18n/refusals.js';
import { isUpgrade, type Plan, planById, type PlanId, PLANS } from './plans.js';

/** What a plan counts and limits. */
export type CountedEntitlement = 'tables' | 'staff';

/** What a plan includes or not. */
export type PlanFeature = 'white_label' | 'integrations';

/** Everything the server's one entitlement check point decides. */
export type Entitlement = CountedEntitlement | PlanFeature;

export function isPlanFeature(what: Entitlement): what is PlanFeature {
  return what === 'white_label' || what === 'integrations';
}

export function planHasFeature(plan: Plan, feature: PlanFeature): boolean {
  return feature === 'white_label' ? plan.whiteLabel : plan.customIntegrations;
}

/** Why this plan may not use the feature (naming the plan that includes it), or null. */
export function featureRefusalOf(planId: PlanId, feature: PlanFeature): Refusal | null {
  const plan = planById(planId);
  if (planHasFeature(plan, feature)) return null;
  const better = PLANS.find((p) => planHasFeature(p, feature));
  return {
    code: 'PLAN_FEATURE_NOT_INCLUDED',
    params: { feature, plan: plan.name, better: better?.name ?? null },
  };
}

/** `featureRefusalOf` in English words. */
export function featureRefusal(planId: PlanId, feature: PlanFeature): string | null {
  return inWords(featureRefusalOf(planId, feature));
}

const inWords = (refusal: Refusal | null) => refusal && refusalText(refusal.code, refusal.params);

/**
 * How many a plan allows, or null for no limit. Tables beyond the included number are allowed
 * (and billed) on plans that price extra tables; staff accounts are counted as every account of
 * the restaurant that is not deactivated, except its administrators.
 */
export function entitlementLimit(
  plan: Plan,
  what: CountedEntitlement,
  trial?: TrialLimits,
): number | null {
  // The free trial's limits are the team's to set (Starter Feast's by default).
  if (trial && plan.period === 'trial') return trial[what];
  if (what === 'staff') return plan.staffAccounts;
  return plan.extraTableCents === null ? plan.includedTables : null;
}

/** What a restaurant on the free trial may have: the platform's settings. */
export interface TrialLimits {
  tables: number;
  staff: number;
}

const euros = (cents: number) => `EUR ${(cents / 100).toFixed(2)}`;

/** Why one more is refused on this plan (naming the plan that allows it), or null when allowed. */
export function entitlementRefusalOf(
  planId: PlanId,
  what: CountedEntitlement,
  count: number,
  trial?: TrialLimits,
): Refusal | null {
  const plan = planById(planId);
  const limit = entitlementLimit(plan, what, trial);
  if (limit === null || count < limit) return null;
  const better = PLANS.find((p) => {
    const other = entitlementLimit(p, what);
    return other === null || other > limit;
  });
  if (what === 'tables') {
    return {
      code: 'PLAN_TABLES_LIMIT',
      params: {
        plan: plan.name,
        limit,
        better: better?.name ?? null,
        included: better?.includedTables ?? null,
        extra: better ? euros(better.extraTableCents ?? 0) : null,
      },
    };
  }
  return {
    code: 'PLAN_STAFF_LIMIT',
    params: {
      plan: plan.name,
      limit,
      better: better?.name ?? null,
      betterStaff: better ? entitlementLimit(better, 'staff') : null,
    },
  };
}

/** `entitlementRefusalOf` in English words. */
export function entitlementRefusal(
  planId: PlanId,
  what: CountedEntitlement,
  count: number,
  trial?: TrialLimits,
): string | null {
  return inWords(entitlementRefusalOf(planId, what, count, trial));
}

/** A trial restaurant whose trial period is over (it keeps its data; it must choose a plan). */
export function trialHasEnded(
  restaurant: { status: string; trialEndsAt: Date | null },
  now: Date = new Date(),
): boolean {
  return (
    restaurant.status === 'trial' &&
    restaurant.trialEndsAt !== null &&
    restaurant.trialEndsAt.getTime() <= now.getTime()
  );
}

export const TRIAL_ENDED_FOR_STAFF = refusalsEn.TRIAL_ENDED_FOR_STAFF;

/**
 * A restaurant does not start a paid plan on its own: paid plans begin through Tavola's billing
 * (today the team, once payment is arranged). What its admin is told instead, and where to go.
 */
export const PLAN_CHANGE_THROUGH_BILLING = refusalsEn.PLAN_CHANGE_THROUGH_BILLING;

export const TRIAL_ENDED_FOR_GUESTS = refusalsEn.TRIAL_ENDED_FOR_GUESTS;

/** What a restaurant uses now, against which a plan change is checked. */
export interface PlanUsage {
  /** Tables in use (removed ones not counted). */
  tables: number;
  /** Accounts counted against the staff limit: not deactivated, administrators excepted. */
  staff: number;
  /** Whether the restaurant shows its own brand (name, colour or logo). */
  whiteLabel: boolean;
  /** Custom integrations connected. */
  integrations: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the restaurant would have to remove before moving to `to`: one line per limit its usage
 * exceeds (empty when it fits). Tables count only on a plan that refuses extra tables; the paid
 * plans bill them instead.
 */
export function planChangeBlockers(to: PlanId, usage: PlanUsage, trial?: TrialLimits): string[] {
  const plan = planById(to);
  const blockers: string[] = [];
  const tableLimit = entitlementLimit(plan, 'tables', trial);
  if (tableLimit !== null && usage.tables > tableLimit) {
    blockers.push(
      `${plural(usage.tables - tableLimit, 'table', 'tables')} (${usage.tables} in use, ${tableLimit} allowed)`,
    );
  }
  const staffLimit = entitlementLimit(plan, 'staff', trial);
  if (staffLimit !== null && usage.staff > staffLimit) {
    blockers.push(
      `${plural(usage.staff - staffLimit, 'staff account', 'staff accounts')} (${usage.staff} active, ${staffLimit} allowed; deactivate them)`,
    );
  }
  if (usage.whiteLabel && !plan.whiteLabel) {
    blockers.push('the white-label branding (brand name, colour and logo)');
  }
  if (usage.integrations > 0 && !plan.customIntegrations) {
    blockers.push(plural(usage.integrations, 'custom integration', 'custom integrations'));
  }
  return blockers;
}

/**
 * Why this plan change is refused, or null when it may go ahead. Upgrades always fit (every
 * limit grows); a downgrade must fit current usage, and the message lists what to remove first.
 */
export function planChangeRefusalOf(
  from: PlanId,
  to: PlanId,
  usage: PlanUsage,
  trial?: TrialLimits,
): Refusal | null {
  if (isUpgrade(from, to)) return null;
  const blockers = planChangeBlockers(to, usage, trial);
  if (blockers.length === 0) return null;
  return {
    code: 'PLAN_DOWNGRADE_BLOCKED',
    params: { plan: planById(to).name, blockers: blockers.join('; ') },
  };
}

/** `planChangeRefusalOf` in English words. */
export function planChangeRefusal(
  from: PlanId,
  to: PlanId,
  usage: PlanUsage,
  trial?: TrialLimits,
): string | null {
  return inWords(planChangeRefusalOf(from, to, usage, trial));
}
