import type { RestaurantSettings, RestaurantSettingsData } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { restaurants } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { notFound } from '../../core/http/errors.js';

export async function readSettings(
  db: DbOrTx,
  restaurantId: string,
): Promise<RestaurantSettingsData> {
  const [r] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!r) throw notFound('Restaurant not found');
  return {
    name: r.name,
    currency: r.currency,
    exchangeRate: r.exchangeRate,
    taxRate: r.taxRateBps / 100,
    serviceCharge: r.serviceChargeBps / 100,
    timezone: r.timezone,
    publicUrl: r.publicUrl,
    sessionIdleMinutes: r.sessionIdleMinutes,
  };
}

/** Changes the restaurant's settings; every guest price follows (currency, exchange rate). */
export async function updateSettings(
  ctx: WorkContext,
  actor: StaffActor,
  s: RestaurantSettings,
): Promise<RestaurantSettingsData> {
  return runWork(ctx, actor, async (uow) => {
    await uow.tx
      .update(restaurants)
      .set({
        name: s.name,
        currency: s.currency,
        exchangeRate: s.exchangeRate,
        taxRateBps: Math.round(s.taxRate * 100),
        serviceChargeBps: Math.round(s.serviceCharge * 100),
        timezone: s.timezone,
        publicUrl: s.publicUrl ? s.publicUrl.replace(/\/+$/, '') : null,
        // Left out, the idle time stays as it is (older clients send the rest only).
        ...(s.sessionIdleMinutes !== undefined ? { sessionIdleMinutes: s.sessionIdleMinutes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, uow.restaurantId));
    uow.audit({
      action: 'restaurant.settings',
      entityType: 'restaurant',
      entityId: uow.restaurantId,
      details: { ...s },
    });
    // Currency and exchange rate change every guest price.
    uow.emit({ type: 'menu_updated', data: { action: 'settings' } });
    return readSettings(uow.tx, uow.restaurantId);
  });
}
