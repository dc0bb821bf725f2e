import { refuse } from '../../../core/http/errors.js';
import type { PaymentProvider } from './types.js';

/**
 * The demo restaurant's card provider, for a guest paying at the table where no card provider is
 * connected: every step succeeds at once and no money moves anywhere. Its payments carry the
 * provider `demo`, so a report or a receipt can always tell them from real ones.
 */
export const demoProvider: PaymentProvider = {
  id: 'demo',
  authorize: async () => ({ ok: true, reference: null }),
  capture: async () => ({ ok: true, reference: null }),
  refund: async () => ({ ok: true, reference: null }),
  verifyCallback: () => {
    throw refuse('PAYMENT_PROVIDER_NO_CALLBACKS');
  },
};
