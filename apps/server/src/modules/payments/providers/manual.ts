import { refuse } from '../../../core/http/errors.js';
import type { PaymentProvider } from './types.js';

/**
 * Cash counted by the waiter or a card run on the restaurant's own terminal: the money is in hand
 * when staff record it, so every step succeeds at once and nothing has a provider reference.
 * Refunds are money handed back by staff the same way.
 */
export const manualProvider: PaymentProvider = {
  id: 'manual',
  authorize: async () => ({ ok: true, reference: null }),
  capture: async () => ({ ok: true, reference: null }),
  refund: async () => ({ ok: true, reference: null }),
  verifyCallback: () => {
    // Nobody outside calls about a payment staff recorded themselves.
    throw refuse('PAYMENT_PROVIDER_NO_CALLBACKS');
  },
};
