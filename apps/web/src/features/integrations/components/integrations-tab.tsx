import { API_KEY_LIMITS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@tavola/contract';
import { v1DocRoutes } from '@tavola/contract/refs';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiKeysCard } from './api-keys-card';
import { StripeCard } from './stripe-card';
import { WebhooksCard } from './webhooks-card';

const OPENAPI = v1DocRoutes.getV1OpenApiDocument.path;

const retryHours = Math.round(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) / 3600);

/** Where the API is described, and its limits. */
function ApiReferenceCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>API reference and limits</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm text-stone-700">
        <p>
          The public API is at <code className="font-mono">/api/v1</code>; its reference, every
          operation with its examples and error codes, is the OpenAPI document{' '}
          <a className="text-brand-700 underline" href={OPENAPI} target="_blank" rel="noreferrer">
            {OPENAPI}
          </a>{' '}
          (open it in any OpenAPI viewer, or generate a client from it).
        </p>
        <p>
          Limits per key: {API_KEY_LIMITS.perSecond} requests a second and{' '}
          {API_KEY_LIMITS.perWindow.toLocaleString('en')} per {API_KEY_LIMITS.windowSeconds / 60}{' '}
          minutes, announced in the RateLimit headers of every answer; past them the API answers 429
          with Retry-After.
        </p>
        <p>
          Webhooks: answer 2xx within 15 seconds. Failed deliveries are retried for about{' '}
          {retryHours} hours with growing delays, each with the same webhook-id, so a receiver can
          drop duplicates.
        </p>
      </CardContent>
    </Card>
  );
}

/** The admin's Integrations tab: API keys, webhooks, Stripe, the API reference and its limits. */
export function IntegrationsTab() {
  return (
    <div className="space-y-6">
      <ApiKeysCard />
      <WebhooksCard />
      <StripeCard />
      <ApiReferenceCard />
    </div>
  );
}
