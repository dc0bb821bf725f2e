import {
  isUpgrade,
  planById,
  planChangeRefusal,
  trialHasEnded,
  type PlanId,
  type RestaurantPlan,
} from '@tavola/contract';
import { desc, eq } from 'drizzle-orm';
import type { PlatformActor, StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { planChanges, restaurants } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { conflict, forbidden, notFound } from '../../core/http/errors.js';
import { currentTrialDays } from '../settings/index.js';
import { usageOf } from './entitlements.js';

/** A restaurant's plan, trial and usage now. */
export async function readPlan(db: DbOrTx, restaurantId: string): Promise<RestaurantPlan> {
  const [r] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!r) throw notFound('Restaurant not found');
  const [last] = await db
    .select({ changedAt: planChanges.changedAt })
    .from(planChanges)
    .where(eq(planChanges.restaurantId, restaurantId))
    .orderBy(desc(planChanges.changedAt), desc(planChanges.id))
    .limit(1);
  return {
    restaurantId: r.id,
    name: r.name,
    plan: r.plan,
    status: r.status,
    trialEndsAt: r.status === 'trial' && r.trialEndsAt ? r.trialEndsAt.toISOString() : null,
    trialEnded: trialHasEnded(r),
    usage: await usageOf(db, restaurantId, r.branding),
    planChangedAt: last ? last.changedAt.toISOString() : null,
  };
}

export const ADMIN_UPGRADES_ONLY =
  "A restaurant's administrator can only upgrade its plan; ask the Tavola team to move to a smaller plan.";

/**
 * Moves a restaurant to another plan: the team to any plan, the restaurant's admin only up.
 * The restaurant's row is locked (as the entitlement check locks it), so a plan change and
 * tables or accounts being added are counted one after the other: a downgrade is checked
 * against the usage at that moment, and no addition slips in between.
 *
 * A paid plan ends the trial (guests can order again at once). Moving to Starter Feast (the team
 * only) starts a new free trial. A suspended restaurant keeps its suspension.
 */
export async function changePlan(
  ctx: WorkContext,
  actor: PlatformActor | StaffActor,
  to: PlanId,
): Promise<RestaurantPlan> {
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [current] = await tx
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, uow.restaurantId))
      .for('no key update');
    if (!current) throw notFound('Restaurant not found');
    const from = current.plan;
    // The same plan again is no change, except that the team may give a Starter Feast restaurant
    // a new trial (before or after the old one ended).
    if (from === to && !(to === 'starter' && actor.kind === 'platform')) {
      throw conflict(`${current.name} is already on the ${planById(to).name} plan`);
    }
    if (actor.kind === 'staff' && !isUpgrade(from, to)) throw forbidden(ADMIN_UPGRADES_ONLY);
    const refusal = planChangeRefusal(
      from,
      to,
      await usageOf(tx, uow.restaurantId, current.branding),
    );
    if (refusal) throw conflict(refusal);

    const now = new Date();
    const trial = to === 'starter';
    // The team's Settings decide how long a new trial lasts (issue 14, item 8).
    const trialDays = await currentTrialDays(tx);
    await tx
      .update(restaurants)
      .set({
        plan: to,
        status: current.status === 'suspended' ? 'suspended' : trial ? 'trial' : 'active',
        trialEndsAt: trial ? new Date(now.getTime() + trialDays * 86_400_000) : null,
        updatedAt: now,
      })
      .where(eq(restaurants.id, uow.restaurantId));
    await tx.insert(planChanges).values({
      restaurantId: uow.restaurantId,
      fromPlan: from,
      toPlan: to,
      changedAt: now,
      changedBy: uow.userId,
    });
    // Guests' pages read the menu again (its notice of a paused trial goes or comes at once),
    // and every cache of the restaurant's row is dropped.
    uow.emit({ type: 'menu_updated', data: { action: 'plan' } });
    uow.audit({
      action: 'restaurant.plan_changed',
      entityType: 'restaurant',
      entityId: uow.restaurantId,
      details: { from, to, by: actor.kind === 'platform' ? 'team' : 'admin' },
    });
    return readPlan(tx, uow.restaurantId);
  });
}
