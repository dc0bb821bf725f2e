import { LOGIN_FAILURE_LABELS, LOGIN_FAILURES_SHOWN, type LoginFailure } from '@tavola/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useLoginFailures } from '../api/get-login-failures';

const COLUMNS = (timeZone: string | undefined): Column<LoginFailure>[] => [
  { key: 'time', header: 'Time', cell: (f) => formatTime(f.createdAt, timeZone, 'dateTime') },
  { key: 'username', header: 'Username', className: 'font-medium', cell: (f) => f.username },
  { key: 'reason', header: 'Reason', cell: (f) => LOGIN_FAILURE_LABELS[f.reason] },
  { key: 'device', header: 'Device', cell: (f) => f.device },
  { key: 'ip', header: 'IP address', className: 'font-mono text-xs', cell: (f) => f.ip ?? '—' },
];

/** The restaurant's latest failed sign-ins (wrong passwords and codes, lockouts). */
export function LoginFailuresCard() {
  const { data, isError, error } = useLoginFailures();
  const timeZone = useRestaurantTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent failed sign-ins</CardTitle>
        <p className="text-sm text-stone-600">
          The latest {LOGIN_FAILURES_SHOWN} attempts on this restaurant&apos;s accounts that were
          refused, kept for 30 days.
        </p>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : 'Unable to load the failed sign-ins'}
          </p>
        ) : (
          <DataTable
            bare
            label="Recent failed sign-ins"
            columns={COLUMNS(timeZone)}
            rows={data}
            rowKey={(f) => f.id}
            loading={!data}
            empty="No failed sign-ins in the last 30 days."
            minWidth="min-w-[36rem]"
          />
        )}
      </CardContent>
    </Card>
  );
}
