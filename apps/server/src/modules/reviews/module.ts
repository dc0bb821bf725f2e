import { defineModule } from '../../core/module.js';
import { reviewGuestRoutes } from './guest-routes.js';
import { reviewRoutes } from './routes.js';

/** Guests' reviews and the manager's list of them. */
export const reviewsModule = defineModule({
  name: 'reviews',
  routes: [reviewGuestRoutes, reviewRoutes],
});
