import { CURRENCIES, PLANS, type Currency, type PlanId } from '@tavola/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
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
  const [problem, setProblem] = useState<string | null>(null);
  const zones = useMemo(knownZones, []);

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const close = () => {
    setForm(EMPTY);
    setProblem(null);
    onOpenChange(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      !form.name.trim() ||
      !form.timezone.trim() ||
      !form.adminName.trim() ||
      !form.adminUsername.trim() ||
      !form.adminPassword
    ) {
      setProblem('Every field is required');
      return;
    }
    setProblem(null);
    try {
      const { restaurant, adminUsername } = await create.mutateAsync({
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
      toast({
        title: 'Restaurant created',
        description: `${restaurant.name}: ${adminUsername} can sign in now`,
      });
      close();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Please try again');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add Restaurant"
      description="It starts empty: its admin signs in, adds managers, and they add staff, tables and the menu."
    >
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="r-name">Restaurant name</Label>
          <Input id="r-name" value={form.name} onChange={set('name')} maxLength={120} />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor="r-plan">Plan</Label>
            <Select id="r-plan" value={form.plan} onChange={set('plan')}>
              {PLANS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="r-currency">Currency</Label>
            <Select id="r-currency" value={form.currency} onChange={set('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="r-timezone">Time zone</Label>
            <Input
              id="r-timezone"
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
          </div>
        </div>
        <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-semibold">First admin</legend>
          <div className="space-y-1.5">
            <Label htmlFor="r-admin-name">Admin name</Label>
            <Input
              id="r-admin-name"
              value={form.adminName}
              onChange={set('adminName')}
              maxLength={100}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="r-admin-username">Admin username</Label>
              <Input
                id="r-admin-username"
                value={form.adminUsername}
                onChange={set('adminUsername')}
                autoCapitalize="none"
                autoComplete="off"
                maxLength={40}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="r-admin-password">Admin password</Label>
              <Input
                id="r-admin-password"
                type="password"
                value={form.adminPassword}
                onChange={set('adminPassword')}
                autoComplete="new-password"
              />
            </div>
          </div>
        </fieldset>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create restaurant'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
