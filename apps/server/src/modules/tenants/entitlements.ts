import {
  entitlementRefusal,
  TRIAL_ENDED_FOR_STAFF,
  trialHasEnded,
  type Entitlement,
} from '@tavola/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { restaurants, tables, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../errors.js';

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
  if (trialHasEnded(restaurant)) throw forbidden(TRIAL_ENDED_FOR_STAFF);
  const refusal = entitlementRefusal(restaurant.plan, what, await countOf(tx, restaurantId, what));
  if (refusal) throw conflict(refusal);
}
