import { WS_CLOSE, WS_REVOKED, type Tenant } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { platformActor, type TeamMember } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { restaurants } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { getTenant } from './queries.js';

export type StatusChange = 'suspend' | 'activate';

/**
 * Suspends or reactivates a restaurant, with the team member's reason (the one place a
 * restaurant's status changes by hand). Suspension takes effect at once: from the commit on,
 * sign-ins, staff tokens and table tokens are refused (they read the status on every call), and
 * every live staff socket of the restaurant, on every instance, is closed; guests' pages hear it
 * (and the activation) as a menu change. Activation restores all of it; a restaurant still in its
 * trial goes back to its trial.
 */
export async function setRestaurantStatus(
  ctx: WorkContext,
  member: TeamMember,
  restaurantId: string,
  change: StatusChange,
  reason: string,
): Promise<Tenant> {
  await runWork(ctx, platformActor(member, restaurantId), async (uow) => {
    // Locked, so two team members changing it at once are taken one after the other.
    const [current] = await uow.tx
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('update');
    if (!current) throw refuse('RESTAURANT_NOT_FOUND');
    if (change === 'suspend' && current.status === 'suspended') {
      throw refuse('RESTAURANT_ALREADY_SUSPENDED', { restaurant: current.name });
    }
    if (change === 'activate' && current.status !== 'suspended') {
      throw refuse('RESTAURANT_NOT_SUSPENDED', { restaurant: current.name });
    }
    const status =
      change === 'suspend'
        ? 'suspended'
        : current.plan === 'starter' && current.trialEndsAt !== null
          ? 'trial'
          : 'active';
    await uow.tx
      .update(restaurants)
      .set({ status, updatedAt: new Date() })
      .where(eq(restaurants.id, restaurantId));
    uow.audit({
      action: change === 'suspend' ? 'restaurant.suspended' : 'restaurant.activated',
      entityType: 'restaurant',
      entityId: restaurantId,
      details: { from: current.status, status, reason },
    });
    const data = { restaurantId, name: current.name, reason, by: member.user.name };
    uow.notifyTeam(
      change === 'suspend'
        ? { type: 'restaurant_suspended', data, restaurantId }
        : { type: 'restaurant_activated', data, restaurantId },
    );
    if (change === 'suspend') {
      uow.disconnect({
        match: { restaurantId, staffOnly: true },
        code: WS_CLOSE.forbidden,
        reason: WS_REVOKED.suspended,
      });
    }
    // Guests' pages stay connected through a suspension: told both ways at once, they reload the
    // menu (refused while suspended, served again after) without the guest reloading the page.
    uow.emit({
      type: 'menu_updated',
      data: { action: change === 'suspend' ? 'restaurant_suspended' : 'restaurant_activated' },
    });
  });
  return getTenant(ctx.db, restaurantId);
}
