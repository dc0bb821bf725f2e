import {
  createWebhookInputSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@tavola/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormAlert, FormSubmit, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useDeliveries, useWebhookActions, useWebhooks } from '../api/webhooks';
import { t } from '../messages';
import { ShownOnce } from './shown-once';

const STATUS_TONES = { pending: 'amber', succeeded: 'green', failed: 'red' } as const;

/** One endpoint's delivery log, newest first, with a redeliver button per delivery. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { data, isError, error } = useDeliveries(endpoint.id);
  const { redeliver } = useWebhookActions();
  const timeZone = useRestaurantTimeZone();
  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'event',
      header: t('event'),
      rowHeader: true,
      cell: (d) => (
        <>
          <span className="font-medium">{d.eventType}</span>
          <span className="block font-mono text-xs text-stone-500">{d.messageId}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (d) => <Badge tone={STATUS_TONES[d.status]}>{t(`status_${d.status}`)}</Badge>,
    },
    {
      key: 'response',
      header: t('response'),
      cell: (d) => (
        <span className="text-xs">
          {d.responseStatus ?? '—'}
          {d.latencyMs !== null && ` · ${d.latencyMs} ms`}
          {(d.error ?? d.responseBody) && (
            <span
              className="block max-w-64 truncate text-stone-500"
              title={d.error ?? d.responseBody ?? ''}
            >
              {d.error ?? d.responseBody}
            </span>
          )}
        </span>
      ),
    },
    { key: 'attempts', header: t('attempts'), className: 'tabular-nums', cell: (d) => d.attempts },
    {
      key: 'when',
      header: t('lastAttempt'),
      cell: (d) => (d.lastAttemptAt ? formatTime(d.lastAttemptAt, timeZone, 'dateTime') : '—'),
    },
    {
      key: 'actions',
      header: t('actions'),
      srOnlyHeader: true,
      className: 'text-right',
      cell: (d) => (
        <Button
          size="sm"
          variant="outline"
          aria-label={t('redeliverAria', { id: d.messageId })}
          onClick={() =>
            void runSave(() => redeliver.mutateAsync({ id: endpoint.id, deliveryId: d.id }), {
              success: { title: t('deliveryQueued') },
              failure: t('unableToRedeliver'),
            })
          }
        >
          {t('redeliver')}
        </Button>
      ),
    },
  ];
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error instanceof Error ? error.message : t('unableToLoadDeliveries')}
      </p>
    );
  }
  return (
    <DataTable
      bare
      label={t('deliveriesTo', { url: endpoint.url })}
      columns={columns}
      rows={data?.deliveries}
      rowKey={(d) => d.id}
      loading={!data}
      empty={t('noDeliveries')}
      minWidth="min-w-[44rem]"
    />
  );
}

/** One endpoint: its address and filters, its switches, and its log when opened. */
function EndpointRow({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (s: { label: string; key: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const actions = useWebhookActions();
  return (
    <li className="space-y-3 rounded-lg border border-stone-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm">{endpoint.url}</p>
          <p className="text-xs text-stone-600">
            {endpoint.description && `${endpoint.description} · `}
            {endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : t('allEvents')}
            {endpoint.ordered && t('inOrder')}
            {t('secretHint', { hint: endpoint.secretHint })}
          </p>
        </div>
        <Badge tone={endpoint.enabled ? 'green' : 'red'}>
          {endpoint.enabled
            ? t('enabled')
            : endpoint.disabledReason === 'failing'
              ? t('disabledFailing')
              : t('disabled')}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('hideDeliveries') : t('deliveries')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void runSave(() => actions.test.mutateAsync(endpoint.id), {
              success: (d) => ({
                title: d.status === 'succeeded' ? t('testDelivered') : t('testNotDelivered'),
                description: d.error ?? t('answered', { status: d.responseStatus ?? '—' }),
              }),
              failure: t('unableToTest'),
            })
          }
        >
          {t('sendTest')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void runSave(
              () =>
                actions.update.mutateAsync({
                  id: endpoint.id,
                  body: { enabled: !endpoint.enabled },
                }),
              {
                success: { title: endpoint.enabled ? t('webhookDisabled') : t('webhookEnabled') },
                failure: t('unableToSave'),
              },
            )
          }
        >
          {endpoint.enabled ? t('disable') : t('enable')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void runSave(() => actions.roll.mutateAsync(endpoint.id), {
              success: (rolled) => {
                onSecret({ label: t('newSecretOf', { name: rolled.url }), key: rolled.secret });
                return {
                  title: t('secretRolled'),
                  description: t('oldSecretSigns'),
                };
              },
              failure: t('unableToRoll'),
            })
          }
        >
          {t('rollSecret')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() =>
            void runSave(() => actions.remove.mutateAsync(endpoint.id), {
              success: { title: t('webhookDeleted') },
              failure: t('unableToDelete'),
            })
          }
        >
          {t('delete')}
        </Button>
      </div>
      {open && <DeliveryLog endpoint={endpoint} />}
    </li>
  );
}

/** Webhook endpoints: register one with its filters, watch its deliveries, send a test. */
export function WebhooksCard() {
  const { data, isError, error } = useWebhooks();
  const { create } = useWebhookActions();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [ordered, setOrdered] = useState(false);
  const [secret, setSecret] = useState<{ label: string; key: string } | null>(null);

  const toggle = (type: WebhookEventType) =>
    setTypes((s) => (s.includes(type) ? s.filter((x) => x !== type) : [...s, type]));

  const onCreate = () =>
    create.mutateAsync(
      checkedOrRefuse(
        validate(createWebhookInputSchema, {
          url: url.trim(),
          ...(description.trim() ? { description } : {}),
          eventTypes: types,
          ordered,
        }),
      ),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('webhooks')}</CardTitle>
        <p className="text-sm text-stone-600">{t('webhooksHint')}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {secret && (
          <ShownOnce label={secret.label} secret={secret.key} onDone={() => setSecret(null)} />
        )}
        <Form
          className="space-y-3"
          noValidate
          onSubmit={onCreate}
          success={(created) => {
            setSecret({ label: t('signingSecretOf', { url: created.url }), key: created.secret });
            setUrl('');
            setDescription('');
            setTypes([]);
            return { title: t('webhookAdded') };
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('endpointUrl')} id="webhook-url" hint={t('httpsOnly')}>
              <Input
                type="url"
                inputMode="url"
                placeholder="https://example.com/tavola"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            </Field>
            <Field label={t('description')} id="webhook-description">
              <Input value={description} onChange={(e) => setDescription(e.target.value)} />
            </Field>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">{t('eventsLegend')}</legend>
            <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex min-h-9 items-center gap-2 font-mono text-xs">
                  <input
                    type="checkbox"
                    checked={types.includes(type)}
                    onChange={() => toggle(type)}
                  />
                  {type}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={ordered}
              onChange={(e) => setOrdered(e.target.checked)}
            />
            {t('deliverInOrder')}
          </label>
          <FormAlert />
          <FormSubmit>{t('addWebhook')}</FormSubmit>
        </Form>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : t('unableToLoadWebhooks')}
          </p>
        ) : !data ? (
          <div className="h-16 animate-pulse rounded-lg bg-stone-200" />
        ) : data.endpoints.length === 0 ? (
          <p className="text-sm text-stone-600">{t('noWebhooks')}</p>
        ) : (
          <ul className="space-y-3" aria-label={t('webhookEndpoints')}>
            {data.endpoints.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
