import type { Tenant } from '@tavola/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useSetRestaurantStatus, type StatusChange } from '../api/set-restaurant-status';

/** Suspend or activate one restaurant, always with a reason (it goes to the audit log). */
export function StatusDialog({
  tenant,
  change,
  onClose,
}: {
  tenant: Tenant | null;
  change: StatusChange;
  onClose: () => void;
}) {
  const setStatus = useSetRestaurantStatus();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const suspend = change === 'suspend';

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tenant) return;
    if (reason.trim().length < 3) {
      setProblem('A reason is required (at least 3 characters)');
      return;
    }
    try {
      await setStatus.mutateAsync({ id: tenant.id, change, reason: reason.trim() });
      toast({
        title: suspend ? 'Restaurant suspended' : 'Restaurant activated',
        description: tenant.name,
      });
      close();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Please try again');
    }
  };

  return (
    <Dialog
      open={tenant !== null}
      onOpenChange={(open) => !open && close()}
      title={`${suspend ? 'Suspend' : 'Activate'} ${tenant?.name ?? ''}`}
      description={
        suspend
          ? 'Takes effect at once: its staff are signed out, new sign-ins are refused and guests see that the restaurant is unavailable.'
          : 'Its staff can sign in again and guests can order again at once.'
      }
    >
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="status-reason">Reason</Label>
          <textarea
            id="status-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={3}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={suspend ? 'danger' : 'primary'}
            disabled={setStatus.isPending}
          >
            {suspend ? 'Suspend' : 'Activate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
