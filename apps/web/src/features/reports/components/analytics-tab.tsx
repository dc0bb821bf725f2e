import type { Analytics } from '@tavola/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Alert } from '@/components/ui/alert';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatMoney } from '@/lib/format';
import { useAnalytics } from '@/features/reports/api/get-analytics';
import { ReviewsCard } from './reviews-card';

interface PeriodParts {
  period: string;
  parts: Analytics['revenueParts']['today'];
}

/** A period's revenue in its parts: net + service charge + tax = gross. */
const partsColumns = (money: (n: number) => string): Column<PeriodParts>[] => [
  { key: 'period', header: 'Period', rowHeader: true, cell: (r) => r.period },
  { key: 'net', header: 'Net', className: 'tabular-nums', cell: (r) => money(r.parts.net) },
  {
    key: 'service',
    header: 'Service charge',
    className: 'tabular-nums',
    cell: (r) => money(r.parts.service),
  },
  { key: 'tax', header: 'Tax', className: 'tabular-nums', cell: (r) => money(r.parts.tax) },
  {
    key: 'gross',
    header: 'Gross',
    className: 'font-semibold tabular-nums',
    cell: (r) => money(r.parts.total),
  },
];

export default function AnalyticsTab() {
  const { data, isPending, isError, error } = useAnalytics();
  if (isError) return <Alert tone="error">{error.message}</Alert>;
  if (isPending) return <div className="h-64 animate-pulse rounded-xl bg-stone-200" />;
  const money = (n: number) => formatMoney(n, data.currency);
  // Revenue is what was ordered (placed, voids excluded), as on the overview; said on each card.
  const stats: { label: string; value: string; hint?: string }[] = [
    { label: 'Revenue today', value: money(data.revenue.today), hint: 'Ordered today' },
    { label: 'Revenue this week', value: money(data.revenue.week), hint: 'Ordered this week' },
    { label: 'Revenue this month', value: money(data.revenue.month), hint: 'Ordered this month' },
    { label: 'Orders (30 days)', value: String(data.orders.count) },
    { label: 'Average order value', value: money(data.orders.averageValue) },
    {
      label: 'Average time to ready',
      value:
        data.orders.averageMinutesToReady === null
          ? '—'
          : `${data.orders.averageMinutesToReady} min`,
    },
  ];
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm text-stone-600">{s.label}</p>
            <p className="text-xl font-bold tabular-nums">{s.value}</p>
            {s.hint && <p className="text-xs text-stone-500">{s.hint}</p>}
          </div>
        ))}
      </div>
      <section className="rounded-xl bg-white p-4 shadow-sm" aria-label="Revenue, gross and net">
        <h2 className="mb-2 font-semibold">Revenue, gross and net</h2>
        <p className="mb-2 text-xs text-stone-500">
          What the orders placed (voids excluded) bill with tax and service charge (gross), and its
          parts: net + service charge + tax = gross.
        </p>
        <DataTable
          bare
          columns={partsColumns(money)}
          rows={[
            { period: 'Today', parts: data.revenueParts.today },
            { period: 'This week', parts: data.revenueParts.week },
            { period: 'This month', parts: data.revenueParts.month },
          ]}
          rowKey={(r) => r.period}
          minWidth="min-w-[28rem]"
          empty="No revenue yet."
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-4 shadow-sm" aria-label="Revenue by hour today">
          <h2 className="mb-2 font-semibold">Revenue by hour (today, {data.timezone})</h2>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={data.revenueByHour}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" tickFormatter={(h: number) => `${h}h`} />
              <YAxis width={60} />
              <Tooltip
                formatter={(v) => money(Number(v))}
                labelFormatter={(h) => `${Number(h)}:00`}
              />
              <Bar dataKey="revenue" fill="#c2410c" />
            </BarChart>
          </ResponsiveContainer>
        </section>
        <section className="rounded-xl bg-white p-4 shadow-sm" aria-label="Revenue by day">
          <h2 className="mb-2 font-semibold">Revenue by day (30 days)</h2>
          <ResponsiveContainer width="100%" height={240}>
            <LineChart data={data.revenueByDay}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} />
              <YAxis width={60} />
              <Tooltip formatter={(v) => money(Number(v))} />
              <Line
                type="monotone"
                dataKey="revenue"
                stroke="#c2410c"
                strokeWidth={2}
                dot={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </section>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {(
          [
            ['Best sellers by quantity', data.bestSellersByQuantity],
            ['Best sellers by revenue', data.bestSellersByRevenue],
          ] as const
        ).map(([title, rows]) => (
          <section key={title} className="rounded-xl bg-white p-4 shadow-sm">
            <h2 className="mb-2 font-semibold">{title}</h2>
            {rows.length === 0 ? (
              <p className="text-sm text-stone-500">No orders yet.</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {rows.map((r, i) => (
                  <li key={r.name} className="flex justify-between">
                    <span>
                      {i + 1}. {r.name}
                    </span>
                    <span className="tabular-nums">
                      {r.quantity} sold · {money(r.revenue)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
      <ReviewsCard />
    </div>
  );
}
