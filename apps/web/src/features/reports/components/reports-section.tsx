import {
  DEFAULT_LOCALE,
  isLocale,
  REPORT_KINDS,
  REPORT_PERIODS,
  REPORT_TITLE_CATALOGS,
  reportDocument,
  reportFileName,
  type ReportChart,
  type ReportFormat,
  type ReportKind,
  type ReportPeriod,
  type ReportTable,
} from '@tavola/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
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
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { toastProblem } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/auth';
import { getLocale } from '@/lib/i18n';
import { download } from '@/lib/download';
import {
  rangeComplete,
  reportPath,
  usePeriodReport,
  type ReportRangeInput,
} from '@/features/reports/api/get-period-report';
import { t } from '../messages';

/** The reports' own words (titles, labels, tables) in the staff language they have, else English. */
const reportLocale = () => {
  const locale = getLocale();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
};

/**
 * Reports, in the Analytics tab: a period of the restaurant's local dates (a
 * day, a Monday-to-Sunday week, a month or a custom range), one tab per report, its figures,
 * chart and tables as its CSV and PDF hold them, and the two downloads.
 */
export default function ReportsSection() {
  const [range, setRange] = useState<ReportRangeInput>({
    period: 'day',
    date: '',
    from: '',
    to: '',
  });
  const [kind, setKind] = useState<ReportKind>('sales');
  const set = (patch: Partial<ReportRangeInput>) => setRange((r) => ({ ...r, ...patch }));

  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <h2 id="reports-title" className="text-lg font-bold">
        {t('reports')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('period')} id="report-period">
          <Select
            value={range.period}
            onChange={(e) => set({ period: e.target.value as ReportPeriod })}
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period_${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        {range.period === 'custom' ? (
          <>
            <Field label={t('from')} id="report-from">
              <Input
                type="date"
                value={range.from}
                onChange={(e) => set({ from: e.target.value })}
              />
            </Field>
            <Field label={t('to')} id="report-to">
              <Input type="date" value={range.to} onChange={(e) => set({ to: e.target.value })} />
            </Field>
          </>
        ) : (
          <Field label={t('date')} id="report-date">
            <Input type="date" value={range.date} onChange={(e) => set({ date: e.target.value })} />
          </Field>
        )}
      </div>
      {!rangeComplete(range) && <Alert>{t('chooseRange')}</Alert>}
      <Tabs value={kind} onValueChange={setKind}>
        <TabsList aria-label={t('reports')} className="flex-wrap gap-1 border-b border-stone-200">
          {REPORT_KINDS.map((k) => (
            <TabsTrigger
              key={k}
              value={k}
              className="-mb-px border-b-2 border-transparent px-3 text-sm text-stone-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {REPORT_TITLE_CATALOGS[reportLocale()][k]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={kind} className="pt-4">
          {rangeComplete(range) && <ReportPanel kind={kind} range={range} />}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ReportPanel({ kind, range }: { kind: ReportKind; range: ReportRangeInput }) {
  const restaurant = useSession()?.user.restaurant?.name ?? '';
  const { data, isPending, isError, error } = usePeriodReport(kind, range);
  if (isError) return <Alert tone="error">{error.message}</Alert>;
  if (isPending) return <div className="h-48 animate-pulse rounded-xl bg-stone-200" />;
  const doc = reportDocument(kind, data, restaurant, reportLocale());

  const save = (format: ReportFormat) => {
    download(reportPath(kind, range, format), reportFileName(kind, data.range, format)).catch(
      (e: unknown) => toastProblem(t('unableToDownload'), e),
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">
          {t('amountsIn', { period: doc.period, currency: doc.currency })}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => save('csv')}>
            <Download aria-hidden className="size-4" /> {t('downloadCsv')}
          </Button>
          <Button variant="outline" onClick={() => save('pdf')}>
            <Download aria-hidden className="size-4" /> {t('downloadPdf')}
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {doc.summary.map((s) => (
          <div key={s.label} className="rounded-xl bg-white p-3 shadow-sm">
            <dt className="text-xs text-stone-600">{s.label}</dt>
            <dd className="text-lg font-bold tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      {doc.charts
        .filter((c) => c.values.some((v) => v > 0))
        .map((c) => (
          <Chart key={c.title} chart={c} />
        ))}
      {doc.tables.map((t) => (
        <ReportTableView key={t.title} table={t} />
      ))}
    </div>
  );
}

function Chart({ chart }: { chart: ReportChart }) {
  const points = chart.labels.map((label, i) => ({ label, value: chart.values[i] ?? 0 }));
  return (
    <section aria-label={chart.title} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="mb-2 font-semibold">{chart.title}</h3>
      <ResponsiveContainer width="100%" height={220}>
        {chart.kind === 'line' ? (
          <LineChart data={points}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis width={60} />
            <Tooltip />
            <Line type="monotone" dataKey="value" stroke="#c2410c" strokeWidth={2} dot={false} />
          </LineChart>
        ) : (
          <BarChart data={points}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis width={60} />
            <Tooltip />
            <Bar dataKey="value" fill="#c2410c" />
          </BarChart>
        )}
      </ResponsiveContainer>
    </section>
  );
}

interface ReportRow {
  key: string;
  cells: readonly string[];
}

/** One of a report's tables as its files hold it: numbers to the right, the totals at its foot. */
function ReportTableView({ table }: { table: ReportTable }) {
  const columns: Column<ReportRow>[] = table.columns.map((title, i) => ({
    key: String(i),
    header: title,
    className: table.numeric[i] ? 'text-right tabular-nums' : 'text-left',
    cell: (row) => row.cells[i],
  }));
  return (
    <section aria-label={table.title} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="mb-2 font-semibold">{table.title}</h3>
      {table.rows.length === 0 ? (
        <p className="text-sm text-stone-500">{t('noneInPeriod')}</p>
      ) : (
        <DataTable
          bare
          columns={columns}
          rows={table.rows.map((cells, i) => ({ key: String(i), cells }))}
          rowKey={(row) => row.key}
          foot={table.totals ? { key: 'totals', cells: table.totals } : undefined}
          // A short table fits a phone as it is; a long one scrolls sideways in its card.
          minWidth={table.columns.length > 4 ? 'min-w-[720px]' : 'min-w-0'}
          empty={t('noneInPeriod')}
        />
      )}
    </section>
  );
}
