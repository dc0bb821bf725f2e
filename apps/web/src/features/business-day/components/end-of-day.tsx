import {
  countNoun,
  DAY_REFUSALS,
  placeLabel,
  REOPEN_REASON_MAX,
  type DayParts,
  type JournalFormat,
  type ZReport,
} from '@tavola/contract';
import { CheckCircle2, Download, Lock, LockOpen, XCircle } from 'lucide-react';
import { useState } from 'react';
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
import { useCloseDay } from '../api/close-day';
import { dayFilePath, useZReport } from '../api/get-z-report';
import { useReopenDay } from '../api/reopen-day';
import { DayPayments } from './day-payments';

const METHODS = { cash: 'Cash', card: 'Card' } as const;

const FILES: { file: 'pdf' | JournalFormat; label: string; name: (d: string) => string }[] = [
  { file: 'pdf', label: 'Z report PDF', name: (d) => `z-report-${d}.pdf` },
  { file: 'hledger', label: 'hledger journal', name: (d) => `journal-${d}.journal` },
  { file: 'xero', label: 'Xero CSV', name: (d) => `xero-journal-${d}.csv` },
  { file: 'quickbooks', label: 'QuickBooks CSV', name: (d) => `quickbooks-journal-${d}.csv` },
];

function Figures({ z }: { z: ZReport }) {
  const m = (amount: number) => formatMoney(amount, z.currency);
  const parts = (label: string, count: number, p: DayParts) => (
    <FigureRow
      label={label}
      boldTotal
      figures={[
        ['Count', count],
        ['Net', m(p.net)],
        ['Service', m(p.service)],
        ['Tax', m(p.tax)],
        ['Total', m(p.total)],
      ]}
    />
  );
  const r = z.reconciliation;
  const d = z.discounts;
  // What the bills should come to: orders less voids, and less discounts where the day has them.
  const charged = r.ordersLessVoidsAndDiscounts ?? r.ordersLessVoids;
  const ok = (good: boolean) =>
    good ? (
      <CheckCircle2 aria-label="reconciles" className="inline size-4 text-green-700" />
    ) : (
      <XCircle aria-label="does not reconcile" className="inline size-4 text-red-700" />
    );

  return (
    <div className="min-w-0 space-y-4 text-sm">
      <div className="max-w-full sm:overflow-x-auto">
        <FigureTable
          label="Sales"
          caption="Bills settled this day"
          titles={['Bills settled this day', 'Count', 'Net', 'Service', 'Tax', 'Total']}
          className="sm:min-w-[560px]"
        >
          {parts('Orders', z.orders.count, z.orders)}
          {parts(`Voids (${countNoun(z.voids.items, 'item')})`, z.voids.wholeOrders, z.voids)}
          {d && parts('Discounts and comps', d.count, d)}
          {parts('Bills', z.bills.count, z.bills)}
        </FigureTable>
      </div>
      {/* The discounts and comps by reason and by who gave them: at menu prices, and off bills. */}
      {d && d.count > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          {(
            [
              ['By reason', d.byReason.map((g) => ({ ...g, label: g.reason }))],
              ['By member of staff', d.byUser.map((g) => ({ ...g, label: g.name }))],
            ] as const
          ).map(([title, groups]) => (
            <div key={title} className="min-w-0 sm:overflow-x-auto">
              <FigureTable
                label={`Discounts and comps ${title.toLowerCase()}`}
                caption={`Discounts and comps (${countNoun(d.count, 'discount')}, ${countNoun(d.comps, 'comp')})`}
                titles={[title, 'Count', 'Menu prices', 'Off bills']}
              >
                {groups.map((g) => (
                  <FigureRow
                    key={g.label}
                    label={g.label}
                    figures={[
                      ['Count', g.count],
                      ['Menu prices', m(g.amount)],
                      ['Off bills', m(g.total)],
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
            label="Payments by method"
            caption="Payments"
            titles={['Payments', 'Count', 'Bills', 'Tips', 'Total']}
          >
            {[
              ...z.payments.byMethod.map((p) => ({ ...p, label: METHODS[p.method], all: false })),
              { ...z.payments, label: 'All', all: true },
            ].map((p) => (
              <FigureRow
                key={p.label}
                label={p.label}
                className={p.all ? ' font-semibold' : ''}
                figures={[
                  ['Count', p.count],
                  ['Bills', m(p.amount)],
                  ['Tips', m(p.tips)],
                  ['Total', m(p.total)],
                ]}
              />
            ))}
            {/* Money given back this day, of payments of any day: its own lines, negative. */}
            {z.refunds?.byMethod.map((r) => (
              <FigureRow
                key={`refunded-${r.method}`}
                label={`Refunded (${METHODS[r.method]})`}
                className=" text-red-800"
                figures={[
                  ['Count', r.count],
                  ['Bills', m(-r.amount)],
                  ['Tips', m(-r.tips)],
                  ['Total', m(-r.total)],
                ]}
              />
            ))}
          </FigureTable>
        </div>
        <div className="min-w-0 sm:overflow-x-auto">
          <FigureTable
            label="Tax by rate"
            caption="Tax rates"
            titles={['Tax rate', 'Net', 'Service', 'Tax', 'Total']}
          >
            {z.taxRates.map((t) => (
              <FigureRow
                key={t.taxRate}
                label={`${t.taxRate}%`}
                figures={[
                  ['Net', m(t.net)],
                  ['Service', m(t.service)],
                  ['Tax', m(t.tax)],
                  ['Total', m(t.total)],
                ]}
              />
            ))}
            <FigureRow
              label={`Transaction fee ${z.transactionFee.rate}% of ${m(z.transactionFee.base)}`}
              labelSpan={4}
              figures={[['Fee', m(z.transactionFee.fee)]]}
            />
          </FigureTable>
        </div>
      </div>
      <div>
        <h3 className="font-semibold">Open bills ({z.openBills.count})</h3>
        {z.openBills.count === 0 ? (
          <p className="text-stone-600">No bill is open.</p>
        ) : (
          <ul className="text-stone-700">
            {z.openBills.bills.map((b) => (
              <li key={`${b.tableNumber}-${b.openedAt}`} className="flex justify-between gap-2">
                <span>
                  {placeLabel(b)} · since {formatTime(b.openedAt, z.timezone)} · {b.orders}{' '}
                  {b.orders === 1 ? 'order' : 'orders'}
                </span>
                <span className="tabular-nums">{m(b.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ul className="space-y-1 rounded-lg bg-stone-50 p-3" aria-label="Reconciliation">
        <li>
          {ok(charged === r.bills)}{' '}
          {d ? (
            <>
              Orders − voids − discounts = bills: {m(z.orders.total)} − {m(z.voids.total)} −{' '}
              {m(d.total)} = {m(r.bills)}
            </>
          ) : (
            <>
              Orders − voids = bills: {m(z.orders.total)} − {m(z.voids.total)} = {m(r.bills)}
            </>
          )}
        </li>
        <li>
          {ok(r.billsPlusTips === r.payments)} Bills + tips = payments: {m(r.bills)} +{' '}
          {m(z.payments.tips)} = {m(r.payments)}
        </li>
        {z.refunds && z.refunds.count > 0 && (
          <li>
            Given back this day, apart from the bills above: {m(z.refunds.total)} (
            {countNoun(z.refunds.count, 'refund')}), of which tax{' '}
            {m(
              (z.refunds.taxRates ?? []).reduce((sum, t) => sum + Math.round(t.tax * 100), 0) / 100,
            )}
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
    return <p className="text-sm text-stone-700">No table is seated and no bill is open.</p>;
  }
  return (
    <div className="space-y-2 text-sm" aria-label="Still open" role="group">
      <h3 className="font-semibold">Still open</h3>
      <ul className="space-y-1 text-stone-700">
        {seated.length > 0 && (
          <li>
            {seated.length} seated {seated.length === 1 ? 'table' : 'tables'}:{' '}
            {seated.map((n) => `Table ${n}`).join(', ')}
          </li>
        )}
        {z.openBills.bills.map((b) => (
          <li key={`${b.tableNumber}-${b.openedAt}`} className="flex justify-between gap-2">
            <span>
              Unpaid bill · {placeLabel(b)} · {b.orders} {b.orders === 1 ? 'order' : 'orders'}
            </span>
            <span className="tabular-nums">{formatMoney(b.total, z.currency)}</span>
          </li>
        ))}
      </ul>
      <p className="text-stone-600">
        They go on ordering and paying as usual: what they order and pay from now on counts on the
        next business day, with their bills.
      </p>
    </div>
  );
}

/**
 * End of day: the business day's Z report, live while the day is open; Close day keeps it and
 * begins the next business day at once (tables still seated carry on there); Reopen day (with a
 * reason) lets the day take changes again. The PDF and the accounting journal (hledger, Xero,
 * QuickBooks) download from here.
 */
export function EndOfDay() {
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
      toastProblem('Unable to download', e),
    );
  };

  const onClose = (day: string) =>
    void runSave(() => close.mutateAsync(day), {
      success: (closed) => ({
        title: 'Day closed',
        description: `The Z report for ${closed.date} is kept. Business day ${closed.today} has begun.`,
      }),
      failure: 'Unable to close the day',
      onSaved: (closed) => {
        setConfirming(false);
        // The kept report stays on screen; the date field leads to the new day.
        setDate(closed.date);
      },
    });

  const onReopen = (day: string) => {
    if (!reason.trim()) refuse(DAY_REFUSALS.reasonRequired);
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
            End of Day
            {z && (
              <Badge tone={z.status === 'closed' ? 'blue' : 'green'}>
                {z.status === 'closed' ? 'Closed' : 'Open'}
              </Badge>
            )}
          </h2>
          {z?.status === 'closed' && z.closedAt && (
            <p className="text-sm text-stone-600">
              Closed {formatTime(z.closedAt, z.timezone, 'dateTime')}
              {z.closedBy ? ` by ${z.closedBy}` : ' at the closing time'}. Orders and payments since
              then count on the next business day.
            </p>
          )}
          {z && (
            <p className="text-sm text-stone-600">
              The business day ends at {z.dayClosesAt} (set in Settings), or when you close it.
            </p>
          )}
          {z?.reopenedAt && (
            <p className="text-sm text-stone-600">
              Reopened {formatTime(z.reopenedAt, z.timezone, 'dateTime')}
              {z.reopenedBy ? ` by ${z.reopenedBy}` : ''}: {z.reopenReason}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Business day" id="eod-date" className="space-y-1">
            <Input
              type="date"
              value={z?.date ?? date ?? ''}
              max={z?.today}
              onChange={(e) => setDate(e.target.value || null)}
            />
          </Field>
          {z?.status === 'open' && (
            <Button onClick={() => setConfirming(true)}>
              <Lock aria-hidden className="size-4" /> Close day
            </Button>
          )}
          {z?.status === 'closed' && (
            <Button variant="outline" onClick={() => setReopening(true)}>
              <LockOpen aria-hidden className="size-4" /> Reopen day
            </Button>
          )}
        </div>
      </div>

      {isError && <Alert tone="error">{error.message}</Alert>}
      {isPending && <div className="h-40 animate-pulse rounded-lg bg-stone-100" aria-busy="true" />}
      {z && (
        <>
          <Figures z={z} />
          <DayPayments date={z.date} />
          <div className="flex flex-wrap gap-2">
            {FILES.map((f) => (
              <Button key={f.file} size="sm" variant="outline" onClick={() => fetchFile(f)}>
                <Download aria-hidden className="size-4" /> {f.label}
              </Button>
            ))}
          </div>
        </>
      )}

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Close ${z?.date ?? 'the day'}?`}
        description="The Z report is kept as it is now, and the next business day begins at once. Guests are never turned away."
      >
        {z && (
          <div className="mb-4 space-y-3">
            <p className="text-sm">
              Bills {formatMoney(z.bills.total, z.currency)} · payments{' '}
              {formatMoney(z.payments.total, z.currency)}
            </p>
            <StillOpen z={z} />
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button onClick={() => z && onClose(z.date)} disabled={close.isPending}>
            Close day
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={reopening}
        onOpenChange={setReopening}
        title={`Reopen ${z?.date ?? 'the day'}`}
        description="If its closing time has not passed and no later day is closed, new orders and payments count in this day again until it is closed again. The reason is kept in the audit log."
      >
        {z && (
          // The refusal (no reason, or the server's) shows under the reason it concerns.
          <Form
            className="space-y-3"
            onSubmit={() => onReopen(z.date)}
            success={(opened) => ({
              title: 'Day reopened',
              description: `${opened.date} takes changes again`,
            })}
            onSaved={() => {
              setReopening(false);
              setReason('');
            }}
          >
            {({ problem }) => (
              <>
                <Field label="Reason" id="reopen-reason" error={problem}>
                  <Textarea
                    className="min-h-24"
                    maxLength={REOPEN_REASON_MAX}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                </Field>
                <div className="flex justify-end gap-2">
                  <Button variant="outline" onClick={() => setReopening(false)}>
                    Cancel
                  </Button>
                  <FormSubmit>Reopen day</FormSubmit>
                </div>
              </>
            )}
          </Form>
        )}
      </Dialog>
    </section>
  );
}
