import type { Currency } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { DbOrTx } from '../../../core/db/client.js';
import { payments } from '../../../core/db/schema.js';
import { refuse } from '../../../core/http/errors.js';
import type {
  PaymentProvider,
  ProviderCallback,
  ProviderContext,
  RawCallback,
} from '../providers/index.js';
import { Stripe, stripeClient, stripeEvent } from './client.js';
import { stripeKeysOf, type StripeKeys } from './accounts.js';

/**
 * Stripe's errors as the server's refusals. A card or request Stripe refused is the provider's
 * own word (`PAYMENT_PROVIDER_DECLINED`); Stripe out of reach after the package's retries, or
 * answering 5xx, is `PAYMENT_PROVIDER_UNAVAILABLE`. Never the key or Stripe's raw answer.
 */
function refusalOf(err: unknown): never {
  if (err instanceof Stripe.errors.StripeIdempotencyError) throw refuse('IDEMPOTENCY_KEY_REUSED');
  if (
    err instanceof Stripe.errors.StripeCardError ||
    err instanceof Stripe.errors.StripeInvalidRequestError
  ) {
    throw refuse('PAYMENT_PROVIDER_DECLINED', { reason: err.message });
  }
  if (err instanceof Stripe.errors.StripeError) {
    throw refuse('PAYMENT_PROVIDER_UNAVAILABLE', { provider: 'Stripe' });
  }
  throw err;
}

/** A PaymentIntent Stripe made (or, for the same key, made before): what the card form confirms. */
export interface StripeIntent {
  id: string;
  clientSecret: string;
}

/**
 * Asks Stripe for a PaymentIntent of `totalCents` (bill part and tip) in the bill's currency.
 * The Idempotency-Key is the guest's attempt: a retry (by the package after a 5xx, or by the page)
 * gets the same intent back, never a second one. Stripe captures it when the guest confirms it;
 * the payment is recorded as captured only when Stripe's signed notification says so.
 */
export async function createStripeIntent(
  config: Config,
  keys: StripeKeys,
  request: {
    totalCents: number;
    currency: Currency;
    idempotencyKey: string;
    metadata: Record<string, string>;
    description: string;
  },
): Promise<StripeIntent> {
  try {
    const intent = await stripeClient(config, keys.secretKey).paymentIntents.create(
      {
        amount: request.totalCents,
        currency: request.currency,
        automatic_payment_methods: { enabled: true },
        description: request.description,
        metadata: request.metadata,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!intent.client_secret)
      throw new Error('Stripe answered a PaymentIntent without its secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  } catch (err) {
    return refusalOf(err);
  }
}

/** Cancels an intent nobody will pay (its payment failed or was refused here); best effort. */
export async function cancelStripeIntent(
  config: Config,
  keys: StripeKeys,
  intentId: string,
): Promise<boolean> {
  try {
    await stripeClient(config, keys.secretKey).paymentIntents.cancel(intentId, undefined, {
      idempotencyKey: `cancel-${intentId}`,
    });
    return true;
  } catch {
    // Already succeeded or canceled, or Stripe out of reach: a success that still comes is given
    // back by the callback (a payment that is not pending any more takes no money).
    return false;
  }
}

/** What an event is about, read before its signature is checked: only to find whose secret checks it. */
function claimedIntent(body: Buffer): { intentId: string | null; restaurantId: string | null } {
  try {
    const event = JSON.parse(body.toString('utf8')) as {
      data?: {
        object?: {
          object?: string;
          id?: string;
          payment_intent?: string;
          metadata?: Record<string, string>;
        };
      };
    };
    const object = event.data?.object;
    const intentId =
      object?.object === 'payment_intent'
        ? (object.id ?? null)
        : typeof object?.payment_intent === 'string'
          ? object.payment_intent
          : null;
    return { intentId, restaurantId: object?.metadata?.tavola_restaurant_id ?? null };
  } catch {
    return { intentId: null, restaurantId: null };
  }
}

async function restaurantOfIntent(db: DbOrTx, intentId: string): Promise<string | null> {
  const [row] = await db
    .select({ restaurantId: payments.restaurantId })
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intentId)));
  return row?.restaurantId ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a Stripe notification with the package's own check (`webhooks.constructEvent`: HMAC-SHA256
 * of `t.body` against every v1 signature, the timestamp within five minutes) over the raw bytes,
 * with the signing secret of the restaurant whose payment it names. Nothing in the body is acted
 * on before that check: it is read only to know whose secret to check it with.
 */
async function verifyStripeCallback(
  raw: RawCallback,
  ctx: ProviderContext,
): Promise<ProviderCallback | null> {
  const signature = raw.headers['stripe-signature'];
  if (typeof signature !== 'string' || signature === '') throw refuse('STRIPE_SIGNATURE_INVALID');
  const claimed = claimedIntent(raw.body);
  const restaurantId =
    (claimed.intentId ? await restaurantOfIntent(ctx.db, claimed.intentId) : null) ??
    (claimed.restaurantId && UUID.test(claimed.restaurantId) ? claimed.restaurantId : null);
  if (!restaurantId) throw refuse('STRIPE_SIGNATURE_INVALID');
  const keys = await stripeKeysOf(ctx.db, ctx.config, restaurantId);
  if (!keys) throw refuse('STRIPE_SIGNATURE_INVALID');
  let event: Stripe.Event;
  try {
    event = stripeEvent(ctx.config, raw.body, signature, keys.webhookSecret);
  } catch {
    throw refuse('STRIPE_SIGNATURE_INVALID');
  }
  switch (event.type) {
    case 'payment_intent.succeeded':
      return {
        reference: event.data.object.id,
        step: 'capture',
        tookMoney: true,
        unordered: true,
        totalCents: event.data.object.amount_received,
      };
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { reference: event.data.object.id, step: 'fail', unordered: true };
    default:
      // Refunds are booked when a manager makes them here (a refund made in Stripe's dashboard
      // is not); other events say nothing a payment does.
      return null;
  }
}

/**
 * A guest's card through the restaurant's own Stripe account. Creating the intent is
 * `createStripeIntent` (before the bill's unit of work, never under its locks); the money moves
 * when the guest confirms it in Stripe's card form, and the payment is captured here only on the
 * signed `payment_intent.succeeded`. Refunds go through Stripe's refunds of the intent.
 */
export const stripeProvider: PaymentProvider = {
  id: 'stripe',
  authorize: async () => ({ ok: false, reason: 'A Stripe payment starts with its PaymentIntent' }),
  capture: async () => ({ ok: false, reason: 'Stripe captures when the guest confirms' }),
  refund: async (reference, refund, ctx) => {
    if (!reference) return { ok: false, reason: 'This payment has no Stripe PaymentIntent' };
    const keys = await stripeKeysOf(ctx.db, ctx.config, refund.restaurantId);
    if (!keys) throw refuse('PAYMENT_PROVIDER_NOT_CONNECTED', { provider: 'Stripe' });
    try {
      const done = await stripeClient(ctx.config, keys.secretKey).refunds.create(
        {
          payment_intent: reference,
          amount: refund.amountCents + refund.tipCents,
          metadata: { tavola_restaurant_id: refund.restaurantId },
        },
        { idempotencyKey: refund.idempotencyKey },
      );
      if (done.status === 'failed' || done.status === 'canceled') {
        return { ok: false, reason: done.failure_reason ?? 'Stripe could not refund this payment' };
      }
      return { ok: true, reference: done.id };
    } catch (err) {
      return refusalOf(err);
    }
  },
  verifyCallback: verifyStripeCallback,
};
