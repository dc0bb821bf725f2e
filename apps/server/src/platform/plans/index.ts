// What restaurant modules may use of plans: the limits a plan and its trial set.
export { assertCanAdd, assertGuestsCanOrder, assertTrialActive } from './entitlements.js';
// What the app registers: the team's plans, subscriptions and analytics, and a restaurant's plan.
export { platformPlanRoutes, restaurantPlanRoutes } from './routes.js';
