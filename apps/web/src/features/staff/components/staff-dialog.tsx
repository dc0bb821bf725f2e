import {
  entitlementRefusalOf,
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
import { screenRefusal } from '@/lib/refusals';
import { validate } from '@/lib/validate';
import { useCreateStaff } from '@/features/staff/api/create-staff';
import { useUpdateStaff } from '@/features/staff/api/update-staff';
import { t } from '../messages';

interface StaffForm {
  name: string;
  username: string;
  password: string;
  role: Role;
  shift: string;
  status: UserStatus;
}

/** How the dialog and its toasts name the account: the Staff tab's words, or the Managers tab's. */
const STAFF_NOUNS = {
  staff: {
    add: 'addStaffTitle',
    edit: 'editStaffTitle',
    added: 'staffAdded',
    updated: 'staffUpdated',
  },
  manager: {
    add: 'addManagerTitle',
    edit: 'editManagerTitle',
    added: 'managerAdded',
    updated: 'managerUpdated',
  },
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
  const refusal =
    adding && plan && staffLimit !== null
      ? entitlementRefusalOf(plan.plan, 'staff', plan.usage.staff, {
          tables: plan.limits.tables ?? 0,
          staff: staffLimit,
        })
      : null;
  const full = refusal && screenRefusal(refusal.code, refusal.params);
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
        title: t(words.added),
        description: t('canSignIn', { name: form.name, username: form.username }),
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
    return { title: t(words.updated), description: form.name };
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
      title={t(editing === 'new' ? words.add : words.edit)}
    >
      {adding && plan && (
        <p aria-label={t('planAccounts')} className="mb-3 text-sm text-stone-700">
          {t(
            staffLimit === null
              ? 'planUnlimited'
              : plan.status === 'trial'
                ? 'planTrialLimited'
                : 'planLimited',
            { count: plan.usage.staff, limit: staffLimit, plan: planById(plan.plan).name },
          )}{' '}
          {t('adminsDoNotCount')}
        </p>
      )}
      {full && (
        <Alert tone="warning" className="mb-3">
          {full} {t(isAdmin ? 'fullAdmin' : 'fullManager')}
        </Alert>
      )}
      {editing && (
        <Form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={() => onSave(editing)}
          success={(notice) => notice}
          onSaved={onClose}
          errorToast={t('unableToSave')}
        >
          <fieldset disabled={Boolean(full)} className="contents">
            <Field label={t('name')} id="s-name">
              <Input {...set('name')} />
            </Field>
            <Field label={t('username')} id="s-username">
              <Input autoComplete="off" disabled={editing !== 'new'} {...set('username')} />
            </Field>
            <Field
              label={t(editing === 'new' ? 'password' : 'newPasswordOptional')}
              id="s-password"
            >
              <Input type="password" autoComplete="new-password" {...set('password')} />
            </Field>
            {roles.length > 1 && (
              <Field label={t('role')} id="s-role">
                <Select {...set('role')}>
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {t(`role_${r}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field label={t('shift')} id="s-shift">
              <Input placeholder={t('shiftPlaceholder')} {...set('shift')} />
            </Field>
            <Field label={t('status')} id="s-status">
              <Select {...set('status')}>
                <option value="active">{t('optionActive')}</option>
                <option value="off_duty">{t('optionOffDuty')}</option>
                {editing !== 'new' && <option value="inactive">{t('optionDeactivated')}</option>}
              </Select>
            </Field>
            <FormSubmit size="lg" className="sm:col-span-2" disabled={Boolean(full)}>
              {t('save')}
            </FormSubmit>
          </fieldset>
        </Form>
      )}
    </Dialog>
  );
}
