import type { FloorTable, PaySplitInput, RecordedPayment } from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { MethodPicker } from './method-picker';
import { t } from './pay-dialog-messages';
import { parseCents, SplitPicker, toCents, useSplitChoice } from './split-picker';
import { staffBillKey, useStaffBill } from './use-staff-bill';

/**
 * A bill to settle: a table's or a tab's (a bill without a table). `label` names it in the title
 * ("table 6", "bar tab Anna").
 */
export interface PayTarget extends Pick<FloorTable, 'billTotal' | 'bill' | 'charges' | 'orders'> {
  label: string;
  /** The bill's id: with it the dialog reads what is paid of it and offers to pay a part. */
  sessionId?: string | null;
}

/** The payment as the payments route takes it (major units, as the dialog shows them). */
export interface PaymentEntry {
  method: 'cash' | 'card';
  amount: number;
  tip: number;
  /** Part of the bill (as guests split it); without it the payment takes all that is due. */
  split?: PaySplitInput;
}

const withRate = (label: string, rate: number | null) =>
  rate === null ? label : t('withRate', { label, rate });

/** The bill's parts, as the guest's page shows them: net + service charge + tax = total. */
function BillBreakdown({ table, currency }: { table: PayTarget; currency: 'eur' | 'usd' }) {
  const { bill, charges } = table;
  const rows: [string, number][] = [
    [t('net'), bill.net],
    ...(bill.service > 0
      ? [[withRate(t('serviceCharge'), charges.serviceCharge), bill.service] as [string, number]]
      : []),
    [withRate(charges.pricesIncludeTax ? t('taxIncluded') : t('tax'), charges.taxRate), bill.tax],
  ];
  return (
    <dl
      aria-label={t('breakdown')}
      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-lg bg-stone-50 p-3 text-sm"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-right tabular-nums">{formatMoney(value, currency)}</dd>
        </div>
      ))}
      <dt className="font-semibold">{t('total')}</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(bill.total, currency)}</dd>
    </dl>
  );
}

const UNSERVED = new Set(['new', 'preparing', 'ready']);

