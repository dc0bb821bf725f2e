import {
  planPayment,
  tipOnGoods,
  type GuestBill,
  type PayableLine,
  type PaySplit,
  type PaySplitInput,
} from '@tavola/contract';
import { Minus, Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { newOrderKey } from '@/lib/order-keys';
import { useGuestBill } from '../api/get-guest-bill';
import { usePayAtTable } from '../api/pay-at-table';
import { requestPayment } from '../api/request-payment';
import { t } from '../pay-messages';

type Mode = 'all' | 'items' | 'share' | 'equal' | 'amount';
type Tip = 'none' | 5 | 10 | 15 | 'custom';

const MODES: { mode: Mode; label: () => string }[] = [
  { mode: 'all', label: () => t('modeAll') },
  { mode: 'items', label: () => t('modeItems') },
  { mode: 'share', label: () => t('modeShare') },
  { mode: 'equal', label: () => t('modeEqual') },
  { mode: 'amount', label: () => t('modeAmount') },
];
const TIPS: Tip[] = ['none', 5, 10, 15, 'custom'];
const PAYMENT_WHAT = {
  all: 'payment_all',
  items: 'payment_items',
  share: 'payment_share',
  equal: 'payment_equal',
  amount: 'payment_amount',
  staff: 'payment_staff',
} as const;

const cents = (amount: number) => Math.round(amount * 100);
const amountOf = (c: number) => c / 100;
const parseAmount = (text: string) => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? cents(n) : null;
};

/** The bill's lines as the contract's plan reads them (cents). */
function payableLines(bill: GuestBill): PayableLine[] {
  return bill.lines.map((l) => {
    const total = cents(l.total);
    const tax = cents(l.tax);
    const service = cents(l.service);
    return {
      id: l.lineId,
      quantity: l.quantity,
      parts: { total, tax, service, net: total - tax - service },
      paidCents: cents(l.paid),
    };
  });
}

function Stepper({
  value,
  min,
  max,
  onChange,
  label,
  fewer,
  more,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
  fewer: string;
  more: string;
}) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={label}>
      <Button
        variant="outline"
        size="sm"
        aria-label={fewer}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden className="size-4" />
      </Button>
      <span className="w-7 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-label={more}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden className="size-4" />
      </Button>
    </div>
  );
}

/**
 * The table's itemised bill and the guest's way to pay their part: everything, their items (the
 * lines ordered from this phone preselected), one item shared, an equal part, or an amount, with
 * a tip on the goods. What is left and who paid what follow live.
 */
