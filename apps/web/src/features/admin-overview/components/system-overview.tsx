import { formatNumber, ROLE_LABELS, type SystemOverview as Overview } from '@tavola/contract';
import {
  DatabaseBackup,
  Download,
  Settings,
  UserPlus,
  UsersRound,
  UtensilsCrossed,
  LayoutGrid,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSystemOverview } from '@/features/admin-overview/api/get-system-overview';
import { SetupChecklist } from './setup-checklist';

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

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
 * The admin's Overview: the setup checklist while the restaurant is new, the restaurant's own
 * figures (its users, orders and live screens; the platform's uptime, storage and response times
 * are the team's, on the team console), the quick actions and the owner's way to the menu,
 * tables and staff.
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
  return (
    <div className="space-y-6">
      <SetupChecklist onSystemConfig={onSystemConfig} />
      {isError && <Alert tone="error">{error.message}</Alert>}
      {!data ? (
        !isError && <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Figure label="Total Users" value={formatNumber(data.users.total)}>
            {usersLine(data.users)}
          </Figure>
          <Figure label="Total Orders" value={formatNumber(data.orders.total)}>
            {plural(data.orders.today, 'order')} today · voided orders not counted
          </Figure>
          <Figure label="Live Screens" value={formatNumber(data.liveScreens.total)}>
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
      <nav aria-labelledby="admin-restaurant-links" className="space-y-2">
        <h2 id="admin-restaurant-links" className="font-semibold">
          Your restaurant
        </h2>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['menu', 'Menu', UtensilsCrossed],
              ['tables', 'Tables', LayoutGrid],
              ['staff', 'Staff', UsersRound],
            ] as const
          ).map(([tab, label, Icon]) => (
            <Link
              key={tab}
              to={`/manager?tab=${tab}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50"
            >
              <Icon aria-hidden className="size-4" /> {label}
            </Link>
          ))}
        </div>
      </nav>
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
