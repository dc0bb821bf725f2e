import { GUESTS_MAX } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { t } from '../messages';

export interface SeatTarget {
  id: string;
  number: number;
  capacity: number;
}

/**
 * Seat a party: one tap on the number of guests seats them (a larger party types its count). The
 * table's order screen follows.
 */
export function SeatDialog({
  target,
  onClose,
  onSeat,
}: {
  target: SeatTarget | null;
  onClose: () => void;
  /** Seats the table; throws the server's refusal. */
  onSeat: (target: SeatTarget, guests: number) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState('');
  useEffect(() => {
    setError(null);
    setMore('');
  }, [target]);
  if (!target) return null;
  // As many buttons as the table seats, at least six and at most twelve.
  const counts = Array.from(
    { length: Math.min(Math.max(target.capacity, 6), 12) },
    (_, i) => i + 1,
  );
  const seat = async (guests: number) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSeat(target, guests);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const typed = Number(more);
  const typedOk = Number.isInteger(typed) && typed >= 1 && typed <= GUESTS_MAX;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('seatTitle', { table: target.number })}
      description={t('seatHint')}
    >
      <div className="space-y-4">
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('seatHint')}>
          {counts.map((n) => (
            <li key={n}>
              <button
                type="button"
                disabled={busy}
                onClick={() => void seat(n)}
                aria-label={t('guestsN', { count: n })}
                className="flex min-h-14 w-full items-center justify-center rounded-xl border-2 border-stone-200 bg-white text-2xl font-bold hover:border-brand-600 disabled:opacity-50"
              >
                {n}
              </button>
            </li>
          ))}
        </ul>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (typedOk) void seat(typed);
          }}
        >
          <div className="flex-1 space-y-1">
            <Label htmlFor="seat-more">{t('moreGuests')}</Label>
            <Input
              id="seat-more"
              inputMode="numeric"
              value={more}
              onChange={(e) => setMore(e.target.value.replace(/\D/g, ''))}
            />
          </div>
          <Button type="submit" size="lg" disabled={busy || !typedOk}>
            {busy ? t('seating') : t('seat')}
          </Button>
        </form>
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
