import { restaurantAccountRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { platformBrand, platformSettingsCache } from '../settings/index.js';
import { readRestaurantBranding, updateRestaurantBranding } from './service.js';

/**
 * A restaurant's white label. Every staff member of the restaurant reads the brand its screens
 * show; its admin and managers (`manage_settings`) set its own, on Enterprise Empire only.
 */
export const restaurantBrandingRoutes: FastifyPluginAsync = async (app) => {
  const platform = platformSettingsCache(app);

  defineRoute(app, routes.getRestaurantBranding, async (request) => {
    const restaurantId = requireRestaurantId(request);
    const brand = platformBrand(await platform.get());
    return {
      success: true as const,
      data: await readRestaurantBranding(app.db, restaurantId, brand),
    };
  });

  defineRoute(app, routes.updateRestaurantBranding, async (request) => ({
    success: true as const,
    data: await updateRestaurantBranding(app, staffActor(request), request.body),
  }));
};
