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
import { t } from '../messages';
import { ShownOnce } from './shown-once';

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
      success: { title: t('keyRevoked'), description: t('keyStopsWorking', { name: key.name }) },
      failure: t('unableToRevoke'),
    });

  const onRoll = (key: ApiKey) =>
    void runSave(() => actions.roll.mutateAsync(key.id), {
      success: (rolled) => {
        setSecret({ label: t('newSecretOf', { name: rolled.name }), key: rolled.key });
        return { title: t('keyRolled'), description: t('oldSecretStopped') };
      },
      failure: t('unableToRoll'),
    });

  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      header: t('name'),
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
      header: t('scopes'),
      cell: (k) => <span className="text-xs">{k.scopes.join(', ')}</span>,
    },
    {
      key: 'last-used',
      header: t('lastUsed'),
      cell: (k) => (k.lastUsedAt ? formatTime(k.lastUsedAt, timeZone, 'dateTime') : t('never')),
    },
    { key: 'count', header: t('requests'), className: 'tabular-nums', cell: (k) => k.requestCount },
    {
      key: 'actions',
      header: t('actions'),
      srOnlyHeader: true,
      className: 'text-right',
      cell: (k) =>
        k.revokedAt ? (
          <Badge tone="red">{t('revoked')}</Badge>
        ) : (
          <span className="inline-flex gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={t('rollAria', { name: k.name })}
              onClick={() => onRoll(k)}
            >
              {t('roll')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              aria-label={t('revokeAria', { name: k.name })}
              onClick={() => onRevoke(k)}
            >
              {t('revoke')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('apiKeys')}</CardTitle>
        <p className="text-sm text-stone-600">{t('apiKeysHint')}</p>
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
            setSecret({ label: t('keyLabel', { name: created.name }), key: created.key });
            setName('');
            return { title: t('keyCreated') };
          }}
        >
          <Field label={t('keyName')} id="api-key-name" hint={t('keyNameHint')}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          </Field>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">{t('scopes')}</legend>
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
                      {t(`scope_${access}`, { domain: t(`domain_${domain}`) })}
                    </label>
                  );
                }),
              )}
            </div>
          </fieldset>
          <FormAlert />
          <FormSubmit>{t('createKey')}</FormSubmit>
        </Form>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : t('unableToLoadKeys')}
          </p>
        ) : (
          <>
            <DataTable
              bare
              label={t('apiKeys')}
              columns={columns}
              rows={data?.keys}
              rowKey={(k) => k.id}
              loading={!data}
              empty={t('noKeys')}
              minWidth="min-w-[40rem]"
            />
            {data && (
              <p className="text-xs text-stone-500">
                {t('activeOf', {
                  active: data.keys.filter((k) => !k.revokedAt).length,
                  total: data.keys.length,
                })}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
