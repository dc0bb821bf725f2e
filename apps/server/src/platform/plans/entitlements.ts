import {
  entitlementRefusal,
  TRIAL_ENDED_FOR_GUESTS,
  TRIAL_ENDED_FOR_STAFF,
  trialHasEnded,
  type Entitlement,
} from '@tavola/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { restaurants, tables, users } from '../../core/db/schema.js';
import { conflict, forbidden, notFound } from '../../core/http/errors.js';

/**
 * Refuses what a restaurant whose free trial has ended may no longer do: staff adding tables or
 * accounts, guests ordering. Its data, menu and open bills stay as they are.
 */
export function assertTrialActive(
  restaurant: { status: string; trialEndsAt: Date | null },
  who: 'staff' | 'guests',
): void {
  if (trialHasEnded(restaurant)) {
    throw forbidden(who === 'guests' ? TRIAL_ENDED_FOR_GUESTS : TRIAL_ENDED_FOR_STAFF);
  }
}

/**
 * May guests order at the table behind this QR token? Read from the database on every order
 * (never a cache), so a trial extended or a plan chosen counts from that moment. An unknown
 * token passes: the order itself answers it.
 */
export async function assertGuestsCanOrder(db: DbOrTx, tableToken: string): Promise<void> {
  const [restaurant] = await db
    .select({ status: restaurants.status, trialEndsAt: restaurants.trialEndsAt })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(eq(tables.qrToken, tableToken))
    .limit(1);
  if (restaurant) assertTrialActive(restaurant, 'guests');
}

/** What counts against each entitlement, now. */
async function countOf(tx: Tx, restaurantId: string, what: Entitlement): Promise<number> {
  const [row] =
    what === 'tables'
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tables)
          .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
      : await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(
            and(
              eq(users.restaurantId, restaurantId),
              ne(users.status, 'inactive'),
              ne(users.role, 'admin'),
            ),
          );
  return row?.n ?? 0;
}

/**
 * The one entitlement check point: may this restaurant add one more table or staff account?
 * It locks the restaurant's row (FOR NO KEY UPDATE: other additions wait, orders and every
 * other foreign-key reference do not) until the caller's transaction ends, so parallel additions
 * are counted one after another and a plan's limit holds under any concurrency.
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
  if (!restaurant) throw notFound('Restaurant not found');
  assertTrialActive(restaurant, 'staff');
  const refusal = entitlementRefusal(restaurant.plan, what, await countOf(tx, restaurantId, what));
  if (refusal) throw conflict(refusal);
}
