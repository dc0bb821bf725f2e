import { formatNumber, type PlatformAnalytics } from '@tavola/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Alert } from '@/components/ui/alert';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePlatformAnalytics } from '../api/get-platform-analytics';
import { euros } from './money';

type Day = PlatformAnalytics['daily'][number];

/** The day-by-day figures under the chart, for those who read numbers rather than bars. */
const DAY_COLUMNS: Column<Day>[] = [
  { key: 'day', header: 'Day', rowHeader: true, cell: (d) => d.date },
  {
    key: 'orders',
    header: 'Orders',
    className: 'tabular-nums',
    cell: (d) => formatNumber(d.orders),
  },
  { key: 'gmv', header: 'GMV', className: 'tabular-nums', cell: (d) => euros(d.gmvCents) },
  { key: 'fees', header: 'Fees', className: 'tabular-nums', cell: (d) => euros(d.feeCents) },
];

/**
 * The team's Analytics tab: the platform's figures from live data. Days are UTC days (the
 * platform's clock); the window is the last 30 of them, today included.
 */
export default function PlatformAnalyticsTab() {
  const { data, isPending, isError, error } = usePlatformAnalytics();
  if (isError) return <Alert tone="error">{error.message}</Alert>;
  if (isPending) return <div className="h-64 animate-pulse rounded-xl bg-stone-200" aria-busy />;
  const r = data.restaurants;
  const cards: { label: string; value: string; hint: string }[] = [
    { label: 'MRR', value: euros(data.mrrCents), hint: 'Active paid plans, extra tables included' },
    { label: 'ARR', value: euros(data.arrCents), hint: 'MRR × 12' },
    { label: 'GMV', value: euros(data.gmvCents), hint: 'Payments, last 30 days' },
    {
      label: 'Transaction fees',
      value: euros(data.feeCents),
      hint: '1.9% of GMV, last 30 days',
    },
    { label: 'Orders', value: formatNumber(data.orders), hint: 'Last 30 days, voids excluded' },
    {
      label: 'Active restaurants',
      value: formatNumber(r.active),
      hint: `On a paid plan, of ${formatNumber(r.total)}`,
    },
    { label: 'Trials', value: formatNumber(r.trials), hint: 'On Starter Feast' },
    {
      label: 'Trials ending in 7 days',
      value: formatNumber(r.trialsEndingIn7Days),
      hint: 'Still running',
    },
    {
      label: 'Churned restaurants',
      value: formatNumber(r.churned),
      hint: `${r.suspended} suspended, ${r.trialsExpired} trials ended without a plan`,
    },
  ];
  const series = data.daily.map((d) => ({
    date: d.date.slice(5),
    gmv: d.gmvCents / 100,
    fees: d.feeCents / 100,
    orders: d.orders,
  }));
  return (
    <div className="space-y-6">
      <ul
        aria-label="Platform figures"
        className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5"
      >
        {cards.map((c) => (
          <li key={c.label} aria-label={c.label} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm text-stone-600">{c.label}</p>
            <p className="text-xl font-bold tabular-nums">{c.value}</p>
            <p className="text-xs text-stone-500">{c.hint}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="daily-heading" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="daily-heading" className="mb-2 font-semibold">
          Last 30 days (UTC): GMV, fees and orders per day
        </h2>
        <ResponsiveContainer width="100%" height={260}>
          <ComposedChart data={series}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" />
            <YAxis yAxisId="money" width={70} />
            <YAxis yAxisId="orders" orientation="right" width={50} allowDecimals={false} />
            <Tooltip
              formatter={(value, name) =>
                name === 'orders'
                  ? formatNumber(Number(value))
                  : euros(Math.round(Number(value) * 100))
              }
            />
            <Bar yAxisId="money" dataKey="gmv" name="GMV" fill="#c2410c" />
            <Bar yAxisId="money" dataKey="fees" name="Fees" fill="#78716c" />
            <Line yAxisId="orders" dataKey="orders" name="orders" stroke="#1d4ed8" dot={false} />
          </ComposedChart>
        </ResponsiveContainer>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-stone-700">Day by day</summary>
          <DataTable
            bare
            className="mt-2"
            columns={DAY_COLUMNS}
            rows={data.daily}
            rowKey={(d) => d.date}
            minWidth="min-w-0"
            empty="No days yet."
          />
        </details>
      </section>
    </div>
  );
}
