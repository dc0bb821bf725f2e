import { API_KEY_LIMITS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@tavola/contract';
import { v1DocRoutes } from '@tavola/contract/refs';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { t } from '../messages';
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
        <CardTitle>{t('referenceAndLimits')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm text-stone-700">
        <p>
          {t('referenceBefore')} <code className="font-mono">/api/v1</code>
          {t('referenceMiddle')}{' '}
          <a className="text-brand-700 underline" href={OPENAPI} target="_blank" rel="noreferrer">
            {OPENAPI}
          </a>{' '}
          {t('referenceAfter')}
        </p>
        <p>
          {t('limits', {
            perSecond: API_KEY_LIMITS.perSecond,
            perWindow: API_KEY_LIMITS.perWindow,
            minutes: API_KEY_LIMITS.windowSeconds / 60,
          })}
        </p>
        <p>{t('webhookLimits', { hours: retryHours })}</p>
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
