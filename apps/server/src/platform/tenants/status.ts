import { WS_CLOSE, WS_REVOKED } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { writeAudit } from '../../core/audit/writer.js';
import { restaurants } from '../../core/db/schema.js';
import { notFound } from '../../core/http/errors.js';

export type RestaurantStatus = 'active' | 'trial' | 'suspended';

/**
 * Suspends or reactivates a restaurant. Suspension takes effect at once: sign-ins and table
 * tokens are refused from the commit on, and every live socket of the restaurant, staff and
 * guests, on every instance, is closed. (The platform console will call this; it is the one
 * place a restaurant's status changes.)
 */
export async function setRestaurantStatus(
  db: Db,
  app: Pick<FastifyInstance, 'disconnectSockets'>,
  restaurantId: string,
  status: RestaurantStatus,
  actor: { userId: string | null; reason?: string } = { userId: null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(restaurants)
      .set({ status, updatedAt: new Date() })
      .where(eq(restaurants.id, restaurantId))
      .returning({ id: restaurants.id });
    if (!row) throw notFound('Restaurant not found');
    await writeAudit(tx, { restaurantId, userId: actor.userId }, [
      {
        action: status === 'suspended' ? 'restaurant.suspended' : 'restaurant.status',
        entityType: 'restaurant',
        entityId: restaurantId,
        details: { status, reason: actor.reason ?? null },
      },
    ]);
  });
  if (status === 'suspended') {
    app.disconnectSockets({ restaurantId }, WS_CLOSE.forbidden, WS_REVOKED.suspended);
  }
}
