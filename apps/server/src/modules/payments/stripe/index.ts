// The Stripe provider, as the rest of payments uses it.
export {
  connectStripe,
  disconnectStripe,
  stripeConnection,
  stripeKeysOf,
  type StripeKeys,
} from './accounts.js';
export { cancelStripeIntent, createStripeIntent, stripeProvider } from './provider.js';
