import { defineModule } from '../../core/module.js';
import { paymentRoutes } from './routes.js';

/** Taking payment for a bill. */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: [paymentRoutes],
});
