import type { TableWaiter } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

const NOBODY = 'nobody';

const tablesText = (n: number) => `${n} table${n === 1 ? '' : 's'}`;

/**
 * Picks the waiter who takes over: a table handed over or reassigned, or every table of a waiter
 * who leaves. `nobody` offers to leave them unassigned (any waiter may then claim them).
 */
export function WaiterPickerDialog({
  open,
  title,
  description,
  waiters,
  exclude = [],
  nobody,
  confirm,
  danger = false,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  description: string;
  /** The active waiters (undefined while they load). */
  waiters: TableWaiter[] | undefined;
  /** Waiters not to offer (the one giving the tables). */
  exclude?: readonly (string | undefined)[];
  /** The label of the "leave unassigned" choice, when there is one. */
  nobody?: string;
  confirm: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (waiterId: string | null) => Promise<unknown>;
}) {
  const offered = (waiters ?? []).filter((w) => !exclude.includes(w.id));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    setChoice('');
    setError(null);
  }, [open, title]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const picked = choice || (nobody ? NOBODY : offered[0]?.id) || '';
    if (!picked) return setError('There is no other waiter on duty to take over');
    setPending(true);
    setError(null);
    try {
      await onSubmit(picked === NOBODY ? null : picked);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Please try again');
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
    >
      <form className="space-y-4" onSubmit={(e) => void submit(e)}>
        <div className="space-y-1">
          <Label htmlFor="take-over-waiter">Waiter</Label>
          {waiters === undefined ? (
            <div className="h-11 animate-pulse rounded-lg bg-stone-200" />
          ) : (
            <Select
              id="take-over-waiter"
              value={choice || (nobody ? NOBODY : (offered[0]?.id ?? ''))}
              onChange={(e) => setChoice(e.target.value)}
            >
              {nobody && <option value={NOBODY}>{nobody}</option>}
              {offered.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} ({tablesText(w.tables)})
                </option>
              ))}
            </Select>
          )}
          {waiters !== undefined && offered.length === 0 && (
            <p className="text-sm text-stone-600">No other waiter is on duty.</p>
          )}
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          size="lg"
          className="w-full"
          disabled={pending || waiters === undefined || (!nobody && offered.length === 0)}
        >
          {confirm}
        </Button>
      </form>
    </Dialog>
  );
}
