import {
  API_KEY_DOMAINS,
  createApiKeyInputSchema,
  type ApiKey,
  type ApiKeyScope,
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
import { useApiKeyActions, useApiKeys } from '../api/api-keys';
import { ShownOnce } from './shown-once';

const DOMAIN_LABELS: Record<(typeof API_KEY_DOMAINS)[number], string> = {
  menu: 'Menu',
  tables: 'Tables',
  orders: 'Orders',
  tickets: 'Tickets',
  payments: 'Payments',
  reports: 'Reports',
  webhooks: 'Webhooks',
};

/** The restaurant's API keys: create one with its scopes, see its use, revoke or roll it. */
export function ApiKeysCard() {
  const { data, isError, error } = useApiKeys();
  const actions = useApiKeyActions();
  const timeZone = useRestaurantTimeZone();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['orders:read']);
  const [secret, setSecret] = useState<{ label: string; key: string } | null>(null);

  const toggle = (scope: ApiKeyScope) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  const onCreate = async () => {
    const body = checkedOrRefuse(validate(createApiKeyInputSchema, { name, scopes }));
    return actions.create.mutateAsync(body);
  };

  const onRevoke = (key: ApiKey) =>
    void runSave(() => actions.revoke.mutateAsync(key.id), {
      success: { title: 'Key revoked', description: `${key.name} stops working at once.` },
      failure: 'Unable to revoke',
    });

  const onRoll = (key: ApiKey) =>
    void runSave(() => actions.roll.mutateAsync(key.id), {
      success: (rolled) => {
        setSecret({ label: `New secret of ${rolled.name}`, key: rolled.key });
        return { title: 'Key rolled', description: 'The old secret stopped working.' };
      },
      failure: 'Unable to roll',
    });

  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (k) => (
        <>
          <span className="font-medium">{k.name}</span>
          <span className="block font-mono text-xs text-stone-500">{k.masked}</span>
        </>
      ),
    },
    {
      key: 'scopes',
      header: 'Scopes',
      cell: (k) => <span className="text-xs">{k.scopes.join(', ')}</span>,
    },
    {
      key: 'last-used',
      header: 'Last used',
      cell: (k) => (k.lastUsedAt ? formatTime(k.lastUsedAt, timeZone, 'dateTime') : 'Never'),
    },
    { key: 'count', header: 'Requests', className: 'tabular-nums', cell: (k) => k.requestCount },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      className: 'text-right',
      cell: (k) =>
        k.revokedAt ? (
          <Badge tone="red">Revoked</Badge>
        ) : (
          <span className="inline-flex gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Roll ${k.name}`}
              onClick={() => onRoll(k)}
            >
              Roll
            </Button>
            <Button
              size="sm"
              variant="danger"
              aria-label={`Revoke ${k.name}`}
              onClick={() => onRevoke(k)}
            >
              Revoke
            </Button>
          </span>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <p className="text-sm text-stone-600">
          Keys let other software use the public API (/api/v1) for this restaurant. A key is shown
          once; revoking or rolling it takes effect at once.
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
            setSecret({ label: `Key ${created.name}`, key: created.key });
            setName('');
            return { title: 'API key created' };
          }}
        >
          <Field
            label="Key name"
            id="api-key-name"
            hint="What uses it: Kitchen display, Accounting…"
          >
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          </Field>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">Scopes</legend>
            <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
              {API_KEY_DOMAINS.flatMap((domain) =>
                (['read', 'write'] as const).map((access) => {
                  const scope: ApiKeyScope = `${domain}:${access}`;
                  return (
                    <label key={scope} className="flex min-h-9 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={scopes.includes(scope)}
                        onChange={() => toggle(scope)}
                      />
                      {DOMAIN_LABELS[domain]} {access}
                    </label>
                  );
                }),
              )}
            </div>
          </fieldset>
          <FormAlert />
          <FormSubmit>Create key</FormSubmit>
        </Form>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : 'Unable to load the keys'}
          </p>
        ) : (
          <>
            <DataTable
              bare
              label="API keys"
              columns={columns}
              rows={data?.keys}
              rowKey={(k) => k.id}
              loading={!data}
              empty="No API keys yet."
              minWidth="min-w-[40rem]"
            />
            {data && (
              <p className="text-xs text-stone-500">
                {data.keys.filter((k) => !k.revokedAt).length} active of {data.keys.length} keys
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
