import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';

/**
 * A restaurant's own Stripe account, connected by its admin: the secret key the server calls
 * Stripe with, the publishable key the guest's card form loads with, and the signing secret of
 * the webhook endpoint the admin made in Stripe's dashboard. Test and live keys are not mixed.
 */
export const connectStripeInputSchema = z
  .object({
    secretKey: z
      .string()
      .trim()
      .regex(/^(?:sk|rk)_(?:test|live)_[A-Za-z0-9]{8,247}$/, {
        error: 'secretKey must be a Stripe secret key (sk_test_… or sk_live_…)',
      }),
    publishableKey: z
      .string()
      .trim()
      .regex(/^pk_(?:test|live)_[A-Za-z0-9]{8,247}$/, {
        error: 'publishableKey must be a Stripe publishable key (pk_test_… or pk_live_…)',
      }),
    webhookSecret: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,247}$/, {
        error: 'webhookSecret must be a Stripe webhook signing secret (whsec_…)',
      }),
  })
  .refine((k) => k.secretKey.includes('_live_') === k.publishableKey.includes('_live_'), {
    error: 'The secret and publishable keys must both be test keys or both live keys',
    path: ['publishableKey'],
  });

export type ConnectStripeInput = z.infer<typeof connectStripeInputSchema>;

/** The connection as the admin sees it: the secrets only by their start and last four. */
export const stripeConnectionSchema = z.object({
  connected: z.boolean(),
  /** test or live, from the keys' prefix; null when not connected. */
  mode: z.enum(['test', 'live']).nullable(),
  /** `sk_test_…4242`. */
  secretKey: z.string().nullable(),
  /** Public by design (every guest's card form loads with it), shown masked all the same. */
  publishableKey: z.string().nullable(),
  webhookSecret: z.string().nullable(),
  /** The address to give Stripe as the webhook endpoint (path only when PUBLIC_URL is unset). */
  webhookUrl: z.string(),
  connectedAt: z.string().nullable(),
});

export type StripeConnection = z.infer<typeof stripeConnectionSchema>;

export const stripeConnectionResponseSchema = successResponseSchema(stripeConnectionSchema);
