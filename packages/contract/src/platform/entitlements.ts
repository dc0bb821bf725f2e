import { type Plan, planById, type PlanId, PLANS } from './plans.js';

/** What a plan counts and limits. */
export type Entitlement = 'tables' | 'staff';

/**
 * How many a plan allows, or null for no limit. Tables beyond the included number are allowed
 * (and billed) on plans that price extra tables; staff accounts are counted as every account of
 * the restaurant that is not deactivated, except its administrators.
 */
export function entitlementLimit(plan: Plan, what: Entitlement): number | null {
  if (what === 'staff') return plan.staffAccounts;
  return plan.extraTableCents === null ? plan.includedTables : null;
}

const euros = (cents: number) => `EUR ${(cents / 100).toFixed(2)}`;

/** Why one more is refused on this plan (naming the plan that allows it), or null when allowed. */
export function entitlementRefusal(
  planId: PlanId,
  what: Entitlement,
  count: number,
): string | null {
  const plan = planById(planId);
  const limit = entitlementLimit(plan, what);
  if (limit === null || count < limit) return null;
  const better = PLANS.find((p) => {
    const other = entitlementLimit(p, what);
    return other === null || other > limit;
  });
  if (what === 'tables') {
    const more = better
      ? `; the ${better.name} plan allows more (${better.includedTables} included, extra tables ${euros(better.extraTableCents ?? 0)} each)`
      : '';
    return `The ${plan.name} plan includes up to ${limit} tables${more}.`;
  }
  const more = better
    ? `; the ${better.name} plan has ${entitlementLimit(better, 'staff') === null ? 'unlimited staff' : `${entitlementLimit(better, 'staff')} staff accounts`}`
    : '';
  return `The ${plan.name} plan includes ${limit} staff accounts${more}.`;
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

export const TRIAL_ENDED_FOR_STAFF =
  "This restaurant's free trial has ended: choose a plan to add tables or staff accounts.";

export const TRIAL_ENDED_FOR_GUESTS =
  "This restaurant's free trial has ended, so ordering here is paused. Please ask a member of staff.";
