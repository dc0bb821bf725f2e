// What other modules may use of payments: settling a bill inside their own unit of work.
export { settleBill } from './service.js';
// The restaurant's Stripe account, connected from the admin's Integrations.
export { connectStripe, disconnectStripe, stripeConnection } from './stripe/index.js';
