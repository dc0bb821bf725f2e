import { restaurantSettingsResponseSchema, restaurantSettingsSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../core/http/responses.js';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { readSettings, updateSettings } from './service.js';

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
    async (request) => ({
      success: true as const,
      data: await updateSettings(app, staffActor(request), request.body),
    }),
  );
};
