import { Filter } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeFields, rangeProblem } from '@/components/ui/date-range';
import { formatMoney } from '@/lib/format';
import {
  useStaffPerformance,
  type PerformanceRange,
} from '@/features/reports/api/get-staff-performance';
import { t } from '../messages';

const STATION_LABELS = { kitchen: () => t('kitchen'), bar: () => t('bar') } as const;

/** One of the performance lists in its card: a table, or what it says when there is nothing. */
function PerformanceTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string | null;
}) {
  return (
    <section aria-label={label} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="mb-2 font-semibold">{label}</h3>
      {empty ? (
        <p className="text-sm text-stone-500">{empty}</p>
      ) : (
        <DataTable
          bare
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          minWidth="min-w-0"
          empty={empty}
        />
      )}
    </section>
  );
}

const num = 'text-right tabular-nums';

/**
 * Staff performance for a range of the restaurant's days, by default the last
 * 30: per waiter the orders at their tables, how many were served and their sales; per station the
 * average minutes from a ticket's creation to ready; per person the voids they made.
 */
export function StaffPerformance() {
  const [draft, setDraft] = useState<PerformanceRange>({ from: '', to: '' });
  const [range, setRange] = useState<PerformanceRange>({ from: '', to: '' });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { data, isError, error } = useStaffPerformance(range);
  const money = (n: number) => (data ? formatMoney(n, data.currency) : String(n));

  return (
    <section aria-labelledby="performance-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="performance-title" className="text-lg font-bold">
            {t('staffPerformance')}
          </h2>
          {data && (
            <p className="text-sm text-stone-600">
              {t('rangeIn', { from: data.from, to: data.to, timezone: data.timezone })}
            </p>
          )}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const problem = rangeProblem(draft);
            setRangeError(problem);
            if (!problem) setRange(draft);
          }}
        >
          <DateRangeFields idPrefix="p" value={draft} onChange={setDraft} />
          <Button type="submit" variant="outline">
            <Filter aria-hidden className="size-4" /> {t('showPeriod')}
          </Button>
        </form>
      </div>
      {rangeError && <Alert tone="error">{rangeError}</Alert>}
      {isError && <Alert tone="error">{error.message}</Alert>}
      {!data ? (
        !isError && <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <PerformanceTable
            label={t('perWaiter')}
            columns={[
              { key: 'waiter', header: t('waiter'), rowHeader: true, cell: (w) => w.name },
              { key: 'orders', header: t('orders'), className: num, cell: (w) => w.orders },
              { key: 'served', header: t('served'), className: num, cell: (w) => w.ordersServed },
              { key: 'sales', header: t('sales'), className: num, cell: (w) => money(w.sales) },
            ]}
            rows={data.waiters}
            rowKey={(w) => w.userId}
            empty={data.waiters.length === 0 ? t('noWaiters') : null}
          />
          <PerformanceTable
            label={t('ticketTime')}
            columns={[
              {
                key: 'station',
                header: t('station'),
                rowHeader: true,
                cell: (s) =>
                  s.station in STATION_LABELS
                    ? STATION_LABELS[s.station as keyof typeof STATION_LABELS]()
                    : s.station,
              },
              { key: 'tickets', header: t('ticketsReady'), className: num, cell: (s) => s.tickets },
              {
                key: 'ready',
                header: t('createdToReady'),
                className: num,
                cell: (s) =>
                  s.averageMinutesToReady === null
                    ? '—'
                    : t('minutes', { minutes: s.averageMinutesToReady }),
              },
            ]}
            rows={data.stations}
            rowKey={(s) => s.station}
            empty={null}
          />
          <PerformanceTable
            label={t('voidsPerUser')}
            columns={[
              { key: 'user', header: t('user'), rowHeader: true, cell: (v) => v.name },
              { key: 'orders', header: t('orders'), className: num, cell: (v) => v.orderVoids },
              { key: 'lines', header: t('lines'), className: num, cell: (v) => v.lineVoids },
              { key: 'amount', header: t('amount'), className: num, cell: (v) => money(v.amount) },
            ]}
            rows={data.voids}
            rowKey={(v) => v.userId}
            empty={data.voids.length === 0 ? t('noVoids') : null}
          />
        </div>
      )}
    </section>
  );
}