/**
 * Mark Paid: the method, the amount received (following what is paid plus the tip until typed)
 * and the change due. With the bill's id it also reads what is paid of the bill already and
 * lets the waiter take a part (items, a share of one, an equal part, an amount), one method at a
 * time: the dialog stays open with what is left until the bill is settled. Opened by Take
 * payment (`asked`: the guests asked for the bill), orders not served yet are a warning here
 * rather than a reason to refuse.
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
  const queryClient = useQueryClient();
  const sessionId = table?.sessionId ?? null;
  const itemised = useStaffBill(sessionId);
  const bill = itemised.data?.sessionId === sessionId ? itemised.data : undefined;
  const choice = useSplitChoice(bill);
  const unserved = table?.orders.filter((o) => UNSERVED.has(o.status)) ?? [];
  const [method, setMethod] = useState<'cash' | 'card'>('card');
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState('');
  const [paidNote, setPaidNote] = useState<string | null>(null);
  // Until the waiter types an amount, it follows the part paid plus the tip.
  const [amountTouched, setAmountTouched] = useState(false);
  const money = (cents: number) => formatMoney(cents / 100, currency);

  // What is still due (the bill less what was paid of it), and what this payment takes of it.
  const dueCents = toCents(bill ? bill.remaining : (table?.billTotal ?? 0));
  const whole = !bill || choice.mode === 'all';
  const partCents = whole ? dueCents : choice.partCents;
  const tipCents = parseCents(tip) ?? 0;

  // A new bill, the same bill grown while the dialog is open (a round sent from another phone),
  // or another part chosen: the amount starts again from what this payment takes.
  const label = table?.label ?? null;
  useEffect(() => {
    setTip('');
    setMethod('card');
    setPaidNote(null);
  }, [label]);
  useEffect(() => {
    setAmountTouched(false);
  }, [label, partCents]);
  useEffect(() => {
    if (!amountTouched) setAmount(table ? ((partCents + tipCents) / 100).toFixed(2) : '');
  }, [table, partCents, tipCents, amountTouched]);

  /** Records the payment (the caller's route: a table's session or a tab's). */
  const submit = async () => {
    const received = parseCents(amount);
    const tipGiven = tip.trim() ? parseCents(tip) : 0;
    if (!received) refuse(t('enterAmount'));
    if (tipGiven === null) refuse(t('tipNegative'));
    if (!whole && (!choice.input || !choice.plan?.ok)) refuse(t('chooseWhat'));
    if (received < partCents + tipGiven) {
      refuse(t(whole ? 'mustCover' : 'mustCoverPart', { amount: money(partCents + tipGiven) }));
    }
    setPaidNote(null);
    const recorded = (await onSubmit({
      method,
      amount: received / 100,
      tip: tipGiven / 100,
      ...(whole ? {} : { split: choice.input! }),
    })) as Partial<RecordedPayment> | undefined;
    return { recorded, paid: partCents + tipGiven };
  };

  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        table
          ? t('titleFor', { action: asked ? t('takePayment') : t('markPaid'), bill: table.label })
          : asked
            ? t('takePayment')
            : t('markPaid')
      }
      description={
        table ? t('billAmount', { amount: formatMoney(table.billTotal, currency) }) : undefined
      }
    >
      {table && (
        // A new table is a new form: no refusal carried over from the last one.
        <Form
          key={table.label}
          className="space-y-4"
          onSubmit={submit}
          onSaved={({ recorded, paid }) => {
            const left = recorded?.remaining ?? 0;
            if (left > 0) {
              // A part: the dialog stays for the next one, with what is left.
              setPaidNote(t('partPaid', { amount: money(paid), remaining: money(toCents(left)) }));
              choice.reset();
              setTip('');
              setAmountTouched(false);
              if (sessionId)
                void queryClient.invalidateQueries({ queryKey: staffBillKey(sessionId) });
              return;
            }
            onPaid();
            onClose();
          }}
        >
          {({ dismiss }) => (
            <>
              {unserved.length > 0 && (
                <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  <strong>{t('notServedYet')}</strong>{' '}
                  {unserved.map((o) => `#${o.orderNumber} (${o.status})`).join(', ')}.{' '}
                  {t('coversThem')}
                </p>
              )}
              {bill && bill.paid > 0 && (
                <section
                  aria-label={t('leftToPay')}
                  className="space-y-1 rounded-lg bg-stone-100 p-3 text-sm"
                >
                  <p className="flex items-baseline justify-between">
                    <span className="font-medium">{t('leftToPay')}</span>
                    <span>
                      <strong className="text-lg tabular-nums" data-testid="left-to-pay">
                        {money(dueCents)}
                      </strong>{' '}
                      <span className="text-stone-600">
                        {t('ofTotal', { amount: money(toCents(bill.total)) })}
                      </span>
                    </span>
                  </p>
                  <ul aria-label={t('paidSoFar')} className="text-stone-700">
                    {bill.payments.map((p) => (
                      <li key={p.id} className="flex justify-between gap-2">
                        <span className="first-letter:uppercase">
                          {t('paymentLine', {
                            method: t(p.method),
                            amount: money(toCents(p.amount)),
                          })}
                        </span>
                        {p.tip > 0 && (
                          <span className="text-stone-600">
                            {t('withTip', { tip: money(toCents(p.tip)) })}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {paidNote && <Alert tone="success">{paidNote}</Alert>}
              {bill && bill.lines.length > 0 && (
                <SplitPicker
                  bill={bill}
                  choice={{
                    ...choice,
                    setMode: (m) => {
                      choice.setMode(m);
                      dismiss();
                    },
                  }}
                  legend={t('splitLegend')}
                  money={money}
                />
              )}
              <MethodPicker name="method" value={method} onChange={setMethod} />
              <div className="grid grid-cols-2 gap-3">
                <Field label={t('amountReceived')} id="pay-amount">
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
                <Field label={t('tipOptional')} id="pay-tip">
                  <Input
                    inputMode="decimal"
                    value={tip}
                    onChange={(e) => {
                      setTip(e.target.value);
                      dismiss();
                    }}
                    placeholder="0.00"
                  />
                </Field>
              </div>
              {whole && dueCents === toCents(table.billTotal) ? (
                <BillBreakdown table={table} currency={currency} />
              ) : (
                <p className="flex justify-between rounded-lg bg-stone-50 p-3 text-sm font-semibold">
                  <span>{t('thisPayment')}</span>
                  <span className="tabular-nums" data-testid="this-payment">
                    {money(partCents)}
                  </span>
                </p>
              )}
              {(parseCents(amount) ?? 0) - partCents - tipCents > 0 && (
                <p
                  className="rounded-lg bg-amber-50 p-3 text-lg font-semibold text-amber-900"
                  role="status"
                >
                  {t('changeDue')} {money((parseCents(amount) ?? 0) - partCents - tipCents)}
                </p>
              )}
              <FormAlert />
              <FormSubmit size="lg" className="w-full" pendingText={t('recording')}>
                {t('confirm')}
              </FormSubmit>
            </>
          )}
        </Form>
      )}
    </Dialog>
  );
}
