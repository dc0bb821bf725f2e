import {
  countNoun,
  DAY_REFUSALS,
  REOPEN_REASON_MAX,
  type DayParts,
  type JournalFormat,
  type ZReport,
} from '@tavola/contract';
import { CheckCircle2, Download, Lock, LockOpen, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { download } from '@/lib/download';
import { formatMoney, formatTime } from '@/lib/format';
import { useCloseDay } from '../api/close-day';
import { dayFilePath, useZReport } from '../api/get-z-report';
import { useReopenDay } from '../api/reopen-day';

const METHODS = { cash: 'Cash', card: 'Card' } as const;

const FILES: { file: 'pdf' | JournalFormat; label: string; name: (d: string) => string }[] = [
  { file: 'pdf', label: 'Z report PDF', name: (d) => `z-report-${d}.pdf` },
  { file: 'hledger', label: 'hledger journal', name: (d) => `journal-${d}.journal` },
  { file: 'xero', label: 'Xero CSV', name: (d) => `xero-journal-${d}.csv` },
  { file: 'quickbooks', label: 'QuickBooks CSV', name: (d) => `quickbooks-journal-${d}.csv` },
];

/**
 * On a phone the figure tables stack: each row a block, its figures two to a line with their
 * column's name beside them (data-label), so no figure is cut off or hidden behind a scroll.
 * The explicit roles keep them tables for assistive technology whatever their display.
 */
const STACK = {
  table: 'w-full max-sm:block',
  head: 'bg-stone-50 text-stone-600 max-sm:sr-only',
  body: 'divide-y divide-stone-100 max-sm:block',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:py-1',
  rowHeader: 'px-2 py-1 text-left font-medium max-sm:col-span-2',
  // The column titles are hidden on a phone; the table's title stays above its rows.
  caption: 'px-2 pb-1 text-left font-semibold text-stone-600 max-sm:block sm:sr-only',
  cell: 'px-2 py-1 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-2 max-sm:before:font-normal max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)]',
} as const;

function Figures({ z }: { z: ZReport }) {
  const m = (amount: number) => formatMoney(amount, z.currency);
  const cell = STACK.cell;
  const parts = (label: string, count: number, p: DayParts) => (
    <tr role="row" className={STACK.row}>
      <th role="rowheader" scope="row" className={STACK.rowHeader}>
        {label}
      </th>
      <td role="cell" data-label="Count" className={cell}>
        {count}
      </td>
      <td role="cell" data-label="Net" className={cell}>
        {m(p.net)}
      </td>
      <td role="cell" data-label="Service" className={cell}>
        {m(p.service)}
      </td>
      <td role="cell" data-label="Tax" className={cell}>
        {m(p.tax)}
      </td>
      <td role="cell" data-label="Total" className={`${cell} font-semibold`}>
        {m(p.total)}
      </td>
    </tr>
  );
  const head = (titles: string[]) => (
    <thead role="rowgroup" className={STACK.head}>
      <tr role="row">
        {titles.map((t, i) => (
          <th
            key={t}
            role="columnheader"
            scope="col"
            className={`px-2 py-1 ${i === 0 ? 'text-left' : 'text-right'}`}
          >
            {t}
          </th>
        ))}
      </tr>
    </thead>
  );
  const r = z.reconciliation;
  const ok = (good: boolean) =>
    good ? (
      <CheckCircle2 aria-label="reconciles" className="inline size-4 text-green-700" />
    ) : (
      <XCircle aria-label="does not reconcile" className="inline size-4 text-red-700" />
    );

  return (
    <div className="min-w-0 space-y-4 text-sm">
      <div className="max-w-full sm:overflow-x-auto">
        <table role="table" className={`${STACK.table} sm:min-w-[560px]`} aria-label="Sales">
          <caption className={STACK.caption}>Bills settled this day</caption>
          {head(['Bills settled this day', 'Count', 'Net', 'Service', 'Tax', 'Total'])}
          <tbody role="rowgroup" className={STACK.body}>
            {parts('Orders', z.orders.count, z.orders)}
            {parts(`Voids (${countNoun(z.voids.items, 'item')})`, z.voids.wholeOrders, z.voids)}
            {parts('Bills', z.bills.count, z.bills)}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0 sm:overflow-x-auto">
          <table role="table" className={STACK.table} aria-label="Payments by method">
            <caption className={STACK.caption}>Payments</caption>
            {head(['Payments', 'Count', 'Bills', 'Tips', 'Total'])}
            <tbody role="rowgroup" className={STACK.body}>
              {[
                ...z.payments.byMethod.map((p) => ({ ...p, label: METHODS[p.method], all: false })),
                { ...z.payments, label: 'All', all: true },
              ].map((p) => (
                <tr
                  key={p.label}
                  role="row"
                  className={`${STACK.row}${p.all ? ' font-semibold' : ''}`}
                >
                  <th role="rowheader" scope="row" className={STACK.rowHeader}>
                    {p.label}
                  </th>
                  <td role="cell" data-label="Count" className={cell}>
                    {p.count}
                  </td>
                  <td role="cell" data-label="Bills" className={cell}>
                    {m(p.amount)}
                  </td>
                  <td role="cell" data-label="Tips" className={cell}>
                    {m(p.tips)}
                  </td>
                  <td role="cell" data-label="Total" className={cell}>
                    {m(p.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="min-w-0 sm:overflow-x-auto">
          <table role="table" className={STACK.table} aria-label="Tax by rate">
            <caption className={STACK.caption}>Tax rates</caption>
            {head(['Tax rate', 'Net', 'Service', 'Tax', 'Total'])}
            <tbody role="rowgroup" className={STACK.body}>
              {z.taxRates.map((t) => (
                <tr key={t.taxRate} role="row" className={STACK.row}>
                  <th role="rowheader" scope="row" className={STACK.rowHeader}>
                    {t.taxRate}%
                  </th>
                  <td role="cell" data-label="Net" className={cell}>
                    {m(t.net)}
                  </td>
                  <td role="cell" data-label="Service" className={cell}>
                    {m(t.service)}
                  </td>
                  <td role="cell" data-label="Tax" className={cell}>
                    {m(t.tax)}
                  </td>
                  <td role="cell" data-label="Total" className={cell}>
                    {m(t.total)}
                  </td>
                </tr>
              ))}
              <tr role="row" className={STACK.row}>
                <th role="rowheader" scope="row" className={STACK.rowHeader} colSpan={4}>
                  Transaction fee {z.transactionFee.rate}% of {m(z.transactionFee.base)}
                </th>
                <td role="cell" data-label="Fee" className={cell}>
                  {m(z.transactionFee.fee)}
                </td>
              </tr>
            </tbody>
          </table>
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
                  Table {b.tableNumber} · since {formatTime(b.openedAt, z.timezone)} · {b.orders}{' '}
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
          {ok(r.ordersLessVoids === r.bills)} Orders − voids = bills: {m(z.orders.total)} −{' '}
          {m(z.voids.total)} = {m(r.bills)}
        </li>
        <li>
          {ok(r.billsPlusTips === r.payments)} Bills + tips = payments: {m(r.bills)} +{' '}
          {m(z.payments.tips)} = {m(r.payments)}
        </li>
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
              Unpaid bill · Table {b.tableNumber} · {b.orders} {b.orders === 1 ? 'order' : 'orders'}
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
  const [reasonError, setReasonError] = useState<string | null>(null);
  const close = useCloseDay();
  const reopen = useReopenDay();

  const fetchFile = (file: (typeof FILES)[number]) => {
    if (!z) return;
    download(dayFilePath(z.date, file.file), file.name(z.date)).catch((e: unknown) =>
      toast({
        title: 'Unable to download',
        description: e instanceof Error ? e.message : 'Please try again',
        variant: 'destructive',
      }),
    );
  };

  const onClose = () => {
    if (!z) return;
    close.mutate(z.date, {
      onSuccess: (closed) => {
        setConfirming(false);
        // The kept report stays on screen; the date field leads to the new day.
        setDate(closed.date);
        toast({
          title: 'Day closed',
          description: `The Z report for ${closed.date} is kept. Business day ${closed.today} has begun.`,
        });
      },
      onError: (e) =>
        toast({ title: 'Unable to close the day', description: e.message, variant: 'destructive' }),
    });
  };

  const onReopen = (event: FormEvent) => {
    event.preventDefault();
    if (!z) return;
    if (!reason.trim()) {
      setReasonError(DAY_REFUSALS.reasonRequired);
      return;
    }
    reopen.mutate(
      { date: z.date, reason: reason.trim() },
      {
        onSuccess: (opened) => {
          setReopening(false);
          setReason('');
          toast({ title: 'Day reopened', description: `${opened.date} takes changes again` });
        },
        onError: (e) => setReasonError(e.message),
      },
    );
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
          <div className="space-y-1">
            <Label htmlFor="eod-date">Business day</Label>
            <Input
              id="eod-date"
              type="date"
              value={z?.date ?? date ?? ''}
              max={z?.today}
              onChange={(e) => setDate(e.target.value || null)}
            />
          </div>
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
          <Button onClick={onClose} disabled={close.isPending}>
            Close day
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={reopening}
        onOpenChange={(open) => {
          setReopening(open);
          setReasonError(null);
        }}
        title={`Reopen ${z?.date ?? 'the day'}`}
        description="If its closing time has not passed and no later day is closed, new orders and payments count in this day again until it is closed again. The reason is kept in the audit log."
      >
        <form onSubmit={onReopen} className="space-y-3">
          <Label htmlFor="reopen-reason">Reason</Label>
          <textarea
            id="reopen-reason"
            className="block min-h-24 w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            maxLength={REOPEN_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'reopen-error' : undefined}
          />
          {reasonError && (
            <p id="reopen-error" role="alert" className="text-sm text-red-700">
              {reasonError}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setReopening(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={reopen.isPending}>
              Reopen day
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
