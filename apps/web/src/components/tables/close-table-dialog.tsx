import {
  CLOSE_REASON_MAX,
  CLOSE_TABLE_REFUSALS,
  closeTableInputSchema,
  type CloseTableInput,
  type CloseUnpaidChoice,
  type PaymentMethod,
} from '@tavola/contract';
import { useEffect, useState } from 'react';
import { MethodPicker } from '@/components/payments/method-picker';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { validate } from '@/lib/validate';

/** The table to close: its number, and how many of its orders are neither paid nor voided. */
export interface CloseTarget {
  id: string;
  number: number;
  unpaidOrders: number;
}

const CHOICES: { value: CloseUnpaidChoice; label: string; hint: string }[] = [
  { value: 'void', label: 'Void them', hint: 'Off the bill, the stations and the reports' },
  { value: 'settle', label: 'Settle the bill', hint: 'Record the payment for what was ordered' },
];

/**
 * Close table: frees a seated table. With no unpaid orders it asks only for an optional reason;
 * with unpaid orders (managers only) it asks what becomes of them and why, in the contract's words.
 */
export function CloseTableDialog({
  target,
  onClose,
  onSubmit,
}: {
  target: CloseTarget | null;
  onClose: () => void;
  /** Sends the close; a refusal's message is shown in the dialog. */
  onSubmit: (target: CloseTarget, input: CloseTableInput) => Promise<unknown>;
}) {
  const [unpaid, setUnpaid] = useState<CloseUnpaidChoice | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [reason, setReason] = useState('');
  useEffect(() => {
    setUnpaid(null);
    setMethod('card');
    setReason('');
  }, [target]);

  const withOrders = (target?.unpaidOrders ?? 0) > 0;

  const submit = (closing: CloseTarget) => {
    if (withOrders) {
      if (!unpaid) refuse(CLOSE_TABLE_REFUSALS.choiceRequired);
      if (!reason.trim()) refuse(CLOSE_TABLE_REFUSALS.reasonRequired);
    }
    const input = checkedOrRefuse(
      validate(closeTableInputSchema, {
        ...(reason.trim() ? { reason } : {}),
        ...(withOrders && unpaid ? { unpaid } : {}),
        ...(withOrders && unpaid === 'settle' ? { method } : {}),
      }),
    );
    return onSubmit(closing, input);
  };

  const orders = target?.unpaidOrders ?? 0;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `Close table ${target.number}` : 'Close table'}
      description={
        withOrders
          ? `${orders} unpaid order${orders === 1 ? '' : 's'}: choose what becomes of ${orders === 1 ? 'it' : 'them'}. The reason is kept in the audit log.`
          : 'No unpaid orders: the session ends and the table is free for the next guests.'
      }
    >
      {target && (
        // A new table is a new form: no refusal carried over from the last one.
        <Form
          key={target.id}
          className="space-y-4"
          onSubmit={() => submit(target)}
          onSaved={onClose}
        >
          {withOrders && (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-stone-700">Unpaid orders</legend>
              {CHOICES.map((c) => (
                <label
                  key={c.value}
                  className={cn(
                    'flex min-h-11 cursor-pointer flex-col justify-center rounded-lg border-2 px-3 py-2',
                    unpaid === c.value ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
                  )}
                >
                  <span className="flex items-center gap-2 font-semibold">
                    <input
                      type="radio"
                      name="unpaid"
                      value={c.value}
                      checked={unpaid === c.value}
                      onChange={() => setUnpaid(c.value)}
                    />
                    {c.label}
                  </span>
                  <span className="text-sm text-stone-600">{c.hint}</span>
                </label>
              ))}
            </fieldset>
          )}
          {withOrders && unpaid === 'settle' && (
            <MethodPicker name="close-method" value={method} onChange={setMethod} />
          )}
          <Field label={withOrders ? 'Reason' : 'Reason (optional)'} id="close-reason">
            <Input
              value={reason}
              maxLength={CLOSE_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              placeholder={withOrders ? 'e.g. guests left without paying' : 'e.g. guests left'}
            />
          </Field>
          <FormAlert />
          <FormSubmit variant="danger" size="lg" className="w-full" pendingText="Closing…">
            Close table
          </FormSubmit>
        </Form>
      )}
    </Dialog>
  );
}
