import { defineModule } from '../../core/module.js';
import { platformPlanRoutes, restaurantPlanRoutes } from './routes.js';
import { trialEndingNotices } from './trial-ending.js';

/** The team's plans, subscriptions and analytics, a restaurant's plan, and the notices of trials ending. */
export const plansArea = defineModule({
  name: 'platform/plans',
  routes: [platformPlanRoutes, restaurantPlanRoutes],
  ...trialEndingNotices,
});
