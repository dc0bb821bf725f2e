import {
  entitlementRefusal,
  planById,
  staffCreateSchema,
  staffUpdateSchema,
  type Role,
  type StaffMember,
  type UserStatus,
} from '@tavola/contract';
import { useEffect, useState } from 'react';
import { useRestaurantPlan } from '@/components/plan/restaurant-plan';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormSubmit, type Notice } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSession } from '@/lib/auth';
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
  const isAdmin = useSession()?.user.role === 'admin';
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
  const [form, setForm] = useState<StaffForm>(() => formFor('new', roles));
  useEffect(() => {
    if (editing) setForm(formFor(editing, roles));
    // A new target opens a fresh form; the roles offered do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  /** Sends the account, checked first; resolves to the toast that says what was saved. */
  const onSave = async (target: StaffMember | 'new'): Promise<Notice> => {
    if (target === 'new') {
      const body = checkedOrRefuse(
        validate(staffCreateSchema, {
          name: form.name,
          username: form.username,
          password: form.password,
          role: form.role,
          status: form.status === 'off_duty' ? 'off_duty' : 'active',
          ...(form.shift.trim() ? { shift: form.shift.trim() } : {}),
        }),
      );
      await create.mutateAsync({ body });
      return {
        title: words.added,
        description: `${form.name} can now sign in as ${form.username}`,
      };
    }
    const body = checkedOrRefuse(
      validate(staffUpdateSchema, {
        name: form.name,
        // A role change signs the account out: sent only when it changes.
        ...(form.role !== target.role ? { role: form.role } : {}),
        status: form.status,
        shift: form.shift.trim() || null,
        ...(form.password ? { password: form.password } : {}),
      }),
    );
    await update.mutateAsync({ id: target.id, body });
    return { title: words.updated, description: form.name };
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
          {full} Deactivate an account to add another, or{' '}
          {isAdmin
            ? 'request a bigger plan from your Plan card.'
            : 'ask your administrator to request a bigger plan.'}
        </Alert>
      )}
      {editing && (
        <Form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={() => onSave(editing)}
          success={(notice) => notice}
          onSaved={onClose}
          errorToast="Unable to save"
        >
          <fieldset disabled={Boolean(full)} className="contents">
            <Field label="Name" id="s-name">
              <Input {...set('name')} />
            </Field>
            <Field label="Username" id="s-username">
              <Input autoComplete="off" disabled={editing !== 'new'} {...set('username')} />
            </Field>
            <Field
              label={editing === 'new' ? 'Password' : 'New password (optional)'}
              id="s-password"
            >
              <Input type="password" autoComplete="new-password" {...set('password')} />
            </Field>
            {roles.length > 1 && (
              <Field label="Role" id="s-role">
                <Select {...set('role')}>
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field label="Shift" id="s-shift">
              <Input placeholder="lunch, evening…" {...set('shift')} />
            </Field>
            <Field label="Status" id="s-status">
              <Select {...set('status')}>
                <option value="active">active</option>
                <option value="off_duty">off-duty</option>
                {editing !== 'new' && <option value="inactive">deactivated</option>}
              </Select>
            </Field>
            <FormSubmit size="lg" className="sm:col-span-2" disabled={Boolean(full)}>
              Save
            </FormSubmit>
          </fieldset>
        </Form>
      )}
    </Dialog>
  );
}
