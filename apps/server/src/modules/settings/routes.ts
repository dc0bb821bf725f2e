import {
  restaurantSettingsResponseSchema,
  restaurantSettingsSchema,
  type RestaurantSettings,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { auditLog, restaurants } from '../../core/db/schema.js';
import { notFound } from '../../core/http/errors.js';
import { errorResponses } from '../../core/http/responses.js';
import { requireAuth, requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { recordEvent } from '../../core/events/recorder.js';

async function readSettings(db: Db, restaurantId: string): Promise<RestaurantSettings> {
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
  };
}

/** The restaurant's own settings, for its manager or admin (`manage_settings`). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_settings');
  const tags = ['Settings'];
  app.get(
    '/api/restaurant/settings',
    {
      schema: {
        tags,
        summary: "The restaurant's name, money, timezone and public address",
        response: { 200: restaurantSettingsResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await readSettings(app.db, requireRestaurantId(request)),
    }),
  );
  app.put(
    '/api/restaurant/settings',
    {
      schema: {
        tags,
        summary: "Change the restaurant's settings",
        body: restaurantSettingsSchema,
        response: { 200: restaurantSettingsResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      const restaurantId = requireRestaurantId(request);
      const s = request.body;
      const event = await app.db.transaction(async (tx) => {
        await tx
          .update(restaurants)
          .set({
            name: s.name,
            currency: s.currency,
            exchangeRate: s.exchangeRate,
            taxRateBps: Math.round(s.taxRate * 100),
            serviceChargeBps: Math.round(s.serviceCharge * 100),
            timezone: s.timezone,
            publicUrl: s.publicUrl ? s.publicUrl.replace(/\/+$/, '') : null,
            updatedAt: new Date(),
          })
          .where(eq(restaurants.id, restaurantId));
        await tx.insert(auditLog).values({
          restaurantId,
          userId: requireAuth(request).user.id,
          action: 'restaurant.settings',
          entityType: 'restaurant',
          entityId: restaurantId,
          details: { ...s },
        });
        // Currency and exchange rate change every guest price.
        return recordEvent(tx, restaurantId, {
          type: 'menu_updated',
          data: { action: 'settings' },
          userId: requireAuth(request).user.id,
        });
      });
      app.publish([event]);
      return { success: true as const, data: await readSettings(app.db, restaurantId) };
    },
  );
};
