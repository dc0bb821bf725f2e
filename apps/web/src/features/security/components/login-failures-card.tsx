import { LOGIN_FAILURES_SHOWN, type LoginFailure } from '@tavola/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useLoginFailures } from '../api/get-login-failures';
import { t } from '../messages';

const COLUMNS = (timeZone: string | undefined): Column<LoginFailure>[] => [
  { key: 'time', header: t('time'), cell: (f) => formatTime(f.createdAt, timeZone, 'dateTime') },
  { key: 'username', header: t('username'), className: 'font-medium', cell: (f) => f.username },
  { key: 'reason', header: t('reason'), cell: (f) => t(`failure_${f.reason}`) },
  { key: 'device', header: t('device'), cell: (f) => f.device },
  { key: 'ip', header: t('ipAddress'), className: 'font-mono text-xs', cell: (f) => f.ip ?? '—' },
];

/** The restaurant's latest failed sign-ins (wrong passwords and codes, lockouts). */
export function LoginFailuresCard() {
  const { data, isError, error } = useLoginFailures();
  const timeZone = useRestaurantTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentFailures')}</CardTitle>
        <p className="text-sm text-stone-600">
          {t('recentFailuresHint', { count: LOGIN_FAILURES_SHOWN })}
        </p>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : t('unableToLoadFailures')}
          </p>
        ) : (
          <DataTable
            bare
            label={t('recentFailures')}
            columns={COLUMNS(timeZone)}
            rows={data}
            rowKey={(f) => f.id}
            loading={!data}
            empty={t('noFailures')}
            minWidth="min-w-[36rem]"
          />
        )}
      </CardContent>
    </Card>
  );
}
