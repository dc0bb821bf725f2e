import type { Tenant } from '@tavola/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
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
  const suspend = change === 'suspend';

  const close = () => {
    setReason('');
    onClose();
  };

  const onSubmit = (target: Tenant) => {
    if (reason.trim().length < 3) refuse('A reason is required (at least 3 characters)');
    return setStatus.mutateAsync({ id: target.id, change, reason: reason.trim() });
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
      {tenant && (
        <Form
          className="space-y-4"
          noValidate
          onSubmit={() => onSubmit(tenant)}
          success={{
            title: suspend ? 'Restaurant suspended' : 'Restaurant activated',
            description: tenant.name,
          }}
          onSaved={close}
        >
          <Field label="Reason" id="status-reason">
            <Textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              rows={3}
            />
          </Field>
          <FormAlert />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <FormSubmit variant={suspend ? 'danger' : 'primary'}>
              {suspend ? 'Suspend' : 'Activate'}
            </FormSubmit>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
