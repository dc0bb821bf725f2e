import {
  amountToCents,
  hasPermission,
  nextPaymentState,
  refundPaymentInputSchema,
  type DayPayment,
} from '@tavola/contract';
import { Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input, Textarea } from '@/components/ui/input';
import { useSession } from '@/lib/auth';
import { formatMoney, formatTime } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useDayPayments } from '../api/get-day-payments';
import { useRefundPayment } from '../api/refund-payment';
import { t } from '../messages';

const method = (m: DayPayment['method']) => t(m);

const cents = (amount: number) => Math.round(amount * 100);

/** A decimal typed in a field, or NaN (the contract's schema then says why). */
const typed = (text: string) => (text.trim() === '' ? 0 : Number(text.replace(',', '.')));

/**
 * Refund: how much of the bill part and of the tip to give back (all that is left, to begin
 * with), and why. Refused here by the same rules the server applies (the contract's schema and
 * the payment state machine), so what the manager reads is what the server would say.
 */
function RefundDialog({
  payment,
  currency,
  today,
  onClose,
}: {
  payment: DayPayment | null;
  currency: 'eur' | 'usd';
  today: string;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState('');
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const refund = useRefundPayment();
  // Each opening starts from what is left of the payment.
  if (!payment && shown !== null) setShown(null);
  if (payment && shown !== payment.id) {
    setShown(payment.id);
    setAmount(payment.refundable.amount.toFixed(2));
    setTip(payment.refundable.tip.toFixed(2));
    setReason('');
  }
  const m = (value: number) => formatMoney(value, currency);

  const submit = () => {
    if (!payment) return refuse(t('chooseAPayment'));
    const body = checkedOrRefuse(
      validate(refundPaymentInputSchema, { amount: typed(amount), tip: typed(tip), reason }),
    );
    const captured = { amountCents: cents(payment.amount), tipCents: cents(payment.tip) };
    const next = nextPaymentState(payment.status, {
      type: 'refund',
      captured,
      refunded: {
        amountCents: captured.amountCents - cents(payment.refundable.amount),
        tipCents: captured.tipCents - cents(payment.refundable.tip),
      },
      refund: {
        amountCents: amountToCents(body.amount) ?? 0,
        tipCents: amountToCents(body.tip) ?? 0,
      },
    });
    if (!next.ok) refuse(next.reason);
    return refund.mutateAsync({ paymentId: payment.id, body });
  };

  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title={payment ? t('refundTable', { table: payment.tableNumber }) : t('refund')}
      description={
        payment
          ? t('refundDescription', {
              method: method(payment.method),
              total: m(payment.amount + payment.tip),
              amount: m(payment.refundable.amount),
              tip: m(payment.refundable.tip),
              today,
            })
          : undefined
      }
    >
      <Form
        className="space-y-3"
        onSubmit={submit}
        success={(done) => ({
          title: t('refundRecorded'),
          description: t('givenBackDated', {
            amount: m(done.amount + done.tip),
            date: done.businessDate,
          }),
        })}
        onSaved={onClose}
      >
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('billPart')} id="refund-amount">
            <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field label={t('tip')} id="refund-tip">
            <Input inputMode="decimal" value={tip} onChange={(e) => setTip(e.target.value)} />
          </Field>
        </div>
        <Field label={t('reason')} id="refund-reason">
          <Textarea
            className="min-h-20"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <FormAlert />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <FormSubmit pendingText={t('refunding')}>{t('giveBack')}</FormSubmit>
        </div>
      </Form>
    </Dialog>
  );
}

/**
 * The payments captured in the business day on screen, each with what was given back of it (on
 * whichever day) and, for a manager, Refund: a part or all of it, with a reason, dated today.
 */
export function DayPayments({
  date,
  printReceipt,
}: {
  date: string;
  printReceipt?: ((receiptNumber: number) => ReactNode) | undefined;
}) {
  const { data, isPending, isError, error } = useDayPayments(date);
  const session = useSession();
  const canRefund = hasPermission(session?.user.permissions, 'void_orders');
  const [refunding, setRefunding] = useState<DayPayment | null>(null);
  const currency = data?.currency ?? 'eur';
  const m = (value: number) => formatMoney(value, currency);

  const columns: Column<DayPayment>[] = [
    {
      key: 'time',
      header: t('time'),
      className: 'whitespace-nowrap',
      cell: (p) => formatTime(p.capturedAt, data?.timezone),
    },
    {
      key: 'table',
      header: t('table'),
      rowHeader: true,
      cell: (p) => t('tableN', { table: p.tableNumber }),
    },
    {
      key: 'receipt',
      header: t('receipt'),
      cell: (p) =>
        p.receiptNumber === null ? (
          '—'
        ) : (
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            {t('receiptNo', { number: p.receiptNumber })}
            {printReceipt?.(p.receiptNumber)}
          </span>
        ),
    },
    { key: 'method', header: t('method'), cell: (p) => method(p.method) },
    {
      key: 'bill',
      header: t('bill'),
      className: 'text-right tabular-nums',
      cell: (p) => m(p.amount),
    },
    { key: 'tip', header: t('tip'), className: 'text-right tabular-nums', cell: (p) => m(p.tip) },
    {
      key: 'refunds',
      header: t('givenBack'),
      headerClassName: 'min-w-48',
      cell: (p) =>
        p.refunds.length === 0 ? (
          '—'
        ) : (
          <ul className="space-y-0.5">
            {p.refunds.map((r) => (
              <li key={r.id}>
                <span className="tabular-nums">{m(-(r.amount + r.tip))}</span>
                {t('givenBackOn', { date: r.businessDate, reason: r.reason })}
                {r.by ? t('givenBackBy', { name: r.by }) : ''}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (p) =>
        p.status === 'refunded' ? (
          <Badge tone="red">{t('refunded')}</Badge>
        ) : p.status === 'partially_refunded' ? (
          <Badge tone="amber">{t('partRefunded')}</Badge>
        ) : (
          <Badge tone="green">{t('paid')}</Badge>
        ),
    },
    ...(canRefund
      ? [
          {
            key: 'refund',
            header: t('actions'),
            srOnlyHeader: true,
            className: 'py-1',
            cell: (p: DayPayment) =>
              p.refundable.amount + p.refundable.tip > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('refundAria', {
                    method: method(p.method).toLowerCase(),
                    table: p.tableNumber,
                    amount: m(p.amount + p.tip),
                  })}
                  onClick={() => setRefunding(p)}
                >
                  <Undo2 aria-hidden className="size-4" /> {t('refund')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="day-payments-title" className="space-y-2">
      <h3 id="day-payments-title" className="font-semibold">
        {t('paymentsThisDay')}
      </h3>
      {isError && <Alert tone="error">{error.message}</Alert>}
      <DataTable
        columns={columns}
        rows={data?.payments}
        rowKey={(p) => p.id}
        loading={isPending && !isError}
        empty={t('noPayments')}
        label={t('paymentsThisDay')}
        minWidth="min-w-[860px]"
      />
      {data && (
        <RefundDialog
          payment={refunding}
          currency={currency}
          today={data.today}
          onClose={() => setRefunding(null)}
        />
      )}
    </section>
  );
}
