import type { FloorOrder } from '@tavola/contract';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, runSave } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useChangeOrderLine } from '../api/change-line';
import { t } from '../messages';

/** A sent line to change: its order and the line as the bill shows it. */
export interface LineToChange {
  order: Pick<FloorOrder, 'id' | 'orderNumber'>;
  line: FloorOrder['items'][number];
}

/**
 * Change a sent line before its station starts it: more or fewer, other notes, or off the order.
 * The server decides whether the station has started (then only a manager's void takes it off)
 * and says so; the station's ticket marks the change.
 */
export function ChangeLineDialog({
  target,
  onClose,
}: {
  target: LineToChange | null;
  onClose: () => void;
}) {
  const change = useChangeOrderLine();
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  // Each opening starts from the line as it is.
  if (target && shown !== target.line.id) {
    setShown(target.line.id);
    setQuantity(target.line.quantity);
    setNotes(target.line.notes ?? '');
  }
  if (!target && shown !== null) setShown(null);

  const send = (next: number) => {
    if (!target) return Promise.resolve(null);
    const before = target.line.notes ?? '';
    return change.mutateAsync({
      orderId: target.order.id,
      itemId: target.line.id,
      body: {
        quantity: next,
        ...(next > 0 && notes.trim() !== before ? { notes: notes.trim() || null } : {}),
      },
    });
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? t('changeTitle', { name: target.line.name }) : t('change')}
      description={target ? t('changeHint', { number: target.order.orderNumber }) : undefined}
    >
      {target && (
        <Form
          key={target.line.id}
          className="space-y-4"
          onSubmit={() => send(quantity)}
          success={{ title: t('changed') }}
          onSaved={onClose}
        >
          <div className="flex items-center justify-center gap-4">
            <Button
              variant="outline"
              size="lg"
              aria-label={t('fewer')}
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              <Minus aria-hidden className="size-5" />
            </Button>
            <output aria-label={t('quantity')} className="min-w-10 text-center text-2xl font-bold">
              {quantity}
            </output>
            <Button
              variant="outline"
              size="lg"
              aria-label={t('more')}
              disabled={quantity >= 99}
              onClick={() => setQuantity((q) => Math.min(99, q + 1))}
            >
              <Plus aria-hidden className="size-5" />
            </Button>
          </div>
          <Field label={t('lineNotes')} id="change-line-notes">
            <Textarea
              className="min-h-16"
              maxLength={300}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
          <FormAlert />
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              variant="outline"
              className="text-red-700"
              disabled={change.isPending}
              onClick={() =>
                void runSave(() => send(0), {
                  success: { title: t('takenOff', { name: target.line.name }) },
                  failure: t('notChanged'),
                  onSaved: onClose,
                })
              }
            >
              <Trash2 aria-hidden className="size-4" /> {t('takeOff')}
            </Button>
            <FormSubmit pendingText={t('saving')}>{t('saveChange')}</FormSubmit>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
