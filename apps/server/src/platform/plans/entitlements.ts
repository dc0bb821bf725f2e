import {
  entitlementRefusalOf,
  featureRefusalOf,
  guestOrderingPauseCode,
  isPlanFeature,
  PLATFORM_TRIAL_LIMITS,
  trialHasEnded,
  type CountedEntitlement,
  type Entitlement,
  type PlanUsage,
  type TrialLimits,
} from '@tavola/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import {
  type Branding,
  platformSettings,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';

/**
 * Refuses what a restaurant whose free trial has ended may no longer do: staff adding tables or
 * accounts, guests ordering. Its data, menu and open bills stay as they are.
 */
export function assertTrialActive(
  restaurant: { status: string; trialEndsAt: Date | null },
  who: 'staff' | 'guests',
): void {
  if (trialHasEnded(restaurant)) {
    throw refuse(who === 'guests' ? 'TRIAL_ENDED_FOR_GUESTS' : 'TRIAL_ENDED_FOR_STAFF');
  }
}

/** What a guest's order checks about the restaurant and the platform: prepared once. */
const guestOrderingFacts = preparedQuery((db) =>
  db
    .select({
      status: restaurants.status,
      trialEndsAt: restaurants.trialEndsAt,
      maintenanceMode: restaurants.maintenanceMode,
      allowGuestOrders: restaurants.allowGuestOrders,
      // The platform's maintenance mode, in the same read.
      platformMaintenance: sql<boolean>`coalesce((select ${platformSettings.maintenanceMode} from ${platformSettings} where ${platformSettings.id} = 1), false)`,
    })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(eq(tables.qrToken, sql.placeholder('token')))
    .limit(1)
    .prepare('guest_ordering_facts'),
);

/**
 * May guests order at the table behind this QR token? Read from the database on every order
 * (never a cache), so a trial extended, a plan chosen or the restaurant's own pause (maintenance
 * mode, guest orders off: 409 in the words the guest page shows) counts from that moment. An
 * unknown token passes: the order itself answers it.
 */
export async function assertGuestsCanOrder(db: DbOrTx, tableToken: string): Promise<void> {
  const [restaurant] = await guestOrderingFacts(db).execute({ token: tableToken });
  if (!restaurant) return;
  if (restaurant.platformMaintenance) throw refuse('PLATFORM_MAINTENANCE_FOR_GUESTS');
  assertTrialActive(restaurant, 'guests');
  // The restaurant's own pause: maintenance mode, or guest orders off.
  const paused = guestOrderingPauseCode(restaurant);
  if (paused) throw refuse(paused);
}

/**
 * The staff accounts a plan counts (the contract's rule: not deactivated, administrators
 * excepted), as a condition on the users table under `alias`: every figure of "staff accounts"
 * (the plan card, the limit, the team's Restaurants tab) counts with it.
 */
export function countedStaffSql(alias: string) {
  return sql.raw(`(${alias}.status <> 'inactive' and ${alias}.role <> 'admin')`);
}

/** What counts against each limit, now. */
async function countOf(
  tx: DbOrTx,
  restaurantId: string,
  what: CountedEntitlement,
): Promise<number> {
  const [row] =
    what === 'tables'
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tables)
          .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
      : await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(and(eq(users.restaurantId, restaurantId), countedStaffSql('"users"')));
  return row?.n ?? 0;
}

/** Whether the restaurant shows its own brand. */
export function usesWhiteLabel(branding: Branding): boolean {
  return Boolean(branding.brandName || branding.primaryColor || branding.logoUrl);
}

/** What the restaurant uses of its plan now: what a plan change is checked against. */
export async function usageOf(
  db: DbOrTx,
  restaurantId: string,
  branding: Branding,
): Promise<PlanUsage> {
  const [tableCount, staffCount] = await Promise.all([
    countOf(db, restaurantId, 'tables'),
    countOf(db, restaurantId, 'staff'),
  ]);
  return {
    tables: tableCount,
    staff: staffCount,
    whiteLabel: usesWhiteLabel(branding),
    // No custom integration can be connected yet (API keys and webhooks are to come); when
    // they are, they are counted here and a downgrade below Enterprise Empire lists them.
    integrations: 0,
  };
}

/**
 * The one entitlement check point: may this restaurant add one more table or staff account, or
 * use white label or custom integrations? It locks the restaurant's row (FOR NO KEY UPDATE:
 * other additions and plan changes wait, orders and every other foreign-key reference do not)
 * until the caller's transaction ends, so parallel additions are counted one after another and
 * a plan's limit holds under any concurrency; a plan change cannot slip in between either.
 * Extra tables on the paid plans pass (they are billed); on Starter Feast the refusal names the
 * plan that allows more.
 */
export async function assertCanAdd(tx: Tx, restaurantId: string, what: Entitlement): Promise<void> {
  const [restaurant] = await tx
    .select({
      plan: restaurants.plan,
      status: restaurants.status,
      trialEndsAt: restaurants.trialEndsAt,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .for('no key update');
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');
  assertTrialActive(restaurant, 'staff');
  const refusal = isPlanFeature(what)
    ? featureRefusalOf(restaurant.plan, what)
    : entitlementRefusalOf(
        restaurant.plan,
        what,
        await countOf(tx, restaurantId, what),
        await trialLimits(tx),
      );
  if (!refusal) return;
  throw refuse(refusal.code, refusal.params);
}

/** What a restaurant on the free trial may have now: the team's settings (Starter's by default). */
export async function trialLimits(db: DbOrTx): Promise<TrialLimits> {
  const [row] = await db
    .select({ tables: platformSettings.trialTables, staff: platformSettings.trialStaff })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return (
    row ?? {
      tables: PLATFORM_TRIAL_LIMITS.tables.default,
      staff: PLATFORM_TRIAL_LIMITS.staff.default,
    }
  );
}