export default function PaySheet({
  token,
  sessionId,
  myOrders,
  open,
  onOpenChange,
}: {
  token: string;
  sessionId: string | null;
  myOrders: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const result = useGuestBill(token, sessionId);
  const bill = result.data;
  const pay = usePayAtTable();
  const [mode, setMode] = useState<Mode>(myOrders.length ? 'items' : 'all');
  const [picked, setPicked] = useState<Record<string, number> | null>(null);
  const [shareLine, setShareLine] = useState<string>('');
  const [shares, setShares] = useState(2);
  const [parts, setParts] = useState(2);
  const [amountText, setAmountText] = useState('');
  const [tip, setTip] = useState<Tip>('none');
  const [tipText, setTipText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The sheet stays open after a payment: the guest sees the balance the table now has.
  const [done, setDone] = useState<string | null>(null);
  // One key per attempt: a retried or double-tapped payment answers the first, never a second.
  const attempt = useRef<{ what: string; key: string } | null>(null);

  const currency = bill?.currency ?? 'eur';
  const money = (c: number) => formatMoney(amountOf(c), currency);
  const lines = useMemo(() => (bill ? payableLines(bill) : []), [bill]);
  const unpaid = bill?.lines.filter((l) => l.remaining > 0) ?? [];

  // Lines ordered from this phone start chosen (what of them is still unpaid).
  const chosen =
    picked ??
    Object.fromEntries(
      unpaid
        .filter((l) => myOrders.includes(l.orderId))
        .map((l) => [l.lineId, l.quantity - l.paidQuantity]),
    );
  const shareId = shareLine || unpaid[0]?.lineId || '';

  const split: PaySplit | null = (() => {
    switch (mode) {
      case 'all':
        return { kind: 'all' };
      case 'items': {
        const asked = Object.entries(chosen)
          .filter(([, q]) => q > 0)
          .map(([lineId, quantity]) => ({ lineId, quantity }));
        return asked.length ? { kind: 'items', lines: asked } : null;
      }
      case 'share':
        return shareId ? { kind: 'share', lineId: shareId, shares } : null;
      case 'equal':
        return { kind: 'equal', parts };
      case 'amount': {
        const c = parseAmount(amountText);
        return c ? { kind: 'amount', amountCents: c } : null;
      }
    }
  })();
  const equalPaid = bill?.equalParts.find((e) => e.parts === parts)?.paid ?? 0;
  const plan = split && lines.length ? planPayment(lines, split, equalPaid) : null;
  const partCents = plan?.ok ? plan.amountCents : 0;
  const tipCents = !plan?.ok
    ? 0
    : tip === 'none'
      ? 0
      : tip === 'custom'
        ? (parseAmount(tipText) ?? 0)
        : tipOnGoods(plan.parts, tip * 100);

  const onPay = async () => {
    if (!split || !plan?.ok) return;
    const input = {
      token,
      split: (split.kind === 'amount'
        ? { kind: 'amount', amount: amountOf(split.amountCents) }
        : split) as PaySplitInput,
      tip: amountOf(tipCents),
      provider: 'demo' as const,
      expectedAmount: amountOf(partCents),
    };
    const what = JSON.stringify(input);
    if (attempt.current?.what !== what) attempt.current = { what, key: newOrderKey() };
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const paid = await pay(input, attempt.current.key);
      attempt.current = null;
      setPicked(null);
      setAmountText('');
      const thanks = t('paidThanks', { amount: money(cents(paid.amount + paid.tip)) });
      setDone(paid.billPaid ? `${thanks} ${t('billSettled')}` : thanks);
    } catch (e) {
      // A refusal is final for this attempt: the next tap is a new payment.
      if (e instanceof ApiError && e.status < 500) attempt.current = null;
      setError(t('failed', { error: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const remainingCents = bill ? cents(bill.remaining) : 0;

  // Paying with the waiter instead: the request tells them what is due and how.
  const askWaiter = async (how: 'cash' | 'terminal') => {
    setBusy(true);
    setError(null);
    try {
      await requestPayment(token, how);
      setDone(t('waiterAsked'));
    } catch (e) {
      setError(t('failed', { error: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('title')} sheet>
      {!bill ? (
        <p className="py-6 text-center text-stone-600">{t('loading')}</p>
      ) : (
        <div className="space-y-4">
          <section
            aria-label={t('leftToPay')}
            className="flex items-baseline justify-between rounded-xl bg-stone-100 px-4 py-3"
          >
            <span className="font-medium">{t('leftToPay')}</span>
            <span>
              <strong className="text-xl tabular-nums" data-testid="left-to-pay">
                {money(remainingCents)}
              </strong>{' '}
              <span className="text-sm text-stone-600">
                {t('ofTotal', { amount: money(cents(bill.total)) })}
              </span>
            </span>
          </section>

          {done && <Alert tone="success">{done}</Alert>}
          {remainingCents > 0 && (
            <>
              <fieldset>
                <legend className="mb-2 text-sm font-semibold">{t('howToPay')}</legend>
                <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('howToPay')}>
                  {MODES.map(({ mode: m, label }) => (
                    <button
                      key={m}
                      type="button"
                      role="radio"
                      aria-checked={mode === m}
                      onClick={() => setMode(m)}
                      className={cn(
                        'min-h-10 rounded-full border px-3 text-sm font-medium',
                        mode === m
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-stone-300 bg-white text-stone-800',
                      )}
                    >
                      {label()}
                    </button>
                  ))}
                </div>
              </fieldset>

              {mode === 'items' && (
                <ul aria-label={t('lines')} className="divide-y divide-stone-200">
                  {bill.lines.map((l) => {
                    const left = l.quantity - l.paidQuantity;
                    const q = chosen[l.lineId] ?? 0;
                    const done = l.remaining <= 0;
                    return (
                      <li key={l.lineId} className="flex items-center gap-2 py-2">
                        <label className="flex min-w-0 flex-1 items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-5 shrink-0"
                            disabled={done}
                            checked={q > 0}
                            onChange={(e) =>
                              setPicked({ ...chosen, [l.lineId]: e.target.checked ? left : 0 })
                            }
                          />
                          <span className="min-w-0">
                            <span className={cn('block truncate', done && 'text-stone-500')}>
                              {l.quantity}× {l.name}
                            </span>
                            <span className="block text-xs text-stone-600">
                              {done
                                ? t('paidLine')
                                : t('remainingOf', { remaining: money(cents(l.remaining)) })}
                            </span>
                          </span>
                        </label>
                        {!done && left > 1 && q > 0 && (
                          <Stepper
                            value={q}
                            min={1}
                            max={left}
                            onChange={(n) => setPicked({ ...chosen, [l.lineId]: n })}
                            label={t('quantityOf', { item: l.name })}
                            fewer={t('fewer', { item: l.name })}
                            more={t('more', { item: l.name })}
                          />
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}

              {mode === 'share' && (
                <div className="space-y-3">
                  <label className="block text-sm font-semibold">
                    {t('shareItem')}
                    <select
                      className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
                      value={shareId}
                      onChange={(e) => setShareLine(e.target.value)}
                    >
                      {unpaid.map((l) => (
                        <option key={l.lineId} value={l.lineId}>
                          {l.quantity}× {l.name} ({money(cents(l.remaining))})
                        </option>
                      ))}
                    </select>
                  </label>
                  <div className="flex items-center justify-between">
                    <span className="text-sm font-semibold">{t('shareBetween')}</span>
                    <Stepper
                      value={shares}
                      min={2}
                      max={20}
                      onChange={setShares}
                      label={t('shareBetween')}
                      fewer={t('fewerPeople')}
                      more={t('morePeople')}
                    />
                  </div>
                </div>
              )}

              {mode === 'equal' && (
                <div className="flex items-center justify-between">
                  <span className="text-sm font-semibold">
                    {t('people')}
                    {equalPaid > 0 && (
                      <span className="block text-xs font-normal text-stone-600">
                        {t('equalPaid', { paid: equalPaid, parts })}
                      </span>
                    )}
                  </span>
                  <Stepper
                    value={parts}
                    min={2}
                    max={20}
                    onChange={setParts}
                    label={t('people')}
                    fewer={t('fewerPeople')}
                    more={t('morePeople')}
                  />
                </div>
              )}

              {mode === 'amount' && (
                <label className="block text-sm font-semibold">
                  {t('amount')}
                  <input
                    inputMode="decimal"
                    className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3"
                    value={amountText}
                    onChange={(e) => setAmountText(e.target.value)}
                  />
                </label>
              )}

              <fieldset>
                <legend className="mb-2 text-sm font-semibold">
                  {t('tip')} <span className="font-normal text-stone-600">({t('tipNote')})</span>
                </legend>
                <div className="grid grid-cols-5 gap-1" role="radiogroup" aria-label={t('tip')}>
                  {TIPS.map((option) => (
                    <button
                      key={option}
                      type="button"
                      role="radio"
                      aria-checked={tip === option}
                      onClick={() => setTip(option)}
                      className={cn(
                        'min-h-10 rounded-lg border text-sm font-medium',
                        tip === option
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-stone-300 bg-white',
                      )}
                    >
                      {option === 'none'
                        ? t('tipNone')
                        : option === 'custom'
                          ? t('tipCustom')
                          : `${option}%`}
                    </button>
                  ))}
                </div>
                {tip === 'custom' && (
                  <label className="mt-2 block text-sm">
                    {t('tipCustomAmount')}
                    <input
                      inputMode="decimal"
                      className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3"
                      value={tipText}
                      onChange={(e) => setTipText(e.target.value)}
                    />
                  </label>
                )}
              </fieldset>

              <dl className="space-y-1 text-sm">
                <div className="flex justify-between">
                  <dt>{t('yourPart')}</dt>
                  <dd className="tabular-nums" data-testid="your-part">
                    {money(partCents)}
                  </dd>
                </div>
                <div className="flex justify-between">
                  <dt>{t('tip')}</dt>
                  <dd className="tabular-nums">{money(tipCents)}</dd>
                </div>
                <div className="flex justify-between text-base font-semibold">
                  <dt>{t('total')}</dt>
                  <dd className="tabular-nums">{money(partCents + tipCents)}</dd>
                </div>
              </dl>

              {error && <Alert tone="error">{error}</Alert>}
              {plan && !plan.ok && plan.reason !== 'nothing' && (
                <Alert tone="info">{t('nothingChosen')}</Alert>
              )}
              <Button
                size="lg"
                className="w-full"
                disabled={busy || !plan?.ok}
                onClick={() => void onPay()}
              >
                {busy ? t('paying') : t('payAmount', { amount: money(partCents + tipCents) })}
              </Button>
              <p className="text-center text-xs text-stone-600">{t('demoProvider')}</p>
              <section aria-label={t('withWaiter')} className="space-y-2">
                <h3 className="text-sm font-semibold">{t('withWaiter')}</h3>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="outline" disabled={busy} onClick={() => void askWaiter('cash')}>
                    {t('waiterCash')}
                  </Button>
                  <Button
                    variant="outline"
                    disabled={busy}
                    onClick={() => void askWaiter('terminal')}
                  >
                    {t('waiterTerminal')}
                  </Button>
                </div>
              </section>
            </>
          )}

          <section aria-label={t('paidSoFar')}>
            <h3 className="mb-1 text-sm font-semibold">{t('paidSoFar')}</h3>
            {bill.payments.length === 0 ? (
              <p className="text-sm text-stone-600">{t('noPayments')}</p>
            ) : (
              <ul className="space-y-1 text-sm" data-testid="payments-so-far">
                {bill.payments.map((p) => (
                  <li key={p.id} className="flex justify-between gap-2">
                    <span>
                      {t('paymentLine', {
                        method: t(p.method),
                        what: Object.hasOwn(PAYMENT_WHAT, p.split)
                          ? t(PAYMENT_WHAT[p.split as keyof typeof PAYMENT_WHAT])
                          : p.split,
                      })}
                    </span>
                    <span className="tabular-nums">
                      {money(cents(p.amount))}
                      {p.tip > 0 && (
                        <span className="text-stone-600">
                          {' '}
                          {t('withTip', { tip: money(cents(p.tip)) })}
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
