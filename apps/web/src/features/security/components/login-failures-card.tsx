import { LOGIN_FAILURE_LABELS, LOGIN_FAILURES_SHOWN } from '@tavola/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useLoginFailures } from '../api/get-login-failures';

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
        ) : !data ? (
          <div className="h-28 animate-pulse rounded-lg bg-stone-200" />
        ) : data.length === 0 ? (
          <p className="text-sm text-stone-600">No failed sign-ins in the last 30 days.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Recent failed sign-ins</caption>
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Time</th>
                  <th className="py-2 pr-3 font-medium">Username</th>
                  <th className="py-2 pr-3 font-medium">Reason</th>
                  <th className="py-2 pr-3 font-medium">Device</th>
                  <th className="py-2 font-medium">IP address</th>
                </tr>
              </thead>
              <tbody>
                {data.map((f) => (
                  <tr key={f.id} className="border-b border-stone-100 last:border-0">
                    <td className="py-2 pr-3">{formatTime(f.createdAt, timeZone, 'dateTime')}</td>
                    <td className="py-2 pr-3 font-medium">{f.username}</td>
                    <td className="py-2 pr-3">{LOGIN_FAILURE_LABELS[f.reason]}</td>
                    <td className="py-2 pr-3">{f.device}</td>
                    <td className="py-2 font-mono text-xs">{f.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
