import { defineModule } from '../../core/module.js';
import { orderEscalation } from './escalation.js';
import { courseFiring } from './course-jobs.js';
import { orderGuestRoutes } from './guest-routes.js';
import { orderRoutes } from './routes.js';

/** Placing orders (guests), working them (staff), and escalating those still new after the order timeout. */
export const ordersModule = defineModule({
  name: 'orders',
  routes: [orderGuestRoutes, orderRoutes],
  jobs: (ctx) => [...orderEscalation.jobs(ctx), ...courseFiring.jobs(ctx)],
  schedules: () => [...orderEscalation.schedules(), ...courseFiring.schedules()],
});
