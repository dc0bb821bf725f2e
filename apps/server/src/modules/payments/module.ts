import { defineModule } from '../../core/module.js';
import { paymentGuestRoutes } from './guest-routes.js';
import { paymentRoutes } from './routes.js';

/** Taking payment for a bill. */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: [paymentGuestRoutes, paymentRoutes],
});
