import { ROLE_LABELS, type SystemOverview as Overview } from '@tavola/contract';
import { DatabaseBackup, Download, Settings, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/lib/format';
import { useSystemOverview } from '@/features/admin-overview/api/get-system-overview';

/** 1,234 B · 12.3 KB · 4.5 MB · 1.2 GB (powers of 1,024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} B`;
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

const plural = (n: number, word: string) =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** "2 Managers, 5 Waiters · 1 inactive": who holds an account, by role. */
function usersLine(users: Overview['users']): string {
  const byRole = new Map<string, number>();
  let inactive = 0;
  for (const u of users.byRoleAndStatus) {
    if (u.status === 'inactive') inactive += u.count;
    else byRole.set(u.role, (byRole.get(u.role) ?? 0) + u.count);
  }
  const roles = [...byRole]
    .map(([role, n]) => plural(n, ROLE_LABELS[role as keyof typeof ROLE_LABELS].toLowerCase()))
    .join(', ');
  return `${roles || 'No active accounts'}${inactive ? ` · ${inactive} inactive` : ''}`;
}

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <section aria-label={label} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="text-sm font-medium text-stone-600">{label}</h3>
      <p className="text-2xl font-bold tabular-nums">{value}</p>
      {children && <div className="text-xs text-stone-500">{children}</div>}
    </section>
  );
}

/**
 * The admin's Overview (spec §2; issue 15, item 1): total users, uptime, total orders, storage
 * and performance, every figure measured by the server, and the quick actions.
 */
export function SystemOverview({
  onBackupNow,
  onAddManager,
  onExportData,
  onSystemConfig,
}: {
  onBackupNow: () => void;
  onAddManager: () => void;
  onExportData: () => void;
  onSystemConfig: () => void;
}) {
  const { data, isError, error } = useSystemOverview();
  const ms = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('en-US')} ms`);
  return (
    <div className="space-y-6">
      {isError && <Alert tone="error">{error.message}</Alert>}
      {!data ? (
        !isError && <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Figure label="Total Users" value={data.users.total.toLocaleString('en-US')}>
            {usersLine(data.users)}
          </Figure>
          <Figure label="Uptime" value={formatUptime(data.server.uptimeSeconds)}>
            This server, up since {formatTime(data.server.startedAt, data.timezone, 'dateTime')}
          </Figure>
          <Figure label="Total Orders" value={data.orders.total.toLocaleString('en-US')}>
            {plural(data.orders.today, 'order')} today · voided orders not counted
          </Figure>
          <Figure label="Storage" value={formatBytes(data.storage.bytes)}>
            {plural(data.storage.rows, 'row')} in{' '}
            {plural(data.storage.tables.filter((t) => t.rows > 0).length, 'table')}
            <details className="mt-1">
              <summary className="cursor-pointer">By table</summary>
              <table className="mt-1 w-full text-left">
                <tbody>
                  {data.storage.tables
                    .filter((t) => t.rows > 0)
                    .sort((a, b) => b.bytes - a.bytes)
                    .map((t) => (
                      <tr key={t.table}>
                        <th scope="row" className="pr-2 font-mono font-normal">
                          {t.table}
                        </th>
                        <td className="pr-2 text-right tabular-nums">
                          {t.rows.toLocaleString('en-US')}
                        </td>
                        <td className="text-right tabular-nums">{formatBytes(t.bytes)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </details>
          </Figure>
          <Figure
            label="Performance"
            value={`p50 ${ms(data.responseTimes.p50Ms)} · p95 ${ms(data.responseTimes.p95Ms)}`}
          >
            {plural(data.responseTimes.requests, 'staff call')} in the last{' '}
            {data.responseTimes.windowMinutes} min, as this server measured them
          </Figure>
          <Figure label="Live Screens" value={data.liveScreens.total.toLocaleString('en-US')}>
            {[
              ...data.liveScreens.staff.map((s) =>
                plural(s.count, `${ROLE_LABELS[s.role].toLowerCase()} screen`),
              ),
              `${plural(data.liveScreens.guests, 'guest page')}`,
            ].join(', ')}{' '}
            connected to this server now
          </Figure>
        </div>
      )}
      <section aria-labelledby="admin-quick-actions" className="space-y-2">
        <h2 id="admin-quick-actions" className="font-semibold">
          Quick actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onBackupNow}>
            <DatabaseBackup aria-hidden className="size-4" /> Backup Now
          </Button>
          <Button variant="outline" onClick={onAddManager}>
            <UserPlus aria-hidden className="size-4" /> Add Manager
          </Button>
          <Button variant="outline" onClick={onExportData}>
            <Download aria-hidden className="size-4" /> Export Data
          </Button>
          <Button variant="outline" onClick={onSystemConfig}>
            <Settings aria-hidden className="size-4" /> System Config
          </Button>
        </div>
      </section>
    </div>
  );
}
