import { VOID_REASON_MAX, type FloorOrder } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { useVoidOrder } from '@/features/floor/api/void-order';

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
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setQuantity('1');
    setReason('');
    setError(null);
  }, [target]);

  const run = useVoidOrder();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const count = Number(quantity);
    if (target.line && (!Number.isInteger(count) || count < 1 || count > target.line.quantity)) {
      return setError(`Enter a quantity from 1 to ${target.line.quantity}`);
    }
    if (!reason.trim()) return setError('A reason is required to void');
    const { order, line } = target;
    run.mutate(
      {
        orderId: order.id,
        reason: reason.trim(),
        ...(line ? { line: { itemId: line.id, quantity: count } } : {}),
      },
      {
        onSuccess: () => {
          onVoided(
            line
              ? `Voided ${count}× ${line.name} from order #${order.orderNumber}`
              : `Order #${order.orderNumber} voided`,
          );
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const title = !target
    ? 'Void'
    : target.line
      ? `Void ${target.line.name} (order #${target.order.orderNumber})`
      : `Void order #${target.order.orderNumber}`;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Voided items leave the bill and the reports. The reason is kept in the audit log."
    >
      <form className="space-y-4" onSubmit={submit}>
        {target?.line && (
          <div className="space-y-1">
            <Label htmlFor="void-quantity">Quantity to void (of {target.line.quantity})</Label>
            <Input
              id="void-quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={target.line.quantity}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </div>
        )}
        <div className="space-y-1">
          <Label htmlFor="void-reason">Reason</Label>
          <Input
            id="void-reason"
            value={reason}
            maxLength={VOID_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. sent back, ordered by mistake"
          />
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Button
          type="submit"
          variant="danger"
          size="lg"
          className="w-full"
          disabled={run.isPending}
        >
          {run.isPending ? 'Voiding…' : 'Void'}
        </Button>
      </form>
    </Dialog>
  );
}
