import { Download, Plus, Settings, UserPlus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useOverview } from '@/features/reports/api/get-overview';
import { t } from '../messages';

export function OverviewTab({
  onDownloadQr,
  onAddStaff,
  onAddMenuItem,
  onSettings,
}: {
  onDownloadQr: () => void;
  onAddStaff: () => void;
  onAddMenuItem: () => void;
  onSettings: () => void;
}) {
  const { data, isError, error } = useOverview();
  const cards = [
    {
      label: t('todaysRevenue'),
      value: data ? formatMoney(data.todaysRevenue, data.currency) : '—',
      // What it counts, said on the card; the waiters' "Today's Sales" is what was paid.
      hint: data
        ? t('orderedTodayPaid', { amount: formatMoney(data.paidToday, data.currency) })
        : undefined,
    },
    { label: t('ordersToday'), value: data ? String(data.ordersToday) : '—' },
    { label: t('activeStaff'), value: data ? String(data.activeStaff) : '—' },
    {
      label: t('tableUtilization'),
      value: data ? `${data.tableUtilization}%` : '—',
      hint: data
        ? t('tablesSeated', { occupied: data.tablesOccupied, total: data.tablesTotal })
        : undefined,
    },
  ];
  return (
    <div className="space-y-6">
      {isError && <Alert tone="error">{error.message}</Alert>}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-stone-600">{c.label}</p>
            <p className="text-2xl font-bold tabular-nums">{c.value}</p>
            {c.hint && <p className="text-xs text-stone-500">{c.hint}</p>}
          </div>
        ))}
      </div>
      <section aria-labelledby="quick-actions" className="space-y-2">
        <h2 id="quick-actions" className="font-semibold">
          {t('quickActions')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onDownloadQr}>
            <Download aria-hidden className="size-4" /> {t('downloadQr')}
          </Button>
          <Button variant="outline" onClick={onAddStaff}>
            <UserPlus aria-hidden className="size-4" /> {t('addStaff')}
          </Button>
          <Button variant="outline" onClick={onAddMenuItem}>
            <Plus aria-hidden className="size-4" /> {t('addMenuItem')}
          </Button>
          <Button variant="outline" onClick={onSettings}>
            <Settings aria-hidden className="size-4" /> {t('settings')}
          </Button>
        </div>
      </section>
    </div>
  );
}
