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
import { t } from '../messages';
import { ReviewsCard } from './reviews-card';

interface PeriodParts {
  period: string;
  parts: Analytics['revenueParts']['today'];
}

/** A period's revenue in its parts: net + service charge + tax = gross. */
const partsColumns = (money: (n: number) => string): Column<PeriodParts>[] => [
  { key: 'period', header: t('period'), rowHeader: true, cell: (r) => r.period },
  { key: 'net', header: t('net'), className: 'tabular-nums', cell: (r) => money(r.parts.net) },
  {
    key: 'service',
    header: t('serviceCharge'),
    className: 'tabular-nums',
    cell: (r) => money(r.parts.service),
  },
  { key: 'tax', header: t('tax'), className: 'tabular-nums', cell: (r) => money(r.parts.tax) },
  {
    key: 'gross',
    header: t('gross'),
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
    { label: t('revenueToday'), value: money(data.revenue.today), hint: t('orderedToday') },
    { label: t('revenueWeek'), value: money(data.revenue.week), hint: t('orderedWeek') },
    { label: t('revenueMonth'), value: money(data.revenue.month), hint: t('orderedMonth') },
    { label: t('orders30'), value: String(data.orders.count) },
    { label: t('averageOrder'), value: money(data.orders.averageValue) },
    {
      label: t('averageReady'),
      value:
        data.orders.averageMinutesToReady === null
          ? '—'
          : t('minutes', { minutes: data.orders.averageMinutesToReady }),
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
      <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={t('grossAndNet')}>
        <h2 className="mb-2 font-semibold">{t('grossAndNet')}</h2>
        <p className="mb-2 text-xs text-stone-500">{t('grossAndNetHint')}</p>
        <DataTable
          bare
          columns={partsColumns(money)}
          rows={[
            { period: t('today'), parts: data.revenueParts.today },
            { period: t('thisWeek'), parts: data.revenueParts.week },
            { period: t('thisMonth'), parts: data.revenueParts.month },
          ]}
          rowKey={(r) => r.period}
          minWidth="min-w-[28rem]"
          empty={t('noRevenue')}
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={t('byHourLabel')}>
          <h2 className="mb-2 font-semibold">{t('byHour', { timezone: data.timezone })}</h2>
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
        <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={t('byDayLabel')}>
          <h2 className="mb-2 font-semibold">{t('byDay')}</h2>
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
            [t('bestByQuantity'), data.bestSellersByQuantity],
            [t('bestByRevenue'), data.bestSellersByRevenue],
          ] as const
        ).map(([title, rows]) => (
          <section key={title} className="rounded-xl bg-white p-4 shadow-sm">
            <h2 className="mb-2 font-semibold">{title}</h2>
            {rows.length === 0 ? (
              <p className="text-sm text-stone-500">{t('noOrders')}</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {rows.map((r, i) => (
                  <li key={r.name} className="flex justify-between">
                    <span>
                      {i + 1}. {r.name}
                    </span>
                    <span className="tabular-nums">
                      {t('sold', { quantity: r.quantity, amount: money(r.revenue) })}
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
