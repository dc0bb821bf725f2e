import { defineModule } from '../../core/module.js';
import { requestGuestRoutes } from './guest-routes.js';
import { requestRoutes } from './routes.js';

/** Guests' calls for a waiter or the bill, and the staff's answers. */
export const requestsModule = defineModule({
  name: 'requests',
  routes: [requestGuestRoutes, requestRoutes],
});
