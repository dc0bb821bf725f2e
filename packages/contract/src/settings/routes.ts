import { defineRouteContract } from '../common/route.js';
import { restaurantSettingsResponseSchema, restaurantSettingsSchema } from './schemas.js';
const tags = ['Settings'];

/** The restaurant's own settings, for its manager or admin (`manage_settings`). */
export const settingsRoutes = {
  getRestaurantSettings: defineRouteContract({
    method: 'GET',
    path: '/api/restaurant/settings',
    operationId: 'getRestaurantSettings',
    summary: "The restaurant's name, money, timezone and public address",
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    response: restaurantSettingsResponseSchema,
    errors: [404],
  }),
  updateRestaurantSettings: defineRouteContract({
    method: 'PUT',
    path: '/api/restaurant/settings',
    operationId: 'updateRestaurantSettings',
    summary: "Change the restaurant's settings",
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    body: restaurantSettingsSchema,
    response: restaurantSettingsResponseSchema,
    errors: [404],
  }),
};
