import type { RestaurantSettingsData } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { checkedOrRefuse, Form, FormSubmit } from '@/components/ui/form';
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

/** What the manager's dialog shows; the admin's System tab shows these and the system switches. */
const MANAGER_FIELDS: readonly SettingKey[] = [
  'name',
  'currency',
  'exchangeRate',
  'taxRate',
  'serviceCharge',
  'pricesIncludeTax',
  'timezone',
  'dayClosesAt',
  'publicUrl',
  'sessionIdleMinutes',
];

export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { data } = useSettings({ enabled: open });
  const update = useUpdateSettings();
  const [form, setForm] = useState<SettingsForm>({});
  useEffect(() => {
    if (data) setForm(settingsForm(data));
  }, [data]);

  const onSave = async (saved: RestaurantSettingsData) => {
    const body = checkedOrRefuse(settingsInput(saved, form, MANAGER_FIELDS));
    await update.mutateAsync({ body });
    return body;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('restaurantSettings')}>
      {!data ? (
        <div className="h-40 animate-pulse rounded-lg bg-stone-200" />
      ) : (
        <Form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={() => onSave(data)}
          success={(body) => ({ title: t('settingsSaved'), description: body.name })}
          onSaved={() => onOpenChange(false)}
          errorToast={t('unableToSave')}
        >
          <SettingsFields
            form={form}
            onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
            fields={MANAGER_FIELDS}
          />
          <FormSubmit size="lg" className="sm:col-span-2">
            {t('save')}
          </FormSubmit>
        </Form>
      )}
    </Dialog>
  );
}
