import {
  REOPEN_REASON_MAX,
  type DayParts,
  type JournalFormat,
  type ZReport,
} from '@tavola/contract';
import { CheckCircle2, Download, Lock, LockOpen, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FigureRow, FigureTable } from '@/components/ui/figure-table';
import { Form, FormSubmit, refuse, runSave, toastProblem } from '@/components/ui/form';
import { Input, Textarea } from '@/components/ui/input';
import { download } from '@/lib/download';
import { formatMoney, formatTime } from '@/lib/format';
import { placeText } from '@/lib/place-messages';
import { useCloseDay } from '../api/close-day';
import { dayFilePath, useZReport } from '../api/get-z-report';
import { useReopenDay } from '../api/reopen-day';
import { t } from '../messages';
import { DayPayments } from './day-payments';

const method = (m: 'cash' | 'card') => t(m);

const FILES: { file: 'pdf' | JournalFormat; name: (d: string) => string }[] = [
  { file: 'pdf', name: (d) => `z-report-${d}.pdf` },
  { file: 'hledger', name: (d) => `journal-${d}.journal` },
  { file: 'xero', name: (d) => `xero-journal-${d}.csv` },
  { file: 'quickbooks', name: (d) => `quickbooks-journal-${d}.csv` },
];

function Figures({ z }: { z: ZReport }) {
  const m = (amount: number) => formatMoney(amount, z.currency);
  const parts = (label: string, count: number, p: DayParts) => (
    <FigureRow
      label={label}
      boldTotal
      figures={[
        [t('count'), count],
        [t('net'), m(p.net)],
        [t('service'), m(p.service)],
        [t('tax'), m(p.tax)],
        [t('total'), m(p.total)],
      ]}
    />
  );
  const r = z.reconciliation;
  const d = z.discounts;
  // What the bills should come to: orders less voids, and less discounts where the day has them.
  const charged = r.ordersLessVoidsAndDiscounts ?? r.ordersLessVoids;
  const ok = (good: boolean) =>
    good ? (
      <CheckCircle2 aria-label={t('reconciles')} className="inline size-4 text-green-700" />
    ) : (
      <XCircle aria-label={t('doesNotReconcile')} className="inline size-4 text-red-700" />
    );

  return (
    <div className="min-w-0 space-y-4 text-sm">
      <div className="max-w-full sm:overflow-x-auto">
        <FigureTable
          label={t('sales')}
          caption={t('billsSettled')}
          titles={[t('billsSettled'), t('count'), t('net'), t('service'), t('tax'), t('total')]}
          className="sm:min-w-[560px]"
        >
          {parts(t('orders'), z.orders.count, z.orders)}
          {parts(t('voidsItems', { count: z.voids.items }), z.voids.wholeOrders, z.voids)}
          {d && parts(t('discountsAndComps'), d.count, d)}
          {parts(t('bills'), z.bills.count, z.bills)}
        </FigureTable>
      </div>
      {/* The discounts and comps by reason and by who gave them: at menu prices, and off bills. */}
      {d && d.count > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          {(
            [
              [
                t('byReason'),
                t('discountsByReason'),
                d.byReason.map((g) => ({ ...g, label: g.reason })),
              ],
              [t('byStaff'), t('discountsByStaff'), d.byUser.map((g) => ({ ...g, label: g.name }))],
            ] as const
          ).map(([title, label, groups]) => (
            <div key={title} className="min-w-0 sm:overflow-x-auto">
              <FigureTable
                label={label}
                caption={t('discountsCaption', { discounts: d.count, comps: d.comps })}
                titles={[title, t('count'), t('menuPrices'), t('offBills')]}
              >
                {groups.map((g) => (
                  <FigureRow
                    key={g.label}
                    label={g.label}
                    figures={[
                      [t('count'), g.count],
                      [t('menuPrices'), m(g.amount)],
                      [t('offBills'), m(g.total)],
                    ]}
                  />
                ))}
              </FigureTable>
            </div>
          ))}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0 sm:overflow-x-auto">
          <FigureTable
            label={t('paymentsByMethod')}
            caption={t('payments')}
            titles={[t('payments'), t('count'), t('bills'), t('tips'), t('total')]}
          >
            {[
              ...z.payments.byMethod.map((p) => ({ ...p, label: method(p.method), all: false })),
              { ...z.payments, label: t('all'), all: true },
            ].map((p) => (
              <FigureRow
                key={p.label}
                label={p.label}
                className={p.all ? ' font-semibold' : ''}
                figures={[
                  [t('count'), p.count],
                  [t('bills'), m(p.amount)],
                  [t('tips'), m(p.tips)],
                  [t('total'), m(p.total)],
                ]}
              />
            ))}
            {/* Money given back this day, of payments of any day: its own lines, negative. */}
            {z.refunds?.byMethod.map((r) => (
              <FigureRow
                key={`refunded-${r.method}`}
                label={t('refundedMethod', { method: method(r.method) })}
                className=" text-red-800"
                figures={[
                  [t('count'), r.count],
                  [t('bills'), m(-r.amount)],
                  [t('tips'), m(-r.tips)],
                  [t('total'), m(-r.total)],
                ]}
              />
            ))}
          </FigureTable>
        </div>
        <div className="min-w-0 sm:overflow-x-auto">
          <FigureTable
            label={t('taxByRate')}
            caption={t('taxRates')}
            titles={[t('taxRate'), t('net'), t('service'), t('tax'), t('total')]}
          >
            {z.taxRates.map((r) => (
              <FigureRow
                key={r.taxRate}
                label={`${r.taxRate}%`}
                figures={[
                  [t('net'), m(r.net)],
                  [t('service'), m(r.service)],
                  [t('tax'), m(r.tax)],
                  [t('total'), m(r.total)],
                ]}
              />
            ))}
            <FigureRow
              label={t('transactionFee', {
                rate: z.transactionFee.rate,
                base: m(z.transactionFee.base),
              })}
              labelSpan={4}
              figures={[[t('fee'), m(z.transactionFee.fee)]]}
            />
          </FigureTable>
        </div>
      </div>
      <div>
        <h3 className="font-semibold">{t('openBills', { count: z.openBills.count })}</h3>
        {z.openBills.count === 0 ? (
          <p className="text-stone-600">{t('noOpenBill')}</p>
        ) : (
          <ul className="text-stone-700">
            {z.openBills.bills.map((b) => (
              <li key={`${b.tableNumber}-${b.openedAt}`} className="flex justify-between gap-2">
                <span>
                  {t('openBillLine', {
                    place: placeText(b),
                    time: formatTime(b.openedAt, z.timezone),
                    count: b.orders,
                  })}
                </span>
                <span className="tabular-nums">{m(b.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ul className="space-y-1 rounded-lg bg-stone-50 p-3" aria-label={t('reconciliation')}>
        <li>
          {ok(charged === r.bills)}{' '}
          {d
            ? t('ordersLessVoidsAndDiscounts', {
                orders: m(z.orders.total),
                voids: m(z.voids.total),
                discounts: m(d.total),
                bills: m(r.bills),
              })
            : t('ordersLessVoids', {
                orders: m(z.orders.total),
                voids: m(z.voids.total),
                bills: m(r.bills),
              })}
        </li>
        <li>
          {ok(r.billsPlusTips === r.payments)}{' '}
          {t('billsPlusTips', {
            bills: m(r.bills),
            tips: m(z.payments.tips),
            payments: m(r.payments),
          })}
        </li>
        {z.refunds && z.refunds.count > 0 && (
          <li>
            {t('givenBackApart', {
              total: m(z.refunds.total),
              count: z.refunds.count,
              tax: m(
                (z.refunds.taxRates ?? []).reduce((sum, r) => sum + Math.round(r.tax * 100), 0) /
                  100,
              ),
            })}
          </li>
        )}
      </ul>
    </div>
  );
}

/** The tables and bills a close leaves open, said before the manager closes. */
function StillOpen({ z }: { z: ZReport }) {
  const seated = z.seatedTables;
  if (seated.length === 0 && z.openBills.count === 0) {
    return <p className="text-sm text-stone-700">{t('nothingOpen')}</p>;
  }
  return (
    <div className="space-y-2 text-sm" aria-label={t('stillOpen')} role="group">
      <h3 className="font-semibold">{t('stillOpen')}</h3>
      <ul className="space-y-1 text-stone-700">
        {seated.length > 0 && (
          <li>
            {t('seatedTables', {
              count: seated.length,
              tables: seated.map((n) => t('tableN', { table: n })).join(', '),
            })}
          </li>
        )}
        {z.openBills.bills.map((b) => (
          <li key={`${b.tableNumber}-${b.openedAt}`} className="flex justify-between gap-2">
            <span>{t('unpaidBill', { place: placeText(b), count: b.orders })}</span>
            <span className="tabular-nums">{formatMoney(b.total, z.currency)}</span>
          </li>
        ))}
      </ul>
      <p className="text-stone-600">{t('carryOn')}</p>
    </div>
  );
}

/**
 * End of day: the business day's Z report, live while the day is open; Close day keeps it and
 * begins the next business day at once (tables still seated carry on there); Reopen day (with a
 * reason) lets the day take changes again. The PDF and the accounting journal (hledger, Xero,
 * QuickBooks) download from here.
 */
/**
 * `printZReport` and `printReceipt`: the printers feature's buttons, as the route composes them
 * (the day's Z report, and a payment's receipt again on the receipt printer).
 */
export function EndOfDay({
  printZReport,
  printReceipt,
}: {
  printZReport?: (date: string) => ReactNode;
  printReceipt?: (receiptNumber: number) => ReactNode;
} = {}) {
  const [date, setDate] = useState<string | null>(null);
  const { data: z, isPending, isError, error } = useZReport(date);
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const close = useCloseDay();
  const reopen = useReopenDay();

  const fetchFile = (file: (typeof FILES)[number]) => {
    if (!z) return;
    download(dayFilePath(z.date, file.file), file.name(z.date)).catch((e: unknown) =>
      toastProblem(t('unableToDownload'), e),
    );
  };

  const onClose = (day: string) =>
    void runSave(() => close.mutateAsync(day), {
      success: (closed) => ({
        title: t('dayClosed'),
        description: t('dayClosedText', { date: closed.date, today: closed.today }),
      }),
      failure: t('unableToClose'),
      onSaved: (closed) => {
        setConfirming(false);
        // The kept report stays on screen; the date field leads to the new day.
        setDate(closed.date);
      },
    });

  const onReopen = async (day: string) => {
    if (!reason.trim()) {
      // The refusal catalog loads when a refusal is to be worded, as for the server's.
      const { screenRefusal } = await import('@/lib/refusals');
      refuse(screenRefusal('DAY_REOPEN_REASON_REQUIRED'));
    }
    return reopen.mutateAsync({ date: day, reason: reason.trim() });
  };

  return (
    <section
      aria-labelledby="end-of-day-title"
      className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="end-of-day-title" className="flex items-center gap-2 text-xl font-bold">
            {t('endOfDay')}
            {z && (
              <Badge tone={z.status === 'closed' ? 'blue' : 'green'}>
                {z.status === 'closed' ? t('closed') : t('open')}
              </Badge>
            )}
          </h2>
          {z?.status === 'closed' && z.closedAt && (
            <p className="text-sm text-stone-600">
              {z.closedBy
                ? t('closedBy', {
                    time: formatTime(z.closedAt, z.timezone, 'dateTime'),
                    name: z.closedBy,
                  })
                : t('closedAtClosingTime', {
                    time: formatTime(z.closedAt, z.timezone, 'dateTime'),
                  })}
            </p>
          )}
          {z && <p className="text-sm text-stone-600">{t('dayEndsAt', { time: z.dayClosesAt })}</p>}
          {z?.reopenedAt && (
            <p className="text-sm text-stone-600">
              {t(z.reopenedBy ? 'reopenedBy' : 'reopened', {
                time: formatTime(z.reopenedAt, z.timezone, 'dateTime'),
                name: z.reopenedBy,
                reason: z.reopenReason,
              })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('businessDay')} id="eod-date" className="space-y-1">
            <Input
              type="date"
              value={z?.date ?? date ?? ''}
              max={z?.today}
              onChange={(e) => setDate(e.target.value || null)}
            />
          </Field>
          {z?.status === 'open' && (
            <Button onClick={() => setConfirming(true)}>
              <Lock aria-hidden className="size-4" /> {t('closeDay')}
            </Button>
          )}
          {z?.status === 'closed' && (
            <Button variant="outline" onClick={() => setReopening(true)}>
              <LockOpen aria-hidden className="size-4" /> {t('reopenDay')}
            </Button>
          )}
        </div>
      </div>

      {isError && <Alert tone="error">{error.message}</Alert>}
      {isPending && <div className="h-40 animate-pulse rounded-lg bg-stone-100" aria-busy="true" />}
      {z && (
        <>
          <Figures z={z} />
          <DayPayments date={z.date} printReceipt={printReceipt} />
          <div className="flex flex-wrap gap-2">
            {FILES.map((f) => (
              <Button key={f.file} size="sm" variant="outline" onClick={() => fetchFile(f)}>
                <Download aria-hidden className="size-4" /> {t(`file_${f.file}`)}
              </Button>
            ))}
            {printZReport?.(z.date)}
          </div>
        </>
      )}

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={z ? t('closeDate', { date: z.date }) : t('closeTheDay')}
        description={t('closeDescription')}
      >
        {z && (
          <div className="mb-4 space-y-3">
            <p className="text-sm">
              {t('billsAndPayments', {
                bills: formatMoney(z.bills.total, z.currency),
                payments: formatMoney(z.payments.total, z.currency),
              })}
            </p>
            <StillOpen z={z} />
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={() => z && onClose(z.date)} disabled={close.isPending}>
            {t('closeDay')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={reopening}
        onOpenChange={setReopening}
        title={z ? t('reopenDate', { date: z.date }) : t('reopenTheDay')}
        description={t('reopenDescription')}
      >
        {z && (
          // The refusal (no reason, or the server's) shows under the reason it concerns.
          <Form
            className="space-y-3"
            onSubmit={() => onReopen(z.date)}
            success={(opened) => ({
              title: t('dayReopened'),
              description: t('takesChanges', { date: opened.date }),
            })}
            onSaved={() => {
              setReopening(false);
              setReason('');
            }}
          >
            {({ problem }) => (
              <>
                <Field label={t('reason')} id="reopen-reason" error={problem}>
                  <Textarea
                    className="min-h-24"
                    maxLength={REOPEN_REASON_MAX}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                </Field>
                <div className="flex justify-end gap-2">
                  <Button variant="outline" onClick={() => setReopening(false)}>
                    {t('cancel')}
                  </Button>
                  <FormSubmit>{t('reopenDay')}</FormSubmit>
                </div>
              </>
            )}
          </Form>
        )}
      </Dialog>
    </section>
  );
}
