import { defineModule } from '../../core/module.js';
import { dayClosing } from './auto-close.js';
import { businessDayRoutes } from './routes.js';

/** Closing and reopening business days, and closing those nobody closed once their time has passed. */
export const businessDaysModule = defineModule({
  name: 'business-days',
  routes: [businessDayRoutes],
  ...dayClosing,
});
