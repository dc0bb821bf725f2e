import { connectStripeInputSchema } from '@tavola/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormAlert, FormSubmit, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { validate } from '@/lib/validate';
import { useStripeActions, useStripeConnection } from '../api/stripe';
import { t } from '../messages';

/** The restaurant's own Stripe account: connect its keys (kept encrypted), see them masked, disconnect. */
export function StripeCard() {
  const { data } = useStripeConnection();
  const actions = useStripeActions();
  const [keys, setKeys] = useState({ secretKey: '', publishableKey: '', webhookSecret: '' });
  const set = (name: keyof typeof keys) => (e: { target: { value: string } }) =>
    setKeys((k) => ({ ...k, [name]: e.target.value }));

  const onConnect = async () =>
    actions.connect.mutateAsync(checkedOrRefuse(validate(connectStripeInputSchema, keys)));
  const onDisconnect = () =>
    void runSave(() => actions.disconnect.mutateAsync(), {
      success: { title: t('stripeRemoved'), description: t('stripeRemovedHint') },
      failure: t('stripeRemoveFailed'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stripeTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-stone-700">{t('stripeIntro')}</p>
        {data?.connected ? (
          <div className="space-y-1">
            <p className="font-medium text-emerald-800">
              {t('stripeConnected', {
                mode: data.mode ?? '',
                date: (data.connectedAt ?? '').slice(0, 10),
              })}
            </p>
            <p className="font-mono text-xs break-all text-stone-600">
              {data.secretKey} · {data.publishableKey} · {data.webhookSecret}
            </p>
            <Button type="button" variant="outline" onClick={onDisconnect}>
              {t('stripeDisconnect')}
            </Button>
          </div>
        ) : (
          <p className="text-stone-600">{t('stripeNotConnected')}</p>
        )}
        <Form
          className="space-y-3"
          noValidate
          autoComplete="off"
          onSubmit={onConnect}
          success={() => {
            setKeys({ secretKey: '', publishableKey: '', webhookSecret: '' });
            return { title: t('stripeSaved') };
          }}
        >
          <Field label={t('stripeSecretKey')} id="stripe-secret-key" hint={t('stripeKeysHint')}>
            <Input type="password" value={keys.secretKey} onChange={set('secretKey')} />
          </Field>
          <Field label={t('stripePublishableKey')} id="stripe-publishable-key">
            <Input value={keys.publishableKey} onChange={set('publishableKey')} />
          </Field>
          <Field
            label={t('stripeWebhookSecret')}
            id="stripe-webhook-secret"
            hint={t('stripeWebhookHint', { url: data?.webhookUrl ?? '' })}
          >
            <Input type="password" value={keys.webhookSecret} onChange={set('webhookSecret')} />
          </Field>
          <FormAlert />
          <FormSubmit>{data?.connected ? t('stripeReplace') : t('stripeConnect')}</FormSubmit>
        </Form>
      </CardContent>
    </Card>
  );
}
