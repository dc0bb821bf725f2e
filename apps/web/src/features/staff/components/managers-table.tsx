import { staffUpdateSchema, type Role, type StaffMember } from '@tavola/contract';
import { ExternalLink, KeyRound, Pencil, Plus, UserCheck, UserX } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useDeactivateStaff } from '@/features/staff/api/deactivate-staff';
import { useStaff } from '@/features/staff/api/get-staff';
import { useUpdateStaff } from '@/features/staff/api/update-staff';
import { StaffDialog } from './staff-dialog';

const MANAGER: readonly Role[] = ['manager'];

const STATUS: Record<
  StaffMember['status'],
  { label: string; tone: 'green' | 'amber' | 'neutral' }
> = {
  active: { label: 'Active', tone: 'green' },
  off_duty: { label: 'Off duty', tone: 'amber' },
  inactive: { label: 'Inactive', tone: 'neutral' },
};

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Please try again');

/**
 * The admin's Managers tab (spec §2): the restaurant's managers in a table with Activate/Deactivate
 * per row, Add Manager, edit and reset password. The same staff accounts, hooks and form as the
 * manager's Staff tab, narrowed to the manager role; deactivating signs the manager out at once
 * (the server ends their sessions and closes their live screens).
 */
export function ManagersTable({
  openAdd = false,
  onAddOpened,
}: {
  openAdd?: boolean;
  onAddOpened?: () => void;
}) {
  const timezone = useSession()?.user.restaurant?.timezone;
  const { data, isPending, isError, error } = useStaff();
  const update = useUpdateStaff();
  const deactivate = useDeactivateStaff();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [password, setPassword] = useState('');
  const managers = (data ?? []).filter((m) => m.role === 'manager');

  // The overview's "Add Manager" quick action arrives here with the form to open.
  useEffect(() => {
    if (!openAdd) return;
    setEditing('new');
    onAddOpened?.();
  }, [openAdd, onAddOpened]);

  const onDeactivate = async (m: StaffMember) => {
    if (!window.confirm(`Deactivate ${m.name}? They will be signed out and cannot sign in.`))
      return;
    try {
      await deactivate.mutateAsync({ id: m.id });
      toast({ title: 'Manager deactivated', description: `${m.name} has been signed out` });
    } catch (err) {
      toast({ title: 'Unable to update', description: errorText(err), variant: 'destructive' });
    }
  };

  const onActivate = async (m: StaffMember) => {
    try {
      await update.mutateAsync({ id: m.id, body: { status: 'active' } });
      toast({ title: 'Manager activated', description: `${m.name} can sign in again` });
    } catch (err) {
      toast({ title: 'Unable to update', description: errorText(err), variant: 'destructive' });
    }
  };

  const onReset = async (e: FormEvent) => {
    e.preventDefault();
    if (!resetting) return;
    const checked = validate(staffUpdateSchema, { password });
    if (!checked.ok) {
      toast({ title: 'Unable to save', description: checked.error, variant: 'destructive' });
      return;
    }
    try {
      await update.mutateAsync({ id: resetting.id, body: checked.data });
      toast({
        title: 'Password reset',
        description: `${resetting.name} signs in again with the new password`,
      });
      setResetting(null);
    } catch (err) {
      toast({ title: 'Unable to save', description: errorText(err), variant: 'destructive' });
    }
  };

  return (
    <section className="space-y-4" aria-labelledby="managers-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="managers-title" className="text-xl font-bold">
          Managers
        </h2>
        <div className="flex flex-wrap gap-2">
          {/* The admin may use every manager screen (spec §6: full_access). */}
          <Link
            to="/manager"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            <ExternalLink aria-hidden className="size-4" /> Open manager dashboard
          </Link>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> Add Manager
          </Button>
        </div>
      </div>
      {isError && <Alert tone="error">{error.message}</Alert>}
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              {['Name', 'Username', 'Status', 'Last sign-in', 'Actions'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {isPending ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-stone-500">
                  Loading…
                </td>
              </tr>
            ) : managers.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-stone-500">
                  No managers yet. Add one to run the restaurant day to day.
                </td>
              </tr>
            ) : (
              managers.map((m) => (
                <tr key={m.id}>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {m.name}
                  </th>
                  <td className="px-3 py-2 font-mono">{m.username}</td>
                  <td className="px-3 py-2">
                    <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {m.lastLoginAt ? formatTime(m.lastLoginAt, timezone, 'dateTime') : 'Never'}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${m.name}`}
                        onClick={() => setEditing(m)}
                      >
                        <Pencil aria-hidden className="size-4" /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Reset password of ${m.name}`}
                        onClick={() => {
                          setPassword('');
                          setResetting(m);
                        }}
                      >
                        <KeyRound aria-hidden className="size-4" /> Reset password
                      </Button>
                      {m.status === 'inactive' ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Activate ${m.name}`}
                          onClick={() => void onActivate(m)}
                        >
                          <UserCheck aria-hidden className="size-4 text-green-700" /> Activate
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Deactivate ${m.name}`}
                          onClick={() => void onDeactivate(m)}
                        >
                          <UserX aria-hidden className="size-4 text-red-600" /> Deactivate
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <StaffDialog
        editing={editing}
        roles={MANAGER}
        noun="manager"
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={resetting !== null}
        onOpenChange={(o) => !o && setResetting(null)}
        title={`Reset password of ${resetting?.name ?? ''}`}
        description="They are signed out everywhere and sign in again with the new password."
      >
        <form className="space-y-3" onSubmit={(e) => void onReset(e)}>
          <div className="space-y-1">
            <Label htmlFor="m-password">New password</Label>
            <Input
              id="m-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={update.isPending}>
            Reset password
          </Button>
        </form>
      </Dialog>
    </section>
  );
}
