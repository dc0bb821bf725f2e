import type { FloorTable } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useRecordPayment } from '@/features/floor/api/record-payment';

const pct = (rate: number | null) => (rate === null ? '' : ` (${rate}%)`);

/** The bill's parts, as the guest's page shows them: net + service charge + tax = total. */
function BillBreakdown({ table, currency }: { table: FloorTable; currency: 'eur' | 'usd' }) {
  const { bill, charges } = table;
  const rows: [string, number][] = [
    ['Net', bill.net],
    ...(bill.service > 0
      ? [[`Service charge${pct(charges.serviceCharge)}`, bill.service] as [string, number]]
      : []),
    [`${charges.pricesIncludeTax ? 'Tax included' : 'Tax'}${pct(charges.taxRate)}`, bill.tax],
  ];
  return (
    <dl
      aria-label="Bill breakdown"
      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-lg bg-stone-50 p-3 text-sm"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-right tabular-nums">{formatMoney(value, currency)}</dd>
        </div>
      ))}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(bill.total, currency)}</dd>
    </dl>
  );
}

const UNSERVED = new Set(['new', 'preparing', 'ready']);

/**
 * Mark Paid: the method, the amount received (following bill plus tip until typed) and the change
 * due. Opened by Take payment (`asked`: the guests asked for the bill), orders not served yet are
 * a warning here rather than a reason to refuse.
 */
export function PayDialog({
  table,
  asked = false,
  currency,
  onClose,
  onPaid,
}: {
  table: FloorTable | null;
  asked?: boolean;
  currency: 'eur' | 'usd';
  onClose: () => void;
  onPaid: () => void;
}) {
  const unserved = table?.orders.filter((o) => UNSERVED.has(o.status)) ?? [];
  const [method, setMethod] = useState<'cash' | 'card'>('card');
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState('');
  // Until the waiter types an amount, it follows the bill plus the tip.
  const [amountTouched, setAmountTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = useRecordPayment();
  useEffect(() => {
    setAmount(table ? table.billTotal.toFixed(2) : '');
    setTip('');
    setAmountTouched(false);
    setError(null);
    setMethod('card');
  }, [table]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = Number(amount);
    const t = tip.trim() ? Number(tip) : 0;
    if (!Number.isFinite(a) || a <= 0) return setError('Enter the amount received');
    if (!Number.isFinite(t) || t < 0) return setError('The tip cannot be negative');
    if (table && Math.round(a * 100) < Math.round((table.billTotal + t) * 100)) {
      return setError(
        `The amount received must cover the bill and tip (${formatMoney(table.billTotal + t, currency)})`,
      );
    }
    if (!table?.sessionId) return;
    pay.mutate(
      { sessionId: table.sessionId, body: { method, amount: a, tip: t } },
      {
        onSuccess: () => {
          onPaid();
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        table
          ? `${asked ? 'Take payment' : 'Mark Paid'}: table ${table.number}`
          : asked
            ? 'Take payment'
            : 'Mark Paid'
      }
      description={table ? `Bill ${formatMoney(table.billTotal, currency)}` : undefined}
    >
      <form className="space-y-4" onSubmit={submit}>
        {unserved.length > 0 && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <strong>Not served yet:</strong>{' '}
            {unserved.map((o) => `#${o.orderNumber} (${o.status})`).join(', ')}. The payment covers
            them too.
          </p>
        )}
        <fieldset className="flex gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-700">Payment method</legend>
          {(['card', 'cash'] as const).map((m) => (
            <label
              key={m}
              className={cn(
                'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold capitalize',
                method === m ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
              )}
            >
              <input
                type="radio"
                name="method"
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                className="sr-only"
              />
              {m}
            </label>
          ))}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1">
            <Label htmlFor="pay-amount">Amount received</Label>
            <Input
              id="pay-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setAmountTouched(true);
                // A refusal is about what was typed: it goes once the waiter corrects it.
                setError(null);
              }}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="pay-tip">Tip (optional)</Label>
            <Input
              id="pay-tip"
              inputMode="decimal"
              value={tip}
              onChange={(e) => {
                setTip(e.target.value);
                setError(null);
                const t = Number(e.target.value);
                if (!amountTouched && table && Number.isFinite(t) && t >= 0) {
                  setAmount((table.billTotal + t).toFixed(2));
                }
              }}
              placeholder="0.00"
            />
          </div>
        </div>
        {table && <BillBreakdown table={table} currency={currency} />}
        {table && Number(amount) - table.billTotal - (Number(tip) || 0) > 0.004 && (
          <p
            className="rounded-lg bg-amber-50 p-3 text-lg font-semibold text-amber-900"
            role="status"
          >
            Change due:{' '}
            {formatMoney(Number(amount) - table.billTotal - (Number(tip) || 0), currency)}
          </p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" disabled={pay.isPending}>
          {pay.isPending ? 'Recording…' : 'Confirm payment'}
        </Button>
      </form>
    </Dialog>
  );
}
