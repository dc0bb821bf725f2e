import {
  restaurantSettingsSchema,
  SESSION_IDLE_MINUTES_MAX,
  SESSION_IDLE_MINUTES_MIN,
} from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { validate } from '@/lib/validate';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';

export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { data } = useSettings({ enabled: open });
  const update = useUpdateSettings();
  const [form, setForm] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) {
      setForm({
        name: data.name,
        currency: data.currency,
        exchangeRate: String(data.exchangeRate),
        taxRate: String(data.taxRate),
        serviceCharge: String(data.serviceCharge),
        timezone: data.timezone,
        publicUrl: data.publicUrl ?? '',
        sessionIdleMinutes: String(data.sessionIdleMinutes),
      });
    }
  }, [data]);

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    const number = (value: string | undefined) => (value?.trim() ? Number(value) : Number.NaN);
    const checked = validate(restaurantSettingsSchema, {
      name: form.name ?? '',
      currency: form.currency ?? 'eur',
      exchangeRate: number(form.exchangeRate),
      taxRate: number(form.taxRate),
      serviceCharge: number(form.serviceCharge),
      timezone: form.timezone ?? '',
      publicUrl: form.publicUrl?.trim() ? form.publicUrl.trim() : null,
      sessionIdleMinutes: number(form.sessionIdleMinutes),
    });
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

  const field = (key: string, label: string, props: Record<string, string> = {}) => (
    <div className="space-y-1">
      <Label htmlFor={`set-${key}`}>{label}</Label>
      <Input
        id={`set-${key}`}
        value={form[key] ?? ''}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        {...props}
      />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Restaurant settings">
      {!data ? (
        <div className="h-40 animate-pulse rounded-lg bg-stone-200" />
      ) : (
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSave(e)}>
          <div className="sm:col-span-2">{field('name', 'Restaurant name')}</div>
          <div className="space-y-1">
            <Label htmlFor="set-currency">Currency</Label>
            <Select
              id="set-currency"
              value={form.currency ?? 'eur'}
              onChange={(e) => setForm((f) => ({ ...f, currency: e.target.value }))}
            >
              <option value="eur">EUR</option>
              <option value="usd">USD</option>
            </Select>
          </div>
          {field('exchangeRate', 'Exchange rate (1 EUR in USD)', {
            type: 'number',
            step: '0.0001',
            min: '0',
          })}
          {field('taxRate', 'Tax rate (%)', { type: 'number', step: '0.1', min: '0' })}
          {field('serviceCharge', 'Service charge (%)', { type: 'number', step: '0.1', min: '0' })}
          {field('timezone', 'Timezone')}
          {field('publicUrl', 'Public URL for QR codes', {
            type: 'url',
            placeholder: 'https://order.example.com',
          })}
          <div className="space-y-1 sm:col-span-2">
            {field('sessionIdleMinutes', 'Free idle tables after (minutes)', {
              // No min/max: the browser's own refusal would hide the contract's words.
              type: 'number',
              step: '1',
              'aria-describedby': 'set-idle-hint',
            })}
            <p id="set-idle-hint" className="text-xs text-stone-500">
              A seated table where nobody has ordered is freed after this long without a scan, order
              or request ({SESSION_IDLE_MINUTES_MIN} to {SESSION_IDLE_MINUTES_MAX} minutes).
            </p>
          </div>
          <Button type="submit" size="lg" className="sm:col-span-2" disabled={update.isPending}>
            Save
          </Button>
        </form>
      )}
    </Dialog>
  );
}
