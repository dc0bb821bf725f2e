import {
  effectiveBranding,
  hasBranding,
  mergeBranding,
  planById,
  type Branding,
  type brandingInputSchema,
  type RestaurantBranding,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { restaurants } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { assertCanAdd } from '../plans/index.js';
import { platformBrand, readPlatformSettings } from '../settings/index.js';

/** A restaurant's own brand, whether its plan allows it, and what its screens show now. */
export async function readRestaurantBranding(
  db: DbOrTx,
  restaurantId: string,
  platform?: Branding,
): Promise<RestaurantBranding> {
  const [r] = await db
    .select({ plan: restaurants.plan, branding: restaurants.branding })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  const brand = platform ?? platformBrand(await readPlatformSettings(db));
  const allowed = planById(r.plan).whiteLabel;
  return {
    // What is stored is shown only where the plan allows it to be used.
    own: allowed ? r.branding : {},
    allowed,
    effective: effectiveBranding(r, brand),
  };
}

/**
 * The restaurant's own brand: Enterprise Empire only. The one entitlement
 * check point decides (403 naming the plan that includes white label); removing the brand is
 * always allowed. Only the parts the input names change. Guests' pages and staff screens read it again at once (`menu_updated`).
 */
export async function updateRestaurantBranding(
  ctx: WorkContext,
  actor: StaffActor,
  input: z.output<typeof brandingInputSchema>,
): Promise<RestaurantBranding> {
  await runWork(ctx, actor, async (uow) => {
    // Setting any part needs white label; clearing is always allowed.
    if (hasBranding(mergeBranding({}, input))) {
      await assertCanAdd(uow.tx, uow.restaurantId, 'white_label');
    }
    const [before] = await uow.tx
      .select({ branding: restaurants.branding })
      .from(restaurants)
      .where(eq(restaurants.id, uow.restaurantId))
      .for('no key update');
    if (!before) throw refuse('RESTAURANT_NOT_FOUND');
    const branding = mergeBranding(before.branding, input);
    await uow.tx
      .update(restaurants)
      .set({ branding, updatedAt: new Date() })
      .where(eq(restaurants.id, uow.restaurantId));
    uow.audit({
      action: 'restaurant.branding',
      entityType: 'restaurant',
      entityId: uow.restaurantId,
      details: { from: before.branding, to: branding },
    });
    // The guest menu carries the brand; every staff screen reads it again on this event.
    uow.emit({ type: 'menu_updated', data: { action: 'branding' } });
  });
  return readRestaurantBranding(ctx.db, actor.restaurantId);
}
