import { CURRENCIES, PLANS, type Currency, type PlanId } from '@tavola/contract';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateRestaurant } from '../api/create-restaurant';

const EMPTY = {
  name: '',
  currency: 'eur' as Currency,
  timezone: 'Europe/Rome',
  plan: 'starter' as PlanId,
  adminName: '',
  adminUsername: '',
  adminPassword: '',
};

/** The zones this browser knows, offered as suggestions (the server checks the name). */
function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Onboarding by the team: a restaurant and its first admin, who signs in and builds it up. */
export function CreateRestaurantDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateRestaurant();
  const [form, setForm] = useState(EMPTY);
  // A new Form (and so no old refusal) each time the dialog opens.
  const [opened, setOpened] = useState(0);
  const zones = useMemo(knownZones, []);

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const close = () => {
    setForm(EMPTY);
    setOpened((n) => n + 1);
    onOpenChange(false);
  };

  const onSubmit = () => {
    if (
      !form.name.trim() ||
      !form.timezone.trim() ||
      !form.adminName.trim() ||
      !form.adminUsername.trim() ||
      !form.adminPassword
    ) {
      refuse('Every field is required');
    }
    return create.mutateAsync({
      name: form.name.trim(),
      currency: form.currency,
      timezone: form.timezone.trim(),
      plan: form.plan,
      admin: {
        name: form.adminName.trim(),
        username: form.adminUsername.trim(),
        password: form.adminPassword,
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add Restaurant"
      description="It starts empty: its admin signs in, adds managers, and they add staff, tables and the menu."
    >
      <Form
        key={opened}
        className="space-y-4"
        noValidate
        onSubmit={onSubmit}
        success={({ restaurant, adminUsername }) => ({
          title: 'Restaurant created',
          description: `${restaurant.name}: ${adminUsername} can sign in now`,
        })}
        onSaved={close}
      >
        <Field label="Restaurant name" id="r-name">
          <Input value={form.name} onChange={set('name')} maxLength={120} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Plan" id="r-plan">
            <Select value={form.plan} onChange={set('plan')}>
              {PLANS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Currency" id="r-currency">
            <Select value={form.currency} onChange={set('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Time zone" id="r-timezone">
            <Input
              list="r-timezones"
              value={form.timezone}
              onChange={set('timezone')}
              autoCapitalize="none"
            />
            <datalist id="r-timezones">
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </Field>
        </div>
        <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-semibold">First admin</legend>
          <Field label="Admin name" id="r-admin-name">
            <Input value={form.adminName} onChange={set('adminName')} maxLength={100} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Admin username" id="r-admin-username">
              <Input
                value={form.adminUsername}
                onChange={set('adminUsername')}
                autoCapitalize="none"
                autoComplete="off"
                maxLength={40}
              />
            </Field>
            <Field label="Admin password" id="r-admin-password">
              <Input
                type="password"
                value={form.adminPassword}
                onChange={set('adminPassword')}
                autoComplete="new-password"
              />
            </Field>
          </div>
        </fieldset>
        <FormAlert />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <FormSubmit pendingText="Creating...">Create restaurant</FormSubmit>
        </div>
      </Form>
    </Dialog>
  );
}
