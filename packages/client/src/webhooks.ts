import type { WebhookPayload } from '@tavola/contract';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

/** Headers as a server framework gives them: names in any case, a value or a list. */
export type WebhookHeaders =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: WebhookHeaders, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1] as string | readonly string[] | undefined;
  const first: string | undefined = typeof value === 'string' ? value : value?.[0];
  return first ?? '';
}

/**
 * Checks a Tavola webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) with the endpoint's secret (`whsec_…`) and answers its payload. Pass the
 * body exactly as received, before any JSON parsing. Throws `WebhookVerificationError` for a
 * wrong signature or a timestamp more than five minutes away. Deduplicate by `webhook-id`: a
 * retried or redelivered event carries the same one.
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): WebhookPayload {
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  return new Webhook(secret).verify(body, {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  }) as WebhookPayload;
}
