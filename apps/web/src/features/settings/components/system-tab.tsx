import { lineParts, percentToBps, type RestaurantSettingsData } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { checkedOrRefuse, Form, FormAlert, FormSubmit } from '@/components/ui/form';
import { formatMoney } from '@/lib/format';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import {
  type SettingKey,
  SettingsFields,
  settingsForm,
  settingsInput,
  type SettingsForm,
} from '@/features/settings/components/settings-fields';
import { t } from '../messages';

/** The System tab in sections: the system settings, and what a bill comes to. */
const SECTIONS: {
  title: 'restaurant' | 'bills' | 'ordering' | 'system';
  fields: readonly SettingKey[];
}[] = [
  {
    title: 'restaurant',
    fields: ['name', 'timezone', 'dayClosesAt', 'currency', 'exchangeRate'],
  },
  { title: 'bills', fields: ['taxRate', 'serviceCharge', 'pricesIncludeTax'] },
  {
    title: 'ordering',
    fields: [
      'allowGuestOrders',
      'maintenanceMode',
      'orderTimeoutMinutes',
      'maxTableCapacity',
      'sessionIdleMinutes',
    ],
  },
  { title: 'system', fields: ['autoBackup', 'notificationsEnabled'] },
];
const SHOWN = SECTIONS.flatMap((s) => s.fields);

/**
 * What 100.00 of menu prices comes to on a bill with the settings as typed, by the contract's
 * own rule: the admin sees the effect before saving.
 */
function BillExample({ form }: { form: SettingsForm }) {
  const tax = Number(form.taxRate);
  const service = Number(form.serviceCharge);
  if (!Number.isFinite(tax) || !Number.isFinite(service) || tax < 0 || service < 0) return null;
  const currency = form.currency === 'usd' ? 'usd' : 'eur';
  const parts = lineParts(10_000, {
    taxRateBps: percentToBps(tax),
    serviceChargeBps: percentToBps(service),
    pricesIncludeTax: form.pricesIncludeTax === true,
  });
  const money = (cents: number) => formatMoney(cents / 100, currency);
  return (
    <p className="text-sm text-stone-600 sm:col-span-2" data-testid="bill-example">
      {t('billExample', {
        menu: money(10_000),
        net: money(parts.net),
        service: money(parts.service),
        tax: money(parts.tax),
        total: money(parts.total),
      })}
    </p>
  );
}

/** The admin's System tab: every system setting, validated, saved, applied. */
export function SystemTab() {
  const { data, error: loadError } = useSettings();
  const update = useUpdateSettings();
  const [form, setForm] = useState<SettingsForm>({});
  useEffect(() => {
    if (data) setForm(settingsForm(data));
  }, [data]);

  const onSave = async (saved: RestaurantSettingsData) => {
    const body = checkedOrRefuse(settingsInput(saved, form, SHOWN));
    await update.mutateAsync({ body });
    return body;
  };

  if (loadError) return <Alert tone="error">{loadError.message}</Alert>;
  if (!data) return <div className="h-64 animate-pulse rounded-xl bg-stone-200" aria-busy="true" />;
  return (
    <Form
      aria-label={t('systemSettings')}
      className="space-y-4"
      onSubmit={() => onSave(data)}
      success={(body) => ({ title: t('settingsSaved'), description: body.name })}
    >
      {({ dismiss }) => (
        <>
          {form.maintenanceMode === true && <Alert tone="warning">{t('maintenanceOn')}</Alert>}
          {form.maintenanceMode !== true && form.allowGuestOrders === false && (
            <Alert tone="warning">{t('guestOrdersOff')}</Alert>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            {SECTIONS.map((section) => (
              <Card key={section.title}>
                <CardHeader>
                  <CardTitle>{t(`section_${section.title}`)}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-3 sm:grid-cols-2">
                  <SettingsFields
                    form={form}
                    onChange={(key, value) => {
                      dismiss();
                      setForm((f) => ({ ...f, [key]: value }));
                    }}
                    fields={section.fields}
                    idPrefix="system"
                  />
                  {section.title === 'bills' && <BillExample form={form} />}
                </CardContent>
              </Card>
            ))}
          </div>
          <FormAlert />
          <FormSubmit size="lg" pendingText={t('saving')}>
            {t('saveSystem')}
          </FormSubmit>
        </>
      )}
    </Form>
  );
}
