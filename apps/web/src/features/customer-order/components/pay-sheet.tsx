import { tipOnGoods } from '@tavola/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import {
  parseCents,
  SplitPicker,
  toCents,
  useSplitChoice,
} from '@/components/payments/split-picker';
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

// Stripe's card form and its loader: fetched only when this restaurant takes cards through Stripe.
const StripePayment = lazy(() => import('./stripe-payment'));

type Tip = 'none' | 5 | 10 | 15 | 'custom';

const TIPS: Tip[] = ['none', 5, 10, 15, 'custom'];
const PAYMENT_WHAT = {
  all: 'payment_all',
  items: 'payment_items',
  share: 'payment_share',
  equal: 'payment_equal',
  amount: 'payment_amount',
  staff: 'payment_staff',
} as const;

const amountOf = (c: number) => c / 100;

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
  const choice = useSplitChoice(bill, {
    initialMode: myOrders.length ? 'items' : 'all',
    preselect: myOrders,
  });
  const [tip, setTip] = useState<Tip>('none');
  const [tipText, setTipText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The sheet stays open after a payment: the guest sees the balance the table now has.
  const [done, setDone] = useState<string | null>(null);
  // One key per attempt: a retried or double-tapped payment answers the first, never a second.
  const attempt = useRef<{ what: string; key: string } | null>(null);
  // A card payment the server started with Stripe: its card form, until Stripe answers.
  const [card, setCard] = useState<{
    clientSecret: string;
    publishableKey: string;
    amount: string;
  } | null>(null);
  const provider = bill?.providers.includes('stripe') ? ('stripe' as const) : ('demo' as const);

  const currency = bill?.currency ?? 'eur';
  const money = (c: number) => formatMoney(amountOf(c), currency);
  const { plan, partCents } = choice;
  const tipCents = !plan?.ok
    ? 0
    : tip === 'none'
      ? 0
      : tip === 'custom'
        ? (parseCents(tipText) ?? 0)
        : tipOnGoods(plan.parts, tip * 100);

  const onPay = async () => {
    if (!choice.input || !plan?.ok) return;
    const input = {
      token,
      split: choice.input,
      tip: amountOf(tipCents),
      provider,
      expectedAmount: amountOf(partCents),
    };
    const what = JSON.stringify(input);
    if (attempt.current?.what !== what) attempt.current = { what, key: newOrderKey() };
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const paid = await pay(input, attempt.current.key);
      if (paid.status === 'pending' && paid.stripe) {
        // Nothing is paid yet: the guest confirms the card in Stripe's form.
        setCard({ ...paid.stripe, amount: money(toCents(paid.amount + paid.tip)) });
        return;
      }
      attempt.current = null;
      choice.reset();
      const thanks = t('paidThanks', { amount: money(toCents(paid.amount + paid.tip)) });
      setDone(paid.billPaid ? `${thanks} ${t('billSettled')}` : thanks);
    } catch (e) {
      // A refusal is final for this attempt: the next tap is a new payment.
      if (e instanceof ApiError && e.status < 500) attempt.current = null;
      setError(t('failed', { error: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const remainingCents = bill ? toCents(bill.remaining) : 0;

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
                {t('ofTotal', { amount: money(toCents(bill.total)) })}
              </span>
            </span>
          </section>

          {done && <Alert tone="success">{done}</Alert>}
          {remainingCents > 0 && (
            <>
              <SplitPicker
                bill={bill}
                choice={choice}
                legend={t('howToPay')}
                itemsLabel={t('modeItems')}
                money={money}
              />

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
              {card ? (
                <Suspense fallback={<p className="text-center text-sm">{t('cardLoading')}</p>}>
                  <StripePayment
                    {...card}
                    onSent={() => {
                      attempt.current = null;
                      setCard(null);
                      choice.reset();
                      setDone(t('cardProcessing'));
                    }}
                    onFailed={(message) => {
                      // This attempt is over (Stripe tells the server too): the next tap is new.
                      attempt.current = null;
                      setCard(null);
                      setError(t('failed', { error: message }));
                    }}
                  />
                </Suspense>
              ) : (
                <Button
                  size="lg"
                  className="w-full"
                  disabled={busy || !plan?.ok}
                  onClick={() => void onPay()}
                >
                  {busy ? t('paying') : t('payAmount', { amount: money(partCents + tipCents) })}
                </Button>
              )}
              <p className="text-center text-xs text-stone-600">
                {provider === 'stripe' ? t('stripeProvider') : t('demoProvider')}
              </p>
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
                      {money(toCents(p.amount))}
                      {p.tip > 0 && (
                        <span className="text-stone-600">
                          {' '}
                          {t('withTip', { tip: money(toCents(p.tip)) })}
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
