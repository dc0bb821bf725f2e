import { formatNumber, type RestaurantUsage } from '@tavola/contract';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { formatTime } from '@/lib/format';
import { useRestaurantUsage } from '../api/get-restaurant-usage';

/** 1,234 B · 12.3 KB · 4.5 MB · 1.2 GB (powers of 1,024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 45 s · 12 min · 3 h 5 min · 2 d 4 h. */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

function Figure({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="rounded-xl border border-stone-200 p-3">
      <h3 className="text-sm font-medium text-stone-600">{label}</h3>
      <p className="text-xl font-bold tabular-nums">{value}</p>
      <div className="text-xs text-stone-500">{children}</div>
    </section>
  );
}

type TableUsage = RestaurantUsage['storage']['tables'][number];

/** The storage by table, largest first. */
const STORAGE_COLUMNS: Column<TableUsage>[] = [
  { key: 'table', header: 'Table', rowHeader: true, className: 'font-mono', cell: (t) => t.table },
  {
    key: 'rows',
    header: 'Rows',
    className: 'text-right tabular-nums',
    cell: (t) => formatNumber(t.rows),
  },
  {
    key: 'size',
    header: 'Size',
    className: 'text-right tabular-nums',
    cell: (t) => formatBytes(t.bytes),
  },
];

/**
 * What one restaurant costs the platform (the team's view; restaurants never see it): the
 * answering server's uptime, the restaurant's data in the database and this server's response
 * times to its staff in the last hour.
 */
export function UsageDialog({
  restaurant,
  onClose,
}: {
  restaurant: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { data, isError, error } = useRestaurantUsage(restaurant?.id ?? null);
  const ms = (v: number | null) => (v === null ? '—' : `${formatNumber(v)} ms`);
  return (
    <Dialog
      open={restaurant !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Usage: ${restaurant?.name ?? ''}`}
    >
      {isError && <Alert tone="error">{error.message}</Alert>}
      {!data ? (
        !isError && <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <div className="grid gap-3">
          <Figure label="Uptime" value={formatUptime(data.server.uptimeSeconds)}>
            This server, up since {formatTime(data.server.startedAt, undefined, 'dateTime')}
          </Figure>
          <Figure label="Storage" value={formatBytes(data.storage.bytes)}>
            {plural(data.storage.rows, 'row')} in{' '}
            {plural(data.storage.tables.filter((t) => t.rows > 0).length, 'table')}
            <details className="mt-1">
              <summary className="cursor-pointer">By table</summary>
              <DataTable
                bare
                className="mt-1"
                columns={STORAGE_COLUMNS}
                rows={data.storage.tables
                  .filter((t) => t.rows > 0)
                  .sort((a, b) => b.bytes - a.bytes)}
                rowKey={(t) => t.table}
                minWidth="min-w-0"
                empty="No rows yet."
              />
            </details>
          </Figure>
          <Figure
            label="Performance"
            value={`p50 ${ms(data.responseTimes.p50Ms)} · p95 ${ms(data.responseTimes.p95Ms)}`}
          >
            {plural(data.responseTimes.requests, 'staff call')} in the last{' '}
            {data.responseTimes.windowMinutes} min, as this server measured them
          </Figure>
        </div>
      )}
    </Dialog>
  );
}
