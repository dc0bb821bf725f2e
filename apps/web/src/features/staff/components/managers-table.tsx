import { staffUpdateSchema, type Role, type StaffMember } from '@tavola/contract';
import { ExternalLink, KeyRound, Pencil, Plus, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormSubmit, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useDeactivateStaff } from '@/features/staff/api/deactivate-staff';
import { useStaff } from '@/features/staff/api/get-staff';
import { useUpdateStaff } from '@/features/staff/api/update-staff';
import { useAddressRequest } from '@/lib/url-tab';
import { t } from '../messages';
import { StaffDialog } from './staff-dialog';

const MANAGER: readonly Role[] = ['manager'];

const STATUS: Record<
  StaffMember['status'],
  {
    label: 'managerStatus_active' | 'status_off_duty' | 'managerStatus_inactive';
    tone: 'green' | 'amber' | 'neutral';
  }
> = {
  active: { label: 'managerStatus_active', tone: 'green' },
  off_duty: { label: 'status_off_duty', tone: 'amber' },
  inactive: { label: 'managerStatus_inactive', tone: 'neutral' },
};

/**
 * The admin's Managers tab: the restaurant's managers in a table with Activate/Deactivate
 * per row, Add Manager, edit and reset password. The same staff accounts, hooks and form as the
 * manager's Staff tab, narrowed to the manager role; deactivating signs the manager out at once
 * (the server ends their sessions and closes their live screens).
 */
export function ManagersTable() {
  const timezone = useSession()?.user.restaurant?.timezone;
  const { data, isPending, isError, error } = useStaff();
  const update = useUpdateStaff();
  const deactivate = useDeactivateStaff();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [password, setPassword] = useState('');
  const managers = (data ?? []).filter((m) => m.role === 'manager');

  // The overview's "Add Manager" quick action arrives here (?open=add) with the form to open.
  useAddressRequest('open', (request) => request === 'add' && setEditing('new'));

  const onDeactivate = (m: StaffMember) => {
    if (!window.confirm(t('confirmDeactivate', { name: m.name }))) return;
    void runSave(() => deactivate.mutateAsync({ id: m.id }), {
      success: { title: t('managerDeactivated'), description: t('signedOut', { name: m.name }) },
      failure: t('unableToUpdate'),
    });
  };

  const onActivate = (m: StaffMember) =>
    void runSave(() => update.mutateAsync({ id: m.id, body: { status: 'active' } }), {
      success: { title: t('managerActivated'), description: t('canSignInAgain', { name: m.name }) },
      failure: t('unableToUpdate'),
    });

  const onReset = (target: StaffMember) =>
    update.mutateAsync({
      id: target.id,
      body: checkedOrRefuse(validate(staffUpdateSchema, { password })),
    });

  const columns: Column<StaffMember>[] = [
    { key: 'name', header: t('name'), rowHeader: true, cell: (m) => m.name },
    { key: 'username', header: t('username'), className: 'font-mono', cell: (m) => m.username },
    {
      key: 'status',
      header: t('status'),
      cell: (m) => <Badge tone={STATUS[m.status].tone}>{t(STATUS[m.status].label)}</Badge>,
    },
    {
      key: 'last',
      header: t('lastSignIn'),
      className: 'whitespace-nowrap',
      cell: (m) => (m.lastLoginAt ? formatTime(m.lastLoginAt, timezone, 'dateTime') : t('never')),
    },
    {
      key: 'actions',
      header: t('actions'),
      cell: (m) => (
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="outline"
            aria-label={t('editNamed', { name: m.name })}
            onClick={() => setEditing(m)}
          >
            <Pencil aria-hidden className="size-4" /> {t('edit')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={t('resetPasswordOf', { name: m.name })}
            onClick={() => {
              setPassword('');
              setResetting(m);
            }}
          >
            <KeyRound aria-hidden className="size-4" /> {t('resetPassword')}
          </Button>
          {m.status === 'inactive' ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('activateNamed', { name: m.name })}
              onClick={() => onActivate(m)}
            >
              <UserCheck aria-hidden className="size-4 text-green-700" /> {t('activate')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('deactivateNamed', { name: m.name })}
              onClick={() => onDeactivate(m)}
            >
              <UserX aria-hidden className="size-4 text-red-600" /> {t('deactivate')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="space-y-4" aria-labelledby="managers-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="managers-title" className="text-xl font-bold">
          {t('managers')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {/* The admin may use every manager screen (full_access). */}
          <Link
            to="/manager"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            <ExternalLink aria-hidden className="size-4" /> {t('openManagerDashboard')}
          </Link>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> {t('addManager')}
          </Button>
        </div>
      </div>
      {isError && <Alert tone="error">{error.message}</Alert>}
      <DataTable
        columns={columns}
        rows={managers}
        rowKey={(m) => m.id}
        loading={isPending}
        empty={t('noManagers')}
      />
      <StaffDialog
        editing={editing}
        roles={MANAGER}
        noun="manager"
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={resetting !== null}
        onOpenChange={(o) => !o && setResetting(null)}
        title={t('resetPasswordOf', { name: resetting?.name ?? '' })}
        description={t('resetHint')}
      >
        {resetting && (
          <Form
            className="space-y-3"
            onSubmit={() => onReset(resetting)}
            success={{
              title: t('passwordReset'),
              description: t('signsInAgain', { name: resetting.name }),
            }}
            onSaved={() => setResetting(null)}
            errorToast={t('unableToSave')}
          >
            <Field label={t('newPassword')} id="m-password">
              <Input
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <FormSubmit size="lg" className="w-full">
              {t('resetPassword')}
            </FormSubmit>
          </Form>
        )}
      </Dialog>
    </section>
  );
}
