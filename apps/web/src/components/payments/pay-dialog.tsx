import type { FloorTable } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { MethodPicker } from './method-picker';

/**
 * A bill to settle: a table's or a tab's (a bill without a table). `label` names it in the title
 * ("table 6", "bar tab Anna").
 */
export interface PayTarget extends Pick<FloorTable, 'billTotal' | 'bill' | 'charges' | 'orders'> {
  label: string;
}

/** The payment as the payments route takes it (major units, as the dialog shows them). */
export interface PaymentEntry {
  method: 'cash' | 'card';
  amount: number;
  tip: number;
}

const pct = (rate: number | null) => (rate === null ? '' : ` (${rate}%)`);

/** The bill's parts, as the guest's page shows them: net + service charge + tax = total. */
function BillBreakdown({ table, currency }: { table: PayTarget; currency: 'eur' | 'usd' }) {
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
  onSubmit,
  onClose,
  onPaid,
}: {
  table: PayTarget | null;
  asked?: boolean;
  currency: 'eur' | 'usd';
  /** Records the payment; throws the server's refusal. */
  onSubmit: (payment: PaymentEntry) => Promise<unknown>;
  onClose: () => void;
  onPaid: () => void;
}) {
  const unserved = table?.orders.filter((o) => UNSERVED.has(o.status)) ?? [];
  const [method, setMethod] = useState<'cash' | 'card'>('card');
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState('');
  // Until the waiter types an amount, it follows the bill plus the tip.
  const [amountTouched, setAmountTouched] = useState(false);
  // A new bill, or the same bill grown while the dialog is open (a round sent from another
  // phone, a list read again): the form starts again from what is owed now.
  const label = table?.label ?? null;
  const owed = table?.billTotal ?? null;
  useEffect(() => {
    setAmount(owed === null ? '' : owed.toFixed(2));
    setTip('');
    setAmountTouched(false);
    setMethod('card');
  }, [label, owed]);

  /** Records the payment (the caller's route: a table's session or a tab's). */
  const submit = async (paying: PayTarget) => {
    const a = Number(amount);
    const t = tip.trim() ? Number(tip) : 0;
    if (!Number.isFinite(a) || a <= 0) refuse('Enter the amount received');
    if (!Number.isFinite(t) || t < 0) refuse('The tip cannot be negative');
    if (Math.round(a * 100) < Math.round((paying.billTotal + t) * 100)) {
      refuse(
        `The amount received must cover the bill and tip (${formatMoney(paying.billTotal + t, currency)})`,
      );
    }
    await onSubmit({ method, amount: a, tip: t });
  };

  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        table
          ? `${asked ? 'Take payment' : 'Mark Paid'}: ${table.label}`
          : asked
            ? 'Take payment'
            : 'Mark Paid'
      }
      description={table ? `Bill ${formatMoney(table.billTotal, currency)}` : undefined}
    >
      {table && (
        // A new table is a new form: no refusal carried over from the last one.
        <Form
          key={table.label}
          className="space-y-4"
          onSubmit={() => submit(table)}
          onSaved={() => {
            onPaid();
            onClose();
          }}
        >
          {({ dismiss }) => (
            <>
              {unserved.length > 0 && (
                <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  <strong>Not served yet:</strong>{' '}
                  {unserved.map((o) => `#${o.orderNumber} (${o.status})`).join(', ')}. The payment
                  covers them too.
                </p>
              )}
              <MethodPicker name="method" value={method} onChange={setMethod} />
              <div className="grid grid-cols-2 gap-3">
                <Field label="Amount received" id="pay-amount">
                  <Input
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => {
                      setAmount(e.target.value);
                      setAmountTouched(true);
                      // A refusal is about what was typed: it goes once the waiter corrects it.
                      dismiss();
                    }}
                  />
                </Field>
                <Field label="Tip (optional)" id="pay-tip">
                  <Input
                    inputMode="decimal"
                    value={tip}
                    onChange={(e) => {
                      setTip(e.target.value);
                      dismiss();
                      const t = Number(e.target.value);
                      if (!amountTouched && table && Number.isFinite(t) && t >= 0) {
                        setAmount((table.billTotal + t).toFixed(2));
                      }
                    }}
                    placeholder="0.00"
                  />
                </Field>
              </div>
              <BillBreakdown table={table} currency={currency} />
              {Number(amount) - table.billTotal - (Number(tip) || 0) > 0.004 && (
                <p
                  className="rounded-lg bg-amber-50 p-3 text-lg font-semibold text-amber-900"
                  role="status"
                >
                  Change due:{' '}
                  {formatMoney(Number(amount) - table.billTotal - (Number(tip) || 0), currency)}
                </p>
              )}
              <FormAlert />
              <FormSubmit size="lg" className="w-full" pendingText="Recording…">
                Confirm payment
              </FormSubmit>
            </>
          )}
        </Form>
      )}
    </Dialog>
  );
}
