import { defineModule } from '../../core/module.js';
import { restaurantBrandingRoutes } from './routes.js';

/** A restaurant's white label. */
export const brandingArea = defineModule({
  name: 'platform/branding',
  routes: [restaurantBrandingRoutes],
});
