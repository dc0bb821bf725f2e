import {
  entitlementLimit,
  isUpgrade,
  planById,
  planChangeRefusalOf,
  trialHasEnded,
  type PlanId,
  type RestaurantPlan,
  type UpgradeRequest,
} from '@tavola/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { PlatformActor, StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { planChanges, restaurants, supportTickets } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { currentTrialDays } from '../settings/index.js';
import { openTicket } from '../support/index.js';
import { trialLimits, usageOf } from './entitlements.js';

/** A restaurant's plan, trial and usage now. */
export async function readPlan(db: DbOrTx, restaurantId: string): Promise<RestaurantPlan> {
  const [r] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  const plan = planById(r.plan);
  const trial = await trialLimits(db);
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
    limits: {
      tables: entitlementLimit(plan, 'tables', trial),
      staff: entitlementLimit(plan, 'staff', trial),
    },
  };
}

/**
 * Moves a restaurant to another plan: the platform's billing path, today the team (a payment
 * provider's confirmation would come through here too). A restaurant never starts a paid plan
 * itself: its admin requests one (`requestUpgrade`).
 * The restaurant's row is locked (as the entitlement check locks it), so a plan change and
 * tables or accounts being added are counted one after the other: a downgrade is checked
 * against the usage at that moment, and no addition slips in between.
 *
 * A paid plan ends the trial (guests can order again at once). Moving to Starter Feast (the team
 * only) starts a new free trial. A suspended restaurant keeps its suspension.
 */
export async function changePlan(
  ctx: WorkContext,
  actor: PlatformActor,
  to: PlanId,
): Promise<RestaurantPlan> {
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [current] = await tx
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, uow.restaurantId))
      .for('no key update');
    if (!current) throw refuse('RESTAURANT_NOT_FOUND');
    const from = current.plan;
    // The same plan again is no change, except that the team may give a Starter Feast restaurant
    // a new trial (before or after the old one ended).
    if (from === to && to !== 'starter') {
      throw refuse('PLAN_ALREADY_CURRENT', { restaurant: current.name, plan: planById(to).name });
    }
    const refusal = planChangeRefusalOf(
      from,
      to,
      await usageOf(tx, uow.restaurantId, current.branding),
      await trialLimits(tx),
    );
    if (refusal) throw refuse(refusal.code, refusal.params);

    const now = new Date();
    const trial = to === 'starter';
    // The team's Settings decide how long a new trial lasts.
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
      details: { from, to, by: 'team' },
    });
    return readPlan(tx, uow.restaurantId);
  });
}

const euros = (cents: number) => `EUR ${(cents / 100).toFixed(2)}`;

/**
 * The admin asks for a bigger plan: a support ticket to the team, who set up payment and move
 * the restaurant (`changePlan`). One open request per plan: asking again while the team has not
 * resolved it sends nothing new.
 */
export async function requestUpgrade(
  ctx: WorkContext,
  actor: StaffActor,
  to: PlanId,
): Promise<UpgradeRequest> {
  const [current] = await ctx.db
    .select({ name: restaurants.name, plan: restaurants.plan })
    .from(restaurants)
    .where(eq(restaurants.id, actor.restaurantId));
  if (!current) throw refuse('RESTAURANT_NOT_FOUND');
  const plan = planById(to);
  if (current.plan === to)
    throw refuse('PLAN_ALREADY_CURRENT', { restaurant: current.name, plan: plan.name });
  if (!isUpgrade(current.plan, to)) throw refuse('PLAN_SMALLER_THROUGH_TEAM');
  const subject = `Upgrade to ${plan.name}`;
  const [open] = await ctx.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.restaurantId, actor.restaurantId),
        eq(supportTickets.subject, subject),
        ne(supportTickets.status, 'resolved'),
      ),
    )
    .limit(1);
  if (open) return { plan: to, ticketId: open.id, alreadyRequested: true };
  const ticket = await openTicket(ctx, actor, {
    subject,
    message: `${actor.user.name} asks to move ${current.name} from ${planById(current.plan).name} to ${plan.name} (${euros(plan.priceCents)} per ${plan.period}). Please set up payment and switch the plan.`,
  });
  return { plan: to, ticketId: ticket.id, alreadyRequested: false };
}
