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

/** The System tab in sections: the system settings, and what a bill comes to. */
const SECTIONS: { title: string; fields: readonly SettingKey[] }[] = [
  {
    title: 'Restaurant',
    fields: ['name', 'timezone', 'dayClosesAt', 'currency', 'exchangeRate'],
  },
  { title: 'Bills', fields: ['taxRate', 'serviceCharge', 'pricesIncludeTax'] },
  {
    title: 'Ordering',
    fields: [
      'allowGuestOrders',
      'maintenanceMode',
      'orderTimeoutMinutes',
      'maxTableCapacity',
      'sessionIdleMinutes',
    ],
  },
  { title: 'System', fields: ['autoBackup', 'notificationsEnabled'] },
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
      {money(10_000)} of menu prices bills as net {money(parts.net)}, service charge{' '}
      {money(parts.service)}, tax {money(parts.tax)}: total {money(parts.total)}.
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
      aria-label="System settings"
      className="space-y-4"
      onSubmit={() => onSave(data)}
      success={(body) => ({ title: 'Settings saved', description: body.name })}
    >
      {({ dismiss }) => (
        <>
          {form.maintenanceMode === true && (
            <Alert tone="warning">
              Maintenance mode is on: guests cannot order from their phones.
            </Alert>
          )}
          {form.maintenanceMode !== true && form.allowGuestOrders === false && (
            <Alert tone="warning">
              Guest orders are off: guests cannot order from their phones.
            </Alert>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            {SECTIONS.map((section) => (
              <Card key={section.title}>
                <CardHeader>
                  <CardTitle>{section.title}</CardTitle>
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
                  {section.title === 'Bills' && <BillExample form={form} />}
                </CardContent>
              </Card>
            ))}
          </div>
          <FormAlert />
          <FormSubmit size="lg" pendingText="Saving…">
            Save System Settings
          </FormSubmit>
        </>
      )}
    </Form>
  );
}
