import type { ActiveSession } from '@tavola/contract';
import { roleLabel } from '@/components/shell-messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { runSave } from '@/components/ui/form';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useActiveSessions } from '../api/get-active-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { t } from '../messages';

/** The restaurant's sign-in sessions open now; the admin can end any other one. */
export function ActiveSessionsCard() {
  const { data, isError, error } = useActiveSessions();
  const revoke = useRevokeSession();
  const timeZone = useRestaurantTimeZone();

  const onRevoke = (session: ActiveSession) =>
    void runSave(() => revoke.mutateAsync({ id: session.id }), {
      success: {
        title: t('sessionRevoked'),
        description: t('signedOutOn', { name: session.name, device: session.device }),
      },
      failure: t('unableToRevoke'),
    });

  const columns: Column<ActiveSession>[] = [
    {
      key: 'user',
      header: t('user'),
      cell: (s) => (
        <>
          <span className="font-medium">{s.name}</span>{' '}
          <span className="text-stone-500">({s.username})</span>
        </>
      ),
    },
    { key: 'role', header: t('role'), cell: (s) => roleLabel(s.role) },
    { key: 'device', header: t('device'), cell: (s) => s.device },
    { key: 'ip', header: t('ipAddress'), className: 'font-mono text-xs', cell: (s) => s.ip ?? '—' },
    {
      key: 'signed-in',
      header: t('signedIn'),
      cell: (s) => formatTime(s.createdAt, timeZone, 'dateTime'),
    },
    {
      key: 'last-seen',
      header: t('lastSeen'),
      cell: (s) => (s.lastSeenAt ? formatTime(s.lastSeenAt, timeZone, 'dateTime') : '—'),
    },
    {
      key: 'actions',
      header: t('actions'),
      srOnlyHeader: true,
      className: 'text-right',
      cell: (s) =>
        s.current ? (
          <Badge tone="green">{t('thisSession')}</Badge>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={revoke.isPending}
            aria-label={t('revokeAria', { name: s.name, device: s.device })}
            onClick={() => onRevoke(s)}
          >
            {t('revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activeSessions')}</CardTitle>
        <p className="text-sm text-stone-600">{t('activeSessionsHint')}</p>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : t('unableToLoadSessions')}
          </p>
        ) : (
          <DataTable
            bare
            label={t('activeSessions')}
            columns={columns}
            rows={data}
            rowKey={(s) => s.id}
            loading={!data}
            empty={t('nobodySignedIn')}
            minWidth="min-w-[44rem]"
          />
        )}
      </CardContent>
    </Card>
  );
}
