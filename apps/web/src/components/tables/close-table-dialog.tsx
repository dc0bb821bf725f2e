import {
  CLOSE_REASON_MAX,
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
import { t } from './messages';

/** The table to close: its number, and how many of its orders are neither paid nor voided. */
export interface CloseTarget {
  id: string;
  number: number;
  unpaidOrders: number;
}

const CHOICES = () =>
  [
    { value: 'void', label: t('voidThem'), hint: t('voidHint') },
    { value: 'settle', label: t('settle'), hint: t('settleHint') },
  ] satisfies { value: CloseUnpaidChoice; label: string; hint: string }[];

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

  const submit = async (closing: CloseTarget) => {
    if (withOrders && (!unpaid || !reason.trim())) {
      // The refusal catalog loads when a refusal is to be worded, as for the server's.
      const { screenRefusal } = await import('@/lib/refusals');
      if (!unpaid) refuse(screenRefusal('CLOSE_TABLE_CHOICE_REQUIRED'));
      refuse(screenRefusal('CLOSE_TABLE_REASON_REQUIRED'));
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
      title={target ? t('closeTableN', { table: target.number }) : t('closeTable')}
      description={withOrders ? t('unpaidChoose', { count: orders }) : t('noUnpaid')}
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
              <legend className="mb-1 text-sm font-medium text-stone-700">
                {t('unpaidOrders')}
              </legend>
              {CHOICES().map((c) => (
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
          <Field label={withOrders ? t('reason') : t('reasonOptional')} id="close-reason">
            <Input
              value={reason}
              maxLength={CLOSE_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              placeholder={withOrders ? t('reasonExampleUnpaid') : t('reasonExample')}
            />
          </Field>
          <FormAlert />
          <FormSubmit variant="danger" size="lg" className="w-full" pendingText={t('closing')}>
            {t('closeTable')}
          </FormSubmit>
        </Form>
      )}
    </Dialog>
  );
}
