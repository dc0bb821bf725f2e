import { ROLE_LABELS, type ActiveSession } from '@tavola/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useActiveSessions } from '../api/get-active-sessions';
import { useRevokeSession } from '../api/revoke-session';

/** The restaurant's sign-in sessions open now; the admin can end any other one. */
export function ActiveSessionsCard() {
  const { data, isError, error } = useActiveSessions();
  const revoke = useRevokeSession();
  const timeZone = useRestaurantTimeZone();

  const onRevoke = async (session: ActiveSession) => {
    try {
      await revoke.mutateAsync({ id: session.id });
      toast({
        title: 'Session revoked',
        description: `${session.name} is signed out on ${session.device}.`,
      });
    } catch (err) {
      toast({
        title: 'Unable to revoke',
        description: err instanceof Error ? err.message : 'Please try again',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active sessions</CardTitle>
        <p className="text-sm text-stone-600">
          Everyone signed in now. Revoking a session signs that device out at once.
        </p>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : 'Unable to load the sessions'}
          </p>
        ) : !data ? (
          <div className="h-28 animate-pulse rounded-lg bg-stone-200" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">Active sessions</caption>
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">User</th>
                  <th className="py-2 pr-3 font-medium">Role</th>
                  <th className="py-2 pr-3 font-medium">Device</th>
                  <th className="py-2 pr-3 font-medium">IP address</th>
                  <th className="py-2 pr-3 font-medium">Signed in</th>
                  <th className="py-2 pr-3 font-medium">Last seen</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((s) => (
                  <tr key={s.id} className="border-b border-stone-100 last:border-0">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{s.name}</span>{' '}
                      <span className="text-stone-500">({s.username})</span>
                    </td>
                    <td className="py-2 pr-3">{ROLE_LABELS[s.role]}</td>
                    <td className="py-2 pr-3">{s.device}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{s.ip ?? '—'}</td>
                    <td className="py-2 pr-3">{formatTime(s.createdAt, timeZone, 'dateTime')}</td>
                    <td className="py-2 pr-3">
                      {s.lastSeenAt ? formatTime(s.lastSeenAt, timeZone, 'dateTime') : '—'}
                    </td>
                    <td className="py-2 text-right">
                      {s.current ? (
                        <Badge tone="green">This session</Badge>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={revoke.isPending}
                          aria-label={`Revoke ${s.name}'s session on ${s.device}`}
                          onClick={() => void onRevoke(s)}
                        >
                          Revoke
                        </Button>
                      )}
                    </td>
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
