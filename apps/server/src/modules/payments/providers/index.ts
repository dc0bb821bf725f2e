import { refuse } from '../../../core/http/errors.js';
import { demoProvider } from './demo.js';
import { manualProvider } from './manual.js';
import { stripeProvider } from '../stripe/index.js';
import type { PaymentProvider } from './types.js';

export { demoProvider } from './demo.js';
export { manualProvider } from './manual.js';
export type {
  PaymentProvider,
  ProviderCallback,
  ProviderContext,
  ProviderRefund,
  RawCallback,
} from './types.js';

const PROVIDERS = new Map<string, PaymentProvider>([
  [manualProvider.id, manualProvider],
  [demoProvider.id, demoProvider],
  [stripeProvider.id, stripeProvider],
]);

/** The provider by its id; a name no provider has is a 404 (it comes from a callback's path). */
export function paymentProvider(id: string): PaymentProvider {
  const provider = PROVIDERS.get(id);
  if (!provider) throw refuse('PAYMENT_PROVIDER_UNKNOWN');
  return provider;
}

/**
 * Makes a provider known to the server (its callbacks are then received, its payments refunded
 * through it). The manual provider is always known; a card acquirer's module adds its own at
 * start-up, and tests add a stand-in for one.
 */
export function addPaymentProvider(provider: PaymentProvider): void {
  PROVIDERS.set(provider.id, provider);
}
