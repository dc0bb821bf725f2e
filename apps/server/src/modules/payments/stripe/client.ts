import Stripe from 'stripe';
import type { Config } from '../../../config.js';
import { outboundWebFetch } from '../../../core/net/outbound-web-fetch.js';
import { isLoopbackHost } from '../../../core/net/addresses.js';

const STRIPE_API = 'https://api.stripe.com';

/** How long one call to Stripe may take; the package retries twice more on a network error or a 5xx. */
const TIMEOUT_MS = 15_000;

/** Stripe's answers are small JSON objects. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * A Stripe client for one restaurant's secret key. It talks to STRIPE_API_BASE
 * (https://api.stripe.com unless configured) through the server's one outbound HTTP path
 * (`outboundWebFetch`), so the same address checks apply as to every request the server sends:
 * a public address over https, or, for a local stand-in configured by the operator, http to this
 * machine's loopback only. The package retries a failed call with the same Idempotency-Key.
 */
export function stripeClient(config: Config, secretKey: string): Stripe {
  const base = new URL(config.stripe?.apiBase ?? STRIPE_API);
  const loopback = isLoopbackHost(base.hostname);
  if (base.protocol === 'http:' && !loopback) {
    throw new Error('STRIPE_API_BASE may be http:// only for this machine (a local stand-in)');
  }
  const secure = base.protocol === 'https:';
  const fetchThrough = outboundWebFetch(
    {
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: TIMEOUT_MS,
      protocols: secure ? ['https:'] : ['http:'],
    },
    loopback ? { allowAddress: (address) => isLoopbackHost(address) } : {},
  );
  return new Stripe(secretKey, {
    host: base.hostname,
    port: Number(base.port || (secure ? 443 : 80)),
    protocol: secure ? 'https' : 'http',
    httpClient: Stripe.createFetchHttpClient(fetchThrough),
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Tavola' },
  });
}

/** Checks a notification's Stripe-Signature over its raw bytes; throws when it does not match. */
export function stripeEvent(
  config: Config,
  body: Buffer,
  signature: string,
  webhookSecret: string,
): Stripe.Event {
  // The key is not used to verify: the signing secret is. Any well-formed key builds the client.
  return stripeClient(config, 'sk_unused').webhooks.constructEvent(body, signature, webhookSecret);
}

export { Stripe };
