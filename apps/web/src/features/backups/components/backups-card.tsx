import type { Backup } from '@tavola/contract';
import { DatabaseBackup, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { runSave, toastProblem } from '@/components/ui/form';
import { formatTime } from '@/lib/format';
import { useAddressRequest } from '@/lib/url-tab';
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

/**
 * Create Backup Now and the restaurant's backups (time, kind, size, status), each ready one to
 * download. The list follows the server live: a backup shows Running, then Ready or Failed.
 */
export function BackupsCard() {
  const { data, isError, error } = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [confirming, setConfirming] = useState<string | null>(null);

  const createNow = () =>
    void runSave(() => create.mutateAsync(), {
      success: { title: 'Backup started', description: 'It appears below when ready.' },
      failure: 'Unable to create backup',
    });

  // The overview's Backup Now arrives here (?start=backup): one starts as soon as the tab opens.
  useAddressRequest('start', (request) => request === 'backup' && createNow());

  const onDelete = (backup: Backup) =>
    void runSave(() => remove.mutateAsync({ id: backup.id }), {
      success: { title: 'Backup deleted' },
      failure: 'Unable to delete backup',
    }).then(() => setConfirming(null));

  const tz = data?.timezone;
  const columns: Column<Backup>[] = [
    {
      key: 'time',
      header: 'Time',
      className: 'whitespace-nowrap',
      cell: (b) => formatTime(b.createdAt, tz, 'dateTime'),
    },
    {
      key: 'kind',
      header: 'Kind',
      cell: (b) =>
        b.kind === 'auto' ? 'Automatic' : `Manual${b.createdBy ? ` (${b.createdBy.name})` : ''}`,
    },
    {
      key: 'size',
      header: 'Size',
      className: 'whitespace-nowrap',
      cell: (b) => (b.sizeBytes === null ? '—' : formatSize(b.sizeBytes)),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (b) => (
        <>
          <Badge tone={STATUS[b.status].tone}>{STATUS[b.status].label}</Badge>
          {b.error && <p className="mt-1 text-xs text-red-700">{b.error}</p>}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (b) => (
        <div className="flex flex-wrap justify-end gap-2">
          {b.status === 'ready' && (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Download backup of ${formatTime(b.createdAt, tz, 'dateTime')}`}
              onClick={() =>
                void downloadBackup(b).catch((e: unknown) => toastProblem('Unable to download', e))
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
      ),
    },
  ];

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
        ) : (
          <DataTable
            bare
            label="Backups, newest first"
            columns={columns}
            rows={data?.backups}
            rowKey={(b) => b.id}
            loading={!data}
            empty="No backups yet."
            minWidth="min-w-[560px]"
          />
        )}
      </CardContent>
    </Card>
  );
}
