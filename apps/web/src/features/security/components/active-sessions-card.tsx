import { ROLE_LABELS, type ActiveSession } from '@tavola/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { runSave } from '@/components/ui/form';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useActiveSessions } from '../api/get-active-sessions';
import { useRevokeSession } from '../api/revoke-session';

/** The restaurant's sign-in sessions open now; the admin can end any other one. */
export function ActiveSessionsCard() {
  const { data, isError, error } = useActiveSessions();
  const revoke = useRevokeSession();
  const timeZone = useRestaurantTimeZone();

  const onRevoke = (session: ActiveSession) =>
    void runSave(() => revoke.mutateAsync({ id: session.id }), {
      success: {
        title: 'Session revoked',
        description: `${session.name} is signed out on ${session.device}.`,
      },
      failure: 'Unable to revoke',
    });

  const columns: Column<ActiveSession>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (s) => (
        <>
          <span className="font-medium">{s.name}</span>{' '}
          <span className="text-stone-500">({s.username})</span>
        </>
      ),
    },
    { key: 'role', header: 'Role', cell: (s) => ROLE_LABELS[s.role] },
    { key: 'device', header: 'Device', cell: (s) => s.device },
    { key: 'ip', header: 'IP address', className: 'font-mono text-xs', cell: (s) => s.ip ?? '—' },
    {
      key: 'signed-in',
      header: 'Signed in',
      cell: (s) => formatTime(s.createdAt, timeZone, 'dateTime'),
    },
    {
      key: 'last-seen',
      header: 'Last seen',
      cell: (s) => (s.lastSeenAt ? formatTime(s.lastSeenAt, timeZone, 'dateTime') : '—'),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      className: 'text-right',
      cell: (s) =>
        s.current ? (
          <Badge tone="green">This session</Badge>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={revoke.isPending}
            aria-label={`Revoke ${s.name}'s session on ${s.device}`}
            onClick={() => onRevoke(s)}
          >
            Revoke
          </Button>
        ),
    },
  ];

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
        ) : (
          <DataTable
            bare
            label="Active sessions"
            columns={columns}
            rows={data}
            rowKey={(s) => s.id}
            loading={!data}
            empty="Nobody is signed in."
            minWidth="min-w-[44rem]"
          />
        )}
      </CardContent>
    </Card>
  );
}
