import {
  entitlementRefusal,
  planById,
  staffCreateSchema,
  staffUpdateSchema,
  type Role,
  type StaffMember,
  type UserStatus,
} from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useRestaurantPlan } from '@/components/plan/restaurant-plan';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { validate } from '@/lib/validate';
import { useCreateStaff } from '@/features/staff/api/create-staff';
import { useUpdateStaff } from '@/features/staff/api/update-staff';

interface StaffForm {
  name: string;
  username: string;
  password: string;
  role: Role;
  shift: string;
  status: UserStatus;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Please try again');

/** How the dialog and its toasts name the account: the Staff tab's words, or the Managers tab's. */
export const STAFF_NOUNS = {
  staff: { title: 'Staff', added: 'Staff member added', updated: 'Staff member updated' },
  manager: { title: 'Manager', added: 'Manager added', updated: 'Manager updated' },
} as const;

function formFor(member: StaffMember | 'new', roles: readonly Role[]): StaffForm {
  return member === 'new'
    ? { name: '', username: '', password: '', role: roles[0]!, shift: '', status: 'active' }
    : {
        name: member.name,
        username: member.username,
        password: '',
        role: member.role,
        shift: member.shift ?? '',
        status: member.status,
      };
}

/**
 * Adds an account or edits one (the manager's Staff tab, the admin's Managers tab): checked with
 * the contract's own schemas before anything is sent. `roles` are those it may give; with one, the
 * role is not asked.
 */
export function StaffDialog({
  editing,
  roles,
  noun = 'staff',
  onClose,
}: {
  editing: StaffMember | 'new' | null;
  roles: readonly Role[];
  noun?: keyof typeof STAFF_NOUNS;
  onClose: () => void;
}) {
  const words = STAFF_NOUNS[noun];
  const adding = editing === 'new';
  const { data: plan } = useRestaurantPlan({ enabled: adding });
  // What the plan allows, said before the form is filled; at the limit, why it cannot be sent.
  const staffLimit = plan?.limits.staff ?? null;
  const full =
    adding && plan && staffLimit !== null
      ? entitlementRefusal(plan.plan, 'staff', plan.usage.staff, {
          tables: plan.limits.tables ?? 0,
          staff: staffLimit,
        })
      : null;
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const busy = create.isPending || update.isPending;
  const [form, setForm] = useState<StaffForm>(() => formFor('new', roles));
  useEffect(() => {
    if (editing) setForm(formFor(editing, roles));
    // A new target opens a fresh form; the roles offered do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const refuse = (error: string) =>
      toast({ title: 'Unable to save', description: error, variant: 'destructive' });
    try {
      if (editing === 'new') {
        const checked = validate(staffCreateSchema, {
          name: form.name,
          username: form.username,
          password: form.password,
          role: form.role,
          status: form.status === 'off_duty' ? 'off_duty' : 'active',
          ...(form.shift.trim() ? { shift: form.shift.trim() } : {}),
        });
        if (!checked.ok) return refuse(checked.error);
        await create.mutateAsync({ body: checked.data });
        toast({
          title: words.added,
          description: `${form.name} can now sign in as ${form.username}`,
        });
      } else {
        const checked = validate(staffUpdateSchema, {
          name: form.name,
          // A role change signs the account out: sent only when it changes.
          ...(form.role !== editing.role ? { role: form.role } : {}),
          status: form.status,
          shift: form.shift.trim() || null,
          ...(form.password ? { password: form.password } : {}),
        });
        if (!checked.ok) return refuse(checked.error);
        await update.mutateAsync({ id: editing.id, body: checked.data });
        toast({ title: words.updated, description: form.name });
      }
      onClose();
    } catch (err) {
      refuse(errorText(err));
    }
  };

  const set = (key: keyof StaffForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(o) => !o && onClose()}
      title={editing === 'new' ? `Add ${words.title}` : `Edit ${words.title}`}
    >
      {adding && plan && (
        <p aria-label="Staff accounts on your plan" className="mb-3 text-sm text-stone-700">
          {staffLimit === null
            ? `${plan.usage.staff} staff accounts · the ${planById(plan.plan).name} plan allows unlimited staff.`
            : `${plan.usage.staff} of ${staffLimit} staff accounts · the ${planById(plan.plan).name} plan${plan.status === 'trial' ? ' (free trial)' : ''} allows ${staffLimit}.`}{' '}
          Administrators do not count.
        </p>
      )}
      {full && (
        <Alert tone="warning" className="mb-3">
          {full} Deactivate an account to add another, or ask your administrator to request a bigger
          plan.
        </Alert>
      )}
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSave(e)}>
        <fieldset disabled={Boolean(full)} className="contents">
          <div className="space-y-1">
            <Label htmlFor="s-name">Name</Label>
            <Input id="s-name" {...set('name')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="s-username">Username</Label>
            <Input
              id="s-username"
              autoComplete="off"
              disabled={editing !== 'new'}
              {...set('username')}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="s-password">
              {editing === 'new' ? 'Password' : 'New password (optional)'}
            </Label>
            <Input
              id="s-password"
              type="password"
              autoComplete="new-password"
              {...set('password')}
            />
          </div>
          {roles.length > 1 && (
            <div className="space-y-1">
              <Label htmlFor="s-role">Role</Label>
              <Select id="s-role" {...set('role')}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <div className="space-y-1">
            <Label htmlFor="s-shift">Shift</Label>
            <Input id="s-shift" placeholder="lunch, evening…" {...set('shift')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="s-status">Status</Label>
            <Select id="s-status" {...set('status')}>
              <option value="active">active</option>
              <option value="off_duty">off-duty</option>
              {editing !== 'new' && <option value="inactive">deactivated</option>}
            </Select>
          </div>
          <Button
            type="submit"
            size="lg"
            className="sm:col-span-2"
            disabled={busy || Boolean(full)}
          >
            Save
          </Button>
        </fieldset>
      </form>
    </Dialog>
  );
}
