import { STAFF_ROLES, type Role, type StaffMember } from '@tavola/contract';
import { Pencil, Plus, UserX } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { runSave } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { WaiterPickerDialog } from '@/components/tables/waiter-picker-dialog';
import { useSession } from '@/lib/auth';
import { useDeactivateStaff } from '@/features/staff/api/deactivate-staff';
import { useStaff } from '@/features/staff/api/get-staff';
import { useReassignWaiterTables } from '@/features/staff/api/reassign-waiter-tables';
import { useAddressRequest } from '@/lib/url-tab';
import { DiscountLimit } from './discount-limit';
import { PermissionGrants } from './permission-grants';
import { t } from '../messages';
import { StaffDialog } from './staff-dialog';

const STATUS_TONE: Record<StaffMember['status'], 'green' | 'amber' | 'neutral'> = {
  active: 'green',
  off_duty: 'amber',
  inactive: 'neutral',
};

const tablesText = (count: number) => t('tablesN', { count });

/** 'evening' reads 'evening shift'; a shift typed 'Morning Shift' is not made 'Morning Shift shift'. */
const shiftLabel = (shift: string) =>
  /\bshift$|^turno\b/i.test(shift) ? shift : t('shiftNamed', { shift });

export function StaffTab() {
  const session = useSession();
  const roles: Role[] =
    session?.user.role === 'admin' ? [...STAFF_ROLES, 'manager'] : [...STAFF_ROLES];
  const { data, isPending, isError, error } = useStaff();
  const deactivate = useDeactivateStaff();
  const reassignTables = useReassignWaiterTables();
  // A waiter leaving with tables: who takes them over is asked first.
  const [leaving, setLeaving] = useState<StaffMember | null>(null);
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const open = (member: StaffMember | 'new') => setEditing(member);
  // The overview's "Add Staff" quick action arrives here (?open=add) with the form to open.
  useAddressRequest('open', (request) => request === 'add' && setEditing('new'));

  const onRemove = async (member: StaffMember) => {
    if (member.tablesHeld > 0) return setLeaving(member);
    if (!window.confirm(t('confirmDeactivate', { name: member.name }))) return;
    await runSave(() => deactivate.mutateAsync({ id: member.id }), {
      success: { title: t('staffDeactivated'), description: member.name },
      failure: t('unableToUpdate'),
    });
  };

  /** Hands a leaving waiter's tables over (or leaves them for anyone to claim), then deactivates. */
  const onLeave = async (member: StaffMember, toWaiterId: string | null) => {
    const to = toWaiterId
      ? await reassignTables.mutateAsync({ fromWaiterId: member.id, toWaiterId })
      : null;
    await deactivate.mutateAsync({ id: member.id });
    const moved = to?.tables.length ?? member.tablesHeld;
    toast({
      title: t('staffDeactivated'),
      description: to?.to
        ? t('tablesHandedTo', { name: member.name, tables: tablesText(moved), to: to.to.name })
        : t('tablesLeft', { name: member.name, tables: tablesText(moved) }),
    });
  };

  return (
    <div className="space-y-4">
      <Button onClick={() => open('new')}>
        <Plus aria-hidden className="size-4" /> {t('addStaff')}
      </Button>
      {isError && <Alert tone="error">{error.message}</Alert>}
      {isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {(data ?? []).map((m) => (
            <li
              key={m.id}
              className="space-y-1 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-bold">{m.name}</h3>
                <Badge tone={STATUS_TONE[m.status]}>{t(`status_${m.status}`)}</Badge>
              </div>
              <p className="font-mono text-sm text-stone-600">{m.username}</p>
              <p className="text-sm capitalize">
                {t(`role_${m.role}`)}
                {m.shift ? ` · ${shiftLabel(m.shift)}` : ''}
              </p>
              {m.tablesHeld > 0 && (
                <p className="text-sm text-stone-600">
                  {t('serving', { tables: tablesText(m.tablesHeld) })}
                </p>
              )}
              {/* A manager's and an admin's roles hold every point-of-sale permission. */}
              {m.role !== 'manager' && m.role !== 'admin' && (
                <>
                  <PermissionGrants member={m} />
                  {/* Beside the grants: how far a discount of theirs may go. */}
                  <DiscountLimit
                    key={`${m.id}:${m.discountLimit.maxPercent}:${m.discountLimit.maxAmount}`}
                    member={m}
                  />
                </>
              )}
              <div className="flex gap-1 pt-1">
                <Button size="sm" variant="outline" onClick={() => open(m)}>
                  <Pencil aria-hidden className="size-4" /> {t('edit')}
                </Button>
                {m.status !== 'inactive' && (
                  <Button size="sm" variant="ghost" onClick={() => void onRemove(m)}>
                    <UserX aria-hidden className="size-4 text-red-600" /> {t('remove')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <WaiterPickerDialog
        open={leaving !== null}
        title={t('deactivateTitle', { name: leaving?.name ?? '' })}
        description={
          leaving
            ? t('leavingHint', { name: leaving.name, tables: tablesText(leaving.tablesHeld) })
            : ''
        }
        waiters={(data ?? [])
          .filter((w) => w.role === 'waiter' && w.status === 'active' && w.id !== leaving?.id)
          .map((w) => ({ id: w.id, name: w.name, tables: w.tablesHeld }))}
        nobody={t('leaveUnassigned')}
        confirm={t('deactivate')}
        danger
        onClose={() => setLeaving(null)}
        onSubmit={(waiterId) => (leaving ? onLeave(leaving, waiterId) : Promise.resolve())}
      />
      <StaffDialog editing={editing} roles={roles} onClose={() => setEditing(null)} />
    </div>
  );
}
