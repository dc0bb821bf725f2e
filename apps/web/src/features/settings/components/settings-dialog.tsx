import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import {
  type SettingKey,
  SettingsFields,
  settingsForm,
  settingsInput,
  type SettingsForm,
} from '@/features/settings/components/settings-fields';

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

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!data) return;
    const checked = settingsInput(data, form, MANAGER_FIELDS);
    if (!checked.ok) {
      toast({ title: 'Unable to save', description: checked.error, variant: 'destructive' });
      return;
    }
    try {
      await update.mutateAsync({ body: checked.data });
      toast({ title: 'Settings saved', description: checked.data.name });
      onOpenChange(false);
    } catch (err) {
      toast({
        title: 'Unable to save',
        description: err instanceof Error ? err.message : 'Please try again',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Restaurant settings">
      {!data ? (
        <div className="h-40 animate-pulse rounded-lg bg-stone-200" />
      ) : (
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSave(e)}>
          <SettingsFields
            form={form}
            onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
            fields={MANAGER_FIELDS}
          />
          <Button type="submit" size="lg" className="sm:col-span-2" disabled={update.isPending}>
            Save
          </Button>
        </form>
      )}
    </Dialog>
  );
}
