import { formatNumber, type SystemOverview as Overview } from '@tavola/contract';
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
import { t } from '../messages';
import { SetupChecklist } from './setup-checklist';

/** "2 Managers, 5 Waiters · 1 inactive": who holds an account, by role. */
function usersLine(users: Overview['users']): string {
  const byRole = new Map<string, number>();
  let inactive = 0;
  for (const u of users.byRoleAndStatus) {
    if (u.status === 'inactive') inactive += u.count;
    else byRole.set(u.role, (byRole.get(u.role) ?? 0) + u.count);
  }
  const roles = [...byRole]
    .map(([role, n]) =>
      t(`users_${role as Overview['liveScreens']['staff'][number]['role']}`, { count: n }),
    )
    .join(', ');
  return `${roles || t('noActiveAccounts')}${inactive ? t('inactive', { count: inactive }) : ''}`;
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
          <Figure label={t('totalUsers')} value={formatNumber(data.users.total)}>
            {usersLine(data.users)}
          </Figure>
          <Figure label={t('totalOrders')} value={formatNumber(data.orders.total)}>
            {t('ordersToday', { count: data.orders.today })}
          </Figure>
          <Figure label={t('liveScreens')} value={formatNumber(data.liveScreens.total)}>
            {t('connectedNow', {
              screens: [
                ...data.liveScreens.staff.map((s) => t(`screens_${s.role}`, { count: s.count })),
                t('guestPages', { count: data.liveScreens.guests }),
              ].join(', '),
            })}
          </Figure>
        </div>
      )}
      <nav aria-labelledby="admin-restaurant-links" className="space-y-2">
        <h2 id="admin-restaurant-links" className="font-semibold">
          {t('yourRestaurant')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['menu', t('menu'), UtensilsCrossed],
              ['tables', t('tables'), LayoutGrid],
              ['staff', t('staff'), UsersRound],
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
          {t('quickActions')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onBackupNow}>
            <DatabaseBackup aria-hidden className="size-4" /> {t('backupNow')}
          </Button>
          <Button variant="outline" onClick={onAddManager}>
            <UserPlus aria-hidden className="size-4" /> {t('addManager')}
          </Button>
          <Button variant="outline" onClick={onExportData}>
            <Download aria-hidden className="size-4" /> {t('exportData')}
          </Button>
          <Button variant="outline" onClick={onSystemConfig}>
            <Settings aria-hidden className="size-4" /> {t('systemConfig')}
          </Button>
        </div>
      </section>
    </div>
  );
}
