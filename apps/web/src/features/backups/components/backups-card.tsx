import type { Backup } from '@tavola/contract';
import { DatabaseBackup, Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { formatTime } from '@/lib/format';
import { useCreateBackup } from '../api/create-backup';
import { useDeleteBackup } from '../api/delete-backup';
import { downloadBackup } from '../api/download-backup';
import { useBackups } from '../api/get-backups';
import { formatSize } from './format-size';

const STATUS = {
  running: { label: 'Running', tone: 'blue' },
  ready: { label: 'Ready', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
} as const;

const failed = (title: string) => (e: unknown) =>
  toast({
    title,
    description: e instanceof Error ? e.message : 'Please try again',
    variant: 'destructive',
  });

/**
 * Create Backup Now and the restaurant's backups (time, kind, size, status), each ready one to
 * download. The list follows the server live: a backup shows Running, then Ready or Failed.
 */
export function BackupsCard({
  startBackup = false,
  onBackupStarted,
}: {
  /** The overview's Backup Now: start one as soon as the tab opens. */
  startBackup?: boolean;
  onBackupStarted?: () => void;
}) {
  const { data, isError, error } = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [confirming, setConfirming] = useState<string | null>(null);

  const createNow = () => {
    create.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Backup started', description: 'It appears below when ready.' }),
      onError: failed('Unable to create backup'),
    });
  };

  const started = useRef(false);
  useEffect(() => {
    if (startBackup && !started.current) {
      started.current = true;
      createNow();
      onBackupStarted?.();
    }
    // Once per request from the overview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startBackup]);

  const onDelete = (backup: Backup) =>
    remove.mutate(
      { id: backup.id },
      {
        onSuccess: () => toast({ title: 'Backup deleted' }),
        onError: failed('Unable to delete backup'),
        onSettled: () => setConfirming(null),
      },
    );

  const tz = data?.timezone;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>Backups</CardTitle>
          <p className="text-sm text-stone-600">
            A backup is a ZIP of every record of the restaurant, with spreadsheets of orders, users
            and analytics.
          </p>
        </div>
        <Button onClick={createNow} disabled={create.isPending}>
          <DatabaseBackup aria-hidden className="size-4" />
          Create Backup Now
        </Button>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : 'Unable to load the backups'}
          </p>
        ) : !data ? (
          <div className="h-24 animate-pulse rounded-lg bg-stone-200" />
        ) : data.backups.length === 0 ? (
          <p className="text-sm text-stone-600">No backups yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Backups, newest first</caption>
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Time</th>
                  <th className="py-2 pr-3 font-medium">Kind</th>
                  <th className="py-2 pr-3 font-medium">Size</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.backups.map((b) => (
                  <tr key={b.id} className="border-b border-stone-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {formatTime(b.createdAt, tz, 'dateTime')}
                    </td>
                    <td className="py-2 pr-3">
                      {b.kind === 'auto'
                        ? 'Automatic'
                        : `Manual${b.createdBy ? ` (${b.createdBy.name})` : ''}`}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {b.sizeBytes === null ? '—' : formatSize(b.sizeBytes)}
                    </td>
                    <td className="py-2 pr-3">
                      <Badge tone={STATUS[b.status].tone}>{STATUS[b.status].label}</Badge>
                      {b.error && <p className="mt-1 text-xs text-red-700">{b.error}</p>}
                    </td>
                    <td className="py-2">
                      <div className="flex flex-wrap justify-end gap-2">
                        {b.status === 'ready' && (
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Download backup of ${formatTime(b.createdAt, tz, 'dateTime')}`}
                            onClick={() =>
                              void downloadBackup(b).catch(failed('Unable to download'))
                            }
                          >
                            <Download aria-hidden className="size-4" />
                            Download
                          </Button>
                        )}
                        {b.status !== 'running' &&
                          (confirming === b.id ? (
                            <>
                              <Button
                                size="sm"
                                variant="danger"
                                disabled={remove.isPending}
                                onClick={() => onDelete(b)}
                              >
                                Delete this backup
                              </Button>
                              <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                                Keep it
                              </Button>
                            </>
                          ) : (
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Delete backup of ${formatTime(b.createdAt, tz, 'dateTime')}`}
                              onClick={() => setConfirming(b.id)}
                            >
                              <Trash2 aria-hidden className="size-4" />
                            </Button>
                          ))}
                      </div>
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
