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
      header: 'Event',
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
      header: 'Status',
      cell: (d) => <Badge tone={STATUS_TONES[d.status]}>{d.status}</Badge>,
    },
    {
      key: 'response',
      header: 'Response',
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
    { key: 'attempts', header: 'Attempts', className: 'tabular-nums', cell: (d) => d.attempts },
    {
      key: 'when',
      header: 'Last attempt',
      cell: (d) => (d.lastAttemptAt ? formatTime(d.lastAttemptAt, timeZone, 'dateTime') : '—'),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      className: 'text-right',
      cell: (d) => (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Redeliver ${d.messageId}`}
          onClick={() =>
            void runSave(() => redeliver.mutateAsync({ id: endpoint.id, deliveryId: d.id }), {
              success: { title: 'Delivery queued again' },
              failure: 'Unable to redeliver',
            })
          }
        >
          Redeliver
        </Button>
      ),
    },
  ];
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error instanceof Error ? error.message : 'Unable to load the deliveries'}
      </p>
    );
  }
  return (
    <DataTable
      bare
      label={`Deliveries to ${endpoint.url}`}
      columns={columns}
      rows={data?.deliveries}
      rowKey={(d) => d.id}
      loading={!data}
      empty="No deliveries yet."
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
            {endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : 'All events'}
            {endpoint.ordered && ' · in order'} · secret {endpoint.secretHint}
          </p>
        </div>
        <Badge tone={endpoint.enabled ? 'green' : 'red'}>
          {endpoint.enabled
            ? 'Enabled'
            : endpoint.disabledReason === 'failing'
              ? 'Disabled after a day of failures'
              : 'Disabled'}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void runSave(() => actions.test.mutateAsync(endpoint.id), {
              success: (d) => ({
                title:
                  d.status === 'succeeded' ? 'Test event delivered' : 'Test event not delivered',
                description: d.error ?? `Answered ${d.responseStatus ?? '—'}`,
              }),
              failure: 'Unable to send a test event',
            })
          }
        >
          Send test event
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
                success: { title: endpoint.enabled ? 'Webhook disabled' : 'Webhook enabled' },
                failure: 'Unable to save',
              },
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void runSave(() => actions.roll.mutateAsync(endpoint.id), {
              success: (rolled) => {
                onSecret({ label: `New secret of ${rolled.url}`, key: rolled.secret });
                return {
                  title: 'Secret rolled',
                  description: 'The old secret signs as well for 24 hours.',
                };
              },
              failure: 'Unable to roll',
            })
          }
        >
          Roll secret
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() =>
            void runSave(() => actions.remove.mutateAsync(endpoint.id), {
              success: { title: 'Webhook deleted' },
              failure: 'Unable to delete',
            })
          }
        >
          Delete
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
        <CardTitle>Webhooks</CardTitle>
        <p className="text-sm text-stone-600">
          Tavola posts events to these https addresses, signed by the Standard Webhooks
          specification. A failed delivery is retried for about a day; an endpoint failing for a
          whole day is turned off and you are told.
        </p>
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
            setSecret({ label: `Signing secret of ${created.url}`, key: created.secret });
            setUrl('');
            setDescription('');
            setTypes([]);
            return { title: 'Webhook added' };
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Endpoint URL" id="webhook-url" hint="https:// only">
              <Input
                type="url"
                inputMode="url"
                placeholder="https://example.com/tavola"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            </Field>
            <Field label="Description" id="webhook-description">
              <Input value={description} onChange={(e) => setDescription(e.target.value)} />
            </Field>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">
              Events (none chosen: all)
            </legend>
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
            Deliver in order (a failing event holds the ones after it)
          </label>
          <FormAlert />
          <FormSubmit>Add webhook</FormSubmit>
        </Form>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : 'Unable to load the webhooks'}
          </p>
        ) : !data ? (
          <div className="h-16 animate-pulse rounded-lg bg-stone-200" />
        ) : data.endpoints.length === 0 ? (
          <p className="text-sm text-stone-600">No webhooks yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Webhook endpoints">
            {data.endpoints.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
