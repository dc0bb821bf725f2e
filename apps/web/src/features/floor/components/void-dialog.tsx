import { VOID_REASON_MAX, type FloorOrder } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useVoidOrder } from '@/features/floor/api/void-order';
import { t } from '../messages';

/** What a manager is about to void: a whole order, or (with `line`) some of one of its lines. */
export interface VoidTarget {
  order: FloorOrder;
  line?: FloorOrder['items'][number];
}

export function VoidDialog({
  target,
  onClose,
  onVoided,
}: {
  target: VoidTarget | null;
  onClose: () => void;
  onVoided: (text: string) => void;
}) {
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  useEffect(() => {
    setQuantity('1');
    setReason('');
  }, [target]);

  const run = useVoidOrder();

  /** Voids what was asked and says what was voided. */
  const submit = async (voiding: VoidTarget) => {
    const count = Number(quantity);
    if (voiding.line && (!Number.isInteger(count) || count < 1 || count > voiding.line.quantity)) {
      refuse(t('voidQuantityRange', { max: voiding.line.quantity }));
    }
    if (!reason.trim()) refuse(t('voidReasonRequired'));
    const { order, line } = voiding;
    await run.mutateAsync({
      orderId: order.id,
      reason: reason.trim(),
      ...(line ? { line: { itemId: line.id, quantity: count } } : {}),
    });
    return line
      ? t('voidedLine', { count, name: line.name, number: order.orderNumber })
      : t('voidedOrder', { number: order.orderNumber });
  };

  const title = !target
    ? t('void')
    : target.line
      ? t('voidLineTitle', { name: target.line.name, number: target.order.orderNumber })
      : t('voidOrderTitle', { number: target.order.orderNumber });
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t('voidHint')}
    >
      {target && (
        // A new target is a new form: no refusal carried over from the last one.
        <Form
          key={`${target.order.id}-${target.line?.id ?? ''}`}
          className="space-y-4"
          onSubmit={() => submit(target)}
          onSaved={(text) => {
            onVoided(text);
            onClose();
          }}
        >
          {target.line && (
            <Field label={t('voidQuantity', { quantity: target.line.quantity })} id="void-quantity">
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={target.line.quantity}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            </Field>
          )}
          <Field label={t('reason')} id="void-reason">
            <Input
              value={reason}
              maxLength={VOID_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('voidReasonPlaceholder')}
            />
          </Field>
          <FormAlert />
          <FormSubmit variant="danger" size="lg" className="w-full" pendingText={t('voiding')}>
            {t('void')}
          </FormSubmit>
        </Form>
      )}
    </Dialog>
  );
}
