import { Filter } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import {
  useStaffPerformance,
  type PerformanceRange,
} from '@/features/reports/api/get-staff-performance';

const STATION_LABELS = { kitchen: 'Kitchen', bar: 'Bar' } as const;

function Table({
  label,
  headers,
  empty,
  children,
}: {
  label: string;
  headers: string[];
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="mb-2 font-semibold">{label}</h3>
      {empty ? (
        <p className="text-sm text-stone-500">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-stone-600">
              <tr>
                {headers.map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={`py-1 pr-3 font-semibold whitespace-nowrap ${i > 0 ? 'text-right' : ''}`}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const num = 'py-1 pr-3 text-right tabular-nums';

/**
 * Staff performance (issue 15, item 3) for a range of the restaurant's days, by default the last
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
            Staff performance
          </h2>
          {data && (
            <p className="text-sm text-stone-600">
              {data.from} to {data.to} ({data.timezone})
            </p>
          )}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.from && draft.to && draft.from > draft.to) {
              setRangeError('The start date must not be after the end date');
              return;
            }
            setRangeError(null);
            setRange(draft);
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="p-from">From</Label>
            <Input
              id="p-from"
              type="date"
              value={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="p-to">To</Label>
            <Input
              id="p-to"
              type="date"
              value={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </div>
          <Button type="submit" variant="outline">
            <Filter aria-hidden className="size-4" /> Show period
          </Button>
        </form>
      </div>
      {rangeError && <Alert tone="error">{rangeError}</Alert>}
      {isError && <Alert tone="error">{error.message}</Alert>}
      {!data ? (
        !isError && <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <Table
            label="Orders and sales per waiter"
            headers={['Waiter', 'Orders', 'Served', 'Sales']}
            empty={data.waiters.length === 0 ? 'No waiters yet.' : null}
          >
            {data.waiters.map((w) => (
              <tr key={w.userId}>
                <th scope="row" className="py-1 pr-3 font-normal">
                  {w.name}
                </th>
                <td className={num}>{w.orders}</td>
                <td className={num}>{w.ordersServed}</td>
                <td className={num}>{money(w.sales)}</td>
              </tr>
            ))}
          </Table>
          <Table
            label="Average ticket time per station"
            headers={['Station', 'Tickets ready', 'Created to ready']}
            empty={null}
          >
            {data.stations.map((s) => (
              <tr key={s.station}>
                <th scope="row" className="py-1 pr-3 font-normal">
                  {STATION_LABELS[s.station]}
                </th>
                <td className={num}>{s.tickets}</td>
                <td className={num}>
                  {s.averageMinutesToReady === null ? '—' : `${s.averageMinutesToReady} min`}
                </td>
              </tr>
            ))}
          </Table>
          <Table
            label="Voids per user"
            headers={['User', 'Orders', 'Lines', 'Amount']}
            empty={data.voids.length === 0 ? 'No voids in this period.' : null}
          >
            {data.voids.map((v) => (
              <tr key={v.userId}>
                <th scope="row" className="py-1 pr-3 font-normal">
                  {v.name}
                </th>
                <td className={num}>{v.orderVoids}</td>
                <td className={num}>{v.lineVoids}</td>
                <td className={num}>{money(v.amount)}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}
