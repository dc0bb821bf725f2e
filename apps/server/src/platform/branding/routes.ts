import { brandingInputSchema, restaurantBrandingResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { platformBrand, platformSettingsCache } from '../settings/index.js';
import { readRestaurantBranding, updateRestaurantBranding } from './service.js';

/**
 * A restaurant's white label (issue 14, item 9). Every staff member of the restaurant reads the
 * brand its screens show; its admin and managers (`manage_settings`) set its own, on Enterprise
 * Empire only.
 */
export const restaurantBrandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Settings'];
  const platform = platformSettingsCache(app);

  app.get(
    '/api/restaurant/branding',
    {
      schema: {
        tags,
        summary:
          "The restaurant's own brand, whether its plan allows it, and what its screens show",
        response: { 200: restaurantBrandingResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const restaurantId = requireRestaurantId(request);
      const brand = platformBrand(await platform.get());
      return {
        success: true as const,
        data: await readRestaurantBranding(app.db, restaurantId, brand),
      };
    },
  );

  app.put(
    '/api/restaurant/branding',
    {
      schema: {
        tags,
        summary: "Set the restaurant's own brand name, colour and logo (Enterprise Empire)",
        body: brandingInputSchema,
        response: { 200: restaurantBrandingResponseSchema, ...errorResponses(403) },
      },
      preHandler: requirePermission('manage_settings'),
    },
    async (request) => ({
      success: true as const,
      data: await updateRestaurantBranding(app, staffActor(request), request.body),
    }),
  );
};
