import { defineModule } from '../../core/module.js';
import { discountRoutes } from './routes.js';

/** Discounts and comps on open bills, the reasons they are given for, and staff's limits. */
export const discountsModule = defineModule({
  name: 'discounts',
  routes: [discountRoutes],
});
